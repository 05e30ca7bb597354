// Canada: the 13 provinces and territories (ISO 3166-2:CA), and its postal codes
// (docs/spec.md section 5).
import { POSTAL_CODE_LENGTH } from '../limits.ts';
import { DEFAULT_TEXTS, type Texts } from '../messages.ts';
import type { AddressForm, AddressWords, Region } from './types.ts';

export const CA_PROVINCES: readonly Region[] = [
  { code: 'AB', name: 'Alberta' },
  { code: 'BC', name: 'British Columbia' },
  { code: 'MB', name: 'Manitoba' },
  { code: 'NB', name: 'New Brunswick' },
  { code: 'NL', name: 'Newfoundland and Labrador' },
  { code: 'NS', name: 'Nova Scotia' },
  { code: 'NT', name: 'Northwest Territories' },
  { code: 'NU', name: 'Nunavut' },
  { code: 'ON', name: 'Ontario' },
  { code: 'PE', name: 'Prince Edward Island' },
  { code: 'QC', name: 'Quebec' },
  { code: 'SK', name: 'Saskatchewan' },
  { code: 'YT', name: 'Yukon' },
];

/** The form's words in a language. */
export const CANADA_WORDS = (texts: Texts): AddressWords => ({
  regionLabel: texts.ADDRESS_LABELS.province,
  regionRequired: texts.BUYER_MESSAGES.provinceRequired,
  postalLabel: texts.ADDRESS_LABELS.postalCode,
});

export const CANADA: AddressForm = {
  regions: CA_PROVINCES,
  ...CANADA_WORDS(DEFAULT_TEXTS),
  // A1A 1A1: letters and digits.
  postalCode: { length: POSTAL_CODE_LENGTH.CA, digitsOnly: false },
};
