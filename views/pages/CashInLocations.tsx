// Screen 21: the cash-in map alone (header and footer hidden), and under it every centre
// within the radius grouped by city, nearest first, with whether it is open now: the
// whole page without JavaScript.
import { Island } from '../../server/render/island.tsx';
import type { CashInMapProps, MapCentre } from '../../islands/CashInMap.tsx';
import { Document } from '../layout/Document.tsx';
import { useTexts } from '../language.tsx';

export interface CentreGroup {
  city: string;
  centres: (MapCentre & { openNow: boolean; km: string })[];
}

export function CashInLocationsPage({ map, groups }: { map: CashInMapProps; groups: CentreGroup[] }) {
  const { CASH_IN_TEXT } = useTexts();
  return (
    <Document title={CASH_IN_TEXT.title} bare pageStyles={['leaflet.css']}>
      <h1 className="cash-in-title">{CASH_IN_TEXT.title}</h1>
      <p className="hint">{CASH_IN_TEXT.intro}</p>
      <Island name="CashInMap" props={map} hydrate="visible" />
      {groups.length === 0 && <p>{CASH_IN_TEXT.noCentres}</p>}
      {groups.map((g) => (
        <section key={g.city} className="centre-city" aria-labelledby={`city-${g.city}`}>
          <h2 id={`city-${g.city}`}>{g.city}</h2>
          <ul className="centre-list">
            {g.centres.map((c) => (
              <li key={c.name} className="centre">
                <strong>{c.name}</strong>
                <span>{`${c.address}, ${c.city}`}</span>
                <span>{c.phone}</span>
                <span>{`${c.hours} · ${c.km} km`}</span>
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
