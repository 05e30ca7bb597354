import t from 'tap';
import { validateCardExpiry } from '../../checkout/validation/card-expiry.ts';

t.test('card expiry', async (t) => {
  const now = new Date(Date.UTC(2026, 5, 15)); // June 2026
  const check = (expiryMonth: unknown, expiryYear: unknown) => validateCardExpiry({ expiryMonth, expiryYear }, { now });
  t.strictSame(check('06', '2026'), { ok: true, value: { month: 6, year: 2026 } }, 'valid through its month');
  t.strictSame(check('1', '27'), { ok: true, value: { month: 1, year: 2027 } }, 'two-digit year');
  t.strictSame(check('12', '2046'), { ok: true, value: { month: 12, year: 2046 } });
  t.strictSame(check('05', '2026'), { ok: false, errors: { expiryMonth: 'This card has expired.' } });
  t.strictSame(check('12', '2025'), { ok: false, errors: { expiryYear: 'Expiry year is invalid.' } });
  t.strictSame(check('12', '25'), { ok: false, errors: { expiryYear: 'Expiry year is invalid.' } });
  t.strictSame(check('12', '2047'), { ok: false, errors: { expiryYear: 'Expiry year is invalid.' } });
  t.strictSame(check('12', '202'), { ok: false, errors: { expiryYear: 'Expiry year is invalid.' } });
  t.strictSame(check('0', '2027'), { ok: false, errors: { expiryMonth: 'Expiry month is invalid.' } });
  t.strictSame(check('13', '2027'), { ok: false, errors: { expiryMonth: 'Expiry month is invalid.' } });
  t.strictSame(check('١٢', '2027'), { ok: false, errors: { expiryMonth: 'Expiry month is invalid.' } });
  t.strictSame(check('', ''), {
    ok: false,
    errors: { expiryMonth: 'Expiry month is invalid.', expiryYear: 'Expiry year is invalid.' },
  });
  t.strictSame(check(['12'], 2027), {
    ok: false,
    errors: { expiryMonth: 'Expiry month is invalid.', expiryYear: 'Expiry year is invalid.' },
  });
});
