import t from 'tap';
import * as L from '../../server/checkout/limits.ts';

t.test('SPEC.md section 9 numbers', async (t) => {
  t.strictSame(
    [L.PRO_MIN, L.PRO_MAX, L.PRO_DEFAULT, L.PRO_DAILY_LIMIT, L.CRYPTO_AMOUNT_STEP],
    [100, 3000, 100, 2500, 0.0001],
  );
  t.strictSame([L.DEFAULT_MIN_AMOUNT, L.DEFAULT_MAX_AMOUNT, L.DEFAULT_BUY_AMOUNT, L.DEFAULT_SELL_AMOUNT], [0, 500, 20, 0.0015]);
  t.equal(L.QUOTE_TIMER_DEFAULT_MS, 600_000);
  t.equal(L.REDIRECT_HOME_DELAY_MS, 5000);
  t.equal(L.REDIRECT_SUCCESS_DELAY_MS, 0);
  t.equal(L.TOAST_MS, 3000);
  t.equal(L.VERIFICATION_CODE_LENGTH, 6);
  t.equal(L.VERIFICATION_CODE_VALIDITY_MS, 600_000);
  t.equal(L.VOUCHER_LENGTH, 16);
  t.equal(L.LEGAL_AGE, 18);
  t.equal(L.BIRTH_YEAR_MIN, 1900);
  t.strictSame(L.POSTAL_CODE_LENGTH, { CA: 6, AU: 4 });
  t.strictSame(L.QUOTE_RETRY, { intervalMs: 5000, attempts: 5 });
  t.strictSame(L.PRO_QUOTE_RETRY, { intervalMs: 2000, attempts: 3 });
  t.equal(L.HTTP_MAX_RETRIES, 3);
  t.strictSame(L.PAYMENT_POPUP, { maxWidth: 900, maxHeight: 760, windowFraction: 0.8 });
  t.equal(L.UPLOAD_MAX_BYTES, 4_900_000);
  t.strictSame(L.STATUS_POLL, { intervalMs: 2000, retries: 2 });
  t.strictSame(L.MAP_DEFAULTS, { center: { lat: 14.5995, lng: 120.9842 }, zoom: 10, radiusMiles: 100 });
  t.equal(L.METRES_PER_MILE, 1609.344);
  t.equal(L.VERIFICATION_MESSAGE_DELAY_MS, 5000);
  t.equal(L.CONSENT_FADE_MS, 1000);
  t.equal(L.CAMERA_FALLBACK_MS, 5000);
  t.strictSame([...L.UPLOAD_EXTENSIONS], ['jpeg', 'jpe', 'jpg', 'gif', 'png', 'pdf']);
});
