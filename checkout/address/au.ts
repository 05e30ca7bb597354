// Australia: the 8 states and territories (ISO 3166-2:AU) in the spec's order, and its
// postcodes (docs/spec.md section 5).
import { POSTAL_CODE_LENGTH } from '../limits.ts';
import { DEFAULT_TEXTS, type Texts } from '../messages.ts';
import type { AddressForm, AddressWords, Region } from './types.ts';

export const AU_STATES: readonly Region[] = [
  { code: 'QLD', name: 'Queensland' },
  { code: 'NSW', name: 'New South Wales' },
  { code: 'ACT', name: 'Australian Capital Territory' },
  { code: 'VIC', name: 'Victoria' },
  { code: 'TAS', name: 'Tasmania' },
  { code: 'NT', name: 'Northern Territory' },
  { code: 'SA', name: 'South Australia' },
  { code: 'WA', name: 'Western Australia' },
];

/** The form's words in a language. */
export const AUSTRALIA_WORDS = (texts: Texts): AddressWords => ({
  regionLabel: texts.ADDRESS_LABELS.state,
  regionRequired: texts.BUYER_MESSAGES.stateRequired,
  postalLabel: texts.ADDRESS_LABELS.postcode,
});

export const AUSTRALIA: AddressForm = {
  regions: AU_STATES,
  ...AUSTRALIA_WORDS(DEFAULT_TEXTS),
  postalCode: { length: POSTAL_CODE_LENGTH.AU, digitsOnly: true },
};
