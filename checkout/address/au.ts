// Australia: the 8 states and territories (ISO 3166-2:AU) in the spec's order, and its
// postcodes (docs/spec.md section 5).
import { POSTAL_CODE_LENGTH } from '../limits.ts';
import { ADDRESS_LABELS, BUYER_MESSAGES } from '../messages.ts';
import type { AddressForm, Region } from './types.ts';

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

export const AUSTRALIA: AddressForm = {
  regions: AU_STATES,
  regionLabel: ADDRESS_LABELS.state,
  regionRequired: BUYER_MESSAGES.stateRequired,
  postalLabel: ADDRESS_LABELS.postcode,
  postalCode: { length: POSTAL_CODE_LENGTH.AU, digitsOnly: true },
};
