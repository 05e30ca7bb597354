// Screens 5-8 over the real app and the real sandbox: the spec's messages, typed values
// kept, hostile input refused before it reaches the upstream, upstream refusals shown,
// and the upstream's nextAction followed.
import t from 'tap';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import {
  BTC_ADDRESS,
  BTC_TESTNET_ADDRESS,
  BUYER,
  driveTo,
  type Form,
  openAndConfirm,
  startFlow,
  upstreamCalls,
  Visitor,
  type Walk,
} from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

const MEGABYTE = 'x'.repeat(1024 * 1024);
/** What a field past the form's bound gets (a megabyte is never decoded nor shown back). */
const TOO_LONG = DEFAULT_TEXTS.ERROR_TEXT.fieldTooLong;
const SCRIPT = '<script>alert(1)</script>';
const atBuyerInfo = (walk?: Walk) => driveTo(stack, '/buyer-info-input', walk);
const atVerification = (walk?: Walk) => driveTo(stack, '/mobile-verification', walk);

/** As React writes text into an attribute. */
function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/**
 * A phone number however a page may write it ('416 555 0199', '(416) 555-0199',
 * '+14165550199'): all its digits in order, a few spaces or signs between them. Never its
 * area code alone, which a port, a reference or a nonce in the page can hold by chance.
 */
function phoneNumber(typed: string): RegExp {
  return new RegExp(typed.replace(/\D/g, '').split('').join('[^0-9A-Za-z]{0,3}'));
}

/** The visible text of the page's main element, tags stripped and entities decoded. */
function mainText(html: string): string {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  return main
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

t.test('without a flow cookie, or with a forged one, every screen sends the visitor home', async (t) => {
  const real = await atBuyerInfo();
  const [value, signature] = decodeURIComponent(real.cookie.replace(/^flow=/, '')).split(/\.(?=[^.]+$)/);
  const tampered = Buffer.from(value!, 'base64url').toString('utf8').replace(real.refId(), 'SBXAAAAAAAAAAAAAAAAAAAA');
  const forgeries = {
    none: '',
    garbage: 'flow=not-a-cookie',
    'tampered refId': `flow=${encodeURIComponent(`${Buffer.from(tampered).toString('base64url')}.${signature}`)}`,
  };
  // A genuine cookie of another merchant never crosses over.
  const roo = await startFlow(stack, { host: 'roo.localhost', currency: 'AUD' });
  const cookies = { ...forgeries, 'another merchant': roo.cookie };
  const before = ['/cryptoaddress', '/emtemail', '/buyerinfo', '/mobileverification', '/generatesmscode'].map((endpoint) =>
    upstreamCalls(stack, endpoint),
  );

  for (const [name, cookie] of Object.entries(cookies)) {
    const visitor = new Visitor(stack);
    visitor.cookie = cookie;
    for (const path of ['/address-input', '/email-input', '/buyer-info-input', '/mobile-verification']) {
      const get = await visitor.get(path);
      t.equal(get.statusCode, 302, `${name}: GET ${path}`);
      t.equal(get.headers.location, '/');
    }
    const posts: [string, Form][] = [
      ['/address-input', { cryptoAddress: BTC_ADDRESS }],
      ['/email-input', { emtEmail: 'ada@example.com' }],
      ['/buyer-info-input', BUYER],
      ['/mobile-verification', { verificationCode: '123456' }],
      ['/mobile-verification/resend', {}],
    ];
    for (const [path, form] of posts) {
      const res = await visitor.post(path, form);
      t.equal(res.statusCode, 303, `${name}: POST ${path}`);
      t.equal(res.headers.location, '/');
    }
  }
  const after = ['/cryptoaddress', '/emtemail', '/buyerinfo', '/mobileverification', '/generatesmscode'].map((endpoint) =>
    upstreamCalls(stack, endpoint),
  );
  t.same(after, before, 'nothing was sent upstream');
});

t.test('a POST without a same-origin Origin is refused', async (t) => {
  const visitor = await driveTo(stack, '/address-input');
  const res = await stack.app.inject({
    method: 'POST',
    url: '/address-input',
    headers: {
      host: 'maple.localhost',
      origin: 'https://evil.example',
      cookie: visitor.cookie,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: `cryptoAddress=${BTC_ADDRESS}`,
  });
  t.equal(res.statusCode, 403);
});

t.test('/address-input (screen 5)', async (t) => {
  const visitor = await driveTo(stack, '/address-input');
  const page = await visitor.get('/address-input');
  t.equal(page.statusCode, 200);
  const text = mainText(page.body);
  t.match(text, 'Your Bitcoin (BTC) address', 'the label names the coin');
  t.match(page.body, /<a href="https:\/\/wallet.example"[^>]*>Hearthstone Wallet<\/a>/, 'the configured wallet recommendation');
  t.match(text, 'Protect yourself from scams');
  t.match(text, 'We will never ask for your private keys, seed phrase or wallet password.');
  t.notMatch(page.body, /<script[^>]*src=/, 'a page without islands ships no JavaScript');

  const calls = upstreamCalls(stack, '/cryptoaddress');
  const cases: [string, string][] = [
    ['', 'Your BTC address is required.'],
    ['   ', 'Your BTC address is required.'],
    ['not-an-address', 'This is not a valid BTC address.'],
    [SCRIPT, 'This is not a valid BTC address.'],
    [MEGABYTE, TOO_LONG],
    [BTC_TESTNET_ADDRESS, 'This is not a valid BTC address.'], // maple runs in PROD: mainnet only
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'This is not a valid BTC address.'], // another coin's
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t４', 'This is not a valid BTC address.'], // a full-width digit
  ];
  for (const [typed, message] of cases) {
    const res = await visitor.submit('/address-input', { cryptoAddress: typed });
    t.equal(res.statusCode, 200, `${typed.slice(0, 40)}: its page`);
    t.match(mainText(res.body), message);
    if (typed.length < 100) t.match(res.body, `value="${escaped(typed)}"`, 'typed value kept');
    t.match(res.body, /<input[^>]*id="cryptoAddress"[^>]*autofocus=""/, 'the cursor back in the refused field');
  }
  t.notMatch(page.body, 'autofocus', 'a page not yet refused takes no focus');
  const scripted = await visitor.submit('/address-input', { cryptoAddress: SCRIPT });
  t.notMatch(scripted.body, '<script>alert(1)', 'markup is escaped, never echoed');
  t.equal(upstreamCalls(stack, '/cryptoaddress'), calls, 'nothing the rules reject went upstream');

  const done = await visitor.post('/address-input', { cryptoAddress: `  ${BTC_ADDRESS}  ` });
  t.equal(done.statusCode, 303);
  t.equal(done.headers.location, '/buyer-info-input', 'nextAction INPUT_BUYERINFO');
  const state = await visitor.state();
  t.equal(state.cryptoAddress, BTC_ADDRESS, 'the upstream received the trimmed address');
  t.equal(state.nextAction, 'INPUT_BUYERINFO');

  // Posted again once the upstream has moved on: the visitor goes to the step it is at,
  // and its refusal (text meant for developers) is never shown.
  const again = await visitor.post('/address-input', { cryptoAddress: BTC_ADDRESS });
  t.equal(again.statusCode, 303, 'a step out of order resumes where the upstream is');
  t.equal(again.headers.location, '/buyer-info-input');
  t.notMatch(again.body, 'not allowed now');
});

t.test('/address-input on a TEST host takes test-network addresses', async (t) => {
  const visitor = await driveTo(stack, '/address-input', { host: 'test.localhost' });
  const mainnet = await visitor.submit('/address-input', { cryptoAddress: BTC_ADDRESS });
  t.equal(mainnet.statusCode, 200);
  t.match(mainText(mainnet.body), 'This is not a valid BTC address.');
  t.match(
    mainnet.body,
    '<p class="field-error" id="cryptoAddress-error" role="alert">This is not a valid BTC address.<span class="field-error-note">This is a test site: it takes BTC test-network (testnet) addresses only.</span></p>',
    "the spec's message word for word, and under it the line that says why",
  );
  const empty = await visitor.submit('/address-input', { cryptoAddress: '' });
  t.match(mainText(empty.body), 'Your BTC address is required.');
  t.notMatch(empty.body, 'test-network', 'an empty field needs no word on networks');
  const testnet = await visitor.post('/address-input', { cryptoAddress: BTC_TESTNET_ADDRESS });
  t.equal(testnet.headers.location, '/buyer-info-input');
});

t.test(
  '/address-input on the TEST hosts roo and manila, and a production host: the line is only where testnet is wanted',
  async (t) => {
    for (const host of ['roo.localhost', 'manila.localhost']) {
      const walk = host === 'roo.localhost' ? { host, currency: 'AUD' } : { host, currency: 'PHP', method: 'OTC', amount: 1000 };
      const visitor = await driveTo(stack, '/address-input', walk);
      const mainnet = await visitor.submit('/address-input', { cryptoAddress: BTC_ADDRESS });
      t.equal(mainnet.statusCode, 200, `${host}: a mainnet address is refused`);
      t.match(
        mainText(mainnet.body),
        /This is not a valid BTC address\.\s+This is a test site: it takes BTC test-network \(testnet\) addresses only\./,
        `${host}: the message, then the line`,
      );
    }
    const maple = await driveTo(stack, '/address-input');
    const testnet = await maple.submit('/address-input', { cryptoAddress: BTC_TESTNET_ADDRESS });
    t.equal(testnet.statusCode, 200);
    t.match(mainText(testnet.body), 'This is not a valid BTC address.');
    t.notMatch(testnet.body, 'test-network', 'a production host says nothing of test networks');
  },
);

t.test('/address-input for other coins: the label and messages name the flow coin', async (t) => {
  const visitor = await driveTo(stack, '/address-input', { coin: 'ETH' });
  t.match(mainText((await visitor.get('/address-input')).body), 'Your Ethereum (ETH) address');
  t.match(mainText((await visitor.submit('/address-input', { cryptoAddress: '' })).body), 'Your ETH address is required.');
  t.match(
    mainText((await visitor.submit('/address-input', { cryptoAddress: BTC_ADDRESS })).body),
    'This is not a valid ETH address.',
  );
  const ok = await visitor.post('/address-input', { cryptoAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' });
  t.equal(ok.headers.location, '/buyer-info-input');
});

t.test('/buyer-info-input (screen 7): every message of an empty form', async (t) => {
  const visitor = await atBuyerInfo();
  const page = await visitor.get('/buyer-info-input');
  t.equal(page.statusCode, 200);
  t.match(page.body, 'data-island="PhoneInput"', 'the phone island');
  t.match(page.body, '"countries":null', 'no country selector in PROD');
  t.notMatch(page.body, 'name="mobileCountry"');
  t.notMatch(page.body, 'name="addressLine1"', 'no address fields when the upstream does not ask for them');
  t.match(mainText(page.body), /CA\s+Canada\s+\+1/, 'country code and calling code');
  t.notMatch(page.body, '🇨🇦', 'no flag emoji: it needs a colour emoji font many systems lack');

  const calls = upstreamCalls(stack, '/buyerinfo');
  const res = await visitor.submit('/buyer-info-input', {});
  t.equal(res.statusCode, 200);
  const text = mainText(res.body);
  for (const message of [
    'First Name required',
    'Last Name required',
    'Email Address required',
    'Mobile must be a valid CA phone number',
    'Month required',
    'Day required',
    'Year required',
  ]) {
    t.match(text, message);
  }
  t.equal(upstreamCalls(stack, '/buyerinfo'), calls, 'nothing sent upstream');
  // The missing birthday is outlined field by field, in the order Canadians write a date.
  for (const part of ['month', 'day', 'year']) {
    t.match(res.body, new RegExp(`<input[^>]*id="${part}"[^>]*aria-invalid="true"`), `${part} outlined`);
  }
  t.ok(res.body.indexOf('id="month"') < res.body.indexOf('id="day"'), 'month first in Canada');
  // The cursor starts in the first wrong field, without JavaScript too; one field only.
  t.equal(res.body.match(/autofocus=""/g)?.length, 1, 'one field has the focus');
  t.match(res.body, /<input[^>]*id="firstName"[^>]*autofocus=""/);
  const onlyBirthday = await visitor.submit('/buyer-info-input', { ...BUYER, month: '', day: '', year: '' });
  t.equal(onlyBirthday.statusCode, 200);
  t.match(onlyBirthday.body, /<input[^>]*id="month"[^>]*autofocus=""/, 'the first missing part of the birthday');
  t.equal(onlyBirthday.body.match(/autofocus=""/g)?.length, 1);
});

t.test('/buyer-info-input: each rule, typed values kept, hostile input refused', async (t) => {
  const visitor = await atBuyerInfo();
  const calls = upstreamCalls(stack, '/buyerinfo');
  const cases: [Form, string][] = [
    [{ firstName: 'A' }, 'First Name must be longer than 1 character'],
    [{ lastName: 'B' }, 'Last Name must be longer than 1 character'],
    [{ firstName: 'x'.repeat(101) }, 'First Name must be 100 characters or fewer'],
    [{ firstName: MEGABYTE }, TOO_LONG],
    [{ emailAddress: 'ada@' }, 'Invalid email address'],
    [{ emailAddress: `${SCRIPT}@example.com` }, 'Invalid email address'],
    [{ mobile: '４１６５５５０１９９' }, 'Mobile must be a valid CA phone number'],
    [{ mobile: '+61 412 345 678' }, 'Mobile must be a valid CA phone number'],
    [{ mobile: '0412 345 678', mobileCountry: 'AU' }, 'Mobile must be a valid CA phone number'], // PROD ignores the country
    [{ mobile: MEGABYTE }, TOO_LONG],
    [{ month: '13' }, 'Month is invalid'],
    [{ day: '32' }, 'Day is invalid'],
    [{ year: '1899' }, 'Year is invalid'],
    [{ month: '1' }, 'Birthday is invalid'],
    [{ year: '１９８５' }, 'Birthday is invalid'],
    [{ month: '02', day: '30' }, 'Birthday is invalid'],
    [{ year: String(new Date().getUTCFullYear() - 10) }, 'Must be of legal age'],
  ];
  for (const [change, message] of cases) {
    const res = await visitor.submit('/buyer-info-input', { ...BUYER, ...change });
    t.equal(res.statusCode, 200, message);
    t.match(mainText(res.body), message);
  }
  const typed = await visitor.submit('/buyer-info-input', { ...BUYER, firstName: SCRIPT, year: '18' });
  t.match(typed.body, 'value="&lt;script&gt;alert(1)&lt;/script&gt;"', 'the name is kept, escaped');
  t.notMatch(typed.body, '<script>alert(1)');
  t.match(typed.body, 'value="ada@example.com"');
  t.match(typed.body, '"value":"416 555 0199"', 'the phone island gets the typed number');
  t.equal(upstreamCalls(stack, '/buyerinfo'), calls, 'nothing the rules reject went upstream');
});

t.test('/buyer-info-input: the upstream error array, then success', async (t) => {
  const visitor = await atBuyerInfo();
  const refused = await visitor.submit('/buyer-info-input', { ...BUYER, firstName: 'Error' });
  t.equal(refused.statusCode, 200);
  t.match(mainText(refused.body), 'First name is not valid.', "each item's message");
  t.match(refused.body, 'value="Error"');

  const done = await visitor.submit('/buyer-info-input', BUYER);
  t.equal(done.statusCode, 303);
  t.equal(done.headers.location, '/mobile-verification');
  t.equal((await visitor.state()).nextAction, 'VERIFY_MOBILE');
});

t.test('/buyer-info-input: out of order, and the fallback when the upstream gives no message', async (t) => {
  const early = await startFlow(stack);
  const refused = await early.submit('/buyer-info-input', BUYER);
  t.equal(refused.statusCode, 303, 'before the receiving address: back to the quote, where that step starts');
  t.equal(refused.headers.location, '/price-quote');
  t.notMatch(refused.body, 'not allowed now', "the upstream's developer text is never shown");

  const visitor = await atBuyerInfo();
  stack.sandbox.app.sandbox.queueFaults(['503']);
  const down = await visitor.submit('/buyer-info-input', BUYER);
  t.equal(down.statusCode, 503);
  t.match(mainText(down.body), 'Error saving your information.  Please try again.', 'the fallback, two spaces and all');
  t.match(down.body, 'value="ada@example.com"', 'typed values kept');
  t.equal(
    (await visitor.submit('/buyer-info-input', BUYER)).headers.location,
    '/mobile-verification',
    'the next try goes through',
  );
});

t.test('/buyer-info-input: address fields when required, provinces for CAD', async (t) => {
  const visitor = await atBuyerInfo({ amount: 300 });
  const page = await visitor.get('/buyer-info-input');
  for (const name of ['addressLine1', 'cityTown', 'stateProv', 'postalCode']) t.match(page.body, `name="${name}"`);
  t.equal((page.body.match(/<option value="[A-Z]{2}">/g) ?? []).length, 13, 'the 13 provinces');
  t.match(mainText(page.body), 'Province');

  const empty = await visitor.submit('/buyer-info-input', BUYER);
  const text = mainText(empty.body);
  for (const message of ['Address required', 'City required', 'Province required', 'Postal code required'])
    t.match(text, message);
  const short = await visitor.submit('/buyer-info-input', {
    ...BUYER,
    addressLine1: '1 Main St',
    cityTown: 'Toronto',
    stateProv: 'NSW',
    postalCode: 'M5V 2T',
  });
  t.match(mainText(short.body), 'Province required', 'an Australian state is no province');
  t.match(mainText(short.body), 'Postal code is invalid');
  t.match(short.body, 'value="1 Main St"');

  const done = await visitor.submit('/buyer-info-input', {
    ...BUYER,
    addressLine1: '1 Main St',
    cityTown: 'Toronto',
    stateProv: 'ON',
    postalCode: 'M5V 2T6',
  });
  t.equal(done.headers.location, '/mobile-verification');
});

t.test('/buyer-info-input on a TEST host in AUD: states, postcodes, the country selector', async (t) => {
  const visitor = await atBuyerInfo({ host: 'test.localhost', currency: 'AUD', amount: 400 });
  const page = await visitor.get('/buyer-info-input');
  t.match(page.body, 'name="mobileCountry"', 'the country selector outside production');
  t.match(page.body, '<option value="AU" selected="">', "the currency's country is chosen");
  const states = [...page.body.matchAll(/<option value="([A-Z]{2,3})">[A-Z]/g)].map((m) => m[1]).filter((c) => c !== 'AU');
  t.ok(
    ['QLD', 'NSW', 'ACT', 'VIC', 'TAS', 'NT', 'SA', 'WA'].every((s) => page.body.includes(`<option value="${s}">`)),
    'the 8 states',
  );
  t.ok(states.length >= 8);
  const au = { ...BUYER, mobile: '0412 345 678', addressLine1: '1 George St', cityTown: 'Sydney', postalCode: '20000' };
  const wrong = await visitor.submit('/buyer-info-input', { ...au, stateProv: '' });
  t.match(mainText(wrong.body), 'State required');
  t.match(mainText(wrong.body), 'Postcode is invalid', "Australian postcodes have 4 digits, in the label's word");
  const ca = await visitor.submit('/buyer-info-input', { ...au, mobile: '416 555 0199', stateProv: 'NSW', postalCode: '2000' });
  t.match(mainText(ca.body), 'Mobile must be a valid AU phone number');
  const chosenCa = await visitor.submit('/buyer-info-input', {
    ...au,
    mobile: '416 555 0199',
    mobileCountry: 'CA',
    stateProv: 'NSW',
    postalCode: '2000',
  });
  t.equal(chosenCa.headers.location, '/mobile-verification', 'outside production the chosen country applies');
});

t.test('the phone number pattern finds the number however it is written, and nothing else', async (t) => {
  const mobile = phoneNumber(BUYER.mobile);
  for (const written of ['416 555 0199', '(416) 555-0199', '+14165550199', '+1 416-555-0199', 'value="4165550199"']) {
    t.match(written, mobile, written);
  }
  for (const other of ['http://127.0.0.1:41623/', 'SBX416555AB0199', '416 555 0198']) t.notMatch(other, mobile, other);
});

t.test('/buyer-info-input?refId= resumes only a PENDING transaction', async (t) => {
  const owner = await atBuyerInfo();
  const stranger = new Visitor(stack);
  const resumed = await openAndConfirm(stranger, `/buyer-info-input?refId=${owner.refId()}`);
  t.equal(resumed.statusCode, 303);
  t.equal(resumed.headers.location, '/buyer-info-input', 'the next-screen rule for INPUT_BUYERINFO');
  t.equal(stranger.refId(), owner.refId(), 'the flow cookie is set from the loaded flow state');
  const form = await stranger.get('/buyer-info-input');
  t.equal(form.statusCode, 200);
  t.match(form.body, 'name="firstName"');

  // Further along, still PENDING: the rule sends it on; the page shows no personal data.
  await owner.submit('/buyer-info-input', { ...BUYER, firstName: 'Zebedee', emailAddress: 'zebedee@example.com' });
  const later = new Visitor(stack);
  const next = await openAndConfirm(later, `/buyer-info-input?refId=${owner.refId()}`);
  t.equal(next.headers.location, '/mobile-verification');
  const page = await later.get('/mobile-verification');
  t.notMatch(page.body, /Zebedee|zebedee@example\.com/, "never another visitor's name or email");
  t.notMatch(page.body, phoneNumber(BUYER.mobile), 'nor their mobile number, however written');

  // A sell is found on the other API.
  const seller = await atBuyerInfo({ kind: 'SELL' });
  const sellResume = await openAndConfirm(new Visitor(stack), `/buyer-info-input?refId=${seller.refId()}`);
  t.equal(sellResume.statusCode, 303);
  t.equal(sellResume.headers.location, '/price-quote', 'a sell at INPUT_BUYERINFO confirms its quote first');

  // No longer PENDING.
  const reviewed = await atVerification({ buyer: { lastName: 'Review' } });
  await reviewed.post('/mobile-verification', { verificationCode: '123456' });
  const refused = await new Visitor(stack).get(`/buyer-info-input?refId=${reviewed.refId()}`);
  t.equal(refused.statusCode, 409);
  t.match(mainText(refused.body), 'This transaction can no longer be changed.');
  t.notOk(
    refused.cookies.find((c) => c.name === 'flow'),
    'no flow cookie for it',
  );

  for (const refId of ['SBXUNKNOWNUNKNOWNUNKNOW', '', '../../txnbuy/status', 'x'.repeat(2000), '%3Cscript%3E']) {
    const res = await new Visitor(stack).get(`/buyer-info-input?refId=${refId}`);
    t.equal(res.statusCode, 404, `refId ${refId.slice(0, 30)}: home`);
    t.match(res.body, '<p class="toast toast-error">Reference ID not found.</p>');
    t.notOk(res.cookies.find((c) => c.name === 'flow'));
  }
});

t.test('/mobile-verification (screen 8): the code rules', async (t) => {
  const visitor = await atVerification();
  const page = await visitor.get('/mobile-verification');
  t.equal(page.statusCode, 200);
  t.match(mainText(page.body), 'The code is valid for 10 minutes.');
  t.match(page.body, /autoComplete="one-time-code"/i);
  t.match(page.body, /inputMode="numeric"/i);
  t.match(page.body, /maxLength="6"/i);
  t.match(mainText(page.body), 'Resend Code');
  t.notMatch(page.body, /<script[^>]*src=/, 'no JavaScript on this page');

  const calls = upstreamCalls(stack, '/mobileverification');
  const cases: [string, string][] = [
    ['', 'Please enter code sent to your email.'],
    ['１２３４５６', 'Invalid code.  Code must be numeric.'],
    ['12345a', 'Invalid code.  Code must be numeric.'],
    [SCRIPT, 'Invalid code.  Code must be numeric.'],
    [MEGABYTE, TOO_LONG],
    ['12345', 'Code must be 6 digits.'],
  ];
  for (const [typed, message] of cases) {
    const res = await visitor.submit('/mobile-verification', { verificationCode: typed });
    t.equal(res.statusCode, 200, 'its page');
    t.match(mainText(res.body), message, `${typed.slice(0, 20)}: ${message}`);
  }
  t.equal(upstreamCalls(stack, '/mobileverification'), calls, 'nothing the rules reject went upstream');

  const wrong = await visitor.submit('/mobile-verification', { verificationCode: '111111' });
  t.equal(wrong.statusCode, 200);
  t.match(mainText(wrong.body), 'Invalid verification code.', "the upstream's message");
  t.match(wrong.body, 'value="111111"');

  const right = await visitor.post('/mobile-verification', { verificationCode: '123456' });
  t.equal(right.statusCode, 303);
  t.equal(right.headers.location, '/payment-etransfer-instructions', 'INITIATE_ETRANSFER');
});

t.test('/mobile-verification: a step before its time goes to the step the upstream is at', async (t) => {
  const visitor = await atBuyerInfo();
  const res = await visitor.post('/mobile-verification', { verificationCode: '123456' });
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/buyer-info-input');
  t.notMatch(res.body, 'not allowed now');
  const resend = await visitor.post('/mobile-verification/resend', {});
  t.equal(resend.statusCode, 303);
  t.equal(resend.headers.location, '/buyer-info-input');
});

t.test('/mobile-verification: Resend Code with the upstream down: the page says so at once, no redirect', async (t) => {
  const visitor = await atVerification();
  stack.sandbox.app.sandbox.queueFaults(['503']);
  const res = await visitor.post('/mobile-verification/resend', {});
  t.equal(res.statusCode, 503, "an outage's page is the answer: its GET would need the upstream too");
  t.match(mainText(res.body), 'Service Temporarily Unavailable. Please try again later.');
  t.equal(visitor.refusal, '', 'nothing kept for a page');
});

t.test('/mobile-verification: Resend Code', async (t) => {
  const visitor = await atVerification();
  for (let i = 0; i < 3; i++) {
    const res = await visitor.post('/mobile-verification/resend', {});
    t.equal(res.statusCode, 303);
    t.equal(res.headers.location, '/mobile-verification?sent=1');
  }
  const toast = /<p class="toast toast-success">A new code is on its way\. Check your email\.<\/p>/;
  t.match((await visitor.get('/mobile-verification?sent=1')).body, toast, 'a toast confirms the new code');
  t.notMatch((await visitor.get('/mobile-verification?sent=<b>x</b>')).body, toast);
  const refusedPost = await visitor.post('/mobile-verification/resend', {});
  t.equal(refusedPost.statusCode, 303, 'a refusal answers with a redirect too');
  t.equal(refusedPost.headers.location, '/mobile-verification');
  const refused = await visitor.get('/mobile-verification');
  t.match(mainText(refused.body), 'Too many code requests.', 'the error string is shown');
  const inFrenchHeaders = visitor.headers({ 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'fr-CA' });
  visitor.keep(
    await stack.app.inject({ method: 'POST', url: '/mobile-verification/resend', headers: inFrenchHeaders, payload: '' }),
  );
  const inFrench = visitor.keep(
    await stack.app.inject({
      method: 'GET',
      url: '/mobile-verification',
      headers: visitor.headers({ 'accept-language': 'fr-CA' }),
    }),
  );
  t.match(
    mainText(inFrench.body),
    'Nous n’avons pas pu envoyer de nouveau code pour le moment.',
    'in French, the catalogue words',
  );
  t.notMatch(mainText(inFrench.body), 'Too many code requests.');
});

t.test('/mobile-verification: three wrong codes cancel the transaction', async (t) => {
  const visitor = await atVerification();
  const refId = visitor.refId();
  const first = await visitor.submit('/mobile-verification', { verificationCode: '111111' });
  t.equal(first.statusCode, 200);
  t.match(mainText(first.body), 'Invalid verification code. You have 2 attempts left.', 'the tries left, beside the message');
  const second = await visitor.submit('/mobile-verification', { verificationCode: '222222' });
  t.match(
    mainText(second.body),
    'Invalid verification code. You have 1 attempt left: one more wrong code cancels the order.',
    'the last try is called the last',
  );
  const ending = await visitor.post('/mobile-verification', { verificationCode: '333333' });
  t.equal(ending.statusCode, 303, 'the form is answered with a redirect: a reload posts nothing');
  t.equal(ending.headers.location, '/order-ended');
  t.equal(visitor.cookie, '', 'the flow cookie is cleared');
  const third = await visitor.get('/order-ended');
  t.equal(third.statusCode, 200);
  const text = mainText(third.body);
  t.match(text, 'You have reached the maximum number of verification attempts.', "the upstream's message");
  t.match(text, `Your reference ID: ${refId}`, 'the reference of the cancelled order');
  t.match(text, 'Transaction has been cancelled. Redirecting to homepage in 5 seconds...');
  t.match(
    third.body,
    `<a href="${stack.sandbox.siteUrl}/shop/maple/error?name=Maple+Coin&amp;err=MOBILE.INVALIDATTEMPT.REACHED">Go to Maple Coin now</a>`,
    'the link goes where the notice takes the visitor',
  );
  t.equal(
    third.headers.refresh,
    `5; url=${stack.sandbox.siteUrl}/shop/maple/error?name=Maple+Coin&err=MOBILE.INVALIDATTEMPT.REACHED`,
    "the merchant's error URL with err after 5 s, without JavaScript",
  );
  t.notMatch(third.body, 'name="verificationCode"', 'no code form any more');
  const reloaded = await visitor.get('/order-ended');
  t.equal(reloaded.statusCode, 302, 'shown once: a reload finds nothing to show');
  t.equal(reloaded.headers.location, '/');
  t.equal((await visitor.get('/mobile-verification')).headers.location, '/');
});

t.test('/mobile-verification in French: the wrong code and the tries left in French', async (t) => {
  const visitor = await atVerification();
  const inFrench = async (verificationCode: string) =>
    visitor.keep(
      await stack.app.inject({
        method: 'POST',
        url: '/mobile-verification',
        headers: visitor.headers({ 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'fr-CA' }),
        payload: new URLSearchParams({ verificationCode }).toString(),
      }),
    );
  t.equal((await inFrench('111111')).statusCode, 303, 'to the page that shows the refusal');
  const wrong = visitor.keep(
    await stack.app.inject({
      method: 'GET',
      url: '/mobile-verification',
      headers: visitor.headers({ 'accept-language': 'fr-CA' }),
    }),
  );
  const text = mainText(wrong.body);
  t.match(text, 'Code de vérification non valide. Il vous reste 2 essais.');
  t.notMatch(text, 'Invalid verification code.', 'no English from the upstream');
  const right = await inFrench('123456');
  t.equal(right.statusCode, 303, 'a right code after a wrong one goes on');
});

t.test('/mobile-verification: the verification errors route to the identity steps', async (t) => {
  const voice = await atVerification({ buyer: { lastName: 'Voice' } });
  const toAudio = await voice.post('/mobile-verification', { verificationCode: '123456' });
  t.equal(toAudio.headers.location, '/audio-input', 'VOICECLIP.MISSING');

  const flexepin = await atVerification({ buyer: { lastName: 'Voice' }, method: 'FLEXEPIN' });
  const toSkip = await flexepin.post('/mobile-verification', { verificationCode: '123456' });
  t.equal(toSkip.headers.location, '/audio-input-skip', 'VOICECLIP.MISSING on FLEXEPIN');

  const selfie = await atVerification({ buyer: { lastName: 'Selfie' } });
  const toImage = await selfie.post('/mobile-verification', { verificationCode: '123456' });
  t.equal(toImage.headers.location, '/image-input-choice', 'SELFIEIMG.MISSING');

  const cancelled = await atVerification({ buyer: { lastName: 'Cancel' } });
  const done = await cancelled.post('/mobile-verification', { verificationCode: '123456' });
  t.equal(done.headers.location, '/transaction-cancelled', 'DONE_CANCELLED by the next-screen rule');

  const big = await atVerification({ amount: 260 });
  const toSelfie = await big.post('/mobile-verification', { verificationCode: '123456' });
  t.equal(toSelfie.headers.location, '/image-input-choice', 'SUBMIT_SELFIEDOC by the next-screen rule');
});

t.test('TRANSACTION.NOTFOUND sends the visitor home and forgets the flow', async (t) => {
  const visitor = await atVerification();
  // A genuinely signed cookie whose transaction the upstream does not know.
  const flow = {
    refId: 'SBXNOSUCHTRANSACTION0000',
    kind: 'BUY',
    txnType: 'BUY',
    method: 'ETRANSFER',
    fiatCurrency: 'CAD',
    cryptoCurrency: 'BTC',
    pro: false,
    addressRequired: false,
    merchant: 'maple',
  };
  visitor.cookie = `flow=${encodeURIComponent(stack.app.signCookie(Buffer.from(JSON.stringify(flow)).toString('base64url')))}`;
  const page = await visitor.get('/mobile-verification');
  t.equal(page.statusCode, 302, 'the page asks the upstream first: unknown, so home');
  t.equal(page.headers.location, '/');
  for (const [path, form] of [
    ['/mobile-verification', { verificationCode: '123456' }],
    ['/buyer-info-input', BUYER],
  ] as const) {
    const v = new Visitor(stack);
    v.cookie = visitor.cookie;
    const res = await v.post(path, form);
    t.equal(res.statusCode, 303, path);
    t.equal(res.headers.location, '/');
    t.equal(v.cookie, '', 'flow cookie cleared');
  }
});

t.test('/email-input (screen 6) on a sell', async (t) => {
  const visitor = await atBuyerInfo({ kind: 'SELL' });
  const early = await visitor.submit('/email-input', { emtEmail: 'ada@example.com' });
  t.equal(early.statusCode, 303, 'before buyer info and verification: back to the step the visitor is at');
  t.equal(early.headers.location, '/buyer-info-input');

  t.equal((await visitor.submit('/buyer-info-input', BUYER)).headers.location, '/mobile-verification');
  t.equal((await visitor.post('/mobile-verification', { verificationCode: '123456' })).headers.location, '/email-input');

  const page = await visitor.get('/email-input');
  t.equal(page.statusCode, 200);
  t.match(mainText(page.body), 'E-Transfer email address');
  t.notMatch(page.body, /<script[^>]*src=/, 'no JavaScript on this page');

  const calls = upstreamCalls(stack, '/emtemail');
  const cases: [string, string][] = [
    ['', 'Your email address is required.'],
    ['   ', 'Your email address is required.'],
    ['ada', 'Please provide a valid email address.'],
    ['ada@example', 'Please provide a valid email address.'],
    [`${SCRIPT}@example.com`, 'Please provide a valid email address.'],
    [`${MEGABYTE}@example.com`, TOO_LONG],
    ['ada@exａmple.com', 'Please provide a valid email address.'],
  ];
  for (const [typed, message] of cases) {
    const res = await visitor.submit('/email-input', { emtEmail: typed });
    t.equal(res.statusCode, 200, 'its page');
    t.match(mainText(res.body), message, `${typed.slice(0, 30)}: ${message}`);
  }
  t.equal(upstreamCalls(stack, '/emtemail'), calls, 'nothing the rules reject went upstream');

  const done = await visitor.submit('/email-input', { emtEmail: ' ada@example.com ' });
  t.equal(done.statusCode, 303);
  t.equal(done.headers.location, '/payment-spend', 'CUSTOMER_PAYMENT on ETRANSFEROUT');
  t.equal((await visitor.state()).nextAction, 'CUSTOMER_PAYMENT');
});

t.test('no screen answers hostile bodies with a 5xx', async (t) => {
  const visitor = await atBuyerInfo();
  const bodies = [
    'firstName=a&firstName=b&mobile[]=1',
    '%E0%A4%A',
    `cryptoAddress=${'%00'.repeat(1000)}`,
    `__proto__[x]=1&constructor[prototype][y]=2`,
  ];
  for (const path of [
    '/address-input',
    '/email-input',
    '/buyer-info-input',
    '/mobile-verification',
    '/mobile-verification/resend',
  ]) {
    for (const payload of bodies) {
      const res = await stack.app.inject({
        method: 'POST',
        url: path,
        headers: { ...visitor.headers({ 'content-type': 'application/x-www-form-urlencoded' }) },
        payload,
      });
      t.ok(res.statusCode < 500, `${path} ${payload.slice(0, 20)}: ${res.statusCode}`);
    }
  }
});

t.test('a step page the upstream is not at sends the visitor to the step it is at', async (t) => {
  const visitor = await startFlow(stack);
  await visitor.post('/price-quote');
  for (const early of ['/email-input', '/mobile-verification', '/buyer-info-input']) {
    const res = await visitor.get(early);
    t.equal(res.statusCode, 303, early);
    // INPUT_CRYPTOADDRESS from any screen but the quote names the quote (docs/spec.md section 2).
    t.equal(res.headers.location, '/price-quote', `${early}: the upstream is at the address step`);
  }
  t.equal((await visitor.get('/address-input')).statusCode, 200, 'the step it is at renders');
});

t.test('/mobile-verification: a wrong code answers with a 303 to its page; reloading that page uses no attempt', async (t) => {
  const visitor = await atVerification();
  const calls = upstreamCalls(stack, '/mobileverification');
  const wrong = await visitor.post('/mobile-verification', { verificationCode: '111111' });
  t.equal(wrong.statusCode, 303, 'See Other: the browser loads the page, it never posts the code again');
  t.equal(wrong.headers.location, '/mobile-verification');
  t.equal(wrong.body, '', 'the page is the GET that follows');
  const page = await visitor.get('/mobile-verification');
  t.equal(page.statusCode, 200);
  t.match(mainText(page.body), 'Invalid verification code. You have 2 attempts left.');
  t.match(
    page.body,
    /<input[^>]*value="111111"[^>]*autofocus=""|<input[^>]*autofocus=""[^>]*value="111111"/,
    'the code kept, the cursor in it',
  );
  t.equal(upstreamCalls(stack, '/mobileverification'), calls + 1, 'one code sent');

  const reloaded = await visitor.get('/mobile-verification');
  t.equal(reloaded.statusCode, 200);
  t.notMatch(mainText(reloaded.body), 'Invalid verification code.', 'the refusal is shown once');
  t.equal(upstreamCalls(stack, '/mobileverification'), calls + 1, 'reloading sent nothing');
  const again = await visitor.submit('/mobile-verification', { verificationCode: '222222' });
  t.match(mainText(again.body), 'You have 1 attempt left', 'the reload used no attempt');
  t.equal(
    (await visitor.post('/mobile-verification', { verificationCode: '123456' })).headers.location,
    '/payment-etransfer-instructions',
  );
});

t.test('a refusal is shown only by its page, for its order, and its cookie is sealed', async (t) => {
  const visitor = await atVerification();
  await visitor.post('/mobile-verification', { verificationCode: '111111' });
  const kept = visitor.refusal;
  t.match(kept, /^refused=/, 'the refusal waits in its own cookie');
  const other = await atVerification();
  other.refusal = kept;
  t.notMatch(mainText((await other.get('/mobile-verification')).body), 'Invalid verification code.', 'not on another order');
  t.equal(other.refusal, '', 'and cleared there too');
  const sealed = Buffer.from(kept.replace(/^refused=/, ''), 'base64url');
  t.notMatch(sealed.toString('latin1'), /111111|Invalid/, 'what was typed and said is not readable in it');
  sealed[sealed.length - 1]! ^= 1;
  visitor.refusal = `refused=${sealed.toString('base64url')}`;
  t.notMatch(
    mainText((await visitor.get('/mobile-verification')).body),
    'Invalid verification code.',
    'a forged one reads as none',
  );
});

t.test('/address-input: a refused address answers with a 303 to its page, which shows it once', async (t) => {
  const visitor = await driveTo(stack, '/address-input');
  const refused = await visitor.post('/address-input', { cryptoAddress: 'not-an-address' });
  t.equal(refused.statusCode, 303);
  t.equal(refused.headers.location, '/address-input');
  const page = await visitor.get('/address-input');
  t.match(mainText(page.body), 'This is not a valid BTC address.');
  t.match(page.body, 'value="not-an-address"', 'what was typed');
  t.match(page.body, /<input[^>]*id="cryptoAddress"[^>]*autofocus=""/, 'the cursor in the refused field');
  t.notMatch(mainText((await visitor.get('/address-input')).body), 'not a valid', 'a reload shows the form afresh');
});

t.test('/buyer-info-input: a refusal answers with a 303; what was typed travels sealed, for its page alone', async (t) => {
  const visitor = await atBuyerInfo();
  const refused = await visitor.post('/buyer-info-input', { ...BUYER, emailAddress: 'ada@' });
  t.equal(refused.statusCode, 303);
  t.equal(refused.headers.location, '/buyer-info-input');
  const sealed = Buffer.from(visitor.refusal.replace(/^refused=/, ''), 'base64url').toString('latin1');
  t.notMatch(sealed, /Lovelace|ada@|1985/, 'no personal value readable in the cookie');
  const page = await visitor.get('/buyer-info-input');
  t.match(mainText(page.body), 'Invalid email address');
  t.match(page.body, 'value="Lovelace"', 'what was typed');
  t.match(page.body, /<input[^>]*id="emailAddress"[^>]*autofocus=""/, 'the cursor in the first wrong field');
  t.equal(visitor.refusal, '', 'read once');
  t.equal(
    (await visitor.submit('/email-input', { emtEmail: 'x' })).headers.location,
    '/buyer-info-input',
    'another step posted: sent to this one',
  );
});
