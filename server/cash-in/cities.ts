// Where each city of the cash-in data lies (its centre, WGS 84), so the loader can check
// that every payment centre's coordinates match its city. A centre in a city not listed
// here is refused: add the city first.
import type { LatLng } from '../../checkout/cash-in.ts';

export const CITY_CENTRES: Readonly<Record<string, LatLng>> = {
  Manila: { lat: 14.5995, lng: 120.9842 },
  'Quezon City': { lat: 14.676, lng: 121.0437 },
  Makati: { lat: 14.5547, lng: 121.0244 },
  Pasig: { lat: 14.5764, lng: 121.0851 },
  Taguig: { lat: 14.5176, lng: 121.0509 },
  Mandaluyong: { lat: 14.5794, lng: 121.0359 },
  Pasay: { lat: 14.5378, lng: 121.0014 },
  Parañaque: { lat: 14.4793, lng: 121.0198 },
  'Las Piñas': { lat: 14.4445, lng: 120.9939 },
  Muntinlupa: { lat: 14.4081, lng: 121.0415 },
  Caloocan: { lat: 14.6507, lng: 120.9676 },
  Marikina: { lat: 14.6507, lng: 121.1029 },
  Valenzuela: { lat: 14.7011, lng: 120.983 },
  'San Juan': { lat: 14.6019, lng: 121.0355 },
  Malabon: { lat: 14.6681, lng: 120.9658 },
  Navotas: { lat: 14.6667, lng: 120.9417 },
  Antipolo: { lat: 14.5864, lng: 121.176 },
  Bacoor: { lat: 14.4624, lng: 120.9645 },
  Imus: { lat: 14.4297, lng: 120.9367 },
  Dasmariñas: { lat: 14.3294, lng: 120.9367 },
  Calamba: { lat: 14.2117, lng: 121.1653 },
  'Santa Rosa': { lat: 14.3122, lng: 121.1114 },
  'San Pablo': { lat: 14.0683, lng: 121.3256 },
  'Batangas City': { lat: 13.7565, lng: 121.0583 },
  Lipa: { lat: 13.9411, lng: 121.1631 },
  Malolos: { lat: 14.8433, lng: 120.8114 },
  Meycauayan: { lat: 14.7369, lng: 120.9609 },
  'San Fernando': { lat: 15.0286, lng: 120.6898 },
  Angeles: { lat: 15.145, lng: 120.5887 },
  Olongapo: { lat: 14.8292, lng: 120.2828 },
  'Tarlac City': { lat: 15.4755, lng: 120.5963 },
  Cabanatuan: { lat: 15.4865, lng: 120.9667 },
  Lucena: { lat: 13.9373, lng: 121.617 },
  Baguio: { lat: 16.4023, lng: 120.596 },
  Naga: { lat: 13.6218, lng: 123.1948 },
  Legazpi: { lat: 13.1391, lng: 123.7438 },
  'Iloilo City': { lat: 10.7202, lng: 122.5621 },
  'Cebu City': { lat: 10.3157, lng: 123.8854 },
  'Davao City': { lat: 7.1907, lng: 125.4553 },
};

/** How far from its city's centre a payment centre may be. */
export const CITY_RADIUS_M = 20_000;

/** The Philippines' bounding box, with a margin for the outlying islands. */
export const PHILIPPINES_BOUNDS = { south: 4.2, north: 21.3, west: 116.0, east: 127.0 } as const;
