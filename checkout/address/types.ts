// What a country's address form is made of (checkout/address/).

/** A first-level subdivision: its ISO 3166-2 code without the country prefix, and its name. */
export interface Region {
  code: string;
  name: string;
}

export interface AddressForm {
  /** In the order the select offers them. */
  regions: readonly Region[];
  regionLabel: string;
  /** The message when no region of the list is chosen. */
  regionRequired: string;
  postalLabel: string;
  /** After removing spaces: exactly `length` characters, digits only or letters and digits. */
  postalCode: { length: number; digitsOnly: boolean };
}

/** What an address form says, in one language (a country whose regions the catalogues name gives them too). */
export type AddressWords = Pick<AddressForm, 'regionLabel' | 'regionRequired' | 'postalLabel'> &
  Partial<Pick<AddressForm, 'regions'>>;
