// Screen 16 over real sockets: maple's eGift tab quotes a card, the picker shows the card's
// presets and details, requotes with the whole gift-card body and goes on to buyer info,
// and the spend journey ends on /payment-spend and its thanks page.
import t from 'tap';
import { startStack } from '../helpers/stack.ts';
import { BUYER, CODE, Visitor } from '../helpers/journey.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

const PAGE = '/spend-quote';

async function spend(subtype = 'NORTHMART_CA', amount = '50') {
  const visitor = new Visitor(stack);
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

/** The requote bodies the sandbox received, from its own log of the edge's calls. */
const requotes = () =>
  stack.logs.filter((l) => String((l.upstream as { path?: string } | undefined)?.path ?? '').endsWith('/requote')).length;

t.test('the picker shows the presets, the spend fee, the card details', async (t) => {
  const visitor = await spend();
  const page = await visitor.get(PAGE);
  t.equal(page.statusCode, 200);
  t.match(page.body, '<h1>Northmart.ca eGift card</h1>');
  for (const label of ['$25.00', '$50.00', '$100.00']) t.match(page.body, `<span>${label}</span>`);
  t.match(page.body, /<input type="radio" name="fiatAmount" checked="" value="50"\/>/, 'the quoted amount is chosen');
  t.match(page.body, '<dt>Fee (added)</dt><dd>$1.50 CAD</dd>', 'maple spendFee 1.5, added to the card');
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
  const before = requotes();
  const res = await visitor.post(PAGE, { fiatAmount: '75' });
  t.equal(res.statusCode, 422);
  t.match(res.body, 'Payment amount not valid for this gift card');
  t.equal(requotes(), before, 'nothing asked upstream');
  const text = await visitor.post(PAGE, { fiatAmount: 'lots' });
  t.equal(text.statusCode, 422);
  t.match(text.body, 'Value must be a number.');
});

t.test('a failed requote: the toast, on the picker', async (t) => {
  const visitor = await spend();
  stack.sandbox.app.sandbox.queueFaults(['503']);
  const res = await visitor.post(PAGE, { fiatAmount: '100' });
  t.equal(res.statusCode, 503);
  t.match(res.body, /<p class="toast toast-error">Woops. Something went wrong. Please try again.<\/p>/);
  t.match(res.body, /checked="" value="100"\/>/, 'the choice is kept');
});

t.test('a subtype of another merchant is refused on the home form', async (t) => {
  const visitor = new Visitor(stack);
  const res = await visitor.post('/', {
    txnType: 'SPEND',
    fiatAmount: '25',
    fiatCurrency: 'CAD',
    cryptoCurrency: 'BTC',
    paymentMethod: 'GIFTCARD',
    paymentMethodSubtype: 'OTHER_MERCHANT_CARD',
  });
  t.equal(res.statusCode, 422);
  t.match(res.body, 'Gift card must be selected.');
});

t.test('the spend journey: picker, buyer info, code, payment page, thanks', async (t) => {
  const visitor = await spend('APPVAULT', '15');
  const picked = await visitor.post(PAGE, { fiatAmount: '25' });
  t.equal(picked.statusCode, 303);
  t.equal(picked.headers.location, '/buyer-info-input');
  const state = await visitor.state();
  t.equal(state.fiatAmount, 25, 'the requote was confirmed');
  t.equal(state.paymentMethodSubtype, 'APPVAULT');
  t.equal(state.cryptoAmount, 0.00027895, 'the 25 CAD card and its 1.50 fee at 95,000');

  t.equal((await visitor.post('/buyer-info-input', BUYER)).headers.location, '/mobile-verification');
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
