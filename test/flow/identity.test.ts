// The identity steps over the real app and sandbox: the selfie by upload (and the camera's
// post, imageSource WEBCAM), documents at /verify, the identity frame and the audio step.
// Every upload is checked at the edge before anything goes upstream.
import t from 'tap';
import { UPLOAD_CONCURRENCY } from '../../checkout/limits.ts';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { driveTo, MANILA_CASH, PH_ADDRESS, upstreamCalls, Visitor } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';
import { EXE, GIF, HTML, hugePng, JPEG, multipartBody, type Part, PDF, PNG, padded, SVG } from '../helpers/upload-files.ts';

const { IDENTITY_TEXT, CASH_PAGE, UPLOAD_MESSAGES } = DEFAULT_TEXTS;

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

async function postParts(visitor: Visitor, url: string, parts: Part[], accept = 'text/html') {
  const { payload, contentType } = multipartBody(parts);
  const res = await stack.app.inject({
    method: 'POST',
    url,
    payload,
    headers: visitor.headers({ 'content-type': contentType, accept }),
  });
  return visitor.keep(res);
}

/** The form sent without JavaScript: a refusal's 303 followed to the page that shows it. */
async function submitParts(visitor: Visitor, url: string, parts: Part[]) {
  return visitor.followKept(await postParts(visitor, url, parts));
}

const file = (fileName: string, value: Buffer, type = 'image/png'): Part => ({ field: 'file', fileName, value, type });
/** From 300 the upstream asks for the buyer's address. */
const ADDRESS = { addressLine1: '1 Main St', cityTown: 'Toronto', stateProv: 'ON', postalCode: 'M5V 2T6' };
const atSelfie = () => driveTo(stack, '/image-input-choice', { amount: 300, buyer: ADDRESS });
/** A manila cash order of a Philippine buyer. */
const MANILA_BUYER = { ...MANILA_CASH, buyer: { ...PH_ADDRESS, mobile: '0917 123 4567' } };

t.test('an order of 300 CAD goes through the selfie upload to the step the upstream names', async (t) => {
  const visitor = await atSelfie();
  const choice = await visitor.get('/image-input-choice');
  t.equal(choice.statusCode, 200);
  t.match(choice.body, 'href="/image-input-upload"', 'upload is always offered');
  t.notMatch(choice.body, 'href="/image-input-camera"', 'the camera link appears only in a browser that has a camera');

  const page = await visitor.get('/image-input-upload');
  t.match(page.body, /enctype="multipart\/form-data"/i, 'a plain multipart form');
  const res = await postParts(visitor, '/image-input-upload', [file('../../etc/passwd<x>.png', PNG)]);
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/payment-etransfer-instructions', 'nextAction INITIATE_ETRANSFER');
  t.equal((await visitor.state()).nextAction, 'INITIATE_ETRANSFER');
  t.notOk(JSON.stringify(stack.logs).includes('passwd'), "the client's file name reaches no log line");
});

t.test("the selfie pages name the photo IDs of the buyer's country", async (t) => {
  const ids = (html: string) =>
    [...(/<ul class="photo-ids">(.*?)<\/ul>/.exec(html)?.[1] ?? '').matchAll(/<li>([^<]*)<\/li>/g)].map((m) =>
      m[1]!.replace(/&#x27;/g, "'"),
    );
  const canadian = await atSelfie();
  for (const path of ['/image-input-choice', '/image-input-camera', '/image-input-upload']) {
    const page = await canadian.get(path);
    t.strictSame(ids(page.body), ["Driver's licence", 'Passport', 'Provincial or territorial photo ID card'], `CA ${path}`);
  }
  const philippine = await driveTo(stack, '/image-input-choice', MANILA_BUYER);
  for (const path of ['/image-input-choice', '/image-input-camera', '/image-input-upload']) {
    const page = await philippine.get(path);
    t.strictSame(ids(page.body), [...CASH_PAGE.validIds], `PH ${path}: the cash page's list`);
    t.match(page.body, 'Hold one of these photo IDs next to your face:');
    t.notMatch(page.body, /provincial/i, `PH ${path}: no provincial photo ID card`);
  }
});

t.test('an order of 1000 PHP on manila goes through identity to the cash payment step', async (t) => {
  const visitor = await driveTo(stack, '/image-input-choice', MANILA_BUYER);
  const res = await postParts(visitor, '/image-input-upload', [file('me.jpg', JPEG, 'image/jpeg')]);
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/payment-otc');
});

t.test('the camera posts the same form with imageSource WEBCAM; selfie pages wait for SUBMIT_SELFIEDOC', async (t) => {
  const visitor = await atSelfie();
  const camera = await visitor.get('/image-input-camera');
  t.equal(camera.statusCode, 200);
  t.match(camera.body, 'data-island="Camera"');
  t.match(camera.body, 'data-hydrate="interaction"', 'the camera is asked for only after a click');
  const res = await postParts(visitor, '/image-input-camera', [file('selfie.jpg', JPEG, 'image/jpeg')], 'application/json');
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/payment-etransfer-instructions');
  const again = await visitor.get('/image-input-upload');
  t.equal(again.statusCode, 303, 'past the selfie, its pages send the visitor on');
  t.equal(again.headers.location, '/payment-etransfer-instructions');
});

t.test('hostile and wrong files are refused at the edge with the spec words, nothing goes upstream', async (t) => {
  const visitor = await atSelfie();
  const before = upstreamCalls(stack, '/selfieimage');
  const cases: [string, Part[], number, string][] = [
    ['an executable renamed .png', [file('x.png', EXE)], 415, UPLOAD_MESSAGES.badType],
    ['HTML renamed .png', [file('x.png', HTML)], 415, UPLOAD_MESSAGES.badType],
    ['SVG renamed .png', [file('x.png', SVG)], 415, UPLOAD_MESSAGES.badType],
    ['a PNG declared as PDF', [file('x.pdf', PNG, 'application/pdf')], 415, UPLOAD_MESSAGES.badType],
    ['an .exe', [file('x.exe', EXE)], 422, UPLOAD_MESSAGES.badType],
    ['5,000,000 bytes', [file('x.png', padded(PNG, 5_000_000))], 413, 'File must be less than 4.5MB. Your file is 5.0MB.'],
    ['4,900,001 bytes', [file('x.png', padded(PNG, 4_900_001))], 413, 'File must be less than 4.5MB. Your file is 4.9MB.'],
    ['enormous declared dimensions', [file('x.png', hugePng())], 422, UPLOAD_MESSAGES.dimensionsTooLarge],
    ['no file', [{ field: 'other', value: 'x' }], 422, UPLOAD_MESSAGES.none],
    ['an empty file input', [file('', Buffer.alloc(0))], 422, UPLOAD_MESSAGES.none],
    ['two files', [file('a.png', PNG), file('b.png', PNG)], 422, UPLOAD_MESSAGES.oneFileOnly],
  ];
  for (const [name, parts, status, message] of cases) {
    const sent = await postParts(visitor, '/image-input-upload', parts);
    t.equal(sent.statusCode, 303, `${name}: a 303, so a reload sends no file again`);
    t.equal(sent.headers.location, '/image-input-upload');
    const page = await visitor.get('/image-input-upload');
    t.match(page.body, message.replace(/'/g, '&#x27;'), `${name}: the page says why`);
    t.notMatch((await visitor.get('/image-input-upload')).body, message.replace(/'/g, '&#x27;'), `${name}: once`);
    const json = await postParts(visitor, '/image-input-upload', parts, 'application/json');
    t.equal(json.statusCode, status, `${name}: ${status} for the island`);
    t.same(json.json(), { messages: [message] }, `${name}: the island gets the message as JSON`);
  }
  t.equal(upstreamCalls(stack, '/selfieimage'), before, 'no refused file reached the upstream');
  const notMultipart = await visitor.submit('/image-input-upload', { file: 'x' });
  t.match(notMultipart.body, UPLOAD_MESSAGES.none, 'a form that is not multipart is refused');

  const largest = await postParts(visitor, '/image-input-upload', [file('x.png', padded(PNG, 4_900_000))]);
  t.equal(largest.statusCode, 303, 'exactly 4,900,000 bytes is accepted');
});

t.test('past the upload gate the edge answers 503 with Retry-After instead of growing', async (t) => {
  const visitor = await atSelfie();
  const gate = stack.app.uploadGate;
  // Every place taken, by as many addresses as it takes (each holds a share).
  const holders = Array.from({ length: UPLOAD_CONCURRENCY }, (_, i) => `192.0.2.${i}`);
  for (const holder of holders) t.ok(gate.enter(holder));
  try {
    const res = await postParts(visitor, '/image-input-upload', [file('x.png', PNG)]);
    t.equal(res.statusCode, 503);
    t.ok(Number(res.headers['retry-after']) > 0, 'Retry-After');
    t.match(res.body, UPLOAD_MESSAGES.busy);
  } finally {
    for (const holder of holders) gate.leave(holder);
  }
  t.equal(gate.inFlight, 0);
  const res = await postParts(visitor, '/image-input-upload', [file('x.png', PNG)]);
  t.equal(res.statusCode, 303, 'a place again once one is free');
});

t.test('documents at /verify: the mobile first, a type per file, the notice to the form service', async (t) => {
  const visitor = new Visitor(stack);
  const page = await visitor.get('/verify/au');
  t.equal(page.statusCode, 200);
  t.match(page.body, 'Proof of Age / Photo Card', 'Australian labels on /verify/au');
  t.match(page.body, IDENTITY_TEXT.proofOfAddress);

  const missingType = await submitParts(visitor, '/verify', [
    { field: 'mobile', value: '416 555 0199' },
    file('id.pdf', PDF, 'application/pdf'),
  ]);
  t.equal(missingType.statusCode, 200, 'the page the 303 led to');
  t.match(missingType.body, UPLOAD_MESSAGES.typeMissing);
  t.match(missingType.body, 'value="416 555 0199"', 'the mobile number is kept');
  const badMobile = await submitParts(visitor, '/verify', [
    { field: 'mobile', value: '12' },
    { field: 'documentType', value: 'PASSPORT' },
    file('id.pdf', PDF),
  ]);
  t.match(badMobile.body, UPLOAD_MESSAGES.mobileInvalid);
  t.match(badMobile.body, 'value="12"', 'what was typed, under its message');
  const noFile = await submitParts(visitor, '/verify', [
    { field: 'mobile', value: '416 555 0199' },
    { field: 'documentType', value: 'PASSPORT' },
  ]);
  t.match(noFile.body, UPLOAD_MESSAGES.none);

  const before = upstreamCalls(stack, '/upload');
  const sent = await postParts(visitor, '/verify', [
    { field: 'mobile', value: '416 555 0199' },
    { field: 'documentType', value: 'PASSPORT' },
    file('passport.pdf', PDF, 'application/pdf'),
  ]);
  t.equal(sent.statusCode, 303, 'a 303: a reload sends no document again');
  t.equal(sent.headers.location, '/verify');
  const done = await visitor.get('/verify');
  t.equal(done.statusCode, 200);
  t.match(done.body, UPLOAD_MESSAGES.complete);
  t.equal(upstreamCalls(stack, '/upload'), before + 1, 'one upload upstream');
  const reloaded = await visitor.get('/verify');
  t.notMatch(reloaded.body, UPLOAD_MESSAGES.complete, 'said once: a reload is the page again');
  t.equal(upstreamCalls(stack, '/upload'), before + 1, 'nothing sent again');
  const received = (await stack.sandbox.app.inject({ method: 'GET', url: '/thirdparty/forms/received' })).json().received as {
    form: string;
    body: { mobileNumber: string };
  }[];
  t.match(received.at(-1), { form: 'notice', body: { mobileNumber: '+14165550199' } }, 'the notice carries the mobile number');

  const json = await postParts(
    visitor,
    '/verify/file',
    [
      { field: 'mobile', value: '0412 345 678' },
      { field: 'country', value: 'AU' },
      { field: 'documentType', value: 'BILLPAYMENT' },
      file('bill.png', PNG),
    ],
    'application/json',
  );
  t.same(json.json(), { uploaded: true }, 'the island uploads one file at a time');
  const complete = await stack.app.inject({
    method: 'POST',
    url: '/verify/complete',
    headers: visitor.headers({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }),
    payload: 'mobile=0412+345+678&country=AU',
  });
  t.same(complete.json(), { complete: true });
});

t.test('the identity frame: consent, then the provider at its own origin; a bad token goes home', async (t) => {
  const visitor = new Visitor(stack);
  const consent = await visitor.get('/verify-idenfy/approved-demo');
  t.equal(consent.statusCode, 200);
  t.match(consent.body, 'href="/verify-idenfy/approved-demo?consent=1"');
  t.notMatch(consent.body, '<iframe', 'no frame before consent');
  const framed = await visitor.get('/verify-idenfy/approved-demo?consent=1');
  const origin = new URL(stack.sandbox.thirdParty.identityUrl).origin;
  t.match(framed.body, `src="${origin}/thirdparty/idenfy/approved-demo"`);
  t.match(framed.body, 'allow="camera; microphone"');
  t.match(String(framed.headers['content-security-policy']), `frame-src 'self' ${origin}`);
  const bad = await visitor.get('/verify-idenfy/%3Cscript%3E');
  t.equal(bad.statusCode, 302);
  const missing = await visitor.get('/verify-idenfy');
  t.equal(missing.headers.location, '/');
});

t.test('VOICECLIP.MISSING leads to the audio step; Continue follows the upstream', async (t) => {
  const visitor = await driveTo(stack, '/audio-input', { buyer: { lastName: 'Voice' } });
  const page = await visitor.get('/audio-input');
  t.match(page.body, '1-800-555-0142', "the merchant's toll-free number");
  t.notMatch(page.body, 'Continue without the call');
  const next = await visitor.post('/audio-input');
  t.equal(next.headers.location, '/mobile-verification', 'the upstream still wants the code');
  const verified = await visitor.post('/mobile-verification', { verificationCode: '123456' });
  t.equal(verified.headers.location, '/payment-etransfer-instructions');

  const voucher = await driveTo(stack, '/audio-input-skip', { method: 'FLEXEPIN', buyer: { lastName: 'Voice' } });
  const skip = await voucher.get('/audio-input-skip');
  t.match(skip.body, 'Continue without the call');
});

t.test('an upload whose connection to the upstream dropped is retried with the same key and applied once', async (t) => {
  const visitor = await atSelfie();
  stack.sandbox.app.sandbox.queueFaults(['reset']);
  const res = await postParts(visitor, '/image-input-upload', [file('me.png', PNG)]);
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/payment-etransfer-instructions');
  const attempts = stack.logs.filter((l) =>
    String((l.upstream as { path?: string } | undefined)?.path ?? '').endsWith('/selfieimage'),
  );
  t.ok(attempts.length >= 1, 'the call was logged');
  t.equal(
    (await visitor.state()).nextAction,
    'INITIATE_ETRANSFER',
    'applied once: a second application would have been out of order',
  );
});

t.test('fifty simultaneous maximum-size uploads: a bounded number held, the rest 503 with Retry-After', async (t) => {
  const live = await startStack();
  t.teardown(() => live.close());
  const visitors = await Promise.all(
    Array.from({ length: 50 }, () => driveTo(live, '/image-input-choice', { amount: 300, buyer: ADDRESS })),
  );
  const { payload, contentType } = multipartBody([file('me.png', padded(PNG, 4_900_000))]);
  const { request } = await import('undici');
  const before = process.memoryUsage().rss;
  const answers = await Promise.all(
    visitors.map(async (v) => {
      try {
        const res = await request(`http://127.0.0.1:${live.port}/image-input-upload`, {
          method: 'POST',
          headers: {
            host: `${v.host}:${live.port}`,
            cookie: v.cookie,
            origin: `http://${v.host}:${live.port}`,
            'content-type': contentType,
          },
          body: payload,
        });
        await res.body.dump();
        return { status: res.statusCode, retryAfter: res.headers['retry-after'] };
      } catch (error) {
        if (!/closed|reset|EPIPE|socket/i.test(String(error))) throw error;
        // Past the gate the edge answers before reading the body and closes the connection;
        // a client still writing may see the close first.
        return { status: 0, retryAfter: undefined };
      }
    }),
  );
  const growth = process.memoryUsage().rss - before;
  const accepted = answers.filter((a) => a.status === 303).length;
  const busy = answers.filter((a) => a.status === 503);
  t.ok(accepted >= 1, `${accepted} accepted`, { statuses: answers.map((a) => a.status) });
  t.equal(
    accepted + busy.length + answers.filter((a) => a.status === 0).length,
    50,
    'every upload got an answer or a closed connection, never a 5xx other than 503',
  );
  t.ok(busy.length >= 1, `${busy.length} turned away with 503 while the gate was full`);
  t.ok(
    busy.every((a) => Number(a.retryAfter) > 0),
    'every 503 says when to retry',
  );
  t.equal(live.app.uploadGate.inFlight, 0, 'every place given back');
  t.ok(
    growth < 400 * 1024 * 1024,
    `resident memory grew ${Math.round(growth / 1048576)} MB for the whole test process (edge, sandbox, 50 clients)`,
  );
});

t.test('SELFIEIMG.MISSING at verification leads to the selfie choice', async (t) => {
  const visitor = await driveTo(stack, '/image-input-choice', { buyer: { lastName: 'Selfie' } });
  t.equal((await visitor.state()).nextAction, 'SUBMIT_SELFIEDOC');
  const res = await postParts(visitor, '/image-input-upload', [file('me.gif', GIF, 'image/gif')]);
  t.equal(res.headers.location, '/payment-etransfer-instructions', 'after the selfie, nextAction decides');
});
