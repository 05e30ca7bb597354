import t from 'tap';
import { validateVerificationCode } from '../../checkout/validation/verification-code.ts';

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
    t.strictSame(
      result,
      want ? { ok: false, errors: { verificationCode: want } } : { ok: true, value: '123456' },
      JSON.stringify(code)?.slice(0, 14),
    );
  }
  t.strictSame(validateVerificationCode('654321'), { ok: true, value: '654321' }, 'a bare value');
});
