// The pseudo-language (en-XA) on the pages of a maple e-Transfer buy, as the server sends
// them: every text a visitor reads comes wrapped (⟦…⟧) from a catalogue, except data: the
// merchant's own texts (its title, footer, notice, coin and method names), codes, amounts,
// addresses, references, times and e-mail addresses. A text outside the wrappers that is
// none of these was written into a view instead of a catalogue.

import type { ChildNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import t from 'tap';
import { PSEUDO_CLOSE, PSEUDO_OPEN } from '../../checkout/i18n/translate.ts';
import { driveTo, MAPLE, startFlow, Visitor } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

const found = stack.app.merchants.resolve(MAPLE);
if (found.kind !== 'known') throw new Error('maple is a demo merchant');
const { config } = found.merchant;
/** The merchant's own words, and names Intl gives: data, not the checkout's. */
const MERCHANT_WORDS = new Set<string>([
  config.title,
  config.merchantName,
  config.psa ?? '',
  ...config.supportedCoins.map((c) => c.name),
  ...config.paymentMethods.map((m) => m.label),
  ...config.paymentMethodSubtypes.map((s) => s.label),
  ...(config.recommendedWallet ? [config.recommendedWallet.name] : []),
  // The buyer's country as Intl names it in the page's locale (the phone field).
  new Intl.DisplayNames(['en-CA'], { type: 'region' }).of('CA')!,
]);
/** Elements whose content is the merchant's (its footer.html) or names languages in themselves. */
const DATA_ELEMENTS = (el: Element) =>
  el.name === 'footer' ||
  el.name === 'script' ||
  el.name === 'style' ||
  el.name === 'template' ||
  el.attribs.class === 'language-switch';

/** Data: nothing but codes (BTC, CAD, EST), figures, addresses, references, links and e-mail addresses. */
const isData = (text: string) =>
  MERCHANT_WORDS.has(text) ||
  /^https?:\/\/\S+$/.test(text.trim()) ||
  text
    .split(/[\s,()=:|]+/)
    .every(
      (word) =>
        word === '' ||
        /^[^A-Za-z]*$/.test(word) ||
        /^[A-Z]{2,5}$/.test(word) ||
        /^[A-Za-z0-9]{20,}$/.test(word) ||
        /@/.test(word) ||
        MERCHANT_WORDS.has(word),
    );

function unwrapped(html: string): string[] {
  const out: string[] = [];
  const walk = (node: ChildNode) => {
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      const el = node as Element;
      if (DATA_ELEMENTS(el)) return;
      for (const name of ['aria-label', 'title', 'alt', 'placeholder']) if (el.attribs[name]) check(el.attribs[name]!);
      el.children.forEach(walk);
    } else if (node.type === 'text') {
      check(node.data);
    } else if ('children' in node) {
      (node.children as ChildNode[]).forEach(walk);
    }
  };
  const check = (raw: string) => {
    const outside = raw
      .split(new RegExp(`${PSEUDO_OPEN}[^${PSEUDO_CLOSE}]*${PSEUDO_CLOSE}`))
      .map((s) =>
        s
          .replace(/\s+/g, ' ')
          .trim()
          .replace(new RegExp(`\\| ${config.title}$`), '')
          .trim(),
      )
      .filter((s) => s !== '' && !isData(s));
    out.push(...outside);
  };
  parseDocument(html).children.forEach(walk);
  return out;
}

async function pseudoPage(visitor: Visitor, path: string): Promise<string> {
  const cookie = [visitor.cookie, 'lang=en-XA'].filter(Boolean).join('; ');
  const res = await stack.app.inject({ url: path, headers: { ...visitor.headers(), cookie } });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
  return res.body;
}

t.test('the pages of a buy show no text outside the catalogues but data', async (t) => {
  const pages: [string, () => Promise<Visitor>][] = [
    ['/', async () => new Visitor(stack, MAPLE)],
    ['/price-quote', () => startFlow(stack)],
    ['/address-input', () => driveTo(stack, '/address-input')],
    ['/buyer-info-input', () => driveTo(stack, '/buyer-info-input')],
    ['/mobile-verification', () => driveTo(stack, '/mobile-verification')],
    ['/payment-etransfer-instructions', () => driveTo(stack, '/payment-etransfer-instructions')],
  ];
  for (const [path, visitor] of pages) {
    const html = await pseudoPage(await visitor(), path);
    t.match(html, '<html lang="en-XA"', `${path} is in the pseudo-language`);
    t.strictSame(unwrapped(html), [], `${path}: every text from a catalogue`);
  }
});
