// Screen 16 over real sockets: maple's eGift tab quotes a card, the picker shows the card's
// presets and details; NEXT on a new amount requotes with the whole gift-card body and
// shows its figures without confirming, NEXT on the amount shown confirms and goes on to
// buyer info, and the spend journey ends on /payment-spend and its thanks page.
import t from 'tap';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { testClock } from '../fixtures/clock.ts';
import { BUYER, CODE, upstreamCalls, Visitor } from '../helpers/journey.ts';
import { type Stack, startStack } from '../helpers/stack.ts';

const { SPEND_QUOTE_TEXT } = DEFAULT_TEXTS;

const stack = await startStack({ listen: false });
/** The sandbox's default hold, on one clock the test moves for the sandbox and the edge alike. */
const HOLD_MS = 600_000;
const clock = testClock();
const held = await startStack({ listen: false, clock: clock.now, sandbox: { clock: clock.now } });
t.teardown(async () => {
  await Promise.all([stack.close(), held.close()]);
});

const PAGE = '/spend-quote';
const CHECKED_50 = /<input type="radio" data-quoted="" name="fiatAmount" checked="" value="50"\/>/;
const FIGURES_ON_NEXT = `<p class="notice figures-on-next" role="status">${SPEND_QUOTE_TEXT.figuresOnNext}</p>`;
const STATUS_LINE = `<p class="notice" role="status">${SPEND_QUOTE_TEXT.requoted}</p>`;

async function spend(subtype = 'NORTHMART_CA', amount = '50', on: Stack = stack) {
  const visitor = new Visitor(on);
  const res = await visitor.post('/', {
    txnType: 'SPEND',
    fiatAmount: amount,
    fiatCurrency: 'CAD',
    cryptoCurrency: 'BTC',
    paymentMethod: 'GIFTCARD',
    paymentMethodSubtype: subtype,
  });
  t.equal(res.headers.location, PAGE, 'a gift-card quote goes to the amount picker');
  return visitor;
}

/** The requotes and confirmations the edge sent upstream so far. */
const calls = (on: Stack = stack) => ({
  requotes: upstreamCalls(on, '/requote'),
  confirms: upstreamCalls(on, '/confirmednewquote'),
});

t.test('the picker shows the presets, the spend fee, the card details', async (t) => {
  const visitor = await spend();
  const page = await visitor.get(PAGE);
  t.equal(page.statusCode, 200);
  t.match(page.body, '<h1>Northmart.ca eGift card</h1>');
  for (const label of ['$25.00', '$50.00', '$100.00']) t.match(page.body, `<span>${label}</span>`);
  t.match(page.body, CHECKED_50, 'the quoted amount is chosen, and marked as the one the figures are for');
  t.match(page.body, /<input type="radio" name="fiatAmount" value="100"\/>/, 'another amount is not marked quoted');
  t.match(page.body, FIGURES_ON_NEXT, 'the line that stands in for the figures once another tile is chosen');
  t.notMatch(page.body, STATUS_LINE, "the figures are the held quote's: no status line");
  t.match(page.body, '<dt>Fee (added)</dt><dd>$1.50 CAD</dd>', 'maple spendFee 1.5, added to the card');
  t.match(page.body, 'The fee is added to the card value: the crypto you send pays for both.', 'how the fee stands');
  t.notMatch(page.body, 'All fees included.', 'never beside a fee added on top');
  t.match(page.body, '<dt>Converted at the rate</dt><dd>$51.50 CAD</dd>');
  t.match(page.body, '0.00054211 BTC', 'the 50 CAD card and its 1.50 fee at 95,000');
  t.match(page.body, 'href="https://northmart.example/gift-cards/faq"');
  t.match(page.body, 'href="https://northmart.example/gift-cards/terms"');
  t.match(page.body, 'href="https://northmart.example"');
  t.match(page.body, 'Lost or stolen codes cannot be replaced.');
  t.notMatch(page.body, '<script', 'no JavaScript on the picker');
});

t.test('an amount outside the list: the spec message, the typed value kept, no requote', async (t) => {
  const visitor = await spend();
  const before = calls();
  const refused = await visitor.post(PAGE, { fiatAmount: '75' });
  t.equal(refused.statusCode, 303, 'answered with a redirect to the picker');
  t.equal(refused.headers.location, PAGE);
  t.same(calls(), before, 'nothing asked upstream');
  const res = await visitor.get(PAGE);
  t.match(res.body, 'Payment amount not valid for this gift card');
  const text = await visitor.submit(PAGE, { fiatAmount: 'lots' });
  t.equal(text.statusCode, 200);
  t.match(text.body, 'Value must be a number.');
});

t.test('a new amount: requoted, not confirmed, and shown with its figures before NEXT confirms them', async (t) => {
  const visitor = await spend('NORTHMART_CA', '25');
  const before = calls();
  const picked = await visitor.post(PAGE, { fiatAmount: '50' });
  t.equal(picked.statusCode, 303);
  t.equal(picked.headers.location, PAGE, 'back on the picker, not on to buyer info');
  t.same(calls(), { requotes: before.requotes + 1, confirms: before.confirms }, 'a requote, no confirmation');
  t.equal((await visitor.state()).fiatAmount, 25, 'the upstream still holds the 25 CAD quote');

  const page = await visitor.get(PAGE);
  t.equal(page.statusCode, 200);
  t.match(page.body, CHECKED_50, 'the new amount is chosen');
  t.match(page.body, '<dt>Converted at the rate</dt><dd>$51.50 CAD</dd>', "the new amount's working");
  t.match(page.body, '0.00054211 BTC', 'the 50 CAD card and its 1.50 fee at 95,000');
  t.notMatch(page.body, '0.00027895 BTC', 'not the figures of the 25 CAD quote');
  t.match(page.body, STATUS_LINE, 'the figures are for the new amount, NEXT confirms them');

  const confirmed = await visitor.post(PAGE, { fiatAmount: '50' });
  t.equal(confirmed.headers.location, '/buyer-info-input');
  t.same(calls(), { requotes: before.requotes + 1, confirms: before.confirms + 1 }, 'the requote shown is confirmed');
  const state = await visitor.state();
  t.equal(state.fiatAmount, 50);
  t.equal(state.cryptoAmount, 0.00054211, 'what the visitor saw');
});

t.test('NEXT on the amount the quote holds confirms it without a requote', async (t) => {
  const visitor = await spend();
  const before = calls();
  const res = await visitor.post(PAGE, { fiatAmount: '50' });
  t.equal(res.headers.location, '/buyer-info-input');
  t.same(calls(), { requotes: before.requotes, confirms: before.confirms + 1 }, 'confirmednewquote alone');
  const state = await visitor.state();
  t.equal(state.fiatAmount, 50);
  t.equal(state.cryptoAmount, 0.00054211, 'the figures the picker showed');
});

t.test('back to the held amount after a requote: requoted and shown again, never the other amount confirmed', async (t) => {
  const visitor = await spend('NORTHMART_CA', '25');
  await visitor.post(PAGE, { fiatAmount: '50' });
  const before = calls();
  const back = await visitor.post(PAGE, { fiatAmount: '25' });
  t.equal(back.headers.location, PAGE);
  t.same(calls(), { requotes: before.requotes + 1, confirms: before.confirms }, 'the 50 CAD requote is not confirmed');
  const page = await visitor.get(PAGE);
  t.match(page.body, /checked="" value="25"\/>/);
  t.match(page.body, '0.00027895 BTC');
  t.equal((await visitor.post(PAGE, { fiatAmount: '25' })).headers.location, '/buyer-info-input');
  t.equal((await visitor.state()).fiatAmount, 25, 'the amount shown and picked');
});

t.test('once the hold is over, NEXT on the same amount requotes and shows the figures first', async (t) => {
  const visitor = await spend('NORTHMART_CA', '50', held);
  clock.advance(HOLD_MS);
  const before = calls(held);
  const res = await visitor.post(PAGE, { fiatAmount: '50' });
  t.equal(res.headers.location, PAGE, 'no confirmation of a quote past its hold');
  t.same(calls(held), { requotes: before.requotes + 1, confirms: before.confirms });
  const page = await visitor.get(PAGE);
  t.match(page.body, CHECKED_50);
  t.match(page.body, STATUS_LINE);
  t.equal((await visitor.post(PAGE, { fiatAmount: '50' })).headers.location, '/buyer-info-input', 'the fresh quote is confirmed');
  t.same(calls(held), { requotes: before.requotes + 1, confirms: before.confirms + 1 });
});

t.test('a failed requote: the toast, on the picker, nothing confirmed', async (t) => {
  const visitor = await spend();
  const before = calls();
  // The picker's flow state passes; the requote fails.
  stack.sandbox.app.sandbox.queueFaults(['pass', '503']);
  const res = await visitor.post(PAGE, { fiatAmount: '100' });
  t.equal(res.statusCode, 503);
  t.match(res.body, /<p class="toast toast-error">Woops. Something went wrong. Please try again.<\/p>/);
  t.match(res.body, /checked="" value="100"\/>/, 'the choice is kept');
  t.equal(calls().confirms, before.confirms, 'no confirmation');
  t.equal((await visitor.state()).fiatAmount, 50, 'the upstream keeps the quote shown before');
});

t.test('a subtype of another merchant is refused on the home form', async (t) => {
  const visitor = new Visitor(stack);
  const res = await visitor.submit('/', {
    txnType: 'SPEND',
    fiatAmount: '25',
    fiatCurrency: 'CAD',
    cryptoCurrency: 'BTC',
    paymentMethod: 'GIFTCARD',
    paymentMethodSubtype: 'OTHER_MERCHANT_CARD',
  });
  t.equal(res.statusCode, 200, 'the page its 303 leads to');
  t.match(res.body, 'Gift card must be selected.');
});

t.test('the spend journey: picker, buyer info, code, payment page, thanks', async (t) => {
  const visitor = await spend('APPVAULT', '15');
  t.equal((await visitor.post(PAGE, { fiatAmount: '25' })).headers.location, PAGE, 'the new amount is shown first');
  const picked = await visitor.post(PAGE, { fiatAmount: '25' });
  t.equal(picked.statusCode, 303);
  t.equal(picked.headers.location, '/buyer-info-input');
  const state = await visitor.state();
  t.equal(state.fiatAmount, 25, 'the requote was confirmed');
  t.equal(state.paymentMethodSubtype, 'APPVAULT');
  t.equal(state.cryptoAmount, 0.00027895, 'the 25 CAD card and its 1.50 fee at 95,000');

  t.equal((await visitor.submit('/buyer-info-input', BUYER)).headers.location, '/mobile-verification');
  t.equal((await visitor.post('/mobile-verification', { verificationCode: CODE })).headers.location, '/payment-spend');
  const pay = await visitor.get('/payment-spend');
  t.equal(pay.statusCode, 200);
  t.match(pay.body, 'We will email your eGift card as soon as your crypto arrives.');
  t.match(
    pay.body,
    '<p class="deposit-deal">You get a $25.00 CAD AppVault store card, emailed within 1 hour of your crypto arriving.</p>',
    'the card, its value and by when',
  );
  const thanks = await visitor.get('/payment-spend-success');
  t.equal(thanks.statusCode, 200);
  t.match(thanks.body, 'Thank you!');
});
