// The address form follows the buyer's country, the country of the order's currency
// (docs/spec.md sections 1 and 5): its regions, its labels and its postal code rule.
// Pure and isomorphic: the server checks with it, the view offers it, an island may too.
import { servedCountry, type Country } from '../domain.ts';
import { AUSTRALIA } from './au.ts';
import { CANADA } from './ca.ts';
import { INDONESIA } from './id.ts';
import { PHILIPPINES } from './ph.ts';
import type { AddressForm } from './types.ts';

export type { AddressForm, Region } from './types.ts';

export const ADDRESS_FORMS: Record<Country, AddressForm> = {
  CA: CANADA,
  AU: AUSTRALIA,
  PH: PHILIPPINES,
  ID: INDONESIA,
};

export function addressFormOf(country: string): AddressForm {
  return ADDRESS_FORMS[servedCountry(country)];
}

/** Spaces removed, upper case: what is checked and sent. */
export function normalisePostalCode(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

/** A normalised postal code that fits the form's rule. */
export function postalCodeFits(postalCode: string, form: AddressForm): boolean {
  const { length, digitsOnly } = form.postalCode;
  return postalCode.length === length && (digitsOnly ? /^[0-9]+$/ : /^[A-Z0-9]+$/).test(postalCode);
}
