import t from 'tap';
import { validateCardExpiry, validateVerificationCode, validateVoucher } from '../../server/checkout/validation/codes.ts';

t.test('verification code', async (t) => {
  const rows: [unknown, string | undefined][] = [
    ['123456', undefined],
    [' 123456 ', undefined],
    ['', 'Please enter code sent to your email.'],
    ['   ', 'Please enter code sent to your email.'],
    [undefined, 'Please enter code sent to your email.'],
    [['123456'], 'Please enter code sent to your email.'],
    ['12a456', 'Invalid code.  Code must be numeric.'],
    ['123 456', 'Invalid code.  Code must be numeric.'],
    ['-12345', 'Invalid code.  Code must be numeric.'],
    ['1e5', 'Invalid code.  Code must be numeric.'],
    ['١٢٣٤٥٦', 'Invalid code.  Code must be numeric.'],
    ['１２３４５６', 'Invalid code.  Code must be numeric.'],
    ['12345', 'Code must be 6 digits.'],
    ['1234567', 'Code must be 6 digits.'],
    ['1'.repeat(1_000_000), 'Code must be 6 digits.'],
  ];
  for (const [code, want] of rows) {
    const result = validateVerificationCode({ verificationCode: code });
    t.strictSame(result, want ? { ok: false, errors: { verificationCode: want } } : { ok: true, value: '123456' }, JSON.stringify(code)?.slice(0, 14));
  }
  t.strictSame(validateVerificationCode('654321'), { ok: true, value: '654321' }, 'a bare value');
});

t.test('Flexepin voucher', async (t) => {
  const rows: [unknown, string | undefined][] = [
    ['1234567890123456', undefined],
    [' 1234567890123456 ', undefined],
    ['', 'Please enter your Flexepin Voucher.'],
    [null, 'Please enter your Flexepin Voucher.'],
    [['1234567890123456'], 'Please enter your Flexepin Voucher.'],
    ['1234 5678 9012 3456', 'Flexepin Vouchers are numbers only.'],
    ['123456789012345x', 'Flexepin Vouchers are numbers only.'],
    ['١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦', 'Flexepin Vouchers are numbers only.'],
    ['123456789012345', 'Flexepin Vouchers are a 16 digits.'],
    ['12345678901234567', 'Flexepin Vouchers are a 16 digits.'],
  ];
  for (const [voucher, want] of rows) {
    const result = validateVoucher({ voucherNumber: voucher });
    t.strictSame(result, want ? { ok: false, errors: { voucherNumber: want } } : { ok: true, value: '1234567890123456' }, JSON.stringify(voucher));
  }
});

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
  t.strictSame(check('', ''), { ok: false, errors: { expiryMonth: 'Expiry month is invalid.', expiryYear: 'Expiry year is invalid.' } });
  t.strictSame(check(['12'], 2027), { ok: false, errors: { expiryMonth: 'Expiry month is invalid.', expiryYear: 'Expiry year is invalid.' } });
});
