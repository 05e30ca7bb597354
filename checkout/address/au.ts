// Australia: the 8 states and territories (ISO 3166-2:AU) in the spec's order, named in the
// page's language, and its postcodes (docs/spec.md section 5).
import { POSTAL_CODE_LENGTH } from '../limits.ts';
import { DEFAULT_TEXTS, type Texts } from '../messages.ts';
import type { AddressForm, AddressWords, Region } from './types.ts';

const AU_CODES = ['QLD', 'NSW', 'ACT', 'VIC', 'TAS', 'NT', 'SA', 'WA'] as const;

/** The states and territories, named in the language of `texts`. */
const statesIn = (texts: Texts): readonly Region[] => AU_CODES.map((code) => ({ code, name: texts.AU_STATES[code] }));

export const AU_STATES: readonly Region[] = statesIn(DEFAULT_TEXTS);

/** The form's words in a language. */
export const AUSTRALIA_WORDS = (texts: Texts): AddressWords => ({
  regions: statesIn(texts),
  regionLabel: texts.ADDRESS_LABELS.state,
  regionRequired: texts.BUYER_MESSAGES.stateRequired,
  postalLabel: texts.ADDRESS_LABELS.postcode,
});

export const AUSTRALIA: AddressForm = {
  ...AUSTRALIA_WORDS(DEFAULT_TEXTS),
  regions: AU_STATES,
  postalCode: { length: POSTAL_CODE_LENGTH.AU, digitsOnly: true },
};
