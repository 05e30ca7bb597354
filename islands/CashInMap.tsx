// The cash-in map (screen 21) on Leaflet 1.9: centred on Manila at zoom 10, the 100-mile
// circle, a scale in kilometres (the unit of the page's distances), one marker per centre
// with its details and whether it is open now (Manila time, by this browser's clock). Tiles come from the configured tile server; with none (or none
// reachable) the packaged outline of the islands is drawn underneath, so the map still
// reads. Leaflet is imported when the island mounts: it needs a window, and the server
// renders this island too (a note pointing at the list below).
import { useEffect, useRef, useState } from 'react';
import type { LatLng } from '../checkout/cash-in.ts';
import { isOpenAt } from '../checkout/cash-in.ts';
import { useTexts } from '../ui/language.tsx';

export interface MapCentre extends LatLng {
  name: string;
  address: string;
  city: string;
  phone: string;
  open: string;
  close: string;
  hours: string;
}

export interface CashInMapProps {
  centre: LatLng;
  zoom: number;
  radiusMetres: number;
  centres: MapCentre[];
  /** Leaflet URL template, or null: the outline alone. */
  tileUrl: string | null;
  /** The Philippines' outline (GeoJSON), an asset URL. */
  outlineUrl: string | null;
}

/** A popup's content, built as nodes: centre names and addresses are never parsed as HTML. */
function popup(c: MapCentre, openNow: boolean, status: { openNow: string; closed: string }): HTMLElement {
  const root = document.createElement('div');
  const line = (tag: string, text: string, className?: string) => {
    const el = document.createElement(tag);
    el.textContent = text;
    if (className) el.className = className;
    root.append(el);
  };
  line('strong', c.name);
  line('p', `${c.address}, ${c.city}`);
  line('p', c.phone);
  line('p', c.hours);
  line('p', openNow ? status.openNow : status.closed, openNow ? 'centre-open-label' : 'centre-closed-label');
  return root;
}

export default function CashInMap(props: CashInMapProps) {
  const { CASH_IN_TEXT } = useTexts();
  const canvas = useRef<HTMLElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    let removed = false;
    let remove = () => {};
    void (async () => {
      const L = (await import('leaflet')).default;
      if (removed || !canvas.current) return;
      const map = L.map(canvas.current, {
        center: [props.centre.lat, props.centre.lng],
        zoom: props.zoom,
        zoomControl: false,
      });
      // Leaflet's own zoom buttons are titled in English: these speak the page's language.
      L.control.zoom({ zoomInTitle: CASH_IN_TEXT.zoomIn, zoomOutTitle: CASH_IN_TEXT.zoomOut }).addTo(map);
      // A phone turned sideways resizes the map: Leaflet must measure it again.
      const resized = new ResizeObserver(() => map.invalidateSize());
      resized.observe(canvas.current);
      remove = () => {
        resized.disconnect();
        map.remove();
      };
      if (props.tileUrl) L.tileLayer(props.tileUrl, { maxZoom: 18, attribution: '© OpenStreetMap contributors' }).addTo(map);
      L.control.scale({ imperial: false }).addTo(map);
      L.circle([props.centre.lat, props.centre.lng], {
        radius: props.radiusMetres,
        className: 'cash-in-radius',
        interactive: false,
      }).addTo(map);
      const now = Date.now();
      for (const c of props.centres) {
        const openNow = isOpenAt(c, now);
        L.circleMarker([c.lat, c.lng], {
          radius: 7,
          className: openNow ? 'centre-marker centre-open' : 'centre-marker centre-closed',
        })
          .bindPopup(popup(c, openNow, CASH_IN_TEXT))
          .addTo(map);
      }
      setShown(true);
      if (props.outlineUrl) {
        try {
          const response = await fetch(props.outlineUrl);
          if (response.ok && !removed)
            L.geoJSON(await response.json(), { style: { className: 'cash-in-outline' }, interactive: false })
              .addTo(map)
              .bringToBack();
        } catch {
          // The markers and the list still show every centre.
        }
      }
    })();
    return () => {
      removed = true;
      remove();
    };
  }, [props, CASH_IN_TEXT]);

  return (
    <div className="cash-in-map">
      <section ref={canvas} className="cash-in-map-canvas" aria-label={CASH_IN_TEXT.title} />
      {!shown && <p className="cash-in-map-note">{CASH_IN_TEXT.mapNote}</p>}
    </div>
  );
}
