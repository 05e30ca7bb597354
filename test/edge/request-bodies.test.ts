// Bodies refused cheaply, over a real socket and through app.inject: a body announced over
// its limit is answered 413 at its headers (nothing of it sent), `Expect` is answered by the
// edge, a field too long is named and never shown back, the step forms are rate limited, and
// uploads that trickle hold no place while a visitor's upload goes through.
import { connect } from 'node:net';
import t from 'tap';
import { FORM_FIELD_MAX_BYTES, UPLOAD_CONCURRENCY } from '../../checkout/limits.ts';
import { DEFAULT_TEXTS, textsFor } from '../../checkout/messages.ts';
import { FORM_BODY_LIMIT } from '../../server/app.ts';
import { boundedFormParser, overlongFields } from '../../server/http/form-body.ts';
import { driveTo, MAPLE, upstreamCalls, type Visitor } from '../helpers/journey.ts';
import { type Stack, startStack } from '../helpers/stack.ts';
import { multipartBody, PNG } from '../helpers/upload-files.ts';

const { ERROR_TEXT, UPLOAD_MESSAGES } = DEFAULT_TEXTS;
/** The floor's window in these tests: a trickle is cut within a second or so. */
const FLOOR_WINDOW_MS = 400;

const stack = await startStack({ uploadPlaces: { floorWindowMs: FLOOR_WINDOW_MS } });
t.teardown(() => stack.close());

/** A raw connection to the edge: what it answers to what is written, and whether it closed. */
function rawConnection(target: Stack) {
  const socket = connect(target.port, '127.0.0.1');
  let received = '';
  let closed = false;
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  socket.on('error', () => {});
  return {
    socket,
    write: (text: string | Buffer) => socket.write(text),
    get closed() {
      return closed;
    },
    /** Waits until what was received matches `pattern` (or the connection closed). */
    async until(pattern: RegExp): Promise<string> {
      while (!pattern.test(received) && !closed) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    },
    async ended(): Promise<string> {
      while (!closed) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    },
  };
}

const head = (lines: Record<string, string | number>, requestLine = 'POST /buyer-info-input HTTP/1.1') =>
  `${requestLine}\r\n${Object.entries({ host: MAPLE, ...lines })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n')}\r\n\r\n`;

t.test('a form announced over its limit is answered 413 at its headers, in the visitor’s language', async (t) => {
  const connection = rawConnection(stack);
  connection.write(
    head({
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': FORM_BODY_LIMIT + 1,
      'accept-language': 'fr-CA',
    }),
  );
  // Not a byte of the body is sent: the answer comes all the same, and the connection ends.
  const answer = await connection.ended();
  t.match(answer, /^HTTP\/1\.1 413 /);
  t.match(answer, /connection: close/i);
  t.match(answer, /content-type: text\/html/);
  t.match(answer, textsFor('fr-CA').ERROR_TEXT.tooLarge.replace(/’/g, '&#x27;').slice(0, 12));
  t.notMatch(answer.slice(answer.indexOf('\r\n\r\n')), /Payload Too Large|FST_|statusCode/, 'never the framework’s own words');
});

t.test('an upload announced past what is worth reading gets the same 413, as JSON to an island', async (t) => {
  const connection = rawConnection(stack);
  connection.write(
    head(
      { 'content-type': 'multipart/form-data; boundary=x', 'content-length': 1024 ** 3, accept: 'application/json' },
      'POST /image-input-upload HTTP/1.1',
    ),
  );
  const answer = await connection.ended();
  t.match(answer, /^HTTP\/1\.1 413 /);
  t.match(answer, /"code":"REQUEST.TOO_LARGE"/);
});

t.test('Expect: 100-continue is refused before the 100 when too large, and works otherwise', async (t) => {
  const large = rawConnection(stack);
  large.write(
    head({ 'content-type': 'application/x-www-form-urlencoded', 'content-length': FORM_BODY_LIMIT + 1, expect: '100-continue' }),
  );
  const refused = await large.ended();
  t.match(refused, /^HTTP\/1\.1 413 /, 'no 100 Continue: the client never sends the body');

  const small = rawConnection(stack);
  const body = 'a=1';
  small.write(
    head({ 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length, expect: '100-continue' }),
  );
  t.match(await small.until(/100 Continue\r\n\r\n/), /^HTTP\/1\.1 100 Continue/);
  small.write(body);
  // No flow cookie: the form's step sends the visitor home.
  t.match(await small.until(/\r\n\r\n[\s\S]*HTTP\/1\.1 \d{3}/), /HTTP\/1\.1 303 /);
  small.socket.destroy();
});

t.test('any other Expect gets the edge’s 417, not Node’s bare one', async (t) => {
  const connection = rawConnection(stack);
  connection.write(head({ expect: 'foo', accept: 'text/html' }, 'GET / HTTP/1.1'));
  const answer = await connection.until(/<\/html>/);
  t.match(answer, /^HTTP\/1\.1 417 /);
  t.match(answer, ERROR_TEXT.expectationFailed);
  t.match(answer, /content-security-policy:/i, 'the edge’s headers');
  connection.socket.destroy();
});

t.test('a field is bounded before it is decoded: left out, and named', async (t) => {
  const parse = boundedFormParser(16);
  const long = `note=${'%41'.repeat(100)}`;
  const form = parse(`a=1&${long}&b=two+words&${'n'.repeat(40)}=x`);
  t.same(
    Object.fromEntries(Object.entries(form)),
    { a: '1', b: 'two words' },
    'the short fields decoded, the long ones not kept',
  );
  t.same(overlongFields(form), ['note'], 'the long field named; a name that long is no field');
  t.same(overlongFields(parse('a=1')), [], 'nothing too long in a short body');
  t.same(overlongFields(undefined), []);
});

t.test('a megabyte in a buyer-info field: "too long" under it, nothing shown back, nothing sent upstream', async (t) => {
  const visitor = await driveTo(stack, '/buyer-info-input');
  const before = upstreamCalls(stack, '/buyerinfo');
  const sent = await visitor.post('/buyer-info-input', {
    firstName: 'A'.repeat(1_400_000),
    lastName: 'Doe',
    email: 'jane@example.com',
  });
  t.equal(sent.statusCode, 303, 'back to the form, as every refusal of the step');
  t.ok(sent.headers['set-cookie']!.toString().length < 4096, 'the refusal carried to the page holds no megabyte');
  const page = await visitor.followKept(sent);
  t.match(page.body, ERROR_TEXT.fieldTooLong.replace(/'/g, '&#x27;'));
  t.ok(page.body.length < 200_000, `the page is ${page.body.length} bytes: the megabyte is not in it`);
  t.notMatch(page.body, 'A'.repeat(FORM_FIELD_MAX_BYTES), 'the long value is never rendered back');
  t.match(page.body, 'value="Doe"', 'what else was typed is kept');
  t.equal(upstreamCalls(stack, '/buyerinfo'), before, 'nothing went upstream');
});

t.test('the buyer-info form is rate limited per address', async (t) => {
  const limited = await startStack({ listen: false, env: { RATE_LIMITS: 'step=2/60' } });
  t.teardown(() => limited.close());
  const visitor = await driveTo(limited, '/buyer-info-input');
  // From an address of its own: the walk's forms counted against the walk's.
  const post = () =>
    limited.app.inject({
      method: 'POST',
      url: '/buyer-info-input',
      remoteAddress: '192.0.2.20',
      headers: visitor.headers({ 'content-type': 'application/x-www-form-urlencoded' }),
      payload: 'firstName=x',
    });
  const statuses = [(await post()).statusCode, (await post()).statusCode];
  t.notOk(statuses.includes(429), `the first two are answered (${statuses})`);
  const refused = await post();
  t.equal(refused.statusCode, 429, 'the third is refused');
  t.ok(Number(refused.headers['retry-after']) > 0, 'with Retry-After');
});

/** A selfie upload's request head for `visitor`, its body announced at `length` bytes. */
function uploadHead(visitor: Visitor, contentType: string, length: number) {
  const { host: _host, ...headers } = visitor.headers();
  return head(
    { ...headers, 'content-type': contentType, 'content-length': length, accept: 'application/json' },
    'POST /image-input-upload HTTP/1.1',
  );
}

t.test('uploads trickled at a byte a second hold no place, are cut, and a visitor’s upload goes through', async (t) => {
  const tricklers = await Promise.all(
    Array.from({ length: UPLOAD_CONCURRENCY }, () =>
      driveTo(stack, '/image-input-choice', {
        amount: 300,
        buyer: { addressLine1: '1 Main St', cityTown: 'Toronto', stateProv: 'ON', postalCode: 'M5V 2T6' },
      }),
    ),
  );
  const { payload, contentType } = multipartBody([{ field: 'file', fileName: 'me.png', value: PNG, type: 'image/png' }]);
  const connections = tricklers.map((visitor) => {
    const connection = rawConnection(stack);
    connection.write(uploadHead(visitor, contentType, 4_000_000));
    return connection;
  });
  let sent = 0;
  const trickle = setInterval(() => {
    for (const connection of connections) if (!connection.closed) connection.write(payload.subarray(sent, sent + 1));
    sent += 1;
  }, 100);
  t.teardown(() => clearInterval(trickle));

  // While they trickle, a visitor from another address uploads.
  const visitor = await driveTo(stack, '/image-input-choice', {
    amount: 300,
    buyer: { addressLine1: '1 Main St', cityTown: 'Toronto', stateProv: 'ON', postalCode: 'M5V 2T6' },
  });
  t.equal(stack.app.uploadGate.inFlight, 0, 'the trickles hold no place');
  const { payload: real, contentType: realType } = multipartBody([
    { field: 'file', fileName: 'me.png', value: PNG, type: 'image/png' },
  ]);
  const uploaded = await stack.app.inject({
    method: 'POST',
    url: '/image-input-upload',
    remoteAddress: '192.0.2.7',
    headers: visitor.headers({ 'content-type': realType, accept: 'application/json' }),
    payload: real,
  });
  t.equal(uploaded.statusCode, 303, 'the visitor’s upload goes through');

  const answers = await Promise.all(connections.map((connection) => connection.ended()));
  clearInterval(trickle);
  for (const answer of answers) {
    t.match(answer, /^HTTP\/1\.1 408 /, 'a trickle is cut by the floor');
    t.match(answer, UPLOAD_MESSAGES.unfinished);
  }
  t.ok(sent < 40, `cut within ${sent} bytes, a window or two`);
  t.equal(stack.app.uploadGate.inFlight, 0);
});

t.test('an upload announced over its limit is told its size from its headers, unread', async (t) => {
  const visitor = await driveTo(stack, '/image-input-choice', {
    amount: 300,
    buyer: { addressLine1: '1 Main St', cityTown: 'Toronto', stateProv: 'ON', postalCode: 'M5V 2T6' },
  });
  const connection = rawConnection(stack);
  connection.write(uploadHead(visitor, 'multipart/form-data; boundary=x', 6_000_000));
  const answer = await connection.ended();
  t.match(answer, /^HTTP\/1\.1 413 /);
  t.match(answer, UPLOAD_MESSAGES.tooLarge('6.0'));
});

/** A chunked body of `bytes` bytes of `fill`, in chunks of 64 KiB, then its end. */
function writeChunked(connection: ReturnType<typeof rawConnection>, bytes: number, fill: string) {
  const chunk = Buffer.alloc(64 * 1024, fill);
  for (let sent = 0; sent < bytes && !connection.closed; sent += chunk.length) {
    connection.write(`${chunk.length.toString(16)}\r\n`);
    connection.write(chunk);
    connection.write('\r\n');
  }
  if (!connection.closed) connection.write('0\r\n\r\n');
}

t.test('a chunked form past its limit is cut there with a 413', async (t) => {
  const connection = rawConnection(stack);
  connection.write(
    head({ 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked', accept: 'application/json' }),
  );
  writeChunked(connection, FORM_BODY_LIMIT + 128 * 1024, 'a');
  const answer = await connection.until(/\r\n\r\n\{.*\}/);
  t.match(answer, /^HTTP\/1\.1 413 /);
  t.match(answer, /"code":"REQUEST.TOO_LARGE"/);
  connection.socket.destroy();
});

t.test('a chunked upload past its limit is cut there with the size it reached', async (t) => {
  const visitor = await driveTo(stack, '/image-input-choice', {
    amount: 300,
    buyer: { addressLine1: '1 Main St', cityTown: 'Toronto', stateProv: 'ON', postalCode: 'M5V 2T6' },
  });
  const connection = rawConnection(stack);
  const { host: _host, ...headers } = visitor.headers();
  const boundary = 'chunked-upload';
  connection.write(
    head(
      {
        ...headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
        accept: 'application/json',
      },
      'POST /image-input-upload HTTP/1.1',
    ),
  );
  const preamble = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`;
  connection.write(`${preamble.length.toString(16)}\r\n${preamble}\r\n`);
  writeChunked(connection, 6_000_000, 'x');
  const answer = await connection.until(/\r\n\r\n\{.*\}/);
  t.match(answer, /^HTTP\/1\.1 413 /);
  t.match(answer, /File must be less than 4\.5MB\. Your file is (4\.9|5\.0)MB\./, 'the size it had reached when cut');
  t.equal(stack.app.uploadGate.inFlight, 0, 'its place given back');
  connection.socket.destroy();
});
