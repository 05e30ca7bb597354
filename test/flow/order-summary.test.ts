// The order summary beside every form between the quote and the payment, over the real app
// and sandbox: on GET and on a refused form's re-render alike, with the amounts the
// upstream quoted, for a buy, a sell and a gift-card spend, and without an upstream read on
// a refused form.
import t from 'tap';
import type { FlowState } from '../../checkout/contract.ts';
import { cryptoDigits } from '../../checkout/format.ts';
import { BTC_ADDRESS, BUYER, CODE, driveTo, upstreamCalls, Visitor, type Walk } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';
import { multipartBody, type Part } from '../helpers/upload-files.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const text = (html: string) => decode(html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '')).trim();

/** The frame's summary as label → shown value, in order; null when the page has none. */
function frameSummary(html: string): [string, string][] | null {
  const panel = /<details class="summary-panel">([\s\S]*?)<\/details>/.exec(html)?.[1];
  if (!panel) return null;
  return [...panel.matchAll(/<dt>([\s\S]*?)<\/dt><dd[^>]*>([\s\S]*?)<\/dd>/g)].map((m) => [text(m[1]!), text(m[2]!)]);
}

/** What the folded summary's toggle reads on a phone: the title and the total. */
function toggleText(html: string): string {
  return text(/<details class="summary-panel"><summary>([\s\S]*?)<\/summary>/.exec(html)?.[1] ?? '');
}

const crypto = (state: FlowState) => `${cryptoDigits(state.cryptoAmount)} ${state.cryptoCurrency}`;

const RATE: [string, string] = ['Exchange rate', '1 BTC = $95,000.00 CAD'];

/** The summary a buy shows once it has its figures (maple's e-Transfer promo: no fee). */
function buyRows(state: FlowState, extra: [string, string][] = []): [string, string][] {
  return [['Order total', '$100.00 CAD'], RATE, ['Crypto amount', crypto(state)], ...extra, ['Reference ID', state.refId]];
}

const flowStateReads = () => upstreamCalls(stack, `/flowstate`);

async function postUpload(visitor: Visitor, url: string, parts: Part[] = []) {
  const { payload, contentType } = multipartBody(parts);
  const res = await stack.app.inject({
    method: 'POST',
    url,
    payload,
    headers: visitor.headers({ 'content-type': contentType, accept: 'text/html' }),
  });
  // A refusal's 303 followed to the page that shows it, as a browser does.
  return visitor.followKept(res);
}

t.test('a buy: address, buyer info and code show the quote on GET and on a refused form', async (t) => {
  const visitor = await driveTo(stack, '/address-input');
  const state = await visitor.state();
  t.equal(state.fiatAmount, 100);

  const address = await visitor.get('/address-input');
  t.equal(address.statusCode, 200);
  t.same(frameSummary(address.body), buyRows(state), 'the quote, before any address');
  t.equal(toggleText(address.body), 'Your order$100.00 CAD', 'the folded summary names the total');

  const reads = flowStateReads();
  const refusedPost = await visitor.post('/address-input', { cryptoAddress: 'not-an-address' });
  t.equal(refusedPost.statusCode, 303, 'to the page that shows the refusal');
  t.equal(flowStateReads(), reads, 'a refused form reads nothing upstream');
  const refused = await visitor.get('/address-input');
  t.match(refused.body, 'value="not-an-address"', 'the typed address is kept');
  t.same(frameSummary(refused.body), buyRows(state), 'the same summary on the page that shows the refusal');

  const sent = await visitor.post('/address-input', { cryptoAddress: BTC_ADDRESS });
  t.equal(sent.headers.location, '/buyer-info-input');
  const withAddress = buyRows(state, [['Receiving address', BTC_ADDRESS]]);
  t.same(frameSummary((await visitor.get('/buyer-info-input')).body), withAddress, 'the address, once the upstream has it');
  const buyer = await visitor.submit('/buyer-info-input', { ...BUYER, firstName: '' });
  t.equal(buyer.statusCode, 200);
  t.match(buyer.body, 'value="Lovelace"', 'what was typed is kept');
  t.same(frameSummary(buyer.body), withAddress);

  t.equal((await visitor.submit('/buyer-info-input', BUYER)).headers.location, '/mobile-verification');
  t.same(frameSummary((await visitor.get('/mobile-verification')).body), withAddress);
  const code = await visitor.submit('/mobile-verification', { verificationCode: '12' });
  t.match(code.body, 'Code must be 6 digits.');
  t.same(frameSummary(code.body), withAddress);
  // An upstream refusal (a wrong code) is shown with the summary too.
  const wrong = await visitor.submit('/mobile-verification', { verificationCode: '654321' });
  t.match(wrong.body, 'Invalid verification code.');
  t.same(frameSummary(wrong.body), withAddress);
});

t.test('the identity and audio pages show the summary; so does a refused upload', async (t) => {
  const walk: Walk = {
    amount: 300,
    buyer: { addressLine1: '1 Main St', cityTown: 'Toronto', stateProv: 'ON', postalCode: 'M5V 2T6' },
  };
  const visitor = await driveTo(stack, '/image-input-choice', walk);
  const state = await visitor.state();
  const rows = [
    ['Order total', '$300.00 CAD'],
    RATE,
    ['Crypto amount', crypto(state)],
    ['Receiving address', state.cryptoAddress!],
    ['Reference ID', state.refId],
  ];
  for (const path of ['/image-input-choice', '/image-input-camera', '/image-input-upload', '/verify']) {
    const page = await visitor.get(path);
    t.equal(page.statusCode, 200, path);
    t.same(frameSummary(page.body), rows, path);
  }
  const refused = await postUpload(visitor, '/image-input-upload');
  t.match(refused.body, 'You must upload at least 1 file.', 'a selfie post without a file is refused');
  t.same(frameSummary(refused.body), rows, 'the upload page that says so keeps the summary');
  const documents = await postUpload(visitor, '/verify', [
    { field: 'mobile', value: '12' },
    { field: 'documentType', value: 'PASSPORT' },
  ]);
  t.match(documents.body, 'Mobile must be a valid phone number', 'a document form with a bad mobile is refused');
  t.match(documents.body, 'value="12"', 'the typed mobile is kept');
  t.same(frameSummary(documents.body), rows, 'the documents page keeps the summary');

  const voice = await driveTo(stack, '/mobile-verification', { buyer: { lastName: 'Voice' } });
  t.equal((await voice.post('/mobile-verification', { verificationCode: CODE })).headers.location, '/audio-input');
  const audio = await voice.get('/audio-input');
  t.same(frameSummary(audio.body)?.[0], ['Order total', '$100.00 CAD'], 'the audio step');
});

t.test('a sell: what the visitor sends and receives, and the payout email once given', async (t) => {
  const visitor = await driveTo(stack, '/buyer-info-input', { kind: 'SELL' });
  const state = await visitor.state();
  const rows: [string, string][] = [
    ['You receive', `$${state.fiatAmount.toFixed(2)} CAD`],
    RATE,
    ['You send', '0.00150000 BTC'],
    ['Reference ID', state.refId],
  ];
  const buyerInfo = await visitor.get('/buyer-info-input');
  t.same(frameSummary(buyerInfo.body), rows, 'no receiving address on a sell');
  t.match(buyerInfo.body, 'Step 2 of 5: Details');
  t.same(frameSummary((await visitor.submit('/buyer-info-input', { ...BUYER, emailAddress: 'nope' })).body), rows);
  t.equal((await visitor.submit('/buyer-info-input', BUYER)).headers.location, '/mobile-verification');
  t.equal((await visitor.post('/mobile-verification', { verificationCode: CODE })).headers.location, '/email-input');

  const email = await visitor.get('/email-input');
  t.same(frameSummary(email.body), rows);
  t.match(email.body, 'Step 4 of 5: Payout', 'the payout email comes after verification: the indicator never steps back');
  const refused = await visitor.submit('/email-input', { emtEmail: 'ada@' });
  t.equal(refused.statusCode, 200);
  t.match(refused.body, 'value="ada@"');
  t.same(frameSummary(refused.body), rows);

  t.equal((await visitor.submit('/email-input', { emtEmail: 'payout@example.com' })).headers.location, '/payment-spend');
  const cookie = visitor.flow() as unknown as { order: { emtEmail?: string } };
  t.equal(cookie.order.emtEmail, 'payout@example.com', 'the payout email is in the summary from here on');
});

t.test('a gift-card spend: the card value and the fee the quote showed', async (t) => {
  const visitor = new Visitor(stack);
  await visitor.post('/', {
    txnType: 'SPEND',
    fiatAmount: '25',
    fiatCurrency: 'CAD',
    cryptoCurrency: 'BTC',
    paymentMethod: 'GIFTCARD',
    paymentMethodSubtype: 'APPVAULT',
  });
  t.equal((await visitor.post('/spend-quote', { fiatAmount: '25' })).headers.location, '/buyer-info-input');
  const state = await visitor.state();
  const rows = [
    ['eGift card value', '$25.00 CAD'],
    ['Fee (added)', '$1.50 CAD'],
    RATE,
    ['You send', crypto(state)],
    ['Reference ID', state.refId],
  ];
  t.same(frameSummary((await visitor.get('/buyer-info-input')).body), rows);
  t.same(frameSummary((await visitor.submit('/buyer-info-input', { ...BUYER, year: '2020' })).body), rows);
});

t.test('a Flexepin buy: the fee on the forms, and on the voucher page that reads the state', async (t) => {
  const visitor = await driveTo(stack, '/mobile-verification', { method: 'FLEXEPIN' });
  const state = await visitor.state();
  const rows = [
    ['Order total', '$100.00 CAD'],
    ['Fee (included)', '$1.99 CAD'],
    RATE,
    ['Crypto amount', crypto(state)],
    ['Receiving address', state.cryptoAddress!],
    ['Reference ID', state.refId],
  ];
  t.same(frameSummary((await visitor.get('/mobile-verification')).body), rows, "maple's Flexepin promo fee");
  t.equal((await visitor.post('/mobile-verification', { verificationCode: CODE })).headers.location, '/payment-flexepin');
  t.same(frameSummary((await visitor.get('/payment-flexepin')).body), rows, 'the payment page: the same summary');
});

t.test('the quote and a payment page that shows the order in its card have no second summary', async (t) => {
  const visitor = await driveTo(stack, '/payment-etransfer-instructions');
  const quote = await driveTo(stack, '/price-quote');
  t.equal(frameSummary((await quote.get('/price-quote')).body), null, 'the quote shows its figures in its card');
  const payment = await visitor.get('/payment-etransfer-instructions');
  t.equal(payment.statusCode, 200);
  t.equal(frameSummary(payment.body), null);
  t.equal(payment.body.match(/class="order-summary"/g)?.length, 1, 'one summary, in the card');
});

t.test('a flow cookie from before the summary: the form shows, without a summary', async (t) => {
  const visitor = await driveTo(stack, '/buyer-info-input');
  const { order: _order, ...older } = visitor.flow() as unknown as Record<string, unknown>;
  visitor.cookie = `flow=${encodeURIComponent(stack.app.signCookie(Buffer.from(JSON.stringify(older)).toString('base64url')))}`;
  const page = await visitor.get('/buyer-info-input');
  t.equal(page.statusCode, 200);
  t.match(page.body, 'Step 2 of 4', 'the step indicator stays');
  t.equal(frameSummary(page.body), null);
  // The next step writes the summary back.
  t.equal((await visitor.submit('/buyer-info-input', BUYER)).headers.location, '/mobile-verification');
  t.ok(frameSummary((await visitor.get('/mobile-verification')).body));
});
