// Screen 18 over real sockets: manila's cash order of 1000 PHP walked through identity to
// the cash page (reference number, OTC fee, 12-hour expiry, valid IDs, the map link), the
// confirm question as a page, and the thanks page with the reference number.
import t from 'tap';
import { startStack } from '../helpers/stack.ts';
import { BTC_TESTNET_ADDRESS, BUYER, CODE, PH_ADDRESS, Visitor } from '../helpers/journey.ts';

// 2026-11-22 08:00 UTC = 16:00 in Manila.
const NOW = Date.parse('2026-11-22T08:00:00Z');
const stack = await startStack({ listen: false, clock: () => NOW, sandbox: { clock: () => NOW } });
t.teardown(() => stack.close());

const MANILA = 'manila.localhost';
const PAGE = '/payment-otc';
const PH_MOBILE = '0917 123 4567';

/** A manila cash order walked to the cash page; the selfie goes to the sandbox directly (its screens are another issue's). */
async function cashOrder() {
  const visitor = new Visitor(stack, MANILA);
  const steps: [string, Record<string, string>, string][] = [
    [
      '/',
      { txnType: 'BUY', fiatAmount: '1000', fiatCurrency: 'PHP', cryptoCurrency: 'BTC', paymentMethod: 'OTC' },
      '/price-quote',
    ],
    ['/price-quote', {}, '/address-input'],
    ['/address-input', { cryptoAddress: BTC_TESTNET_ADDRESS }, '/buyer-info-input'],
    [
      '/buyer-info-input',
      {
        ...BUYER,
        mobileCountry: 'PH',
        mobile: PH_MOBILE,
        ...PH_ADDRESS,
      },
      '/mobile-verification',
    ],
    ['/mobile-verification', { verificationCode: CODE }, '/image-input-choice'],
  ];
  for (const [path, form, next] of steps) {
    const res = await visitor.post(path, form);
    if (res.headers.location !== next)
      throw new Error(`${path}: ${res.statusCode} ${res.headers.location ?? res.body.slice(0, 400)}`);
  }
  const selfie = await stack.sandbox.app.inject({
    method: 'POST',
    url: '/txnbuy/selfieimage',
    payload: {
      refId: visitor.refId(),
      mimeType: 'image/png',
      fileName: 'me.png',
      extName: 'png',
      encodedFile: TINY_PNG,
      imageSource: 'UPLOAD',
      documentType: 'SELFIE',
    },
  });
  if (selfie.statusCode !== 200) throw new Error(`selfie: ${selfie.body}`);
  return visitor;
}

const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

t.test('the cash page, the question as a page, the thanks page', async (t) => {
  const visitor = await cashOrder();
  const refId = visitor.refId();
  const resumed = await visitor.get('/transaction');
  t.equal(resumed.headers.location, PAGE, 'CUSTOMER_PAYMENT on OTC goes to the cash page');

  const page = await visitor.get(PAGE);
  t.equal(page.statusCode, 200);
  t.match(page.body, `<p class="reference-number" id="reference-number">${refId}</p>`);
  t.match(page.body, 'data-island="CopyButton"');
  t.match(page.body, 'Fee (included)</dt><dd>₱50.00</dd>', 'manila otcFee 50');
  t.match(page.body, 'Order total</dt><dd>₱1,000.00</dd>');
  t.match(page.body, 'Pay within 12 hours, by Nov 23, 2026');
  t.match(page.body, '4:00');
  t.match(page.body, 'PhilSys National ID');
  t.match(page.body, 'href="/cash-in-locations"');
  t.notMatch(page.body, 'Did you note down', 'the question waits for the visitor');

  const confirm = await visitor.get(`${PAGE}?confirm=1`);
  t.match(confirm.body, '<p id="confirm-noted">Did you note down your Reference Number?</p>');
  t.match(confirm.body, /<a class="button" href="\/payment-otc-success"[^>]*>Yes<\/a>/);
  t.match(confirm.body, /<a class="button secondary" href="\/payment-otc">No<\/a>/);

  const thanks = await visitor.get('/payment-otc-success');
  t.equal(thanks.statusCode, 200);
  t.match(thanks.body, `<p class="reference-number">${refId}</p>`);
  t.match(thanks.body, 'Once the centre confirms your payment');
});

t.test('no flow: home; an order not yet at the cash step: where it is', async (t) => {
  const none = await new Visitor(stack, MANILA).get(PAGE);
  t.equal(none.statusCode, 302);
  t.equal(none.headers.location, '/');
  const visitor = new Visitor(stack, MANILA);
  await visitor.post('/', {
    txnType: 'BUY',
    fiatAmount: '1000',
    fiatCurrency: 'PHP',
    cryptoCurrency: 'BTC',
    paymentMethod: 'OTC',
  });
  t.equal((await visitor.get(PAGE)).headers.location, '/price-quote');
  t.equal((await visitor.get('/payment-otc-success')).headers.location, '/price-quote');
});
