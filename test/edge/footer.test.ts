// Which footer a page shows: the full one (the merchant's footer.html, or the built-in one
// with product, company, support and legal links) on the pages anyone arrives at (home, Pro
// entry, legal), and one line of support contacts and legal links on every page of an order.
import t from 'tap';
import { LEGAL_PAGES } from '../../checkout/legal.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { MAPLE, startFlow } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

interface Footer {
  kind: 'full' | 'compact';
  html: string;
  links: string[];
}

/** The page's footer: its kind and the addresses it links to. */
function footerOf(res: { statusCode: number; body: string }): Footer {
  if (res.statusCode !== 200) throw new Error(`no page: ${res.statusCode}`);
  const found = /<footer class="site-footer( compact)?">([\s\S]*?)<\/footer>/.exec(res.body);
  if (!found) throw new Error('the page has no footer');
  const html = found[2]!;
  return {
    kind: found[1] ? 'compact' : 'full',
    html,
    links: [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!),
  };
}

const get = (host: string, url: string) => stack.app.inject({ method: 'GET', url, headers: { host } });

t.test("home, Pro entry and legal pages: the merchant's own footer", async (t) => {
  const merchantsOwn = 'https://maple.example/careers';
  for (const url of ['/', '/?type=SELL', ROUTES.termsOfService.path, '/pro/vip-demo']) {
    const footer = footerOf(await get(MAPLE, url));
    t.equal(footer.kind, 'full', `${url}: full`);
    t.ok(footer.links.includes(merchantsOwn), `${url}: the merchant's footer.html`);
  }
});

t.test('a merchant without footer.html: the built-in footer, product, company, support and legal links', async (t) => {
  const footer = footerOf(await get('checkout.localhost', '/'));
  t.equal(footer.kind, 'full');
  for (const heading of ['Product', 'Company', 'Support', 'Legal']) t.match(footer.html, `<h2>${heading}</h2>`);
  for (const { route } of LEGAL_PAGES) t.ok(footer.links.includes(route.path), route.path);
});

t.test('a step of an order: one line of support and the legal pages the merchant has', async (t) => {
  const full = footerOf(await get(MAPLE, '/'));
  const visitor = await startFlow(stack);
  for (const footer of [
    footerOf(await visitor.get(ROUTES.priceQuote.path)),
    footerOf(await get(MAPLE, '/proc/order-7?ref=abc')),
  ]) {
    t.equal(footer.kind, 'compact');
    t.notOk(footer.links.includes('https://maple.example/careers'), "none of the merchant's product and company links");
    t.notMatch(footer.html, '<h2>', 'no columns of headings');
    t.strictSame(
      footer.links,
      ['mailto:payments@maple.example', 'tel:1-800-555-0142', ...LEGAL_PAGES.map(({ route }) => route.path)],
      'support contacts, then the legal pages',
    );
    t.ok(footer.links.length < full.links.length, `${footer.links.length} links, not ${full.links.length}`);
  }
});

t.test('a merchant without legal pages: no legal links that would only lead home', async (t) => {
  const visitor = await startFlow(stack, { host: 'dev.localhost' });
  const footer = footerOf(await visitor.get(ROUTES.priceQuote.path));
  t.equal(footer.kind, 'compact');
  for (const { route } of LEGAL_PAGES) t.notOk(footer.links.includes(route.path), `${route.path}: dev has none`);
  t.notMatch(footer.html, '<ul></ul>', 'no empty list');
});
