// No capability in the logs: the request's line and every other line name a route that
// holds one by its pattern (server/logged-path.ts), whatever spelling the path arrived in,
// and an error's text is written the same way. Then a whole journey that uses every secret
// the edge has (the order link's signature, a Pro invitation's hash, the identity token,
// the resume question's token, SESSION_SECRET, the flow and refusal cookies) and reads
// every line the edge and its sandbox wrote for one of them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import t from 'tap';
import { EdgeError } from '../../server/http/errors.ts';
import { answerThrown, refusal, refuseOutside } from '../../server/http/outside-answers.ts';
import { loggedPath, withoutCapabilities } from '../../server/logged-path.ts';
import { loggerOptions, RequestLogger } from '../../server/logging.ts';
import { driveTo, MAPLE, orderLinkOf, resumeQuestion, Visitor } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';
import { captureLogger } from '../upstream/helpers.ts';

t.test('a path that holds a capability is logged as its pattern, however it is spelt', async (t) => {
  const cases: [sent: string, logged: string][] = [
    ['/order/SBX1/AAAAAAAAAAAAAAAAAAAAAA', '/order/SBX1/:signature'],
    ['/order/SBX1/AAAAAAAAAAAAAAAAAAAAAA?x=1', '/order/SBX1/:signature'],
    ['/ORDER/SBX1/AAAAAAAAAAAAAAAAAAAAAA', '/order/SBX1/:signature'],
    ['/%6Frder/SBX1/AAAAAAAAAAAAAAAAAAAAAA', '/order/SBX1/:signature'],
    ['/order/SBX1/AAAAAAAAAAAAAAAAAAAAAA/', '/order/*'],
    ['/order//SBX1/AAAAAAAAAAAAAAAAAAAAAA', '/order/*'],
    ['/order\\SBX1\\AAAAAAAAAAAAAAAAAAAAAA', '/order/*'],
    ['/order;v=1/SBX1/AAAAAAAAAAAAAAAAAAAAAA', '/order/*'],
    ['/order/SBX1', '/order/SBX1'],
    ['/pro/vip-hash-1', '/pro/:customerHash'],
    ['/Pro/vip-hash-1?attempt=2&amount=100', '/pro/:customerHash'],
    ['/pro/verify', '/pro/verify'],
    ['/pro/ver%69fy', '/pro/verify'],
    ['/pro/vip-hash-1/more', '/pro/*'],
    ['/verify-idenfy/tok-1?consent=1', '/verify-idenfy/:token'],
    // No capability under these: as sent, without the query (a bank's return carries its own there).
    ['/state/SBX1', '/state/SBX1'],
    ['/proc/bank-return?token=t0k', '/proc/bank-return'],
    ['/amount/100/cryptocurrency/BTC/method/ETRANSFER', '/amount/100/cryptocurrency/BTC/method/ETRANSFER'],
    ['/assets/js/boot-1a2b.js', '/assets/js/boot-1a2b.js'],
    ['/', '/'],
    ['/price-quote', '/price-quote'],
  ];
  for (const [sent, logged] of cases) t.equal(loggedPath(sent), logged, sent);
  t.equal(
    withoutCapabilities('GET http://maple.localhost/order/SBX1/AAAA failed; see /pro/vip-hash-1 and \\verify-idenfy\\x'),
    'GET http://maple.localhost/order/SBX1/:signature failed; see /pro/:customerHash and \\verify-idenfy\\x',
    'in a text, every path under a guarded segment',
  );
});

/** The production logger's options, writing JSON lines into an array. */
function productionLogger() {
  const { transport: _pretty, ...options } = loggerOptions('info');
  const out: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').trim().split('\n')) out.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino(options, sink), lines: out };
}

t.test("an error's message, stack, cause and URL are logged without a capability", async (t) => {
  const { log, lines } = productionLogger();
  const error = Object.assign(new Error('no answer for /order/SBX1/SIGNATURE-ONE', { cause: new Error('at /pro/HASH-TWO') }), {
    input: 'http://maple.localhost/verify-idenfy/TOKEN-THREE',
  });
  log.error({ err: error }, 'request failed');
  log.error(error);
  new RequestLogger(log, { reqId: 'r1' }).error(error);
  // What the probe worker hands the main thread of an answer that threw: the error's texts alone.
  log.error({ err: { message: 'at /order/SBX1/SIGNATURE-ONE', stack: 'Error: at /pro/HASH-TWO' } }, 'answering a probe failed');
  t.equal(lines.length, 4);
  const text = JSON.stringify(lines);
  t.notMatch(text, /SIGNATURE-ONE|HASH-TWO|TOKEN-THREE/, 'none of them in any line');
  t.match(lines[0], {
    err: { message: /\/order\/SBX1\/:signature: at \/pro\/:customerHash/, input: /\/verify-idenfy\/:token$/ },
  });
  t.match(lines[1], { msg: 'no answer for /order/SBX1/:signature' }, 'an error logged alone: its message is the line’s');
  t.match(lines[2], { reqId: 'r1', msg: 'no answer for /order/SBX1/:signature' });
  t.match(lines[3], { err: { message: 'at /order/SBX1/:signature', stack: 'Error: at /pro/:customerHash' } });
});

t.test('the answers made in front of Fastify log the pattern too', async (t) => {
  const lines: Record<string, unknown>[] = [];
  const deps = {
    log: { info: (line: object) => lines.push({ ...line }), error: (line: object) => lines.push({ ...line }) },
    metrics: { request() {} },
  };
  const answer = () =>
    ({ writeHead() {}, end() {}, headersSent: false, getHeaderNames: () => [], removeHeader() {} }) as unknown as ServerResponse;
  const request = (url: string) => ({ url, method: 'GET', headers: { host: MAPLE } }) as IncomingMessage;
  refuseOutside(deps, request('/order/SBX1/SIGNATURE-ONE'), answer(), refusal(new EdgeError.overloaded()));
  refuseOutside(deps, request('http://maple.localhost/pro/HASH-TWO?x=1'), answer(), refusal(new EdgeError.overloaded()));
  answerThrown(deps, new Error('listener broke'), request('/verify-idenfy/TOKEN-THREE'), answer());
  t.notMatch(JSON.stringify(lines), /SIGNATURE-ONE|HASH-TWO|TOKEN-THREE/);
  t.same(
    lines.filter((l) => 'path' in l).map((l) => l.path),
    ['/order/SBX1/:signature', '/pro/:customerHash', '/verify-idenfy/:token'],
  );
});

// ---------------------------------------------------------------- a journey with every secret

const SESSION_SECRET = 'journey-session-secret-Wq8vZr4TnY2kLp6Hd';
const PRO_HASH = 'vip-demo';
const UNKNOWN_PRO_HASH = 'pro-invite-Jx5cVb7NmQ3w';
const IDENTITY_TOKEN = 'idenfy-token-Rk2Fh9Lq4Zs8';

const sandboxLog = captureLogger();
const stack = await startStack({ env: { SESSION_SECRET }, sandbox: { logger: sandboxLog.logger } });
t.teardown(() => stack.close());

/** One raw request on a socket of its own; the answer's status line and headers. */
function raw(requestLine: string, headers = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(stack.port, '127.0.0.1', () =>
      socket.write(`${requestLine}\r\nHost: ${MAPLE}\r\nConnection: close\r\n${headers}\r\n`),
    );
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('close', () => resolve(text.split('\r\n\r\n')[0]!));
    socket.on('error', reject);
  });
}

t.test('a whole journey leaves no secret it used in any log line', async (t) => {
  const secrets: Record<string, string> = { SESSION_SECRET, 'Pro hash': PRO_HASH, 'unknown Pro hash': UNKNOWN_PRO_HASH };
  secrets['identity token'] = IDENTITY_TOKEN;
  const cookies: string[] = [];
  const keepCookies = (visitor: Visitor) => {
    for (const cookie of [visitor.cookie, visitor.refusal]) if (cookie) cookies.push(cookie.replace(/^\w+=/, ''));
  };

  // A buy to the payment page, with a refused buyer form and a wrong code on the way.
  const buyer = await driveTo(stack, '/buyer-info-input');
  keepCookies(buyer);
  await buyer.post('/buyer-info-input', { firstName: 'Ada', lastName: '', emailAddress: 'ada@' });
  t.ok(buyer.refusal, 'the refusal waits in its cookie');
  keepCookies(buyer);
  await buyer.get('/buyer-info-input');
  const paying = await driveTo(stack, '/payment-etransfer-instructions');
  keepCookies(paying);
  const refId = paying.refId();

  // The order's own page, by its link, as a browser, an island and hand-made spellings reach it.
  const link = await orderLinkOf(paying, '/payment-etransfer-instructions');
  const [path = '', query] = link.split('?');
  const signature = path.split('/').at(-1)!;
  secrets['order signature'] = signature;
  const stranger = new Visitor(stack);
  t.equal((await stranger.get(link)).statusCode, 200, 'the order page opens by its link');
  const island = await stack.app.inject({ url: link, headers: { host: MAPLE, accept: 'application/json' } });
  t.equal(island.statusCode, 200, 'and answers its island');
  const escaped = `/%6Frder/${refId}/${signature}${query ? `?${query}` : ''}`;
  t.match(await raw(`GET ${escaped} HTTP/1.1`), /^HTTP\/1\.1 200/, 'an escaped spelling opens it too');
  t.match(await raw(`GET http://${MAPLE}${link} HTTP/1.1`), /^HTTP\/1\.1 200/, 'and the absolute form');
  t.match(await raw(`GET ${path}/ HTTP/1.1`), /^HTTP\/1\.1 302/, 'a trailing slash is no route: home');
  t.match(await raw(`GET ${link.toUpperCase()} HTTP/1.1`), /^HTTP\/1\.1 302/);
  t.match(await raw(`GET ${link} HTTP/1.1`, 'Bad Header\r\n'), /^HTTP\/1\.1 400/, 'a request the parser refuses');
  stack.sandbox.app.sandbox.queueFaults(['503']);
  const down = await stranger.get(link);
  t.equal(down.statusCode, 502, 'the upstream failing: the error handler answers');

  // The resume question: its token travels in the form.
  const question = resumeQuestion((await stranger.get(`/state/${refId}`)).body);
  t.ok(question, 'the order page’s Continue asks whether the order is the visitor’s');
  secrets['resume token'] = question!.form.token!;
  t.equal((await stranger.post(question!.action, question!.form)).statusCode, 303, 'yes: the flow is theirs');
  keepCookies(stranger);

  // A Pro invitation: its page, a refused amount, a quote; and one the upstream does not know.
  const pro = new Visitor(stack);
  t.equal((await pro.get(`/pro/${PRO_HASH}`)).statusCode, 200);
  const proForm = { txnType: 'BUY', fiatCurrency: 'CAD', cryptoCurrency: 'BTC', paymentMethod: 'ETRANSFER' };
  t.equal((await pro.submit(`/pro/${PRO_HASH}`, { ...proForm, fiatAmount: '99' })).statusCode, 200, 'refused, shown once');
  t.equal((await pro.post(`/pro/${PRO_HASH}`, { ...proForm, fiatAmount: '150' })).headers.location, '/price-quote');
  keepCookies(pro);
  t.equal((await pro.get(`/pro/${UNKNOWN_PRO_HASH}?attempt=1`)).statusCode, 302, 'an unknown invitation goes home');

  // The identity frame's page, before and after consent.
  t.equal((await stranger.get(`/verify-idenfy/${IDENTITY_TOKEN}`)).statusCode, 200);
  const last = await stranger.get(`/verify-idenfy/${IDENTITY_TOKEN}?consent=1`);
  t.equal(last.statusCode, 200);

  cookies.forEach((value, i) => {
    secrets[`cookie ${i + 1}`] = value;
  });
  t.ok(cookies.length >= 6, `${cookies.length} cookie values`);
  // A request's line is written once its answer has gone: the last one's, then every line is in.
  await stack.logged((l) => l.msg === 'request' && l.reqId === last.headers['x-request-id']);

  const edge = stack.logs.map((l) => JSON.stringify(l));
  const sandbox = sandboxLog.lines.map((l) => JSON.stringify(l));
  t.ok(edge.length > 50 && sandbox.length > 20, `${edge.length} edge and ${sandbox.length} sandbox lines to read`);
  for (const [name, secret] of Object.entries(secrets)) {
    t.strictSame(
      edge.filter((line) => line.includes(secret)),
      [],
      `edge log: no ${name}`,
    );
    t.strictSame(
      sandbox.filter((line) => line.includes(secret)),
      [],
      `sandbox log: no ${name}`,
    );
  }

  // The lines still say which route each request was.
  const paths = new Set(stack.logs.filter((l) => l.msg === 'request').map((l) => l.path));
  for (const path of [`/order/${refId}/:signature`, '/order/*', '/pro/:customerHash', '/verify-idenfy/:token', `/state/${refId}`])
    t.ok(paths.has(path), `a request line names ${path}`);
  t.ok(
    stack.logs.some((l) => l.msg === 'form refused' && l.screen === '/pro/:customerHash'),
    "the Pro form's refusal names its page by its pattern",
  );
  t.ok(
    stack.logs.some((l) => l.msg === 'request refused' && l.reqId === down.headers['x-request-id']),
    "the error handler's line is among them",
  );
});
