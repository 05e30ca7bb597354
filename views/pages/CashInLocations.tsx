// Screen 21: the cash-in map alone (the spec hides header and footer), under a compact
// brand mark and a way back to the order; then every centre within the radius grouped by
// city, nearest first, with whether it is open now: the whole page without JavaScript.

import type { CashInMapProps, MapCentre } from '../../islands/CashInMap.tsx';
import { Island } from '../../server/render/island.tsx';
import { useTexts } from '../../ui/language.tsx';
import { Brand } from '../components/Brand.tsx';
import { Document } from '../layout/Document.tsx';

export interface CentreGroup {
  city: string;
  /** distance: from the map's centre, formatted ("12.3 km"). */
  centres: (MapCentre & { openNow: boolean; distance: string })[];
}

export interface BackLink {
  href: string;
  label: string;
}

export interface CashInLocationsProps {
  map: CashInMapProps;
  groups: CentreGroup[];
  /** The radius, formatted in the unit of the distances ("161 km"). */
  radius: string;
  back: BackLink;
}

export function CashInLocationsPage({ map, groups, radius, back }: CashInLocationsProps) {
  const { CASH_IN_TEXT } = useTexts();
  return (
    <Document title={CASH_IN_TEXT.title} bare pageStyles={['leaflet.css']}>
      <div className="cash-in-bar">
        <Brand compact />
        <a className="cash-in-back" href={back.href}>
          {back.label}
        </a>
      </div>
      <h1 className="cash-in-title">{CASH_IN_TEXT.title}</h1>
      <p className="hint">{CASH_IN_TEXT.intro({ radius })}</p>
      <Island name="CashInMap" props={map} hydrate="visible" />
      {groups.length === 0 && <p>{CASH_IN_TEXT.noCentres}</p>}
      {/* Ids by place, not by name: a city's name has spaces, which an id may not. */}
      {groups.map((g, i) => (
        <section key={g.city} className="centre-city" aria-labelledby={`city-${i}`}>
          <h2 id={`city-${i}`}>{g.city}</h2>
          <ul className="centre-list">
            {g.centres.map((c) => (
              <li key={c.name} className="centre">
                <strong>{c.name}</strong>
                <span>{`${c.address}, ${c.city}`}</span>
                <span>{c.phone}</span>
                <span>{`${c.hours} · ${c.distance}`}</span>
                <span className={c.openNow ? 'centre-open-label' : 'centre-closed-label'}>
                  {c.openNow ? CASH_IN_TEXT.openNow : CASH_IN_TEXT.closed}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Document>
  );
}
