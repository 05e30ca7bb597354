// The demo merchants' own site, played by the sandbox: where the checkout sends a visitor
// when they leave it (Done, success, error, the logo). It shows what the checkout sent, so
// a demo ends on a real page that explains itself instead of a browser error.
import { html, layout } from './html.ts';

/** The merchant's URLs (merchant.json) end in one of these; a regional suffix may follow. */
const KINDS: Record<string, string> = {
  '': 'the site (home page)',
  thanks: 'the success page: the order went through',
  error: 'the error page: the order did not complete',
};
const REGIONS: Record<string, string> = { au: 'Australia (AUD)', ph: 'Philippines (PHP)' };

export interface ShopVisit {
  merchant: string;
  /** What follows the merchant id in the path, e.g. `thanks/au`. */
  rest: string;
  query: URLSearchParams;
}

export function shopPage({ merchant, rest, query }: ShopVisit): string {
  const name = query.get('name') || merchant;
  const segments = rest.split('/').filter(Boolean);
  const region = segments.length > 0 && REGIONS[segments.at(-1)!] !== undefined ? segments.pop() : undefined;
  // Anything else is a page of the merchant's site the checkout links to (its legal pages).
  const kind = KINDS[segments.join('/')] ?? `its page /${segments.join('/')}`;
  const err = query.get('err');
  const other = [...query].filter(([key]) => key !== 'name' && key !== 'err');
  return layout(
    `Back at ${name}`,
    html`<h1>Back at ${name}</h1>
<p>The checkout sent you back to ${name}'s own website. In the sandbox this page stands in for it.</p>
<dl>
<dt>Page</dt><dd>${kind}</dd>
${region ? html`<dt>Region</dt><dd>${REGIONS[region]}</dd>` : ''}
<dt>Error code (err)</dt><dd>${err ?? 'none'}</dd>
${other.map(([key, value]) => html`<dt>${key}</dt><dd>${value}</dd>`)}
</dl>
<p>To start another order, open the checkout again.</p>`,
  );
}
