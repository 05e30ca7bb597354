// One catalogue per language (checkout/i18n/catalogues/): each has every key and no other,
// each message parses as ICU MessageFormat and takes the same values in every language,
// every key is asked for by code, and the pseudo-language wraps every text it gives.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import t from 'tap';
import { visitorMessage } from '../../checkout/failures.ts';
import { en } from '../../checkout/i18n/catalogues/en.ts';
import { CATALOGUES } from '../../checkout/i18n/catalogues/index.ts';
import { LANGUAGES } from '../../checkout/i18n/languages.ts';
import { derivedTexts } from '../../checkout/i18n/shape.ts';
import { PSEUDO_CLOSE, PSEUDO_OPEN, translatorFor } from '../../checkout/i18n/translate.ts';
import { textsFor } from '../../checkout/messages.ts';

const KEYS = Object.keys(en).sort();

/** The values a message takes, with how it uses each (plain, plural, select...). */
function argumentsOf(elements: MessageFormatElement[], found = new Map<string, string>()): Map<string, string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    const kind = element.type === TYPE.plural ? 'plural' : element.type === TYPE.select ? 'select' : 'value';
    if ('value' in element && typeof element.value === 'string') {
      // A value shown plainly in one language may be counted in another (French plurals).
      const known = found.get(element.value);
      found.set(element.value, known === 'plural' || kind === 'plural' ? 'plural or value' : kind);
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    }
  }
  return found;
}

const names = (message: string) => [...argumentsOf(parse(message, { ignoreTag: true })).keys()].sort();

t.test('every catalogue has every key, and only those', async (t) => {
  t.ok(KEYS.length > 200, `${KEYS.length} keys`);
  for (const language of LANGUAGES) {
    t.strictSame(Object.keys(CATALOGUES[language]).sort(), KEYS, language);
    const empty = KEYS.filter((key) => CATALOGUES[language][key as keyof typeof en].trim() === '');
    t.strictSame(empty, [], `${language}: every text says something`);
  }
});

t.test('every message parses and takes the same values in every language', async (t) => {
  for (const key of KEYS) {
    const english = names(en[key as keyof typeof en]);
    for (const language of LANGUAGES) {
      const message = CATALOGUES[language][key as keyof typeof en];
      // names() parses: a message that does not throws here, naming the key.
      const taken = names(message);
      if (taken.join() !== english.join()) t.fail(`${language} ${key} takes ${taken.join(', ')}, English ${english.join(', ')}`);
    }
  }
  t.pass(`${KEYS.length} messages in ${LANGUAGES.length} languages`);
});

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'catalogues' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

t.test('every key is asked for by code', async (t) => {
  const root = new URL('../../', import.meta.url).pathname;
  const code = ['checkout', 'ui', 'server', 'views', 'islands']
    .flatMap((dir) => sources(join(root, dir)))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  // Code reads a text by its path (texts.QUOTE_TEXT.expired), by its name as data
  // (IDENTITY_TEXT[problem] where problem is 'cameraBusy'), takes a group of it whole
  // (texts.AU_STATES, STEP_TEXT.names[step]), or names its key.
  const mentions = (pattern: string) => new RegExp(pattern).test(code);
  const read = (key: string) => {
    const path = key.split('.');
    const [group, last] = [path[0]!, path.at(-1)!];
    if (code.includes(`'${key}'`)) return true;
    if (!mentions(`\\b${group}\\b`)) return false;
    if (path.length === 1 || mentions(`\\.${last}\\b|\\b${last}:|'${last}'`)) return true;
    return path.slice(0, -1).some((part) => mentions(`\\.${part}(?:\\[|\\b(?![.\\w(]))`) || mentions(`\\b${part}\\[`));
  };
  t.strictSame(
    KEYS.filter((key) => !read(key)),
    [],
    'no key that nothing shows',
  );
});

t.test("the texts take the catalogue's shape: a key is a path, a text with values a function of them", async (t) => {
  for (const language of LANGUAGES) {
    const texts = derivedTexts(translatorFor(language)) as unknown as Record<string, unknown>;
    const misshapen = KEYS.filter((key) => {
      const text = key.split('.').reduce<unknown>((group, part) => (group as Record<string, unknown>)[part], texts);
      return typeof text !== (names(en[key as keyof typeof en]).length > 0 ? 'function' : 'string');
    });
    t.strictSame(misshapen, [], `${language}: every key a text, a function where it takes values`);
  }
  const english = textsFor('en');
  t.equal(english.ADDRESS_MESSAGES.invalid({ coin: 'LTC' }), 'This is not a valid LTC address.');
  t.equal(english.CODE_MESSAGES.attemptsLeft({ count: 2 }), 'You have 2 attempts left.');
  t.equal(english.STEP_TEXT.of({ n: 1, total: 4, name: 'Quote' }), 'Step 1 of 4: Quote');
});

t.test('plurals and values through ICU, figures in the page locale', async (t) => {
  const fr = textsFor('fr-CA');
  t.equal(fr.RATE_LIMIT_TEXT.tryAgainIn(1), 'Trop de tentatives à partir de votre connexion. Veuillez réessayer dans 1 seconde.');
  t.equal(
    fr.RATE_LIMIT_TEXT.tryAgainIn(30),
    'Trop de tentatives à partir de votre connexion. Veuillez réessayer dans 30 secondes.',
  );
  t.equal(
    fr.RATE_LIMIT_TEXT.tryAgainIn(600),
    'Trop de tentatives à partir de votre connexion. Veuillez réessayer dans 10 minutes.',
  );
  t.equal(
    textsFor('en').RATE_LIMIT_TEXT.tryAgainIn(61),
    'Too many attempts from your connection. Please try again in 61 seconds.',
  );
  t.equal(translatorFor('fr-CA')('TIME.hours', { n: 1 }), '1 heure');
  t.equal(translatorFor('fr-CA')('TIME.hours', { n: 12 }), '12 heures');
  t.equal(translatorFor('en')('TIME.hours', { n: 1 }), '1 hour');
  t.equal(
    fr.STEP_TEXT.of({ n: 2, total: 4, name: fr.STEP_TEXT.names.details }),
    'Étape 2 sur 4\u00a0: Coordonnées',
    'a no-break space before the colon',
  );
  t.equal(fr.CONFIRM_TEXT.cryptoSent.at(-1), '?');
  t.notMatch(fr.CONFIRM_TEXT.cryptoSent, /\s\?$/, 'no space before the question mark');
});

t.test('Filipino and Indonesian: one sentence for exactly one, plain counts otherwise, figures in their locale', async (t) => {
  const fil = textsFor('fil');
  const id = textsFor('id');
  t.match(fil.CODE_MESSAGES.attemptsLeft({ count: 1 }), 'makakansela ang order', 'one attempt left warns in Filipino');
  t.notMatch(
    fil.CODE_MESSAGES.attemptsLeft({ count: 2 }),
    'makakansela',
    "Filipino's plural 'one' (2, 3, 5…) is not 'exactly one'",
  );
  t.match(id.CODE_MESSAGES.attemptsLeft({ count: 1 }), 'membatalkan pesanan');
  t.equal(id.CODE_MESSAGES.attemptsLeft({ count: 3 }), 'Sisa 3 kali percobaan.');
  t.equal(fil.TIME.hours(2 * 60 * 60 * 1000), '2 oras');
  t.equal(id.TIME.hours(48 * 60 * 60 * 1000), '48 jam');
  t.equal(id.RATE_LIMIT_TEXT.tryAgainIn(1200), 'Terlalu banyak percobaan dari koneksi Anda. Silakan coba lagi dalam 20 menit.');
  t.equal(fil.locale, 'fil-PH');
  t.equal(id.locale, 'id-ID');
  t.equal(
    id.QUOTE_RETRY.body({ seconds: 1_000, attempt: 1, attempts: 3 }).includes('1.000 detik'),
    true,
    'counts grouped as Indonesian writes them',
  );
});

t.test('the pseudo-language: every text accented and wrapped, the values as they are', async (t) => {
  const pseudo = textsFor('en-XA');
  t.equal(pseudo.ACTIONS.next, `${PSEUDO_OPEN}ÑÉẊŦ${PSEUDO_CLOSE}`);
  const address = pseudo.ADDRESS_MESSAGES.invalid({ coin: 'BTC' });
  t.ok(address.startsWith(PSEUDO_OPEN) && address.endsWith(PSEUDO_CLOSE), address);
  t.match(address, ' BTC ', 'the value untouched');
  t.notMatch(address, /[a-z]{3}/, 'no plain English word');
  t.equal(translatorFor('en-XA')('TIME.hours', { n: 2 }), `${PSEUDO_OPEN}2 ĥöûŕš${PSEUDO_CLOSE}`);
});

t.test("the upstream's words: a code the catalogue words is read in the visitor's language, others as today", async (t) => {
  const limit = {
    status: 422,
    code: 'TRANSACTION.DAILYLIMIT.REACHED',
    msg: 'You have reached your daily limit (upstream words).',
  };
  t.equal(
    visitorMessage(limit, textsFor('fr-CA')),
    'Vous avez atteint votre limite de transactions quotidienne. Veuillez réessayer demain.',
  );
  t.equal(visitorMessage(limit, textsFor('en')), limit.msg, "in the default language, the upstream's own words");
  const other = { status: 422, code: 'SOMETHING.ELSE', msg: 'Plain words from the upstream.' };
  t.equal(visitorMessage(other, textsFor('fr-CA')), other.msg, 'no text for the code: the spec rule as today');
  t.equal(visitorMessage({ ...other, status: 500 }, textsFor('fr-CA')), undefined, 'and its fallback where it hides the words');
});
