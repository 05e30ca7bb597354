// Canada: the 13 provinces and territories (ISO 3166-2:CA), and its postal codes
// (docs/spec.md section 5).
import { POSTAL_CODE_LENGTH } from '../limits.ts';
import { DEFAULT_TEXTS, type Texts } from '../messages.ts';
import type { AddressForm, AddressWords, Region } from './types.ts';

const CA_CODES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;

/** The provinces and territories, named in the language of `texts`. */
const provincesIn = (texts: Texts): readonly Region[] => CA_CODES.map((code) => ({ code, name: texts.CA_PROVINCES[code] }));

export const CA_PROVINCES: readonly Region[] = provincesIn(DEFAULT_TEXTS);

/** The form's words in a language. */
export const CANADA_WORDS = (texts: Texts): AddressWords => ({
  regions: provincesIn(texts),
  regionLabel: texts.ADDRESS_LABELS.province,
  regionRequired: texts.BUYER_MESSAGES.provinceRequired,
  postalLabel: texts.ADDRESS_LABELS.postalCode,
});

export const CANADA: AddressForm = {
  ...CANADA_WORDS(DEFAULT_TEXTS),
  regions: CA_PROVINCES,
  // A1A 1A1: letters and digits.
  postalCode: { length: POSTAL_CODE_LENGTH.CA, digitsOnly: false },
};
