import t from 'tap';
import { validateVoucher } from '../../checkout/validation/voucher.ts';

t.test('Flexepin voucher', async (t) => {
  const rows: [unknown, string | undefined][] = [
    ['1234567890123456', undefined],
    [' 1234567890123456 ', undefined],
    ['', 'Please enter your Flexepin Voucher.'],
    [null, 'Please enter your Flexepin Voucher.'],
    [['1234567890123456'], 'Please enter your Flexepin Voucher.'],
    // Spaces and dashes as printed on the voucher are dropped; nothing else is.
    ['1234 5678 9012 3456', undefined],
    ['1234-5678-9012-3456', undefined],
    ['1234\t5678901234567', 'Flexepin Vouchers are numbers only.'],
    ['1234–5678–9012–3456', 'Flexepin Vouchers are numbers only.'],
    ['１２３４５６７８９０１２３４５６', 'Flexepin Vouchers are numbers only.'],
    ['1234 5678 9012 345', 'Flexepin Vouchers are a 16 digits.'],
    ['1234-5678-9012-34567', 'Flexepin Vouchers are a 16 digits.'],
    ['----', 'Please enter your Flexepin Voucher.'],
    ['123456789012345x', 'Flexepin Vouchers are numbers only.'],
    ['١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦', 'Flexepin Vouchers are numbers only.'],
    ['123456789012345', 'Flexepin Vouchers are a 16 digits.'],
    ['12345678901234567', 'Flexepin Vouchers are a 16 digits.'],
  ];
  for (const [voucher, want] of rows) {
    const result = validateVoucher({ voucherNumber: voucher });
    t.strictSame(
      result,
      want ? { ok: false, errors: { voucherNumber: want } } : { ok: true, value: '1234567890123456' },
      JSON.stringify(voucher),
    );
  }
});
