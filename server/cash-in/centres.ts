// The payment centres of the cash-in map (docs/spec.md section 1: about 100 Philippine centres
// with name, address, city, state, zip, country, lat, lng, phone, open, close), read and
// checked once at start-up. A bad row stops the process with a message naming the row and
// the field: a centre outside the Philippines or away from its city is never shown.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { distanceMetres, parseClockTime } from '../../checkout/cash-in.ts';
import { PROJECT_ROOT } from '../root.ts';
import { CITY_CENTRES, CITY_RADIUS_M, PHILIPPINES_BOUNDS } from './cities.ts';

const clockTime = z.string().refine((v) => parseClockTime(v) !== undefined, 'expected HH:MM (24-hour)');
const text = (max: number) => z.string().trim().min(1).max(max);

export const centreSchema = z.strictObject({
  name: text(120),
  address: text(200),
  city: text(80),
  state: text(80),
  zip: z.string().regex(/^\d{4}$/, 'expected a 4-digit Philippine ZIP code'),
  country: z.literal('PH'),
  lat: z.number().finite(),
  lng: z.number().finite(),
  phone: z.string().regex(/^\+63 [\d ]{7,14}$/, 'expected a +63 phone number'),
  open: clockTime,
  close: clockTime,
});
export type Centre = z.output<typeof centreSchema>;

export const CENTRES_FILE = new URL('static/data/cash-in-centres.json', PROJECT_ROOT);

/** Where a row is wrong, or undefined. */
function placeProblem(c: Centre): string | undefined {
  const b = PHILIPPINES_BOUNDS;
  if (c.lat < b.south || c.lat > b.north || c.lng < b.west || c.lng > b.east)
    return `lat/lng ${c.lat},${c.lng} is outside the Philippines`;
  const city = CITY_CENTRES[c.city];
  if (!city) return `city "${c.city}" is not a known city (server/cash-in/cities.ts)`;
  const km = distanceMetres(city, c) / 1000;
  if (km * 1000 > CITY_RADIUS_M) return `lat/lng ${c.lat},${c.lng} is ${km.toFixed(1)} km from ${c.city}`;
  return undefined;
}

/** Every centre of `rows`, or an error naming each bad row (1-based) and what is wrong. */
export function parseCentres(rows: unknown, source = 'cash-in centres'): Centre[] {
  if (!Array.isArray(rows)) throw new Error(`${source}: expected a list of centres`);
  const problems: string[] = [];
  const centres: Centre[] = [];
  rows.forEach((row, i) => {
    const label = `${source}: row ${i + 1}${typeof row?.name === 'string' ? ` (${row.name})` : ''}`;
    const parsed = centreSchema.safeParse(row);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${label}: ${issue.path.join('.') || '(row)'}: ${issue.message}`);
      return;
    }
    const problem = placeProblem(parsed.data);
    if (problem) problems.push(`${label}: ${problem}`);
    else centres.push(parsed.data);
  });
  if (problems.length) throw new Error(problems.join('\n'));
  return centres;
}

/** The shipped centres; throws (at start-up) naming every bad row. */
export function loadCentres(file: URL = CENTRES_FILE): Centre[] {
  return parseCentres(JSON.parse(readFileSync(file, 'utf8')), file.pathname.split('/').slice(-3).join('/'));
}
