import t from 'tap';
import { AU_STATES } from '../../checkout/address/au.ts';
import { CA_PROVINCES } from '../../checkout/address/ca.ts';
import { buyerInfoRequestSchema } from '../../checkout/contract.ts';
import { birthdayOrder, birthdayOrderOf, validateBuyerInfo } from '../../checkout/validation/buyer-info.ts';
import { merchant } from './fixtures.ts';

const NOW = new Date(Date.UTC(2026, 5, 15, 12));
const PROD = merchant();
const TEST = merchant({ env: 'TEST' });
const QUEBEC = merchant({ blockedAreaCodes: ['418', '438', '450', '514', '579', '581', '819', '873'] });

const form = (over: Record<string, unknown> = {}) => ({
  firstName: 'Jane',
  lastName: 'Doe',
  emailAddress: 'jane@example.com',
  mobile: '613 555 0123',
  month: '02',
  day: '29',
  year: '2000',
  ...over,
});
const address = (over: Record<string, unknown> = {}) => ({
  addressLine1: '1 Main St',
  cityTown: 'Ottawa',
  stateProv: 'ON',
  postalCode: 'K1A 0B1',
  ...over,
});

type Ctx = { country?: string; addressRequired?: boolean; m?: typeof PROD };
function errors(raw: Record<string, unknown>, ctx: Ctx = {}): Record<string, string> {
  const result = validateBuyerInfo(ctx.m ?? PROD, raw, {
    country: ctx.country ?? 'CA',
    addressRequired: ctx.addressRequired ?? false,
    now: NOW,
  });
  return result.ok ? {} : (result.errors as Record<string, string>);
}

/** The errors of a form with an address in `country`, from a valid one changed by `over`. */
const addressErrors =
  (country: string, mobile: string, valid: Record<string, string>) =>
  (over: Record<string, unknown>): Record<string, string> =>
    errors({ ...form({ mobile }), ...address({ ...valid, ...over }) }, { country, addressRequired: true });

t.test('a valid form becomes the upstream body', async (t) => {
  const result = validateBuyerInfo(PROD, form({ firstName: '  Jane ' }), { country: 'CA', addressRequired: false, now: NOW });
  t.strictSame(result, {
    ok: true,
    value: {
      firstName: 'Jane',
      lastName: 'Doe',
      emailAddress: 'jane@example.com',
      mobile: { countryCode: '1', areaCode: '613', phoneNumber: '5550123' },
      dateOfBirth: { year: '2000', month: '02', day: '29' },
    },
  });
  t.ok(result.ok && buyerInfoRequestSchema.safeParse({ refId: 'R1', ...result.value }).success, 'matches the contract');

  const withAddress = validateBuyerInfo(PROD, { ...form(), ...address() }, { country: 'CA', addressRequired: true, now: NOW });
  t.strictSame(withAddress.ok && withAddress.value.address, {
    addressLine1: '1 Main St',
    cityTown: 'Ottawa',
    stateProv: 'ON',
    postalCode: 'K1A0B1',
    country: 'CA',
  });
  t.ok(withAddress.ok && buyerInfoRequestSchema.safeParse({ refId: 'R1', ...withAddress.value }).success, 'matches the contract');
  const ignored = validateBuyerInfo(
    PROD,
    { ...form(), ...address({ postalCode: 'x' }) },
    { country: 'CA', addressRequired: false, now: NOW },
  );
  t.equal(ignored.ok && ignored.value.address, undefined, 'address fields ignored when not required');
});

t.test('names', async (t) => {
  const rows: [unknown, string | undefined][] = [
    ['', 'required'],
    ['   ', 'required'],
    [undefined, 'required'],
    [['Jane', 'Joan'], 'required'],
    [{}, 'required'],
    ['J', 'must be longer than 1 character'],
    [' J ', 'must be longer than 1 character'],
    ['é', 'must be longer than 1 character'],
    ['😀', 'must be longer than 1 character'],
    ['Jo', undefined],
    ['x'.repeat(100), undefined],
    ['x'.repeat(101), 'must be 100 characters or fewer'],
    ['x'.repeat(1_000_000), 'must be 100 characters or fewer'],
  ];
  for (const [value, problem] of rows) {
    const label = JSON.stringify(value)?.slice(0, 12);
    t.equal(errors(form({ firstName: value })).firstName, problem && `First Name ${problem}`, `firstName ${label}`);
    t.equal(errors(form({ lastName: value })).lastName, problem && `Last Name ${problem}`, `lastName ${label}`);
  }
});

t.test('email', async (t) => {
  t.equal(errors(form({ emailAddress: '' })).emailAddress, 'Email Address required');
  t.equal(errors(form({ emailAddress: 'jane.example.com' })).emailAddress, 'Invalid email address');
  t.equal(errors(form({ emailAddress: 'jane@example.com' })).emailAddress, undefined);
});

t.test('mobile must belong to the country', async (t) => {
  const rows: [string, string, string | undefined][] = [
    ['613 555 0123', 'CA', undefined],
    ['+1 (613) 555-0123', 'CA', undefined],
    ['6135550123', 'CA', undefined],
    ['0412 345 678', 'CA', 'Mobile must be a valid CA phone number'],
    ['+61 412 345 678', 'CA', 'Mobile must be a valid CA phone number'],
    ['212 555 1234', 'CA', 'Mobile must be a valid CA phone number'], // New York
    ['+1 212 555 1234', 'CA', 'Mobile must be a valid CA phone number'],
    ['613 555 012', 'CA', 'Mobile must be a valid CA phone number'],
    ['613 555 0123 ext 5', 'CA', 'Mobile must be a valid CA phone number'],
    ['٦١٣٥٥٥٠١٢٣', 'CA', 'Mobile must be a valid CA phone number'],
    ['６１３５５５０１２３', 'CA', 'Mobile must be a valid CA phone number'],
    ['', 'CA', 'Mobile must be a valid CA phone number'],
    ['0412 345 678', 'AU', undefined],
    ['+61 412 345 678', 'AU', undefined],
    ['613 555 0123', 'AU', 'Mobile must be a valid AU phone number'],
    ['0917 123 4567', 'PH', undefined],
  ];
  for (const [mobile, country, want] of rows)
    t.equal(errors(form({ mobile }), { country }).mobile, want, `${mobile} for ${country}`);
  t.equal(errors(form({ mobile: ['6135550123'] })).mobile, 'Mobile must be a valid CA phone number', 'array');

  const au = validateBuyerInfo(PROD, form({ mobile: '0412 345 678' }), { country: 'AU', addressRequired: false, now: NOW });
  t.strictSame(au.ok && au.value.mobile, { countryCode: '61', areaCode: '', phoneNumber: '412345678' });
  const ph = validateBuyerInfo(PROD, form({ mobile: '0917 123 4567' }), { country: 'PH', addressRequired: false, now: NOW });
  t.strictSame(ph.ok && ph.value.mobile, { countryCode: '63', areaCode: '', phoneNumber: '9171234567' });
});

t.test('mobileCountry: honoured outside production only', async (t) => {
  t.equal(errors(form({ mobile: '0412 345 678', mobileCountry: 'AU' }), { m: TEST }).mobile, undefined);
  t.equal(errors(form({ mobile: '0412 345 678', mobileCountry: 'au' }), { m: TEST }).mobile, undefined);
  t.equal(
    errors(form({ mobile: '0412 345 678', mobileCountry: 'AU' })).mobile,
    'Mobile must be a valid CA phone number',
    'PROD: the transaction country',
  );
  t.equal(
    errors(form({ mobile: '613 555 0123', mobileCountry: 'XX' }), { m: TEST }).mobile,
    undefined,
    'unknown code: the transaction country',
  );
  t.equal(
    errors(form({ mobile: '613 555 0123', mobileCountry: 'AU' }), { m: TEST }).mobile,
    'Mobile must be a valid AU phone number',
  );
});

t.test('blocked area codes (the Quebec blacklist)', async (t) => {
  t.equal(errors(form({ mobile: '514 555 0199' }), { m: QUEBEC }).mobile, 'The region of Quebec is not supported.');
  t.equal(errors(form({ mobile: '+1 (438) 555-0199' }), { m: QUEBEC }).mobile, 'The region of Quebec is not supported.');
  t.equal(errors(form({ mobile: '613 555 0123' }), { m: QUEBEC }).mobile, undefined);
  t.equal(errors(form({ mobile: '514 555 0199' })).mobile, undefined, 'empty list by default');
  t.strictSame(PROD.blockedAreaCodes, []);
});

t.test('birthday', async (t) => {
  const rows: [string, string, string, Record<string, string>][] = [
    ['02', '29', '2000', {}], // leap year
    ['02', '29', '2004', {}],
    ['02', '29', '2001', { birthday: 'Birthday is invalid' }], // common year
    ['02', '29', '1900', { birthday: 'Birthday is invalid' }], // century, not leap
    ['02', '31', '2000', { birthday: 'Birthday is invalid' }],
    ['04', '31', '2000', { birthday: 'Birthday is invalid' }],
    ['2', '09', '2000', { birthday: 'Birthday is invalid' }], // lengths 2/2/4
    ['02', '9', '2000', { birthday: 'Birthday is invalid' }],
    ['02', '09', '00', { birthday: 'Birthday is invalid' }],
    ['02', '09', '02000', { birthday: 'Birthday is invalid' }],
    ['ab', '09', '2000', { birthday: 'Birthday is invalid' }],
    ['٠٢', '09', '2000', { birthday: 'Birthday is invalid' }],
    ['０２', '09', '2000', { birthday: 'Birthday is invalid' }],
    // A part left empty is called missing on its own field, which the page outlines.
    ['', '', '', { month: 'Month required', day: 'Day required', year: 'Year required' }],
    ['02', '', '2000', { day: 'Day required' }],
    ['13', '09', '2000', { month: 'Month is invalid' }],
    ['00', '09', '2000', { month: 'Month is invalid' }],
    ['12', '32', '2000', { day: 'Day is invalid' }],
    ['12', '00', '2000', { day: 'Day is invalid' }],
    ['12', '31', '1899', { year: 'Year is invalid' }],
    ['01', '01', '1900', {}],
    ['01', '01', '2027', { year: 'Year is invalid' }],
    ['13', '32', '1899', { month: 'Month is invalid', day: 'Day is invalid', year: 'Year is invalid' }],
    // Age by year difference (now: 2026): 2008 is 18, 2009 is 17, whatever the day.
    ['12', '31', '2008', {}],
    ['01', '01', '2009', { birthday: 'Must be of legal age' }],
    ['01', '01', '2026', { birthday: 'Must be of legal age' }],
  ];
  for (const [month, day, year, want] of rows) {
    const got = errors(form({ month, day, year }));
    const birthdayOnly = Object.fromEntries(
      Object.entries(got).filter(([k]) => ['month', 'day', 'year', 'birthday'].includes(k)),
    );
    t.strictSame(birthdayOnly, want, `${month}/${day}/${year}`);
  }
  t.equal(errors(form({ month: ['02'] })).month, 'Month required', 'an array is no value');
  // The year comes from `now`, in UTC.
  const newYear = validateBuyerInfo(PROD, form({ month: '01', day: '01', year: '2009' }), {
    country: 'CA',
    addressRequired: false,
    now: new Date(Date.UTC(2027, 0, 1)),
  });
  t.equal(newYear.ok, true, 'turns 18 by year difference on 1 January');
});

t.test('address when required: CA', async (t) => {
  t.strictSame(errors({ ...form(), addressLine1: '', cityTown: ' ', stateProv: '', postalCode: '' }, { addressRequired: true }), {
    addressLine1: 'Address required',
    cityTown: 'City required',
    stateProv: 'Province required',
    postalCode: 'Postal code required',
  });
  t.strictSame(errors({ ...form(), ...address({ addressLine1: 'A', cityTown: 'B' }) }, { addressRequired: true }), {
    addressLine1: 'Address must be longer than 1 character',
    cityTown: 'City must be longer than 1 character',
  });
  const postal: [string, string | undefined][] = [
    ['K1A 0B1', undefined],
    ['k1a0b1', undefined],
    [' K1A  0B1 ', undefined],
    ['K1A 0B', 'Postal code is invalid'],
    ['K1A 0B12', 'Postal code is invalid'],
    ['K1A-0B1', 'Postal code is invalid'],
    ['K1A0B١', 'Postal code is invalid'],
    ['2000', 'Postal code is invalid'],
  ];
  for (const [postalCode, want] of postal)
    t.equal(errors({ ...form(), ...address({ postalCode }) }, { addressRequired: true }).postalCode, want, postalCode);
  t.equal(
    errors({ ...form(), ...address({ stateProv: 'NSW' }) }, { addressRequired: true }).stateProv,
    'Province required',
    'a state is not a province',
  );
  t.equal(errors({ ...form(), ...address({ stateProv: 'qc' }) }, { addressRequired: true }).stateProv, undefined);
  t.equal(errors({ ...form(), ...address({ stateProv: ['ON'] }) }, { addressRequired: true }).stateProv, 'Province required');
  t.equal(
    errors({ ...form(), ...address({ addressLine1: 'x'.repeat(201) }) }, { addressRequired: true }).addressLine1,
    'Address must be 200 characters or fewer',
  );
  t.equal(
    errors({ ...form(), ...address({ cityTown: 'x'.repeat(101) }) }, { addressRequired: true }).cityTown,
    'City must be 100 characters or fewer',
  );
});

t.test('address when required: AU', async (t) => {
  const au = addressErrors('AU', '0412 345 678', { stateProv: 'NSW', postalCode: '2000' });
  t.strictSame(au({}), {});
  t.equal(au({ stateProv: '' }).stateProv, 'State required');
  t.equal(au({ stateProv: 'ON' }).stateProv, 'State required');
  // In the word of the field's label.
  t.equal(au({ postalCode: '' }).postalCode, 'Postcode required');
  t.equal(au({ postalCode: '200' }).postalCode, 'Postcode is invalid');
  t.equal(au({ postalCode: '20000' }).postalCode, 'Postcode is invalid');
  t.equal(au({ postalCode: ' 2 000 ' }).postalCode, undefined);
  const ok = validateBuyerInfo(
    PROD,
    { ...form({ mobile: '0412 345 678' }), ...address({ stateProv: 'vic', postalCode: '3000' }) },
    {
      country: 'AU',
      addressRequired: true,
      now: NOW,
    },
  );
  t.strictSame(
    ok.ok && ok.value.address,
    { addressLine1: '1 Main St', cityTown: 'Ottawa', stateProv: 'VIC', postalCode: '3000', country: 'CA' },
    'country always CA',
  );
});

t.test('address when required: PH, provinces and Metro Manila, 4-digit ZIP codes', async (t) => {
  const ph = addressErrors('PH', '0917 123 4567', { stateProv: '00', postalCode: '1000' });
  t.strictSame(ph({}), {}, 'Metro Manila, 1000');
  t.strictSame(ph({ stateProv: 'ceb', postalCode: '6000' }), {}, 'Cebu, typed in lower case');
  t.equal(ph({ stateProv: '' }).stateProv, 'Province required');
  t.equal(ph({ stateProv: 'ON' }).stateProv, 'Province required', 'a Canadian province is none of the Philippines');
  t.equal(ph({ stateProv: 'PH-00' }).stateProv, 'Province required', 'the code without its country prefix');
  t.equal(ph({ postalCode: '' }).postalCode, 'ZIP code required');
  for (const postalCode of ['100', '10000', 'M5V 2T6', '1OOO', '１０００'])
    t.equal(ph({ postalCode }).postalCode, 'ZIP code is invalid', postalCode);
  t.equal(ph({ postalCode: ' 1 000 ' }).postalCode, undefined, 'spaces removed');
  const ok = validateBuyerInfo(
    PROD,
    { ...form({ mobile: '0917 123 4567' }), ...address({ cityTown: 'Quezon City', stateProv: '00', postalCode: '1100' }) },
    { country: 'PH', addressRequired: true, now: NOW },
  );
  t.strictSame(
    ok.ok && ok.value.address,
    { addressLine1: '1 Main St', cityTown: 'Quezon City', stateProv: '00', postalCode: '1100', country: 'CA' },
    "the region's ISO code, the country always CA",
  );
  t.ok(ok.ok && buyerInfoRequestSchema.safeParse({ refId: 'SBX1', ...ok.value }).success, 'a body the contract takes');
});

t.test('address when required: ID, provinces, 5-digit postal codes', async (t) => {
  const id = addressErrors('ID', '0812 3456 7890', { stateProv: 'JK', postalCode: '10110' });
  t.strictSame(id({}), {});
  t.equal(id({ stateProv: 'JW' }).stateProv, 'Province required', 'Java is an island group, not a province');
  t.equal(id({ postalCode: '1011' }).postalCode, 'Postal code is invalid');
  t.equal(id({ postalCode: '101100' }).postalCode, 'Postal code is invalid');
});

t.test('an unknown country gets the Canadian form', async (t) => {
  const unknown = (country: string) =>
    errors({ ...form(), ...address({ stateProv: 'NSW', postalCode: '2000' }) }, { country, addressRequired: true });
  for (const country of ['ZZ', 'constructor', '']) {
    t.equal(unknown(country).stateProv, 'Province required', `${country || 'empty'}: provinces`);
    t.equal(unknown(country).postalCode, 'Postal code is invalid', `${country || 'empty'}: 6 characters`);
  }
});

t.test('province and state lists', async (t) => {
  t.strictSame(
    CA_PROVINCES.map((p) => p.code),
    ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'],
  );
  t.strictSame(
    AU_STATES.map((s) => s.code),
    ['QLD', 'NSW', 'ACT', 'VIC', 'TAS', 'NT', 'SA', 'WA'],
  );
  t.ok([...CA_PROVINCES, ...AU_STATES].every((r) => r.name.length > 2));
});

t.test('hostile forms never throw', async (t) => {
  for (const raw of [null, undefined, 'x', [], Object.create(null), { __proto__: form() }]) {
    const result = validateBuyerInfo(PROD, raw as Record<string, unknown>, { country: 'CA', addressRequired: true, now: NOW });
    t.equal(result.ok, false);
  }
  const weird = validateBuyerInfo(PROD, form(), { country: 'ZZ', addressRequired: false, now: NOW });
  t.strictSame(weird, { ok: false, errors: { mobile: 'Mobile must be a valid ZZ phone number' } }, 'unknown transaction country');
});

t.test('a number typed the way people write it, with brackets, is accepted', async (t) => {
  const { parseMobileFor, mobileParts } = await import('../../checkout/validation/phone.ts');
  for (const typed of ['(416) 555-0199', '416-555-0199', '+1 (416) 555 0199']) {
    const phone = parseMobileFor(typed, 'CA');
    t.ok(phone, typed);
    t.same(phone && mobileParts(phone), { countryCode: '1', areaCode: '416', phoneNumber: '5550199' }, typed);
  }
  t.notOk(parseMobileFor('((416', 'CA'), 'brackets alone are not a number');
});

t.test('the birthday in the order the country writes a date, from its locale', async (t) => {
  t.strictSame(birthdayOrder('en-CA'), ['month', 'day', 'year'], 'Canada: month first, as the spec asks');
  t.strictSame(birthdayOrder('en-US'), ['month', 'day', 'year']);
  t.strictSame(birthdayOrder('en-AU'), ['day', 'month', 'year']);
  t.strictSame(birthdayOrder('id-ID'), ['day', 'month', 'year']);
  t.strictSame(birthdayOrder('en-GB'), ['day', 'month', 'year']);
  t.strictSame(birthdayOrderOf('AU'), ['day', 'month', 'year']);
  t.strictSame(birthdayOrderOf('ID'), ['day', 'month', 'year']);
  t.strictSame(birthdayOrderOf('CA'), ['month', 'day', 'year']);
});
