// The island HTML cache (server/render/island.tsx) keeps only islands whose props are the
// same for every visitor: the home form of a merchant with nothing typed. Whatever a
// visitor types is rendered for that visitor alone, never kept, never shown to the next.

import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import t from 'tap';
import { LANGUAGES } from '../../checkout/i18n/languages.ts';
import { type IslandName, type IslandProps, islandLoaders } from '../../islands/registry.ts';
import { cachedIslandHtmlEntries, RENDERS_NOTHING } from '../../server/render/island.tsx';
import { PageLanguageContext } from '../../ui/page-language.ts';
import { directLink, quoteForm, Visitor } from '../helpers/journey.ts';
import { type Stack, startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

const MAPLE = 'maple.localhost';

/** The AmountForm island's server HTML and its props script, as the page carries them. */
function amountIsland(html: string): string {
  const match =
    /<div id="(island-\d+)"[^>]*data-island="AmountForm"[^>]*>[\s\S]*?<script type="application\/json" data-for="\1">[^<]*<\/script>/.exec(
      html,
    );
  if (!match) throw new Error('no AmountForm island on the page');
  return match[0];
}

const home = async (s: Stack, host = MAPLE) => (await new Visitor(s, host).get('/')).body;

/** Values nobody else types: each must stay with the visitor who typed it. */
const TYPED = {
  word: 'zq-typed-7261',
  amount: '4321.77',
  sell: '0.98765432',
  limit: '401',
};

/**
 * A typed value standing on its own, not within a longer number: the form's props carry
 * the ticker's moving prices, and one of them can read 95401.23.
 */
const standingAlone = (value: string) => new RegExp(`(?<![\\d.])${value.replaceAll('.', '\\.')}(?![\\d.])`);

t.test('a visitor with typed values gets them back; the cache keeps none of them', async (t) => {
  const before = amountIsland(await home(stack));
  t.ok(
    cachedIslandHtmlEntries().some(([, html]) => before.includes(html)),
    'the empty home form is served from the cache',
  );

  const typist = new Visitor(stack, MAPLE);
  const pages = [
    await typist.submit('/', quoteForm({ amount: TYPED.word })),
    await typist.submit('/', quoteForm({ amount: TYPED.amount })),
    await typist.submit('/', quoteForm({ kind: 'SELL', amount: TYPED.sell })),
    await typist.submit('/', quoteForm({ amount: TYPED.limit })),
    await typist.get(directLink({ amount: TYPED.word })),
  ];
  // The forms refused come back through their 303 (the limit's modal too); the link answers with the page.
  const statuses = [200, 200, 200, 200, 422];
  for (const [i, page] of pages.entries()) {
    t.equal(page.statusCode, statuses[i], `form ${i}: refused, so the home form is shown again`);
  }
  t.match(amountIsland(pages[0]!.body), `value="${TYPED.word}"`, 'the typed word is in the island HTML');
  t.match(amountIsland(pages[0]!.body), `"fiatAmount":"${TYPED.word}"`, 'and in its props');
  t.match(amountIsland(pages[1]!.body), `value="${TYPED.amount}"`);
  t.match(amountIsland(pages[2]!.body), `value="${TYPED.sell}"`);
  t.match(amountIsland(pages[3]!.body), `value="${TYPED.limit}"`);

  const cached = cachedIslandHtmlEntries().flat().join('\n');
  for (const [name, value] of Object.entries(TYPED)) {
    t.notMatch(cached, standingAlone(value), `the cache holds nothing of the ${name} typed`);
  }
  t.notMatch(cached, /Amount must be|Value must be|daily transaction limit/, 'nor the messages given about it');

  const next = amountIsland(await home(stack));
  t.equal(next, before, 'the next visitor gets the same empty form as before');
  for (const value of Object.values(TYPED)) t.notMatch(next, standingAlone(value));
});

t.test("the cache is per merchant: one merchant never gets another one's form", async (t) => {
  const maple = amountIsland(await home(stack, MAPLE));
  const roo = amountIsland(await home(stack, 'roo.localhost'));
  t.not(maple, roo);
  t.equal(amountIsland(await home(stack, 'roo.localhost')), roo, 'each from its own cache entry');
  t.equal(amountIsland(await home(stack, MAPLE)), maple);
});

/** Props of every kind the pages give the islands the server does not render. */
const SAMPLE_PROPS: { [N in IslandName]?: IslandProps<N> } = {
  Analytics: {
    formId: 'quote-form',
    transaction: {
      transactionId: 'R1',
      transactionType: 'BUY',
      paymentMethod: 'ETRANSFER',
      fiatAmount: 100,
      fiatCurrency: 'CAD',
      cryptoAmount: 0.001,
      cryptoCurrency: 'BTC',
    },
  },
  LeaveGuard: {},
  OrderWatch: { statusUrl: '/api/status', pageUrl: '/bank-select' },
  UserAgentLog: { url: 'https://forms.example/ua', refId: 'R1' },
};

t.test('the islands the server does not render render nothing indeed', async (t) => {
  for (const name of RENDERS_NOTHING) {
    const props = SAMPLE_PROPS[name] as Record<string, unknown> | undefined;
    t.ok(props, `${name} has sample props`);
    const Component = (await islandLoaders[name]()).default as React.FC<Record<string, unknown>>;
    for (const language of LANGUAGES) {
      const html = renderToString(createElement(PageLanguageContext, { value: language }, createElement(Component, props)));
      t.equal(html, '', `${name} in ${language}: no markup`);
    }
  }
  // maple is PROD: its quote page carries the analytics and user-agent islands.
  const visitor = new Visitor(stack, MAPLE);
  t.equal((await visitor.post('/', quoteForm())).headers.location, '/price-quote', 'a quote to look at');
  const quote = (await visitor.get('/price-quote')).body;
  for (const name of ['Analytics', 'UserAgentLog']) {
    t.match(
      quote,
      new RegExp(`<div id="(island-\\d+)" data-island="${name}"[^>]*></div><script type="application/json" data-for="\\1">{`),
      `${name}: an empty island with its props, for the browser to run`,
    );
  }
});
