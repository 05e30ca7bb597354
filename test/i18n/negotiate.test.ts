// Language negotiation's bounds (server/i18n/negotiate.ts): whatever Accept-Language a
// request carries, the matcher is given at most a few well-formed tags that can win, read
// from the header's first entries; a header is read once, however often it comes; a tag
// that names no locale, or none the merchant speaks, counts as absent. Work counted, not
// timed; the table of subtags that can win is the matcher's own, asked subtag by subtag.
import { match } from '@formatjs/intl-localematcher';
import t from 'tap';
import { LANGUAGES, type Language } from '../../checkout/i18n/languages.ts';
import { ASKED_AS } from '../../server/i18n/asked-as.ts';
import {
  ASKED_CHARS_READ,
  ASKED_ENTRIES_READ,
  boundedAcceptLanguage,
  entriesThatCanWin,
  MATCHED_ENTRIES,
  negotiateLanguage,
  OTHER_REGION,
} from '../../server/i18n/negotiate.ts';

const OFFERED: Language[] = ['en', 'fr-CA'];
const ask = (acceptLanguage: string, offered: readonly Language[] = OFFERED) =>
  negotiateLanguage({ offered, cookie: undefined, acceptLanguage, pseudo: false });

t.test('a header as long as a request may carry is cut to its first entries, whole', async (t) => {
  const entries = Array.from({ length: 2_000 }, (_, i) => `x${i}-abc;q=0.${i % 10}`);
  const worst = entries.join(',');
  t.ok(worst.length > 15_000, 'a 15 KB header');
  const bounded = boundedAcceptLanguage(worst);
  t.ok(bounded.length <= ASKED_CHARS_READ, 'no more characters than the bound are read');
  t.equal(bounded.split(',').length, ASKED_ENTRIES_READ, 'no more entries than the bound');
  t.same(bounded.split(','), entries.slice(0, ASKED_ENTRIES_READ), 'each one whole, in order');

  const oneLong = `fr-CA,${'a'.repeat(20_000)}`;
  t.equal(boundedAcceptLanguage(oneLong), 'fr-CA', 'an entry cut by the bound is left out, not read as another tag');
  t.equal(boundedAcceptLanguage('fr-CA,en;q=0.5'), 'fr-CA,en;q=0.5', "a browser's header is read whole");
});

t.test('tags no locale can be read from count as absent; the others still match', async (t) => {
  for (const tag of ['en_US', 'x0', 'i-klingon', 'zh-min-nan', 'root', 'x-foo', 'en-GB-oed', '\u00e9', '*', '', 'und', 'en-XA']) {
    t.equal(ask(tag), 'en', `${JSON.stringify(tag)}: the merchant's default`);
    t.equal(ask(tag, ['fr-CA', 'en']), 'fr-CA', `${JSON.stringify(tag)}: whichever the default is`);
  }
  t.equal(ask('en_US, fr-CA;q=0.5'), 'fr-CA', 'one bad tag in a list leaves the rest');
  t.same(entriesThatCanWin('fr-FR, en_US;q=0.9, i-klingon;q=0.8, en;q=0.1', OFFERED), ['fr-AA', 'en;q=0.1']);
});

t.test('only entries that can win reach the matcher, read within a few regions and scripts', async (t) => {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const random = (n: number) => Array.from({ length: n }, () => letters[Math.floor(Math.random() * 26)]).join('');
  const winners = [...new Set(OFFERED.flatMap((language) => ASKED_AS[language]))];
  const other = () => {
    for (;;) {
      const subtag = random(3);
      if (!winners.includes(subtag)) return subtag;
    }
  };
  const flood = Array.from({ length: 3_000 }, other).join(', ');
  t.same(
    entriesThatCanWin(boundedAcceptLanguage(flood), OFFERED),
    [],
    'a fresh header of languages the merchant does not speak: none',
  );
  t.same(
    entriesThatCanWin('fr-ZW, fr-CA, EN-gb;q=0.5, en-Cyrl, pa-Arab, pa-Guru-IN, am, de, en-XA, en-ZZ, fr-BE-1694acad', OFFERED),
    ['fr-AA', 'fr-CA', `en-${OTHER_REGION};q=0.5`, 'pa-Guru-AA', 'am', 'en', 'fr-AA'],
    "regions none of the merchant's languages has read as one; a script its languages and the tag's own language never write, left out",
  );
  // However a header is made up, the tags the matcher is given come from a small set.
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
  const seen = new Set<string>();
  for (let i = 0; i < 2_000; i++) {
    const header = Array.from({ length: 16 }, () => `${pick(winners)}-${random(2).toUpperCase()};q=0.${i % 10}`).join(',');
    const entries = entriesThatCanWin(boundedAcceptLanguage(header), OFFERED);
    for (const entry of entries) seen.add(entry.split(';')[0]!);
  }
  // No region (ZZ), the languages' own (CA, and US for en), and the other one.
  const regions = 4;
  t.ok(seen.size <= winners.length * regions, `${seen.size} distinct tags from 32,000 invented entries`);
  t.equal(MATCHED_ENTRIES, 4, 'and at most this many of them per header');
});

t.test("a browser's header picks as ICU's matching does", async (t) => {
  const cases: [string, Language[], Language][] = [
    ['fr-FR,fr;q=0.9,en;q=0.8', OFFERED, 'fr-CA'],
    ['en-GB, fr-CA', OFFERED, 'en'],
    ['de-DE, fr', OFFERED, 'fr-CA'],
    ['es-MX, en;q=0.1', ['fr-CA', 'en'], 'en'],
    ['tl', ['en', 'fil'], 'fil'],
    ['in', ['en', 'id'], 'id'],
    ['ms-MY', ['en', 'id'], 'id'],
    ['fil-PH, en-US;q=0.5', ['en', 'fr-CA', 'fil', 'id'], 'fil'],
    ['zh-CN', OFFERED, 'en'],
    ['zh-CN', ['fr-CA', 'en'], 'fr-CA'],
  ];
  for (const [header, offered, language] of cases)
    t.equal(ask(header, offered), language, `${header} among ${offered.join(', ')}`);
  t.equal(ask(`fr-CA,${'de-DE,'.repeat(3_000)}en`), 'fr-CA');
  t.equal(ask(`${'de-DE,'.repeat(3_000)}fr-CA`), 'en', 'a tag past the bound is never read');
  t.equal(
    ask('de, es, it, pt, nl, sv, da, pl, cs, hu, fr-FR', OFFERED),
    'fr-CA',
    'languages the merchant does not speak never push out one it does',
  );
});

t.test("the subtags that can win are the matcher's, subtag by subtag", async (t) => {
  // Every two- and three-letter language subtag, bare and in Latin script (which every
  // language of the checkout is written in), against each language alone. `und` names no
  // language: negotiate.ts counts it absent.
  const NONE = 'zz';
  const canWin = (subtag: string, among: readonly string[]) =>
    [subtag, `${subtag}-Latn`].some((tag) => match([tag], among as string[], NONE, { algorithm: 'best fit' }) !== NONE);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const subtags: string[] = [];
  for (const a of letters) for (const b of letters) subtags.push(a + b, ...[...letters].map((c) => a + b + c));
  const languages = LANGUAGES;
  const any = subtags.filter((subtag) => subtag !== 'und' && canWin(subtag, languages));
  for (const language of languages) {
    const expected = any.filter((subtag) => canWin(subtag, [language]));
    t.same([...ASKED_AS[language]].sort(), expected, `${language}: '${expected.join(' ')}'`);
  }
});
