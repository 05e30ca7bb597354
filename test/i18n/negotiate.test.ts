// Language negotiation's bounds (server/i18n/negotiate.ts): whatever Accept-Language a
// request carries, the matcher is given a few tags that name a locale, read from the
// header's first entries; a header is read once, however often it comes; an unreadable
// tag counts as absent. Work counted, not timed.
import t from 'tap';
import type { Language } from '../../checkout/i18n/languages.ts';
import {
  ASKED_CHARS_READ,
  ASKED_ENTRIES_READ,
  askedLanguages,
  boundedAcceptLanguage,
  negotiateLanguage,
} from '../../server/i18n/negotiate.ts';

const OFFERED: Language[] = ['en', 'fr-CA'];
const ask = (acceptLanguage: string) => negotiateLanguage({ offered: OFFERED, cookie: undefined, acceptLanguage, pseudo: false });

t.test('a header as long as a request may carry is cut to its first entries, whole', async (t) => {
  const entries = Array.from({ length: 2_000 }, (_, i) => `x${i}-abc;q=0.${i % 10}`);
  const worst = entries.join(',');
  t.ok(worst.length > 15_000, 'a 15 KB header');
  const bounded = boundedAcceptLanguage(worst);
  t.ok(bounded.length <= ASKED_CHARS_READ, 'no more characters than the bound are read');
  t.equal(bounded.split(',').length, ASKED_ENTRIES_READ, 'no more entries than the bound');
  t.same(bounded.split(','), entries.slice(0, ASKED_ENTRIES_READ), 'each one whole, in order');
  t.ok(askedLanguages(bounded).length <= ASKED_ENTRIES_READ, 'the matcher is given that many tags at most');

  const oneLong = `fr-CA,${'a'.repeat(20_000)}`;
  t.equal(boundedAcceptLanguage(oneLong), 'fr-CA', 'an entry cut by the bound is left out, not read as another tag');
  t.equal(boundedAcceptLanguage('fr-CA,en;q=0.5'), 'fr-CA,en;q=0.5', "a browser's header is read whole");
});

t.test('tags no locale can be read from count as absent; the others still match', async (t) => {
  for (const tag of ['en_US', 'x0', 'i-klingon', 'zh-min-nan', 'root', 'x-foo', 'en-GB-oed', '\u00e9', '*', '']) {
    t.equal(ask(tag), 'en', `${JSON.stringify(tag)}: the merchant's default`);
  }
  t.equal(ask('en_US, fr-CA;q=0.5'), 'fr-CA', 'one bad tag in a list leaves the rest');
  t.same(askedLanguages('fr-FR, en_US;q=0.9, i-klingon;q=0.8, en;q=0.1'), ['fr-FR', 'en']);
});

t.test('a long header costs what its first entries cost: the language is theirs', async (t) => {
  t.equal(ask(`fr-CA,${'de-DE,'.repeat(3_000)}en`), 'fr-CA');
  t.equal(ask(`${'de-DE,'.repeat(3_000)}fr-CA`), 'en', 'a tag past the bound is never read');
});
