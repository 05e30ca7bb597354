// The visitor's language (server/i18n/): negotiated from the switch's cookie or
// Accept-Language among the merchant's languages, switched with ?lang= without JavaScript,
// told in <html lang>, Content-Language and Vary, and never mixed up by the caches of pages
// rendered once per merchant and language (the shared pages, the shells, the fast path).
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import t from 'tap';
import { textsFor } from '../../checkout/messages.ts';
import { pageUrlOf } from '../../server/i18n/plugin.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { cachedShells } from '../../server/render/shell.tsx';
import type { Merchant } from '../../server/tenancy/load.ts';
import { loadMerchants, MerchantConfigError } from '../../server/tenancy/load.ts';
import { fallbacks, merchantWords } from '../../server/tenancy/texts.ts';
import { MAPLE, quoteForm, startFlow, Visitor } from '../helpers/journey.ts';
import { type Stack, startStack } from '../helpers/stack.ts';
import { minimalMerchant, removeFixture, validFiles, writeFixture } from '../tenancy/fixtures.ts';

const ROO = 'roo.localhost';
const stack = await startStack();
t.teardown(() => stack.close());

const page = (url: string, headers: Record<string, string> = {}, host = MAPLE) =>
  stack.app.inject({ url, headers: { host, ...headers } });

const htmlLang = (body: string) => /<html lang="([^"]+)"/.exec(body)?.[1];

function overSocket(s: Stack, path: string, headers: OutgoingHttpHeaders): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: s.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

function merchantOf(host: string): Merchant {
  const found = stack.app.merchants.resolve(host);
  if (found.kind !== 'known') throw new Error(`${host} is a demo merchant`);
  return found.merchant;
}

t.test("Accept-Language picks the first of the merchant's languages the browser asks for", async (t) => {
  const cases: [string | undefined, string][] = [
    ['fr-CA,fr;q=0.9,en;q=0.8', 'fr-CA'],
    ['fr-FR', 'fr-CA'],
    ['fr', 'fr-CA'],
    ['en-US,en;q=0.9,fr;q=0.5', 'en'],
    ['de-DE,fr;q=0.5', 'fr-CA'],
    ['de-DE', 'en'],
    ['*', 'en'],
    [undefined, 'en'],
  ];
  for (const [asked, want] of cases) {
    const res = await page('/terms-of-service', asked === undefined ? {} : { 'accept-language': asked });
    t.equal(res.statusCode, 200);
    t.equal(htmlLang(res.body), want, `${asked ?? 'no header'}: <html lang>`);
    t.equal(res.headers['content-language'], want, `${asked ?? 'no header'}: Content-Language`);
  }
  const roo = await page('/', { 'accept-language': 'fr-CA' }, ROO);
  t.equal(htmlLang(roo.body), 'en', 'a merchant that offers English only answers in English');
});

t.test('Filipino on manila, Filipino and Indonesian on test: what Philippine and Indonesian browsers send', async (t) => {
  const cases: [string, string, string][] = [
    ['manila.localhost', 'fil-PH,fil;q=0.9,en;q=0.8', 'fil'],
    ['manila.localhost', 'tl', 'fil'],
    ['manila.localhost', 'en-PH,en;q=0.9,fil;q=0.8', 'en'],
    ['manila.localhost', 'id-ID', 'en'],
    ['test.localhost', 'id-ID,id;q=0.9,en;q=0.8', 'id'],
    ['test.localhost', 'in', 'id'],
    ['test.localhost', 'fil', 'fil'],
    ['test.localhost', 'en-US', 'en'],
  ];
  for (const [host, asked, want] of cases) {
    const res = await page('/', { 'accept-language': asked }, host);
    t.equal(res.statusCode, 200);
    t.equal(htmlLang(res.body), want, `${host} ${asked}: <html lang>`);
    t.equal(res.headers['content-language'], want, `${host} ${asked}: Content-Language`);
  }
  const manila = await page('/', { 'accept-language': 'fil' }, 'manila.localhost');
  t.match(manila.body, 'Bumili at magbenta ng crypto', 'the page in Filipino');
  t.match(manila.body, /<span lang="fil" aria-current="true">Filipino<\/span>/);
  const test = await page('/', { 'accept-language': 'id' }, 'test.localhost');
  t.match(test.body, 'Beli dan jual kripto', 'the page in Indonesian');
  t.match(test.body, /lang="id"[^>]*>Bahasa Indonesia</);
});

t.test('pages say what their language was chosen by', async (t) => {
  for (const url of ['/', '/terms-of-service']) {
    const res = await page(url, { 'accept-language': 'fr-CA' });
    const vary = String(res.headers.vary).split(/,\s*/);
    t.ok(vary.includes('accept-language') && vary.includes('cookie') && vary.includes('accept-encoding'), `${url}: ${vary}`);
  }
  const head = await stack.app.inject({ method: 'HEAD', url: '/', headers: { host: MAPLE, 'accept-language': 'fr' } });
  t.equal(head.headers['content-language'], 'fr-CA', 'HEAD as GET');
});

t.test('the switch: a plain link that sets a host-only cookie and comes back without the parameter', async (t) => {
  const res = await page('/?lang=fr-CA', { 'accept-language': 'en' });
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/');
  const cookie = String(res.headers['set-cookie']);
  t.match(cookie, /^lang=fr-CA;/);
  t.match(cookie, /Path=\//);
  t.match(cookie, /SameSite=Lax/);
  t.match(cookie, /HttpOnly/);
  t.notMatch(cookie, /Domain=/i, 'this host only');
  const kept = await page('/?refId=abc&lang=en&x=1');
  t.equal(kept.headers.location, '/?refId=abc&x=1', "the page's other parameters are kept");

  const chosen = await page('/', { cookie: 'lang=fr-CA', 'accept-language': 'en-US' });
  t.equal(htmlLang(chosen.body), 'fr-CA', 'the choice wins over the browser');
  const back = await page('/terms-of-service', { cookie: 'lang=en', 'accept-language': 'fr-CA' });
  t.equal(htmlLang(back.body), 'en');

  const unknown = await page('/?lang=de');
  t.equal(unknown.statusCode, 303, 'a language not offered changes nothing');
  t.notOk(unknown.headers['set-cookie']);
  const notOffered = await page('/', { cookie: 'lang=fr-CA', 'accept-language': 'fr-CA' }, ROO);
  t.equal(htmlLang(notOffered.body), 'en', "a choice the merchant does not offer: the merchant's default");
  const api = await stack.app.inject({ url: '/api/ticker?lang=fr-CA', headers: { host: MAPLE } });
  t.not(api.statusCode, 303, 'only pages switch');
});

t.test('the header offers the switch only where there is a choice, each name in its own language', async (t) => {
  const maple = await page('/', { 'accept-language': 'fr-CA' });
  t.match(maple.body, /<a href="\/\?lang=en" lang="en" hrefLang="en">English<\/a>/i);
  t.match(maple.body, /<span lang="fr-CA" aria-current="true">Français<\/span>/);
  const roo = await page('/', {}, ROO);
  t.notMatch(roo.body, 'language-switch');

  // A tab (a page rendered once for everyone) and a page of an order both come back as they were.
  const sellTab = await page('/?type=SELL');
  t.match(sellTab.body, 'href="/?type=SELL&amp;lang=fr-CA"', "the tab's link keeps the tab");
  t.equal((await page('/?type=SELL&lang=fr-CA')).headers.location, '/?type=SELL', 'and comes back to it');
  const odd = await page('/?type=SELL&utm_source=mail');
  t.match(odd.body, 'href="/?type=SELL&amp;lang=fr-CA"', 'a shared page links to its own URL, not a visitor’s');
  const visitor = await startFlow(stack);
  const quote = await visitor.get('/price-quote?from=mail');
  t.equal(quote.statusCode, 200);
  t.match(quote.body, 'href="/price-quote?from=mail&amp;lang=fr-CA"', 'a page rendered per request keeps its query');
});

t.test("the switch on a form's answer links to the screen's page, not to the path the form posted to", async (t) => {
  const asked = (method: string, url: string, screen?: string, params: Record<string, string> = {}) =>
    pageUrlOf({ method, url, params, routeOptions: { config: { screen } } } as unknown as FastifyRequest);
  t.equal(
    asked('GET', '/price-quote?from=mail&lang=en'),
    '/price-quote?from=mail',
    "a GET: its own URL, the switch's parameter out",
  );
  t.equal(asked('POST', '/price-quote/accept', 'price-quote'), '/price-quote', "an action's answer: its screen's page");
  t.equal(asked('POST', '/state/ABC123/confirm', 'state', { refId: 'ABC123' }), '/state/ABC123', 'its parameters filled in');
  t.equal(asked('POST', '/buyer-info-input?x=1', 'buyer-info-input'), '/buyer-info-input');
  t.equal(asked('POST', '/nowhere?x=1'), '/nowhere', 'no screen: the path it was sent to');
  // Followed, the link comes back to a page, where the action's path would have sent the visitor home.
  const visitor = await startFlow(stack);
  const back = await visitor.get('/price-quote?lang=fr-CA');
  t.equal(back.headers.location, '/price-quote');
});

t.test('the pseudo-language outside production only, by choice', async (t) => {
  const res = await page('/terms-of-service', { cookie: 'lang=en-XA' });
  t.equal(htmlLang(res.body), 'en-XA');
  const asked = await page('/terms-of-service', { 'accept-language': 'en-XA' });
  t.equal(htmlLang(asked.body), 'en', 'never negotiated');
  const production = await startStack({ listen: false, env: { NODE_ENV: 'production', SANDBOX: 'on' } });
  t.teardown(() => production.close());
  const refused = await production.app.inject({ url: '/terms-of-service', headers: { host: MAPLE, cookie: 'lang=en-XA' } });
  t.equal(htmlLang(refused.body), 'en');
});

t.test("the merchant's legal pages and footer per language, the default language where one is missing", async (t) => {
  const terms = await page('/terms-of-service', { 'accept-language': 'fr-CA' });
  t.match(terms.body, '<h1>Conditions d’utilisation</h1>');
  t.match(terms.body, 'Politique de confidentialité', 'the French footer');
  const privacy = await page('/privacy-policy', { 'accept-language': 'fr-CA' });
  t.equal(privacy.statusCode, 200, 'never a 404');
  t.match(privacy.body, '<h1>Privacy Policy</h1>', 'no French page: the English one');
  t.equal(htmlLang(privacy.body), 'fr-CA', 'in the French page around it');
  const english = await page('/terms-of-service', { 'accept-language': 'en' });
  t.match(english.body, '<h1>Terms of Service</h1>');
  t.match(english.body, 'Privacy Policy');
});

t.test('pages rendered once are rendered once per merchant and language, and never cross', async (t) => {
  const fr = { 'accept-language': 'fr-CA' };
  const en = { 'accept-language': 'en-CA' };
  // The full path renders and publishes each; the next ones come from the fast path.
  for (let round = 0; round < 3; round++) {
    for (const [headers, want] of [
      [fr, 'fr-CA'],
      [en, 'en'],
      [{ cookie: 'lang=fr-CA', ...en }, 'fr-CA'],
      [{ cookie: 'lang=en', ...fr }, 'en'],
    ] as const) {
      const res = await overSocket(stack, '/terms-of-service', { host: MAPLE, ...headers });
      t.equal(res.status, 200);
      t.equal(htmlLang(res.body), want, `round ${round}: ${JSON.stringify(headers)}`);
      t.match(res.body, want === 'fr-CA' ? 'Conditions d’utilisation' : 'Terms of Service');
    }
  }
  t.ok(stack.app.sharedPagesFastPath.answered > 0, 'the fast path answered some');
  // A refused home form, in French by the switch's cookie: its page is rendered for the visitor.
  const refused = await new Visitor(stack, MAPLE, 'lang=fr-CA').submit('/', { ...quoteForm(), fiatAmount: 'many' });
  t.equal(htmlLang(refused.body), 'fr-CA', 'a page rendered per request, on a shell');
  const languages = new Set([...cachedShells(merchantOf(MAPLE)).keys()].map((key) => key.split('\n')[1]));
  t.ok(languages.has('fr-CA'), 'shells are kept per language');
});

t.test('the merchant file: languages default to English, and texts for a language not offered are refused', async (t) => {
  const loaded = await loadMerchants(await writeFixture(validFiles()), { blocking: true, methods: PAYMENT_METHODS });
  t.strictSame(loaded.byId.get('a')?.config.languages, ['en']);
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['a language twice', { 'a/merchant.json': minimalMerchant('a', { languages: ['en', 'en'] }) }, /duplicate "en"/],
    ['an unknown language', { 'a/merchant.json': minimalMerchant('a', { languages: ['xx'] }) }, /languages/],
    ['a footer not offered', { 'a/footer.fr-CA.html': '<p>Bonjour</p>' }, /fr-CA is not among the merchant's other languages/],
    ['legal pages not offered', { 'a/legal/fr-CA/refund-policy.html': '<p>Bonjour</p>' }, /fr-CA is not among/],
  ];
  for (const [name, files, want] of cases) {
    const dir = await writeFixture(validFiles(files as never));
    t.teardown(() => removeFixture(dir));
    const error = await loadMerchants(dir, { blocking: true, methods: PAYMENT_METHODS }).catch((e: unknown) => e);
    t.ok(error instanceof MerchantConfigError, name);
    t.match((error as MerchantConfigError).message, want, name);
  }
});

t.test("the edge's own refusals speak the visitor's language, on a page and to an island", async (t) => {
  const french = textsFor('fr-CA').ERROR_TEXT.notFound;
  const pageAnswer = await page('/assets/nowhere.js', { 'accept-language': 'fr-CA', accept: 'text/html' });
  t.equal(pageAnswer.statusCode, 404);
  t.equal(htmlLang(pageAnswer.body), 'fr-CA');
  t.match(pageAnswer.body, french);
  const json = await page('/api/nowhere', { 'accept-language': 'fr-CA', accept: 'application/json' });
  t.same(json.json(), { error: { code: 'REQUEST.NOT_FOUND', msg: french } });
  const english = await page('/api/nowhere', { accept: 'application/json' });
  t.same(english.json(), { error: { code: 'REQUEST.NOT_FOUND', msg: textsFor('en').ERROR_TEXT.notFound } });
});

t.test("the merchant's own words in its other languages: translated where given, the default's elsewhere", async (t) => {
  const french = await page('/', { 'accept-language': 'fr-CA' });
  t.match(french.body, 'Les commandes par virement Interac reçues après 21 h', "the notice in the merchant's French");
  t.match(french.body, '>Carte de crédit</option>', 'a payment method by its French label');
  const english = await page('/', { 'accept-language': 'en' });
  t.match(english.body, 'Interac e-Transfer orders received after 9 p.m. Eastern');
  t.match(english.body, '>Credit card</option>');
  const spend = await page('/?type=SPEND', { 'accept-language': 'fr-CA' });
  t.match(spend.body, 'Carte-cadeau électronique Northmart.ca', 'a gift card by its French label');
  t.match(spend.body, /<option value="25">25\s\$<\/option>/, 'its presets as French writes amounts');

  const config = merchantOf(MAPLE).config;
  const words = merchantWords(
    { ...config, translations: { 'fr-CA': { paymentMethods: {}, paymentMethodSubtypes: {} } } },
    'fr-CA',
  );
  t.equal(words.psa, config.psa, 'a notice left out reads in the default language');
  t.equal(words.methodLabel({ name: 'CREDITCARD', label: 'Credit card' }), 'Credit card');
  t.equal(merchantWords(config, 'en-XA').title, config.title, 'the pseudo-language shows the default words');
});

t.test(
  "the merchant file's translations: only its other languages, its own methods and cards; what falls back is reported",
  async (t) => {
    const offered = { languages: ['en', 'fr-CA'] };
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['a language not offered', { translations: { 'fr-CA': { psa: 'Bonjour' } } }, /translations\.fr-CA: is not among/],
      [
        'a method it does not offer',
        { ...offered, translations: { 'fr-CA': { paymentMethods: { FLEXEPIN: 'Bon' } } } },
        /translations\.fr-CA\.paymentMethods\.FLEXEPIN: is not in paymentMethods/,
      ],
      [
        'a card it does not have',
        { ...offered, translations: { 'fr-CA': { paymentMethodSubtypes: { NOPE: { label: 'Non' } } } } },
        /translations\.fr-CA\.paymentMethodSubtypes\.NOPE: is not in paymentMethodSubtypes/,
      ],
      ['an unknown word', { ...offered, translations: { 'fr-CA': { slogan: 'Oui' } } }, /slogan/],
    ];
    for (const [name, extra, want] of cases) {
      const dir = await writeFixture(validFiles({ 'a/merchant.json': minimalMerchant('a', extra) }));
      t.teardown(() => removeFixture(dir));
      const error = await loadMerchants(dir, { blocking: true, methods: PAYMENT_METHODS }).catch((e: unknown) => e);
      t.ok(error instanceof MerchantConfigError, name);
      t.match((error as MerchantConfigError).message, want, name);
    }

    const etransfer = { name: 'ETRANSFER', type: 'BUY', label: 'Interac e-Transfer' };
    const dir = await writeFixture(
      validFiles({
        'a/merchant.json': minimalMerchant('a', {
          ...offered,
          psa: 'Closed on holidays.',
          paymentMethods: [etransfer],
          translations: { 'fr-CA': { paymentMethods: { ETRANSFER: 'Virement Interac' } } },
        }),
      }),
    );
    t.teardown(() => removeFixture(dir));
    const loaded = await loadMerchants(dir, { blocking: true, methods: PAYMENT_METHODS });
    t.same(
      fallbacks(loaded.byId.get('a')!),
      [{ language: 'fr-CA', files: ['translations.fr-CA.psa'] }],
      'the check names the notice',
    );
  },
);
