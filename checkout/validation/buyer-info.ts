// The buyer-info form (docs/spec.md section 5 "Buyer info"), checked into the upstream's
// buyerinfo body (contract.ts) minus the refId the flow layer adds.

import { addressFormOf, normalisePostalCode, postalCodeFits } from '../address/index.ts';
import type { BuyerInfoRequest } from '../contract.ts';
import type { Country } from '../domain.ts';
import { BIRTH_YEAR_MIN, LEGAL_AGE } from '../limits.ts';
import type { MerchantConfig } from '../merchant-schema.ts';
import { DEFAULT_TEXTS, type Texts } from '../messages.ts';
import { emailError } from './email.ts';
import { mobileParts, parseMobileFor, phoneCountry } from './phone.ts';
import { charLength, type FieldErrors, fail, field, hasErrors, ok, type Validated } from './result.ts';

export type BuyerInfoField =
  | 'firstName'
  | 'lastName'
  | 'emailAddress'
  | 'mobile'
  | 'month'
  | 'day'
  | 'year'
  /** Messages about the date as a whole: format, non-existent date, legal age. */
  | 'birthday'
  | 'addressLine1'
  | 'cityTown'
  | 'stateProv'
  | 'postalCode';

export type BuyerInfoValue = Omit<BuyerInfoRequest, 'refId'>;

export type BuyerInfoContext = {
  /** The transaction's country (COUNTRY_BY_CURRENCY of its fiat currency). */
  country: string;
  /** nextActionParams.addressRequired of the saved flow state. */
  addressRequired: boolean;
  /** Injected for tests; the year is read in UTC so server and browser agree. */
  now?: Date;
};

// The upstream's limits (contract.ts buyerInfoRequestSchema).
const NAME_MAX = 100;
const ADDRESS_MAX = 200;
const CITY_MAX = 100;

function textError(value: string, label: string, max: number, texts: Texts): string | undefined {
  if (value === '') return texts.BUYER_MESSAGES.required({ label });
  if (value.length > max) return texts.BUYER_MESSAGES.tooLong({ label, max });
  if (charLength(value) < 2) return texts.BUYER_MESSAGES.tooShort({ label });
  return undefined;
}

const TWO = /^[0-9]{2}$/;
const FOUR = /^[0-9]{4}$/;

type Birthday = { year: string; month: string; day: string };

export type BirthdayPart = 'month' | 'day' | 'year';
const BIRTHDAY_PARTS: readonly BirthdayPart[] = ['month', 'day', 'year'];

/**
 * The locale whose way of writing a date the birthday follows in each country: the order
 * of day and month comes from Intl, never from a list kept here.
 */
const DATE_LOCALE: Record<Country, string> = { CA: 'en-CA', AU: 'en-AU', PH: 'en-PH', ID: 'id-ID' };

/** Day before month where the country's locale writes it so; the year last, as the spec's form asks it. */
export function birthdayOrder(locale: string): readonly BirthdayPart[] {
  const parts = new Intl.DateTimeFormat(locale).formatToParts(0).map((p) => p.type);
  return parts.indexOf('day') < parts.indexOf('month') ? ['day', 'month', 'year'] : BIRTHDAY_PARTS;
}

const BIRTHDAY_ORDERS = Object.fromEntries(
  Object.entries(DATE_LOCALE).map(([country, locale]) => [country, birthdayOrder(locale)]),
) as Record<Country, readonly BirthdayPart[]>;

/** The birthday's fields in the order the country's people write a date. */
export function birthdayOrderOf(country: Country): readonly BirthdayPart[] {
  return BIRTHDAY_ORDERS[country];
}

function checkBirthday(b: Birthday, now: Date, errors: FieldErrors<BuyerInfoField>, texts: Texts): void {
  // A part left empty is called missing on its own field, which the page outlines.
  const labels = { month: texts.BUYER_PAGE.month, day: texts.BUYER_PAGE.day, year: texts.BUYER_PAGE.year };
  const missing = BIRTHDAY_PARTS.filter((part) => b[part] === '');
  for (const part of missing) errors[part] = texts.BUYER_MESSAGES.required({ label: labels[part] });
  if (missing.length > 0) return;
  if (!TWO.test(b.month) || !TWO.test(b.day) || !FOUR.test(b.year)) {
    errors.birthday = texts.BUYER_MESSAGES.birthdayInvalid;
    return;
  }
  const month = Number(b.month);
  const day = Number(b.day);
  const year = Number(b.year);
  const thisYear = now.getUTCFullYear();
  if (month < 1 || month > 12) errors.month = texts.BUYER_MESSAGES.monthInvalid;
  if (day < 1 || day > 31) errors.day = texts.BUYER_MESSAGES.dayInvalid;
  if (year < BIRTH_YEAR_MIN || year > thisYear) errors.year = texts.BUYER_MESSAGES.yearInvalid;
  if (errors.month || errors.day || errors.year) return;
  // 31 February and 29 February of a common year roll over into March.
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    errors.birthday = texts.BUYER_MESSAGES.birthdayInvalid;
    return;
  }
  // By year difference, as the spec says: born any day of 2008 is 18 throughout 2026.
  if (thisYear - year < LEGAL_AGE) errors.birthday = texts.BUYER_MESSAGES.legalAge;
}

/**
 * Form fields: firstName, lastName, emailAddress, mobileCountry, mobile, month, day, year,
 * and with ctx.addressRequired addressLine1, cityTown, stateProv, postalCode.
 * mobileCountry is honoured only outside production (the country selector is hidden in
 * production), and only when it is a known ISO code; otherwise ctx.country applies.
 */
export function validateBuyerInfo(
  merchant: Pick<MerchantConfig, 'env' | 'blockedAreaCodes'>,
  raw: unknown,
  ctx: BuyerInfoContext,
  texts: Texts = DEFAULT_TEXTS,
): Validated<BuyerInfoValue, BuyerInfoField> {
  const errors: FieldErrors<BuyerInfoField> = {};

  const firstName = field(raw, 'firstName');
  const lastName = field(raw, 'lastName');
  const firstError = textError(firstName, texts.BUYER_PAGE.firstName, NAME_MAX, texts);
  if (firstError) errors.firstName = firstError;
  const lastError = textError(lastName, texts.BUYER_PAGE.lastName, NAME_MAX, texts);
  if (lastError) errors.lastName = lastError;

  const emailAddress = field(raw, 'emailAddress');
  const emailProblem = emailError(emailAddress, {
    required: texts.EMAIL_MESSAGES.buyerRequired,
    invalid: texts.EMAIL_MESSAGES.buyerInvalid,
  });
  if (emailProblem) errors.emailAddress = emailProblem;

  const chosen = merchant.env === 'PROD' ? undefined : phoneCountry(field(raw, 'mobileCountry'));
  const mobileCountry = chosen ?? phoneCountry(ctx.country);
  const phone = mobileCountry ? parseMobileFor(field(raw, 'mobile'), mobileCountry) : undefined;
  const mobile = phone ? mobileParts(phone) : undefined;
  if (!mobile) errors.mobile = texts.BUYER_MESSAGES.mobileInvalid({ country: mobileCountry ?? ctx.country });
  else if (mobile.countryCode === '1' && merchant.blockedAreaCodes.includes(mobile.areaCode)) {
    errors.mobile = texts.BUYER_MESSAGES.quebec;
  }

  const dateOfBirth = { year: field(raw, 'year'), month: field(raw, 'month'), day: field(raw, 'day') };
  checkBirthday(dateOfBirth, ctx.now ?? new Date(), errors, texts);

  let address: BuyerInfoValue['address'];
  if (ctx.addressRequired) address = checkAddress(raw, ctx.country, errors, texts);

  if (hasErrors(errors) || !mobile) return fail(errors);
  const value: BuyerInfoValue = { firstName, lastName, emailAddress, mobile, dateOfBirth };
  if (address) value.address = address;
  return ok(value);
}

function checkAddress(
  raw: unknown,
  country: string,
  errors: FieldErrors<BuyerInfoField>,
  texts: Texts,
): BuyerInfoValue['address'] {
  const addressLine1 = field(raw, 'addressLine1');
  const cityTown = field(raw, 'cityTown');
  const addressError = textError(addressLine1, texts.BUYER_PAGE.address, ADDRESS_MAX, texts);
  if (addressError) errors.addressLine1 = addressError;
  const cityError = textError(cityTown, texts.BUYER_PAGE.city, CITY_MAX, texts);
  if (cityError) errors.cityTown = cityError;

  const form = addressFormOf(country, texts);
  // A value outside the country's list is no choice at all.
  const stateProv = field(raw, 'stateProv').toUpperCase();
  if (!form.regions.some((r) => r.code === stateProv)) errors.stateProv = form.regionRequired;

  const typedPostal = field(raw, 'postalCode');
  const postalCode = normalisePostalCode(typedPostal);
  // In the word the field's label uses ('Postcode' in Australia).
  if (typedPostal === '') errors.postalCode = texts.BUYER_MESSAGES.postalRequired({ label: form.postalLabel });
  else if (!postalCodeFits(postalCode, form)) errors.postalCode = texts.BUYER_MESSAGES.postalInvalid({ label: form.postalLabel });

  // The upstream takes CA whatever the buyer's country (docs/spec.md section 5) and reads
  // stateProv, an ISO 3166-2 code without its prefix, in the transaction's own country.
  return { addressLine1, cityTown, stateProv, postalCode, country: 'CA' };
}
