// Each country's address form: its regions (ISO 3166-2 codes without the country prefix),
// its labels and its postal code rule; and every region as a body the upstream contract takes.
import t from 'tap';
import { AU_STATES } from '../../checkout/address/au.ts';
import { CA_PROVINCES } from '../../checkout/address/ca.ts';
import { ID_PROVINCES } from '../../checkout/address/id.ts';
import { ADDRESS_FORMS, addressFormOf, normalisePostalCode, postalCodeFits } from '../../checkout/address/index.ts';
import { PH_PROVINCES } from '../../checkout/address/ph.ts';
import { buyerInfoRequestSchema } from '../../checkout/contract.ts';
import { textsFor } from '../../checkout/messages.ts';

const LISTS = { CA: CA_PROVINCES, AU: AU_STATES, PH: PH_PROVINCES, ID: ID_PROVINCES };
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

t.test('the region lists: counts, unique codes and names', async (t) => {
  t.equal(CA_PROVINCES.length, 13, "Canada's 13 provinces and territories");
  t.equal(AU_STATES.length, 8, "Australia's 8 states and territories");
  t.equal(PH_PROVINCES.length, 83, "the Philippines' 82 provinces and Metro Manila");
  t.equal(ID_PROVINCES.length, 38, "Indonesia's 38 provinces");
  for (const [country, list] of Object.entries(LISTS)) {
    t.equal(new Set(list.map((r) => r.code)).size, list.length, `${country}: codes unique`);
    t.equal(new Set(list.map((r) => r.name)).size, list.length, `${country}: names unique`);
    t.ok(
      list.every((r) => /^[A-Z0-9]{2,3}$/.test(r.code)),
      `${country}: ISO 3166-2 codes without the ${country}- prefix`,
    );
    t.ok(
      list.every((r) => r.name.length > 2 && r.name.trim() === r.name),
      `${country}: names`,
    );
    t.equal(ADDRESS_FORMS[country as keyof typeof LISTS].regions, list, `${country}: the form offers its list`);
  }
  t.strictSame([...PH_PROVINCES].sort(byName), PH_PROVINCES, 'the Philippines by name');
  t.strictSame([...ID_PROVINCES].sort(byName), ID_PROVINCES, 'Indonesia by name');
});

t.test('the regions people look for', async (t) => {
  const name = (list: readonly { code: string; name: string }[], code: string) => list.find((r) => r.code === code)?.name;
  t.equal(name(PH_PROVINCES, '00'), 'Metro Manila', 'the National Capital Region, as people call it');
  t.equal(name(PH_PROVINCES, 'CEB'), 'Cebu');
  t.equal(name(PH_PROVINCES, 'COM'), 'Davao de Oro');
  t.equal(name(PH_PROVINCES, 'MGN'), 'Maguindanao del Norte', 'Maguindanao as split in 2022');
  t.equal(name(PH_PROVINCES, 'MGS'), 'Maguindanao del Sur');
  t.equal(name(PH_PROVINCES, 'MAG'), undefined, 'the old Maguindanao is gone');
  t.equal(name(PH_PROVINCES, '40'), undefined, 'regions other than the capital are not provinces');
  t.equal(name(ID_PROVINCES, 'JK'), 'Jakarta Raya');
  t.equal(name(ID_PROVINCES, 'BA'), 'Bali');
  for (const code of ['PD', 'PE', 'PS', 'PT'])
    t.ok(name(ID_PROVINCES, code)?.startsWith('Papua '), `the new Papua province ${code}`);
  for (const code of ['JW', 'KA', 'ML', 'NU', 'PP', 'SL', 'SM'])
    t.equal(name(ID_PROVINCES, code), undefined, `${code} is an island group, not a province`);
  t.equal(name(CA_PROVINCES, 'QC'), 'Quebec');
  t.equal(name(AU_STATES, 'ACT'), 'Australian Capital Territory');
});

t.test('labels follow the country; the spec says Province and State', async (t) => {
  const labels = Object.fromEntries(
    Object.entries(ADDRESS_FORMS).map(([country, f]) => [country, [f.regionLabel, f.postalLabel, f.regionRequired]]),
  );
  t.strictSame(labels, {
    CA: ['Province', 'Postal code', 'Province required'],
    AU: ['State', 'Postcode', 'State required'],
    PH: ['Province', 'ZIP code', 'Province required'],
    ID: ['Province', 'Postal code', 'Province required'],
  });
  t.equal(addressFormOf('PH'), ADDRESS_FORMS.PH);
  for (const unknown of ['ZZ', 'ph', '', 'toString', '__proto__'])
    t.equal(addressFormOf(unknown), ADDRESS_FORMS.CA, `${unknown || 'empty'}: Canada, the default currency's country`);
});

t.test('postal code rules per country', async (t) => {
  const rows: [string, string, boolean][] = [
    // Canada: 6 characters after removing spaces (docs/spec.md section 5).
    ['CA', 'K1A 0B1', true],
    ['CA', 'k1a0b1', true],
    ['CA', 'K1A 0B', false],
    ['CA', 'K1A-0B1', false],
    ['CA', '2000', false],
    // Australia: 4 (the spec), digits.
    ['AU', '2000', true],
    ['AU', ' 2 000 ', true],
    ['AU', '200', false],
    ['AU', '20000', false],
    ['AU', 'ABCD', false],
    // The Philippines: 4 digits.
    ['PH', '1000', true],
    ['PH', '6000', true],
    ['PH', '100', false],
    ['PH', '10000', false],
    ['PH', '1OOO', false],
    ['PH', '١٠٠٠', false],
    // Indonesia: 5 digits.
    ['ID', '10110', true],
    ['ID', '1011', false],
    ['ID', '101100', false],
    ['ID', 'ABCDE', false],
  ];
  for (const [country, typed, fits] of rows)
    t.equal(postalCodeFits(normalisePostalCode(typed), addressFormOf(country)), fits, `${country} ${JSON.stringify(typed)}`);
  t.same(Object.fromEntries(Object.entries(ADDRESS_FORMS).map(([c, f]) => [c, f.postalCode])), {
    CA: { length: 6, digitsOnly: false },
    AU: { length: 4, digitsOnly: true },
    PH: { length: 4, digitsOnly: true },
    ID: { length: 5, digitsOnly: true },
  });
});

t.test('every region of every country is an address the upstream contract takes', async (t) => {
  const addressSchema = buyerInfoRequestSchema.shape.address.unwrap();
  const postal = { CA: 'K1A0B1', AU: '2000', PH: '1000', ID: '10110' };
  for (const [country, list] of Object.entries(LISTS)) {
    const postalCode = postal[country as keyof typeof postal];
    const refused = list.filter(
      (r) =>
        !addressSchema.safeParse({ addressLine1: '1 Main St', cityTown: 'Capital', stateProv: r.code, postalCode, country: 'CA' })
          .success,
    );
    t.strictSame(refused, [], `${country}: all ${list.length} taken`);
  }
});

t.test('a French page names the provinces in French, with the same codes', async (t) => {
  const french = addressFormOf('CA', textsFor('fr-CA')).regions;
  t.same(
    french.map((r) => r.code),
    CA_PROVINCES.map((r) => r.code),
  );
  t.equal(french.find((r) => r.code === 'QC')?.name, 'Québec');
  t.equal(french.find((r) => r.code === 'BC')?.name, 'Colombie-Britannique');
  t.equal(french.find((r) => r.code === 'PE')?.name, 'Île-du-Prince-Édouard');
  t.equal(addressFormOf('CA').regions.find((r) => r.code === 'QC')?.name, 'Quebec', 'English unchanged');
});

t.test("a French page names Australia's states in French; the Philippines' and Indonesia's keep their own names", async (t) => {
  const french = addressFormOf('AU', textsFor('fr-CA')).regions;
  t.same(
    french.map((r) => r.code),
    AU_STATES.map((r) => r.code),
    'the same codes, in the same order',
  );
  t.equal(french.find((r) => r.code === 'NSW')?.name, 'Nouvelle-Galles du Sud');
  t.equal(french.find((r) => r.code === 'WA')?.name, 'Australie-Occidentale');
  t.equal(addressFormOf('AU').regions.find((r) => r.code === 'NSW')?.name, 'New South Wales', 'English unchanged');
  t.same(addressFormOf('PH', textsFor('fr-CA')).regions, PH_PROVINCES);
  t.same(addressFormOf('ID', textsFor('fr-CA')).regions, ID_PROVINCES);
});
