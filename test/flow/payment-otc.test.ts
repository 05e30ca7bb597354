// Screen 18 over real sockets: manila's cash order of 1000 PHP walked through identity to
// the cash page, the confirm question as a page, and the thanks page; both pages state the
// receipt a counter needs (the reference in groups, the amount and its currency, the
// deadline in Manila time, the OTC fee, the valid IDs), the thanks page ends with Done.
import t, { type Test } from 'tap';
import { BTC_TESTNET_ADDRESS, BUYER, CODE, PH_ADDRESS, Visitor } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

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
  t.match(page.body, 'data-island="CopyButton"');
  t.match(page.body, `"text":"${refId}"`, 'the whole reference is what Copy copies');
  receiptOf(t, page.body, refId);
  // 1,000 PHP less the 50 fee, converted at 3,895,000 PHP per BTC.
  t.match(page.body, '<span class="money-amount">0.00024390</span> <span class="money-code">BTC</span>');
  t.match(page.body, 'href="/cash-in-locations"');
  t.notMatch(page.body, 'Did you note down', 'the question waits for the visitor');

  const confirm = await visitor.get(`${PAGE}?confirm=1`);
  t.match(confirm.body, '<p id="confirm-noted">Did you note down your Reference Number?</p>');
  t.match(confirm.body, /<a class="button" href="\/payment-otc-success"[^>]*>Yes<\/a>/);
  t.match(confirm.body, /<a class="button secondary" href="\/payment-otc">No<\/a>/);

  t.match(confirm.body, referenceMarkup(refId, ''), 'the question shows the reference, grouped');

  const thanks = await visitor.get('/payment-otc-success');
  t.equal(thanks.statusCode, 200);
  receiptOf(t, thanks.body, refId);
  t.match(thanks.body, 'Once the centre confirms your payment');
  t.match(
    thanks.body,
    /<form class="done-form" action="\/done" method="post"><button type="submit" class="button" aria-describedby="done-leaves">Done<\/button><p class="hint" id="done-leaves">Done closes this checkout and takes you back to Manila Crypto\. It does not pay for your order\.<\/p><\/form>/,
    'Done, saying that it does not pay',
  );
});

/** The reference as the page sets it: groups of four, read aloud one by one, a code no page translation touches; a sandbox reference is a short one. */
function referenceMarkup(refId: string, id = ' id="reference-number"'): string {
  const groups = refId.match(/.{1,4}/g) ?? [];
  return `<p class="reference-number short"${id} translate="no">${groups.map((g) => `<span class="reference-group">${g}</span>`).join('')}</p>`;
}

/** What the cash page and its thanks page both state, for the counter. */
function receiptOf(t: Test, body: string, refId: string): void {
  t.match(body, referenceMarkup(refId), 'the reference, in groups of four');
  t.match(
    body,
    'Amount to pay</dt><dd class="order-total"><span class="money"><span class="money-amount">₱1,000.00</span> <span class="money-code">PHP</span></span></dd>',
    'the amount and its currency',
  );
  // Ordered at 16:00 in Manila: 12 hours later is 4:00 the next morning.
  t.match(
    body,
    'Pay by</dt><dd class="cash-deadline">4:00 AM on Monday, November 23, 2026 (Manila time)</dd>',
    'the deadline as a Manila clock time and date',
  );
  t.match(body, 'You have 12 hours from your order to pay. After that the order expires.');
  t.match(
    body,
    /<dt>Order placed<\/dt><dd><time dateTime="2026-11-22T08:00:00.000Z">November 22, 2026 at 16:00 \(Manila time\)<\/time><\/dd>/,
    'when it was ordered, on the clock the deadline is written on',
  );
  t.match(
    body,
    'Fee (included)</dt><dd><span class="money"><span class="money-amount">₱50.00</span> <span class="money-code">PHP</span></span></dd>',
    'manila otcFee 50',
  );
  for (const id of ['Philippine passport', 'PhilSys National ID', 'Voter&#x27;s ID']) t.match(body, `<li>${id}</li>`, id);
}

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

t.test('the cash page watches the order: once a centre reports the cash, the page moves on to success', async (t) => {
  const visitor = await cashOrder();
  const refId = visitor.refId();
  const page = await visitor.get(PAGE);
  t.match(page.body, 'data-island="OrderWatch"', 'the page watches the order');
  t.match(page.body, `"statusUrl":"/api/txnbuy/status/${refId}","pageUrl":"/payment-otc"`, 'its status, then this page again');
  const waiting = await visitor.get(`/api/txnbuy/status/${refId}`);
  t.equal(JSON.parse(waiting.body).txnStatus, 'PENDING', 'waiting for the cash: the island asks again later');

  t.equal(stack.sandbox.app.sandbox.reportCash(refId), 'settled');
  t.not(JSON.parse((await visitor.get(`/api/txnbuy/status/${refId}`)).body).txnStatus, 'PENDING', 'the island reloads');
  const reloaded = await visitor.get(PAGE);
  t.equal(reloaded.statusCode, 303);
  t.equal(reloaded.headers.location, '/transaction-success', 'the page follows the order to success');
});

t.test('the thanks page without the order claims nothing and offers the lookup', async (t) => {
  const page = await new Visitor(stack, 'manila.localhost').get('/payment-otc-success');
  t.equal(page.statusCode, 200);
  t.match(page.body, 'No order to show here');
  t.notMatch(page.body, 'Thank you');
  t.notMatch(page.body, 'reference-number', 'no reference to carry to a centre');
  t.match(page.body, 'action="/state"');
});
