// The address form follows the buyer's country, the country of the order's currency
// (docs/spec.md sections 1 and 5): its regions, its labels and its postal code rule.
// Pure and isomorphic: the server checks with it, the view offers it, an island may too.
import { type Country, servedCountry } from '../domain.ts';
import { DEFAULT_TEXTS, type Texts } from '../messages.ts';
import { AUSTRALIA, AUSTRALIA_WORDS } from './au.ts';
import { CANADA, CANADA_WORDS } from './ca.ts';
import { INDONESIA, INDONESIA_WORDS } from './id.ts';
import { PHILIPPINES, PHILIPPINES_WORDS } from './ph.ts';
import type { AddressForm, AddressWords } from './types.ts';

export type { AddressForm, Region } from './types.ts';

export const ADDRESS_FORMS: Record<Country, AddressForm> = {
  CA: CANADA,
  AU: AUSTRALIA,
  PH: PHILIPPINES,
  ID: INDONESIA,
};

const WORDS: Record<Country, (texts: Texts) => AddressWords> = {
  CA: CANADA_WORDS,
  AU: AUSTRALIA_WORDS,
  PH: PHILIPPINES_WORDS,
  ID: INDONESIA_WORDS,
};

/** Each language's forms, made on first use (ADDRESS_FORMS are the default language's). */
const translated = new WeakMap<Texts, Map<Country, AddressForm>>();

/** The country's form, its words in the language of `texts`. */
export function addressFormOf(country: string, texts: Texts = DEFAULT_TEXTS): AddressForm {
  const served = servedCountry(country);
  if (texts === DEFAULT_TEXTS) return ADDRESS_FORMS[served];
  let forms = translated.get(texts);
  if (!forms) translated.set(texts, (forms = new Map()));
  let form = forms.get(served);
  if (!form) forms.set(served, (form = { ...ADDRESS_FORMS[served], ...WORDS[served](texts) }));
  return form;
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
