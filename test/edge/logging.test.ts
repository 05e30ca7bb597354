// No personal data in the logs (server/logging.ts): the redaction paths of the production
// logger, field by field and at every depth they name; then whole journeys through the
// edge and its sandbox with values nobody else types, and not one of them in any line.
import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import pino from 'pino';
import t from 'tap';
import { loggerOptions, RequestLogger } from '../../server/logging.ts';
import { driveTo, type Form, type Visitor } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';
import { multipartBody, type Part, PNG } from '../helpers/upload-files.ts';

const PNG_BASE64 = PNG.toString('base64');

import { captureLogger } from '../upstream/helpers.ts';

/**
 * The personal fields server/logging.ts promises to redact wherever they appear. Written
 * out, not imported: a field dropped from the logger's list must fail this test.
 */
const PERSONAL = [
  'firstName',
  'lastName',
  'emailAddress',
  'emtEmail',
  'mobile',
  'mobileNumber',
  'phoneNumber',
  'dateOfBirth',
  'address',
  'addressLine1',
  'postalCode',
  'encodedFile',
  'voucherNumber',
  'verificationCode',
  'cryptoAddress',
];
const CENSOR = '[redacted]';

/** The production logger's options (no pretty transport), writing JSON lines into an array. */
function productionLogger(): { log: pino.Logger; lines: () => Record<string, unknown>[] } {
  const { transport: _pretty, ...options } = loggerOptions('trace');
  const out: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out.push(chunk.toString('utf8'));
      done();
    },
  });
  const log = pino(options, sink);
  return {
    log,
    lines: () =>
      out
        .join('')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

t.test('every personal field is redacted at the top, and one, two and five levels down', async (t) => {
  const { log, lines } = productionLogger();
  for (const field of PERSONAL) {
    const secret = `secret-${field}-value`;
    log.info({ [field]: secret, refId: 'R1' }, 'top level');
    log.info({ buyer: { [field]: secret, refId: 'R1' } }, 'one level down');
    log.info({ upstream: { body: { [field]: secret, refId: 'R1' } } }, 'two levels down');
    log.info({ error: [{ [field]: secret }] }, 'inside a list');
    log.info({ upstream: { error: [{ detail: { nested: { [field]: secret } } }] } }, 'five levels down');
    // An object value is replaced whole: nothing under it survives.
    log.info({ buyer: { [field]: { nested: secret } } }, 'object value');
  }
  const all = lines();
  t.equal(all.length, PERSONAL.length * 6);
  const text = JSON.stringify(all);
  for (const field of PERSONAL) {
    t.notMatch(text, `secret-${field}-value`, `${field}: its value is in no line`);
    const mine = all.filter((l) => JSON.stringify(l).includes(`"${field}"`));
    t.equal(mine.length, 6, `${field}: the key is still there, so the reader knows it was redacted`);
  }
  const [top, one, two, list, deepList] = all;
  t.match(top, { firstName: CENSOR, refId: 'R1' }, 'the rest of the line is kept');
  t.match(one, { buyer: { firstName: CENSOR, refId: 'R1' } });
  t.match(two, { upstream: { body: { firstName: CENSOR, refId: 'R1' } } });
  t.match(list, { error: [{ firstName: CENSOR }] });
  t.match(deepList, { upstream: { error: [{ detail: { nested: { firstName: CENSOR } } }] } });
});

t.test('cookies, authorization and set-cookie in logged requests and responses are redacted', async (t) => {
  const { log, lines } = productionLogger();
  log.info(
    {
      req: {
        method: 'POST',
        url: '/',
        headers: { cookie: 'flow=secret-cookie', authorization: 'Bearer secret-token', host: 'maple.localhost' },
      },
      res: { statusCode: 303, headers: { 'set-cookie': ['flow=secret-set-cookie; HttpOnly'], location: '/price-quote' } },
    },
    'request',
  );
  const [line] = lines();
  t.notMatch(JSON.stringify(line), /secret-/);
  t.match(line, {
    req: { headers: { cookie: CENSOR, authorization: CENSOR, host: 'maple.localhost' } },
    res: { headers: { 'set-cookie': CENSOR, location: '/price-quote' } },
  });
});

// ---------------------------------------------------------------- journeys

const sandboxLog = captureLogger();
const stack = await startStack({ sandbox: { logger: sandboxLog.logger } });
t.teardown(() => stack.close());

/** What the visitors of these journeys type, each a value no other part of a log holds. */
const TYPED = {
  firstName: 'Zenobia',
  lastName: 'Quillfeather',
  emailAddress: 'zenobia.quill@example.org',
  emtEmail: 'payout.quill@example.net',
  mobile: '416 555 0142',
  birthYear: '1961',
  addressLine1: '77 Quixotic Lane',
  cityTown: 'Thunder Bay',
  postalCode: 'P7B 5E1',
  cryptoAddress: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  wrongCode: '864209',
  badEmail: 'zenobia-at-nowhere',
  uploadMobile: '+16135550177',
};
const BUYER: Form = {
  firstName: TYPED.firstName,
  lastName: TYPED.lastName,
  emailAddress: TYPED.emailAddress,
  mobile: TYPED.mobile,
  month: '07',
  day: '23',
  year: TYPED.birthYear,
};
const ADDRESS: Form = {
  addressLine1: TYPED.addressLine1,
  cityTown: TYPED.cityTown,
  stateProv: 'ON',
  postalCode: TYPED.postalCode,
};

/** Every form a value may take once the edge or the sandbox has normalised it. */
const FORMS_OF: Record<string, RegExp> = {
  ...Object.fromEntries(Object.entries(TYPED).map(([name, value]) => [name, new RegExp(value.replace(/[.+]/g, '\\$&'), 'i')])),
  mobileDigits: /5550142/,
  postalCompact: /P7B5E1/i,
  uploadDigits: /6135550177/,
  birthYear: /(?<!\d)1961(?!\d)/,
  wrongCode: /(?<!\d)864209(?!\d)/,
  fileContent: new RegExp(PNG_BASE64.slice(0, 40).replace(/[+/]/g, '\\$&')),
};

/** A multipart form posted as the upload pages and islands post it. */
function postParts(visitor: Visitor, path: string, parts: Part[]) {
  const { payload, contentType } = multipartBody(parts);
  return stack.app.inject({ method: 'POST', url: path, headers: visitor.headers({ 'content-type': contentType }), payload });
}

t.test('journeys with personal values leave none of them in any log line', async (t) => {
  // A buy of 300 CAD: receiving address, buyer with address, code, selfie, payment page.
  const buyer = await driveTo(stack, '/image-input-choice', {
    amount: 300,
    address: TYPED.cryptoAddress,
    buyer: { ...BUYER, ...ADDRESS },
  });
  const selfie = await postParts(buyer, '/image-input-upload', [
    { field: 'file', fileName: 'selfie.png', type: 'image/png', value: PNG },
  ]);
  t.equal(selfie.statusCode, 303, 'the selfie went through its page');
  const upload = await postParts(buyer, '/verify', [
    { field: 'mobile', value: TYPED.uploadMobile },
    { field: 'documentType', value: 'PASSPORT' },
    { field: 'file', fileName: 'passport.png', type: 'image/png', value: PNG },
  ]);
  t.equal(upload.headers.location, '/verify', 'a document upload too');
  t.equal((await buyer.get('/payment-etransfer-instructions')).statusCode, 200, 'the payment page shows the address');
  t.equal((await buyer.state()).cryptoAddress, TYPED.cryptoAddress, 'the typed address reached the upstream');

  // Mistakes: each is shown back to the visitor, with what was typed.
  const mistaken = await driveTo(stack, '/buyer-info-input', { amount: 80 });
  const badEmail = await mistaken.submit('/buyer-info-input', { ...BUYER, emailAddress: TYPED.badEmail });
  t.equal(badEmail.statusCode, 200);
  t.match(badEmail.body, TYPED.badEmail, 'the page keeps what was typed');
  const refused = await mistaken.submit('/buyer-info-input', { ...BUYER, firstName: 'Error' });
  t.equal(refused.statusCode, 200, 'the upstream refused the name');
  t.equal((await mistaken.submit('/buyer-info-input', BUYER)).headers.location, '/mobile-verification');
  const wrongCode = await mistaken.submit('/mobile-verification', { verificationCode: TYPED.wrongCode });
  t.match(wrongCode.body, 'Invalid verification code.', 'a wrong code is refused');
  t.equal((await mistaken.post('/mobile-verification/resend')).statusCode, 303, 'Resend Code');

  // A sell: buyer, code, payout email, deposit address and its status.
  const seller = await driveTo(stack, '/payment-spend', { kind: 'SELL', buyer: BUYER, emtEmail: TYPED.emtEmail });
  t.equal((await seller.get('/payment-spend')).statusCode, 200);

  const edgeText = stack.logs.map((l) => JSON.stringify(l));
  const sandboxText = sandboxLog.lines.map((l) => JSON.stringify(l));
  t.ok(
    edgeText.length > 20 && sandboxText.length > 20,
    `${edgeText.length} edge and ${sandboxText.length} sandbox lines to read`,
  );
  t.ok(
    stack.logs.some((l) => l.msg === 'form refused' && Array.isArray(l.fields)),
    'the refusals were logged',
  );
  for (const [logName, lines] of [
    ['edge', edgeText],
    ['sandbox', sandboxText],
  ] as const) {
    for (const [name, pattern] of Object.entries(FORMS_OF)) {
      const leaks = lines.filter((line) => pattern.test(line));
      t.strictSame(leaks, [], `${logName} log: no ${name}`);
    }
    const cookies = [buyer, mistaken, seller].map((v) => v.cookie.replace(/^flow=/, ''));
    t.notOk(
      lines.some((line) => cookies.some((c) => line.includes(c)) || /flow=/.test(line)),
      `${logName} log: no flow cookie`,
    );
    t.notOk(
      lines.some((line) => PERSONAL.some((f) => new RegExp(`"${f}":(?!"\\[redacted\\]")`).test(line))),
      `${logName} log: no personal key with a value`,
    );
  }
});

t.test("a request's logger writes its id and merchant on each line, as a child logger would", async (t) => {
  const { log, lines } = productionLogger();
  const request = new RequestLogger(log, { reqId: 'req-1', merchant: 'maple' });
  request.info({ status: 200, firstName: 'Ada' }, 'request');
  request.warn('plain text');
  request.error(new Error('it broke'));
  request.error({ err: new Error('with context') }, 'failed');
  request.debug({ n: 1 }, 'debug');
  request.child({ component: 'x' }).info('from a child');
  const child = log.child({ reqId: 'req-1', merchant: 'maple' });
  child.info({ status: 200, firstName: 'Ada' }, 'request');
  const [line, text, error, withErr, debug, fromChild, fromPino] = lines();
  const keys = (l: Record<string, unknown> | undefined) => Object.keys(l ?? {}).filter((k) => k !== 'time');
  t.strictSame(keys(line), keys(fromPino), 'the same keys in the same order');
  t.match(line, { level: 30, reqId: 'req-1', merchant: 'maple', status: 200, firstName: CENSOR, msg: 'request' });
  t.match(text, { level: 40, reqId: 'req-1', merchant: 'maple', msg: 'plain text' });
  t.match(error, { level: 50, reqId: 'req-1', err: { message: 'it broke', type: 'Error' }, msg: 'it broke' });
  t.match(withErr, { reqId: 'req-1', err: { message: 'with context' }, msg: 'failed' });
  t.match(debug, { level: 20, reqId: 'req-1', n: 1 });
  t.match(fromChild, { reqId: 'req-1', merchant: 'maple', component: 'x', msg: 'from a child' });
  t.equal(request.level, 'trace');
});

/** A process in production mode running `lines` with `log`, the process's logger at info. */
function spawnWithProcessLogger(...lines: string[]) {
  const script = [
    "const { processLogger } = await import('./server/logging.ts');",
    "const log = processLogger('info');",
    ...lines,
  ];
  return spawn(process.execPath, ['--import=tsx', '--input-type=module', '-e', script.join('\n')], {
    cwd: new URL('../../', import.meta.url).pathname,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

t.test("the process's logger writes asynchronously and loses no line when the process exits", async (t) => {
  const child = spawnWithProcessLogger(
    "for (let i = 0; i < 2000; i++) log.info({ i, firstName: 'Ada' }, 'line');",
    'process.exit(0);',
  );
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  // 'close': the process has exited and its stdout is read to the end.
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  t.equal(code, 0);
  const lines = out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { i: number; firstName: string });
  t.equal(lines.length, 2000, 'every line');
  t.strictSame(
    lines.map((l) => l.i),
    [...Array(2000).keys()],
    'in order',
  );
  t.equal(lines[0]!.firstName, CENSOR, 'personal data removed as before');
});

t.test("the process's logger sends a line logged at rest without waiting for more", async (t) => {
  const child = spawnWithProcessLogger(
    "log.info({ i: 1 }, 'alone');",
    // Alive until the test ends it: the line must leave on its own, not at exit.
    'setInterval(() => {}, 1000);',
  );
  t.teardown(() => void child.kill('SIGKILL'));
  const line = await new Promise<string>((resolve) => child.stdout.setEncoding('utf8').once('data', resolve));
  t.match(JSON.parse(line), { i: 1, msg: 'alone' });
});
