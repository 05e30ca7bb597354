// The cash-in map's rules (docs/spec.md screen 21 and section 9): which payment centres lie
// within the radius of the map's centre, and whether a centre is open now in Manila time.
// Pure and isomorphic: the server lists the centres, the Map island marks them.
import { DEFAULT_LOCALE } from './format.ts';
import { MAP_DEFAULTS, METRES_PER_MILE } from './limits.ts';

/** Payment centres keep Philippine hours. */
export const PH_TIME_ZONE = 'Asia/Manila';

export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const radiusMetres = (miles: number = MAP_DEFAULTS.radiusMiles) => miles * METRES_PER_MILE;

const kilometreFormats = new Map<string, Intl.NumberFormat>();

/**
 * A distance as the page states it: in kilometres, the Philippines' unit, so the radius the
 * spec gives in miles reads in the same unit as each centre's distance; written in the
 * page's locale ('1,234.6 km', '1 234,6 km').
 */
export function formatKilometres(metres: number, decimals: 0 | 1 = 1, locale = DEFAULT_LOCALE): string {
  const key = `${locale}/${decimals}`;
  let format = kilometreFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'kilometer',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    kilometreFormats.set(key, format);
  }
  return format.format(metres / 1000);
}

/** The points within `miles` of `centre`, nearest first, each with its distance. */
export function withinRadius<P extends LatLng>(points: readonly P[], centre: LatLng = MAP_DEFAULTS.center, miles?: number) {
  const limit = radiusMetres(miles);
  return points
    .map((point) => ({ point, metres: distanceMetres(centre, point) }))
    .filter((p) => p.metres <= limit)
    .sort((a, b) => a.metres - b.metres);
}

/** 'HH:MM' (24-hour) to minutes after midnight; undefined when malformed. */
export function parseClockTime(value: string): number | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** Manila's 24-hour clock, built once: a formatter costs far more to make than to use. */
const manilaClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: PH_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Minutes after midnight in Manila at `now` (ms since the epoch). */
export function manilaMinutes(now: number): number {
  const parts = manilaClock.formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * Open at `now` in Manila time, from its opening and closing times ('HH:MM'). A closing
 * time before the opening time runs past midnight; equal times mean open all day.
 */
export function isOpenAt(hours: { open: string; close: string }, now: number): boolean {
  const open = parseClockTime(hours.open);
  const close = parseClockTime(hours.close);
  if (open === undefined || close === undefined) return false;
  if (open === close) return true;
  const m = manilaMinutes(now);
  return open < close ? m >= open && m < close : m >= open || m < close;
}
