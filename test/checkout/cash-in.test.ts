// The cash-in map's rules: the 100-mile radius (1609.344 m per mile) around Manila, and
// open now in Asia/Manila time, across midnight too.
import t from 'tap';
import { distanceMetres, formatKilometres, isOpenAt, manilaMinutes, radiusMetres, withinRadius } from '../../checkout/cash-in.ts';

const MANILA = { lat: 14.5995, lng: 120.9842 };

t.test('the radius is 100 miles of 1609.344 m', async (t) => {
  t.equal(radiusMetres(), 160_934.4);
  // One degree of latitude is about 111.2 km: 1.4° is inside 100 miles (155.7 km), 1.5° outside (166.8 km).
  const inside = { lat: MANILA.lat + 1.4, lng: MANILA.lng };
  const outside = { lat: MANILA.lat + 1.5, lng: MANILA.lng };
  t.ok(Math.abs(distanceMetres(MANILA, inside) - 155_677) < 200);
  const kept = withinRadius([outside, inside, MANILA]);
  t.strictSame(
    kept.map((k) => k.point),
    [MANILA, inside],
    'nearest first, the far one dropped',
  );
  // Cebu City is about 570 km away.
  t.strictSame(withinRadius([{ lat: 10.3157, lng: 123.8854 }]), []);
  t.equal(withinRadius([outside], MANILA, 104).length, 1, 'a wider radius takes it');
});

t.test('one unit: kilometres, the 100-mile radius as 161 km', async (t) => {
  t.equal(formatKilometres(radiusMetres(), 0), '161 km');
  t.equal(formatKilometres(radiusMetres()), '160.9 km');
  t.equal(formatKilometres(155_677), '155.7 km');
  t.equal(formatKilometres(0), '0.0 km');
  t.equal(formatKilometres(1_234_560), '1,234.6 km');
  t.equal(formatKilometres(1_234_560, 1, 'fr-CA'), '1\u00a0234,6\u00a0km', 'as Quebec writes it');
});

t.test('minutes of the day in Manila time (UTC+8, no daylight saving)', async (t) => {
  t.equal(manilaMinutes(Date.parse('2026-11-22T00:00:00Z')), 8 * 60);
  t.equal(manilaMinutes(Date.parse('2026-11-22T16:30:00Z')), 30, '16:30 UTC is 00:30 the next day in Manila');
  t.equal(manilaMinutes(Date.parse('2026-07-01T15:59:00Z')), 23 * 60 + 59);
});

t.test('open now, by Manila hours', async (t) => {
  const at = (utc: string) => Date.parse(utc);
  const day = { open: '08:00', close: '17:00' };
  t.equal(isOpenAt(day, at('2026-11-22T00:00:00Z')), true, '08:00 Manila: opening minute');
  t.equal(isOpenAt(day, at('2026-11-21T23:59:00Z')), false, '07:59 Manila (23:59 UTC the day before)');
  t.equal(isOpenAt(day, at('2026-11-22T08:59:00Z')), true, '16:59 Manila');
  t.equal(isOpenAt(day, at('2026-11-22T09:00:00Z')), false, '17:00 Manila: closed');

  const night = { open: '22:00', close: '06:00' };
  t.equal(isOpenAt(night, at('2026-11-22T14:00:00Z')), true, '22:00 Manila');
  t.equal(isOpenAt(night, at('2026-11-22T16:00:00Z')), true, '00:00 Manila, past midnight');
  t.equal(isOpenAt(night, at('2026-11-22T21:59:00Z')), true, '05:59 Manila');
  t.equal(isOpenAt(night, at('2026-11-22T22:00:00Z')), false, '06:00 Manila: closed');
  t.equal(isOpenAt(night, at('2026-11-22T04:00:00Z')), false, 'noon Manila');

  t.equal(isOpenAt({ open: '00:00', close: '00:00' }, at('2026-11-22T04:00:00Z')), true, 'equal times: all day');
  t.equal(isOpenAt({ open: '8am', close: '17:00' }, at('2026-11-22T04:00:00Z')), false, 'malformed hours: never open');
});
