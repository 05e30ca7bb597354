// A thread of its own for the flood scenario (test/helpers/flood.ts), in plain JavaScript
// (Node does not pass the TypeScript loader on to workers). Two roles:
//
// - `flood`: many kept-alive connections, each asking for the same URL again the moment
//   its answer ends, as `wrk` does, spread over a few local addresses; or, with `everyMs`,
//   a request every so often on each, each with a fresh Accept-Language of
//   `acceptLanguageBytes` (an amplifier: a header the edge has never seen costs it most);
// - `visitors`: a new visitor every `everyMs` on a connection of its own, timed from the
//   connection's start to the answer's end, whatever the others are doing.
//
// Each answers the main thread with what it saw once `durationMs` is over. A flood of
// another kind is a role of its own here, answering the tally `flood` does.
import { request } from 'node:http';
import { connect } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const now = () => performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Three-letter language tags at random, about `bytes` of them, as an Accept-Language value never seen before. */
function freshAcceptLanguage(bytes) {
  const letter = () => String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return Array.from({ length: Math.ceil(bytes / 5) }, () => letter() + letter() + letter()).join(', ');
}

/** One kept-alive connection asking again and again; a closed one is opened anew. */
function floodConnection(plan, localAddress, tally, stopped) {
  const opening = `GET ${plan.path} HTTP/1.1\r\nHost: ${plan.host}\r\nAccept: ${plan.accept}\r\n`;
  const request = () =>
    plan.acceptLanguageBytes
      ? `${opening}Accept-Language: ${freshAcceptLanguage(plan.acceptLanguageBytes)}\r\n\r\n`
      : `${opening}\r\n`;
  let socket;
  let buffer = Buffer.alloc(0);
  let sentAt = 0;
  const open = () => {
    if (stopped()) return;
    buffer = Buffer.alloc(0);
    socket = connect({ port: plan.port, host: '127.0.0.1', localAddress });
    socket.setNoDelay(true);
    socket.on('connect', send);
    socket.on('data', read);
    socket.on('error', (error) => {
      tally.errors[error.code] = (tally.errors[error.code] ?? 0) + 1;
    });
    socket.on('close', () => {
      tally.closed += 1;
      setImmediate(open);
    });
  };
  const send = () => {
    if (stopped()) return socket.destroy();
    sentAt = now();
    socket.write(request());
  };
  const read = (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    const end = buffer.indexOf('\r\n\r\n');
    if (end === -1) return;
    const head = buffer.toString('latin1', 0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (buffer.length < end + 4 + length) return;
    const status = head.slice(9, 12);
    const ms = now() - sentAt;
    tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
    tally.answered += 1;
    if (ms > plan.slowMs) tally.slow += 1;
    buffer = buffer.subarray(end + 4 + length);
    if (/\r\nconnection: *close/i.test(head)) return socket.end();
    if (plan.everyMs) {
      const asked = socket;
      setTimeout(() => asked === socket && !asked.destroyed && send(), Math.max(0, plan.everyMs - ms));
    } else send();
  };
  open();
}

/** Spreads `plan.connections` over `plan.addresses`, each kept open by `connection`; the tally once it is over. */
async function spread(plan, connection) {
  const tally = { answered: 0, slow: 0, closed: 0, statuses: {}, errors: {} };
  let over = false;
  for (let i = 0; i < plan.connections; i++) {
    connection(plan, plan.addresses[i % plan.addresses.length], tally, () => over);
  }
  await sleep(plan.durationMs);
  over = true;
  return tally;
}

/** One visitor: a connection of its own, from its start to the end of the answer. */
function visit(plan) {
  return new Promise((resolve) => {
    const started = now();
    let connectedMs;
    let firstByteMs;
    const done = (outcome) => resolve({ ...outcome, ms: now() - started, connectedMs, firstByteMs });
    const req = request(
      {
        host: '127.0.0.1',
        port: plan.port,
        path: plan.path,
        agent: false,
        localAddress: plan.localAddress,
        headers: { host: plan.host, accept: 'text/html', connection: 'close' },
      },
      (res) => {
        firstByteMs = now() - started;
        res.resume();
        res.on('end', () => done({ status: res.statusCode, retryAfter: res.headers['retry-after'] ?? null }));
        res.on('error', (error) => done({ status: 0, error: error.code ?? String(error) }));
      },
    );
    req.once('socket', (socket) => socket.once('connect', () => (connectedMs = now() - started)));
    req.setTimeout(plan.giveUpMs, () => req.destroy(Object.assign(new Error('gave up'), { code: 'GAVE_UP' })));
    req.on('error', (error) => done({ status: 0, error: error.code ?? String(error) }));
    req.end();
  });
}

async function visitors(plan) {
  const visits = [];
  const until = now() + plan.durationMs;
  while (now() < until) {
    visits.push(visit(plan));
    await sleep(plan.everyMs);
  }
  return Promise.all(visits);
}

const roles = { flood: (plan) => spread(plan, floodConnection), visitors };
parentPort.postMessage(await roles[workerData.role](workerData));
