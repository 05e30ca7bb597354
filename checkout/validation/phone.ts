// Phone numbers through libphonenumber-js with its "max" metadata: the min metadata only
// checks lengths, which would let numbers of the wrong country through.
import { type CountryCode, isSupportedCountry, type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * What a visitor may type: an optional leading '+', ASCII digits and the usual
 * separators. The library would read Arabic-Indic or full-width digits and text like
 * 'ext 5'; neither belongs in a mobile number field.
 */
const TYPED_PHONE = /^\+?[0-9(][0-9 ().-]{2,29}$/;

/** The upstream's mobile shape (contract.ts buyerInfoRequestSchema.mobile). */
export type MobileParts = { countryCode: string; areaCode: string; phoneNumber: string };

/** An ISO code libphonenumber knows ('CA', 'AU', 'PH', ...), upper-cased, else undefined. */
export function phoneCountry(value: string): CountryCode | undefined {
  const upper = value.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(upper) && isSupportedCountry(upper) ? upper : undefined;
}

function parse(typed: string, defaultCountry: CountryCode | undefined): PhoneNumber | undefined {
  if (!TYPED_PHONE.test(typed)) return undefined;
  try {
    const phone = parsePhoneNumberFromString(typed, { defaultCountry, extract: false });
    return phone?.isValid() ? phone : undefined;
  } catch {
    return undefined;
  }
}

/** A valid number that belongs to `country` (an Australian number is not a CA number). */
export function parseMobileFor(typed: string, country: CountryCode): PhoneNumber | undefined {
  const phone = parse(typed, country);
  return phone?.country === country ? phone : undefined;
}

/** A valid number of any country; national format is read as `defaultCountry`'s. */
export function parseAnyMobile(typed: string, defaultCountry?: CountryCode): PhoneNumber | undefined {
  return parse(typed, defaultCountry);
}

/** North American numbers split into area code and the 7 other digits; others keep it whole. */
export function mobileParts(phone: PhoneNumber): MobileParts {
  const national = String(phone.nationalNumber);
  if (phone.countryCallingCode === '1' && national.length === 10) {
    return { countryCode: '1', areaCode: national.slice(0, 3), phoneNumber: national.slice(3) };
  }
  return { countryCode: String(phone.countryCallingCode), areaCode: '', phoneNumber: national };
}
