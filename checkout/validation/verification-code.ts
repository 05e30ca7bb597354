// The email verification code (docs/spec.md section 5): 6 digits, ASCII only.
import { VERIFICATION_CODE_LENGTH } from '../limits.ts';
import { CODE_MESSAGES } from '../messages.ts';
import { fixedDigits, type Validated } from './result.ts';

/** Field `verificationCode`. `raw` is the form or the value. */
export function validateVerificationCode(raw: unknown): Validated<string, 'verificationCode'> {
  return fixedDigits(raw, 'verificationCode', VERIFICATION_CODE_LENGTH, {
    required: CODE_MESSAGES.codeRequired,
    notNumeric: CODE_MESSAGES.codeNotNumeric,
    length: CODE_MESSAGES.codeLength,
  });
}
