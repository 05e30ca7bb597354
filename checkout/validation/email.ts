// One email pattern for the e-transfer payout email and the buyer's email: they only
// differ in their messages (docs/spec.md section 5).

import { DEFAULT_TEXTS, type Texts } from '../messages.ts';
import { fail, fieldOrValue, ok, type Validated } from './result.ts';

export const EMAIL_MAX_LENGTH = 254;

// local@domain.tld, ASCII only, no spaces. Local part: dot-separated atoms (RFC 5322
// atext, at most 64). Domain: dot-separated labels of letters, digits and inner hyphens
// (at most 63 each), ending in an alphabetic or punycode TLD. Every repetition is
// separated by a character it cannot contain, so matching stays linear.
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const TLD = '(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})';
const EMAIL = new RegExp(`^(?=[^@]{1,64}@)${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${TLD}$`);

export function isEmail(s: string): boolean {
  return s.length <= EMAIL_MAX_LENGTH && EMAIL.test(s);
}

/** A checked email, or the message for the problem ('' = required). */
export function emailError(email: string, messages: { required: string; invalid: string }): string | undefined {
  if (email === '') return messages.required;
  return isEmail(email) ? undefined : messages.invalid;
}

/** E-transfer payout email (field `emtEmail`); `raw` is the form or the value. */
export function validatePayoutEmail(raw: unknown, texts: Texts = DEFAULT_TEXTS): Validated<string, 'emtEmail'> {
  const email = fieldOrValue(raw, 'emtEmail');
  const error = emailError(email, { required: texts.EMAIL_MESSAGES.emtRequired, invalid: texts.EMAIL_MESSAGES.emtInvalid });
  return error ? fail({ emtEmail: error }) : ok(email);
}

/** Buyer-info email (field `emailAddress`); `raw` is the form or the value. */
export function validateBuyerEmail(raw: unknown, texts: Texts = DEFAULT_TEXTS): Validated<string, 'emailAddress'> {
  const email = fieldOrValue(raw, 'emailAddress');
  const error = emailError(email, { required: texts.EMAIL_MESSAGES.buyerRequired, invalid: texts.EMAIL_MESSAGES.buyerInvalid });
  return error ? fail({ emailAddress: error }) : ok(email);
}
