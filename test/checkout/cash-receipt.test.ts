// The cash receipt's rules: the reference in groups read aloud, the deadline 12 hours after
// the order, and that deadline as Manila's clock and calendar show it.
import t from 'tap';
import { cashDeadline, manilaTime, referenceGroups, referenceLength } from '../../checkout/cash-receipt.ts';
import { CASH_PAYMENT_EXPIRY_MS } from '../../checkout/limits.ts';

t.test('a reference in groups of four, the last one shorter; nothing lost or added', async (t) => {
  t.same(referenceGroups('SBXM5MNSBEVN7DZXNH6F2AX'), ['SBXM', '5MNS', 'BEVN', '7DZX', 'NH6F', '2AX']);
  t.same(referenceGroups('ABCDEFGH'), ['ABCD', 'EFGH'], 'an exact multiple has no empty group');
  t.same(referenceGroups('AB'), ['AB']);
  t.same(referenceGroups(''), []);
  const long = 'X'.repeat(64);
  t.equal(referenceGroups(long).join(''), long, 'the longest reference the contract allows, whole');
  t.ok(
    referenceGroups(long).every((g) => g.length === 4),
    'in groups of four',
  );
});

t.test('the deadline: 12 hours after the order, or after now when the order has no usable date', async (t) => {
  const ordered = Date.parse('2026-11-22T08:00:00Z');
  t.equal(CASH_PAYMENT_EXPIRY_MS, 12 * 60 * 60 * 1000, 'docs/spec.md section 9: 12 hours');
  t.equal(cashDeadline('2026-11-22T08:00:00Z', 0), ordered + CASH_PAYMENT_EXPIRY_MS);
  t.equal(cashDeadline('2026-11-22T16:00:00+08:00', 0), ordered + CASH_PAYMENT_EXPIRY_MS, 'any offset the upstream writes');
  const now = Date.parse('2026-01-01T00:00:00Z');
  t.equal(cashDeadline(null, now), now + CASH_PAYMENT_EXPIRY_MS, 'no date');
  t.equal(cashDeadline(undefined, now), now + CASH_PAYMENT_EXPIRY_MS);
  t.equal(cashDeadline('', now), now + CASH_PAYMENT_EXPIRY_MS);
  t.equal(cashDeadline('not a date', now), now + CASH_PAYMENT_EXPIRY_MS, 'a date that is not one');
});

t.test("Manila's clock and calendar (UTC+8, no daylight saving): a clock time, then the date", async (t) => {
  t.same(manilaTime(Date.parse('2026-11-22T20:00:00Z')), { time: '4:00 AM', date: 'Monday, November 23, 2026' });
  t.same(manilaTime(Date.parse('2026-11-22T04:05:00Z')), { time: '12:05 PM', date: 'Sunday, November 22, 2026' }, 'noon');
  t.same(
    manilaTime(Date.parse('2026-12-31T16:30:00Z')),
    { time: '12:30 AM', date: 'Friday, January 1, 2027' },
    'past midnight in Manila is the next day, and here the next year',
  );
  t.same(
    manilaTime(Date.parse('2026-07-01T03:59:00Z')),
    { time: '11:59 AM', date: 'Wednesday, July 1, 2026' },
    'the same offset in July',
  );
});

t.test('a reference is drawn by its length: short up to 24 characters, long up to 32, then longer', async (t) => {
  t.equal(referenceLength('SBXG56KNRIY6W2SLKVHUCO6'), 'short');
  t.equal(referenceLength('X'.repeat(24)), 'short');
  t.equal(referenceLength('X'.repeat(25)), 'long');
  t.equal(referenceLength('X'.repeat(32)), 'long');
  t.equal(referenceLength('X'.repeat(33)), 'longer');
});

t.test('the first of a month as the page writes it: Quebec writes 1er', async (t) => {
  const first = Date.parse('2026-12-01T08:00:00Z');
  t.equal(manilaTime(first, 'fr-CA').date, 'mardi 1er décembre 2026');
  t.equal(manilaTime(first).date, 'Tuesday, December 1, 2026');
  t.equal(manilaTime(Date.parse('2026-12-11T08:00:00Z'), 'fr-CA').date, 'vendredi 11 décembre 2026');
});
