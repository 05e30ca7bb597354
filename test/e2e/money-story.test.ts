// One money story, in headless Chromium against the sandbox's fixed prices: each journey
// (e-Transfer, card, voucher, bank, cash, sell, spend, Pro) walked in the browser, its
// order's figures read from every screen that shows it: the quote, the summary beside the
// forms, the payment page, the provider's page or frame where it states a figure, the
// in-review and success pages, the cash receipt. Each figure reads the same on every
// screen: the same text on the checkout's own, the same number on a provider's (its own
// format). Where a screen shows the rate, the figures read there add up to the last digit
// shown (checkout/money.ts): the amount converted is the amount paid less an included fee
// (plus an added one; a sell's fee is deducted from the coins' value), and converted at
// the rate it gives exactly the coins shown. The card journey and the cash receipt also at
// 390 px. Steps between the screens read are taken through the edge (the journey helper).

import type { Locator, Page } from 'playwright-core';
import t, { type Test } from 'tap';
import type { FlowKind } from '../../checkout/domain.ts';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { DESKTOP, PHONE } from '../helpers/a11y.ts';
import { hydrated, openPage, SERVER_STEP } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { IDR_BANK_WALK, MAPLE, passIdentity, type Quote, startFlow, Visitor, type Walk, walkOn } from '../helpers/journey.ts';
import { MANILA_CASH_WALK, resumeIn } from '../helpers/screen-tour.ts';

const { CARD_TEXT, CASH_PAGE, PRO_TEXT, QUOTE_TEXT, SUMMARY_TEXT } = DEFAULT_TEXTS;

// 10:30 in Manila: the edge, the sandbox and the browser agree.
const NOW = Date.parse('2026-11-22T02:30:00Z');
const { stack, browser } = await startBrowserStack({ clock: () => NOW, sandbox: { clock: () => NOW } });

const COIN = 'BTC';
const TEST = 'test.localhost';

/** One figure as a screen shows it: which figure, under what label, in what words. */
interface Figure {
  key: string;
  label: string;
  text: string;
}

/**
 * A screen's figures. `own`: the checkout's markup, whose figures read in the same words
 * everywhere; otherwise a provider's page (or a sentence with no currency code) compared by
 * the number it states.
 */
interface Screen {
  name: string;
  own: boolean;
  figures: Figure[];
}

const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The labels whose value is an amount, fiat or coins by its currency; the sandbox's providers say Amount and For. */
const AMOUNT_LABELS: readonly string[] = [
  SUMMARY_TEXT.total,
  SUMMARY_TEXT.youReceive,
  SUMMARY_TEXT.cryptoAmount,
  SUMMARY_TEXT.youSend,
  SUMMARY_TEXT.giftCardValue,
  QUOTE_TEXT.amountToSpend,
  QUOTE_TEXT.amountToSend,
  CASH_PAGE.amountLabel,
  CARD_TEXT.youReceive,
  'Amount',
  'For',
];
const FEE_LABELS: readonly string[] = Object.values(SUMMARY_TEXT.fee);
const CONVERTED_LABELS: readonly string[] = [QUOTE_TEXT.converted, QUOTE_TEXT.coinsValue];
/** The card provider's own fees, each a figure of its own. */
const PROVIDER_FEE_LABELS: readonly string[] = [CARD_TEXT.fee, CARD_TEXT.extraFee];
/** What a card is charged and the order it stands for: the card quote's "You pay", the frame's "Charge". */
const CHARGE_LABELS: readonly string[] = [CARD_TEXT.youPay, 'Charge'];
const CHARGE = /^(.+) \(for (.+)\)$/;

/** A definition list's rows as figures; rows that are not figures (address, reference, deadline) left out. */
function figuresOf(rows: [string, string][]): Figure[] {
  return rows.flatMap(([label, text]): Figure[] => {
    if (label === SUMMARY_TEXT.rate) return [{ key: 'rate', label, text }];
    if (FEE_LABELS.includes(label)) return [{ key: 'fee', label, text }];
    if (CONVERTED_LABELS.includes(label)) return [{ key: 'converted', label, text }];
    if (PROVIDER_FEE_LABELS.includes(label)) return [{ key: label, label, text }];
    if (AMOUNT_LABELS.includes(label)) return [{ key: text.endsWith(` ${COIN}`) ? 'crypto' : 'fiat', label, text }];
    const charge = CHARGE_LABELS.includes(label) ? CHARGE.exec(text) : null;
    if (charge) {
      return [
        { key: 'charge', label, text: charge[1]! },
        { key: 'fiat', label, text: charge[2]! },
      ];
    }
    return [];
  });
}

/** Every label → value row of the definition lists inside `root`, whitespace normalised. */
async function rowsIn(root: Locator): Promise<[string, string][]> {
  const rows = await root.evaluate((el) =>
    [...el.querySelectorAll('dt')].map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? ''] as const),
  );
  return rows.map(([label, value]) => [normal(label), normal(value)]);
}

/** The first amount with a currency in a sentence: "$142.50 CAD" of "You get $142.50 CAD by…". */
const MONEY = /\S*\d[\d,]*(?:\.\d+)? [A-Z]{3}\b/;
function moneyIn(sentence: string): string {
  const found = MONEY.exec(normal(sentence));
  if (!found) throw new Error(`no amount in "${sentence}"`);
  return found[0];
}

/** A journey's screens, read as the browser shows them. */
class Story {
  readonly screens: Screen[] = [];
  constructor(
    readonly t: Test,
    readonly page: Page,
    readonly kind: FlowKind,
  ) {}

  /** The figures of the definition lists in `root` (the page's main content by default). */
  async read(name: string, root: Locator = this.page.locator('main'), own = true): Promise<void> {
    const figures = figuresOf(await rowsIn(root));
    if (figures.length === 0) throw new Error(`${name}: no figures read`);
    this.screens.push({ name, own, figures });
  }

  /** The screen the journey comes to next, once the browser is on `path`. */
  async readAt(path: string, name: string): Promise<void> {
    await this.page.waitForURL(`**${path}`, SERVER_STEP);
    await this.read(name);
  }

  /** Figures a screen states in its sentences rather than in a list. */
  add(name: string, figures: Figure[], own = true): void {
    const screen = this.screens.find((s) => s.name === name);
    if (screen) screen.figures.push(...figures);
    else this.screens.push({ name, own, figures });
  }

  /** Each figure: the same words on the checkout's screens, the same number on a provider's. */
  sameDigits(): void {
    const { t } = this;
    const keys = [...new Set(this.screens.flatMap((s) => s.figures.map((f) => f.key)))];
    for (const key of keys) {
      const shown = this.screens.flatMap((s) =>
        s.figures.filter((f) => f.key === key).map((f) => ({ screen: s.name, own: s.own, text: f.text })),
      );
      const own = shown.filter((s) => s.own);
      const reference = own[0] ?? shown[0]!;
      t.same(
        own.map((s) => `${s.screen}: ${s.text}`),
        own.map((s) => `${s.screen}: ${reference.text}`),
        `${key} reads ${reference.text} on every screen of the checkout (${own.length})`,
      );
      const foreign = shown.filter((s) => !s.own);
      for (const s of foreign) {
        const stated = amountOf(s.text);
        const expected = amountOf(reference.text);
        // A sentence may leave the currency out ("Your Pro fee: $1.49"); a number is compared all the same.
        if (stated.currency === undefined) expected.currency = undefined;
        t.same(stated, expected, `${key}: ${s.screen} states ${s.text}, the same ${reference.text}`);
      }
    }
  }

  /** On every screen of the checkout that shows the rate, the figures read there add up. */
  addsUp(): void {
    for (const screen of this.screens.filter((s) => s.own && s.figures.some((f) => f.key === 'rate'))) {
      checkWorking(this.t, this.kind, screen);
    }
    // The card provider's fees, where they are listed, make up the order's fee the other screens show.
    const orderFee = this.screens.flatMap((s) => s.figures).find((f) => f.key === 'fee');
    for (const screen of this.screens) {
      const fees = screen.figures.filter((f) => PROVIDER_FEE_LABELS.includes(f.key));
      if (fees.length === 0 || !orderFee) continue;
      const sum = fees.reduce((total, f) => total + cents(f.text), 0n);
      this.t.equal(money(sum), money(cents(orderFee.text)), `${screen.name}: the provider's fees make up ${orderFee.text}`);
    }
  }
}

/** A figure's number and currency, whatever the symbols and grouping: "$1,500.00 CAD" → 1500 CAD. */
function amountOf(text: string): { value: number; currency: string | undefined } {
  const digits = /\d[\d,]*(?:\.\d+)?/.exec(text.split('=').at(-1)!)?.[0] ?? '';
  return { value: Number(digits.replace(/,/g, '')), currency: /\b([A-Z]{3})\b(?!.*\b[A-Z]{3}\b)/.exec(text)?.[1] };
}

/** A decimal as read, in units of its last digit shown: "0.00105263" → 105263n at 8 places. */
function decimal(text: string): { units: bigint; places: number } {
  const digits = /\d[\d,]*(?:\.\d+)?/.exec(text.split('=').at(-1)!)?.[0];
  if (!digits) throw new Error(`no number in "${text}"`);
  const [whole = '0', fraction = ''] = digits.replace(/,/g, '').split('.');
  return { units: BigInt(whole + fraction), places: fraction.length };
}

/** `value` (at `places`) at `to` places, rounded half up. */
function scale({ units, places }: { units: bigint; places: number }, to: number): bigint {
  if (to >= places) return units * 10n ** BigInt(to - places);
  const divisor = 10n ** BigInt(places - to);
  return (units * 2n + divisor) / (2n * divisor);
}
const cents = (figure: string) => scale(decimal(figure), 2);
/** Cents as digits, to compare and to say: 9620n → "96.20". */
const money = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

/** a / b at `places`, rounded half up (a and b at the same scale). */
function divide(a: bigint, b: bigint, places: number): bigint {
  const shifted = a * 10n ** BigInt(places);
  return (shifted * 2n + b) / (2n * b);
}

function checkWorking(t: Test, kind: FlowKind, screen: Screen): void {
  const text = (key: string) => screen.figures.find((f) => f.key === key)?.text;
  const fiatText = text('fiat');
  const cryptoText = text('crypto');
  const rateText = text('rate');
  if (!fiatText || !cryptoText || !rateText) throw new Error(`${screen.name}: the rate without its amounts`);
  // The order's fee, or the provider's fees that make it up.
  const providerFees = screen.figures.filter((f) => PROVIDER_FEE_LABELS.includes(f.key));
  const feeText = text('fee');
  const fee = feeText ? cents(feeText) : providerFees.reduce((sum, f) => sum + cents(f.text), 0n);
  const fiat = cents(fiatText);
  const rate = cents(rateText);
  const crypto = decimal(cryptoText);
  const convertedText = text('converted');
  if (kind === 'SELL') {
    // The coins' value at the rate, less the fee, is the payout.
    const value = divide(crypto.units * rate, 10n ** BigInt(crypto.places), 0);
    if (convertedText) t.equal(money(cents(convertedText)), money(value), `${screen.name}: the coins' value at the rate`);
    t.equal(money(value - fee), money(fiat), `${screen.name}: ${cryptoText} at ${rateText}, less the fee, is ${fiatText}`);
    return;
  }
  const converted = kind === 'SPEND' ? fiat + fee : fiat - fee;
  if (convertedText) t.equal(money(cents(convertedText)), money(converted), `${screen.name}: the amount converted`);
  t.equal(
    divide(converted, rate, crypto.places),
    crypto.units,
    `${screen.name}: ${money(converted)} converted at ${rateText} is exactly ${cryptoText}`,
  );
}

/** The visitor's flow, handed over from the browser. */
async function visitorOf(page: Page, host: string): Promise<Visitor> {
  const cookie = (await page.context().cookies(stack.url(host, '/'))).find((c) => c.name === 'flow');
  if (!cookie) throw new Error('the browser has no flow');
  return new Visitor(stack, host, `flow=${cookie.value}`);
}

async function next(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL(`**${path}`, SERVER_STEP);
}

/** A page whose clock agrees with the stack's, closed with the test, and the journey's story. */
async function begin(t: Test, kind: FlowKind, viewport: { width: number; height: number } = DESKTOP) {
  const watched = await openPage(browser, { viewport });
  t.teardown(watched.close);
  await watched.page.clock.install({ time: NOW });
  return { ...watched, story: new Story(t, watched.page, kind) };
}

const at = (page: Page) => new URL(page.url()).pathname;

/**
 * The price quote of a new order and the summary beside the first form after it, read in
 * the browser; then the edge's walk, with the browser's cookie, to `target`, where the
 * browser is brought back in.
 */
async function quoteToPayment(
  story: Story,
  quote: Quote & Walk,
  form: string,
  target: string,
  quoteSays?: (quote: Locator) => Promise<Figure[]>,
): Promise<Visitor> {
  const { page } = story;
  const visitor = await startFlow(stack, quote);
  await page.context().addCookies([visitor.browserCookie()]);
  await page.goto(stack.url(visitor.host, '/price-quote'));
  const card = page.locator('.price-quote');
  await story.read('price quote', card);
  if (quoteSays) story.add('price quote', await quoteSays(card));
  await next(page, form);
  await story.read('order summary', page.locator('.summary-panel'));
  const walked = await walkOn(await visitorOf(page, visitor.host), form, target, quote);
  await resumeIn(stack, page, walked);
  return walked;
}

function finish(story: Story, problems: string[]): void {
  story.t.ok(story.screens.length >= 4, `screens read: ${story.screens.map((s) => s.name).join(', ')}`);
  story.sameDigits();
  story.addsUp();
  story.t.same(problems, [], 'no console errors or CSP violations');
}

t.test('e-Transfer buy on maple: quote, summary, payment page, the provider page, success', async (t) => {
  const { page, context, problems, story } = await begin(t, 'BUY');
  await quoteToPayment(story, {}, '/address-input', '/payment-etransfer-instructions');
  t.equal(at(page), '/payment-etransfer-instructions', 'on the payment page');
  await story.read('payment page');
  await hydrated(page, '[data-island="PaymentPopup"] a');
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'OPEN PAYMENT PAGE' }).click(),
  ]);
  await popup.waitForLoadState();
  await story.read("the provider's payment page", popup.locator('body'), false);
  await popup.getByRole('button', { name: /^Pay / }).click();
  await popup.getByText('Payment complete').waitFor();
  await popup.close();
  await story.readAt('/transaction-success', 'success page');
  finish(story, problems);
});

/** The price quote's word on a card: "Your card is charged $71.58 USD for this $100.00 CAD order." */
async function chargedOn(quote: Locator): Promise<Figure[]> {
  const said = normal(await quote.locator('.quote-warning').innerText());
  const [, charge, order] = /is charged (\S+ [A-Z]{3}) for this (\S+ [A-Z]{3}) order/.exec(said) ?? [];
  if (!charge || !order) throw new Error(`the card quote does not say what the card is charged: ${said}`);
  return [
    { key: 'charge', label: 'charged', text: charge },
    { key: 'fiat', label: 'charged', text: order },
  ];
}

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  t.test(`card buy on maple, ${device}: quote, summary, card quote, the provider's frame, success`, async (t) => {
    const { page, problems, story } = await begin(t, 'BUY', viewport);
    await quoteToPayment(story, { method: 'CREDITCARD' }, '/address-input', '/credit-card-quote', chargedOn);
    t.equal(at(page), '/credit-card-quote', 'on the card quote, a step forward');
    await story.read('card quote');
    await page.getByLabel(CARD_TEXT.residency).check();
    await next(page, '/credit-card');
    await hydrated(page, '[data-island="CardWidget"] > .card-widget');
    const frame = page.frameLocator('iframe.card-frame');
    await frame.getByRole('button', { name: 'Pay' }).waitFor();
    await story.read("the provider's frame", frame.locator('body'), false);
    await frame.getByRole('button', { name: 'Pay' }).click();
    await story.readAt('/transaction-success', 'success page');
    finish(story, problems);
  });
}

t.test('Flexepin voucher buy on maple: quote, summary, voucher page, in review', async (t) => {
  const { page, problems, story } = await begin(t, 'BUY');
  await quoteToPayment(story, { method: 'FLEXEPIN' }, '/address-input', '/payment-flexepin');
  await story.read('voucher page');
  await page.getByLabel('Voucher number').fill('1234567812345678');
  await page.getByRole('button', { name: 'REDEEM VOUCHER' }).click();
  await story.readAt('/transaction-in-review', 'in-review page');
  finish(story, problems);
});

t.test('bank transfer in IDR on the TEST host: quote, summary, the bank choice, the bank, success', async (t) => {
  const { page, problems, story } = await begin(t, 'BUY');
  const visitor = await quoteToPayment(story, IDR_BANK_WALK, '/address-input', '/image-input-choice');
  t.equal(await passIdentity(visitor), '/bank-select');
  await resumeIn(stack, page, visitor);
  await story.read('bank choice');
  await page.getByRole('button', { name: 'Sandbox Bank Central Asia' }).click();
  await page.getByRole('heading', { name: 'Sandbox Bank Central Asia (Sandbox)' }).waitFor();
  await story.read("the bank's page", page.locator('.bank-document'), false);
  await page.getByRole('button', { name: /^Pay / }).click();
  await story.readAt('/transaction-success', 'success page');
  finish(story, problems);
});

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  t.test(`cash over the counter on manila (PHP), ${device}: quote, summary, cash page, receipt`, async (t) => {
    const { page, problems, story } = await begin(t, 'BUY', viewport);
    const visitor = await quoteToPayment(story, MANILA_CASH_WALK, '/address-input', '/image-input-choice');
    t.equal(await passIdentity(visitor), '/payment-otc');
    await resumeIn(stack, page, visitor);
    await story.read('cash page');
    await page.getByRole('link', { name: CASH_PAGE.noted.toUpperCase() }).click();
    await page.getByRole('link', { name: 'Yes' }).click();
    await story.readAt('/payment-otc-success', 'cash receipt');
    finish(story, problems);
  });
}

/** The deposit page of a sell or a spend: what the visitor gets, and the coins to send. */
async function readDeposit(story: Story): Promise<void> {
  const { page } = story;
  const send = page.getByText('Send exactly');
  await send.waitFor(SERVER_STEP);
  story.add('deposit page', [
    { key: 'fiat', label: 'You get', text: moneyIn(await page.locator('.deposit-deal').innerText()) },
    { key: 'crypto', label: 'Send exactly', text: normal(await send.locator('strong').innerText()) },
  ]);
  await page.getByRole('link', { name: 'I HAVE SENT MY CRYPTO' }).click();
  await page.getByRole('link', { name: 'Yes' }).click();
  await story.readAt('/payment-spend-success', 'success page');
}

t.test('sell on maple, paid out by e-Transfer: quote, summary, deposit page, success', async (t) => {
  const { problems, story } = await begin(t, 'SELL');
  await quoteToPayment(story, { kind: 'SELL' }, '/buyer-info-input', '/payment-spend');
  await readDeposit(story);
  finish(story, problems);
});

t.test('spend on maple, an eGift card: quote, summary, deposit page, success', async (t) => {
  const { page, problems, story } = await begin(t, 'SPEND');
  await page.goto(stack.url(MAPLE, '/?type=SPEND'));
  await page.locator('select[name="paymentMethodSubtype"]').selectOption('NORTHMART_CA');
  await page.locator('select[name="fiatAmount"]').selectOption('50');
  await next(page, '/spend-quote');
  t.ok(await page.getByRole('radio', { name: '$50.00' }).isChecked(), 'the card amount picked on the home page');
  await story.read('spend quote', page.locator('.quote-summary'));
  await next(page, '/buyer-info-input');
  await story.read('order summary', page.locator('.summary-panel'));
  await resumeIn(stack, page, await walkOn(await visitorOf(page, MAPLE), '/buyer-info-input', '/payment-spend'));
  await readDeposit(story);
  finish(story, problems);
});

t.test('Pro buy on the TEST host: the Pro fee, quote, summary, payment page, success', async (t) => {
  const { page, problems, story } = await begin(t, 'BUY');
  await page.goto(stack.url(TEST, '/pro/vip-demo'));
  const proFee = normal(await page.getByText(PRO_TEXT.fee).locator('strong').innerText());
  story.add('Pro page', [{ key: 'fee', label: PRO_TEXT.fee, text: proFee }], false);
  await page.locator('#fiatAmount').fill('200');
  await next(page, '/price-quote');
  await story.read('price quote', page.locator('.price-quote'));
  await next(page, '/address-input');
  await story.read('order summary', page.locator('.summary-panel'));
  const visitor = await walkOn(await visitorOf(page, TEST), '/address-input', '/payment-etransfer-instructions', {
    buyer: { mobileCountry: 'CA' },
  });
  await resumeIn(stack, page, visitor);
  await story.read('payment page');
  const paid = await stack.sandbox.app.inject({
    method: 'POST',
    url: `/pay/etransfer/${visitor.refId()}`,
    payload: new URLSearchParams({ decision: 'pay' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  t.equal(paid.statusCode, 200, 'paid at the provider');
  await resumeIn(stack, page, visitor);
  await story.readAt('/transaction-success', 'success page');
  finish(story, problems);
});
