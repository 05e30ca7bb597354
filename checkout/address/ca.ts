// Canada: the 13 provinces and territories (ISO 3166-2:CA), and its postal codes
// (docs/spec.md section 5).
import { POSTAL_CODE_LENGTH } from '../limits.ts';
import { ADDRESS_LABELS, BUYER_MESSAGES } from '../messages.ts';
import type { AddressForm, Region } from './types.ts';

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

export const CANADA: AddressForm = {
  regions: CA_PROVINCES,
  regionLabel: ADDRESS_LABELS.province,
  regionRequired: BUYER_MESSAGES.provinceRequired,
  postalLabel: ADDRESS_LABELS.postalCode,
  // A1A 1A1: letters and digits.
  postalCode: { length: POSTAL_CODE_LENGTH.CA, digitsOnly: false },
};
