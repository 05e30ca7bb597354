// The email verification code (docs/spec.md section 5): 6 digits, ASCII only.
import { VERIFICATION_CODE_LENGTH } from '../limits.ts';
import { DEFAULT_TEXTS, type Texts } from '../messages.ts';
import { fixedDigits, type Validated } from './result.ts';

/** Field `verificationCode`. `raw` is the form or the value. */
export function validateVerificationCode(raw: unknown, texts: Texts = DEFAULT_TEXTS): Validated<string, 'verificationCode'> {
  return fixedDigits(raw, 'verificationCode', VERIFICATION_CODE_LENGTH, {
    required: texts.CODE_MESSAGES.codeRequired,
    notNumeric: texts.CODE_MESSAGES.codeNotNumeric,
    length: texts.CODE_MESSAGES.codeLength,
  });
}
