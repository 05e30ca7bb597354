// A thread of its own for the body floods (test/helpers/body-floods.ts), in plain JavaScript
// like flood-worker.mjs. Three roles:
//
// - `forms`: kept-alive connections, each with a flow of its own at the buyer's details,
//   posting a form of `formBytes` (one huge field) again the moment its answer ends;
// - `trickle`: connections announcing an upload of `announcedBytes` and sending its body a
//   byte every `byteEveryMs`; one that is cut is opened anew, as an attacker would;
// - `uploads`: visitors, one every `everyMs`, each posting a small picture with its flow.
//
// Each answers the main thread with what it saw once its time is over.
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const now = () => performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request on a connection of its own: its status, headers and how long it took. */
function exchange(plan, { method = 'GET', path, headers = {}, body, localAddress, agent = false }) {
  return new Promise((resolve) => {
    const started = now();
    const req = request(
      {
        host: '127.0.0.1',
        port: plan.port,
        method,
        path,
        agent,
        ...(agent ? {} : { localAddress }),
        headers: { host: plan.host, origin: `http://${plan.host}`, connection: 'close', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, ms: now() - started }));
        res.on('error', (error) => resolve({ status: 0, error: error.code ?? String(error), ms: now() - started }));
      },
    );
    req.setTimeout(15_000, () => req.destroy(Object.assign(new Error('gave up'), { code: 'GAVE_UP' })));
    req.on('error', (error) => resolve({ status: 0, error: error.code ?? String(error), ms: now() - started }));
    req.end(body);
  });
}

const cookieOf = (headers) =>
  [headers?.['set-cookie'] ?? []]
    .flat()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('flow='));

/** A flow of its own at the buyer's details: a quote asked for and accepted, a receiving address given. */
async function flowAtDetails(plan, localAddress) {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  let cookie;
  for (const [path, body] of [
    ['/', plan.quote],
    ['/price-quote/accept', ''],
    ['/address-input', `cryptoAddress=${plan.address}`],
  ]) {
    const answer = await exchange(plan, { method: 'POST', path, headers: { ...form, cookie: cookie ?? '' }, body, localAddress });
    cookie = cookieOf(answer.headers) ?? cookie;
  }
  return cookie;
}

async function forms(plan) {
  const tally = { answered: 0, statuses: {}, errors: {}, ms: [] };
  const body = `firstName=${'A'.repeat(plan.formBytes)}&lastName=Doe`;
  let over = false;
  const connection = async (localAddress) => {
    const cookie = (await flowAtDetails(plan, localAddress)) ?? '';
    // One kept-alive connection, asking again the moment its answer ends.
    const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress });
    while (!over) {
      const { status, error, ms } = await exchange(plan, {
        method: 'POST',
        path: '/buyer-info-input',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', connection: 'keep-alive' },
        body,
        agent,
      });
      if (error) tally.errors[error] = (tally.errors[error] ?? 0) + 1;
      else {
        tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
        tally.answered += 1;
        tally.ms.push(ms);
      }
    }
    agent.destroy();
  };
  const running = Array.from({ length: plan.connections }, (_, i) => connection(plan.addresses[i % plan.addresses.length]));
  await sleep(plan.durationMs);
  over = true;
  await Promise.race([Promise.all(running), sleep(3_000)]);
  return tally;
}

async function trickle(plan) {
  const tally = { opened: 0, cut: 0, statuses: {}, heldMs: [] };
  let over = false;
  const one = (cookie) => {
    if (over) return;
    const started = now();
    tally.opened += 1;
    const socket = connect({ port: plan.port, host: '127.0.0.1', localAddress: plan.localAddress });
    let received = '';
    const timer = setInterval(() => socket.write('-'), plan.byteEveryMs);
    socket.on('connect', () =>
      socket.write(
        `POST /image-input-upload HTTP/1.1\r\nHost: ${plan.host}\r\nOrigin: http://${plan.host}\r\nCookie: ${cookie}\r\nAccept: application/json\r\nContent-Type: multipart/form-data; boundary=trickle\r\nContent-Length: ${plan.announcedBytes}\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      if (over) return;
      tally.cut += 1;
      tally.heldMs.push(now() - started);
      const status = received.slice(9, 12) || 'none';
      tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
      setTimeout(() => one(cookie), 100);
    });
    sockets.add(socket);
  };
  const sockets = new Set();
  for (const cookie of plan.cookies) one(cookie);
  await sleep(plan.durationMs);
  over = true;
  for (const socket of sockets) socket.destroy();
  return tally;
}

async function uploads(plan) {
  const body = Buffer.from(plan.payloadBase64, 'base64');
  const visits = [];
  for (const cookie of plan.cookies) {
    visits.push(
      exchange(plan, {
        method: 'POST',
        path: '/image-input-upload',
        headers: { cookie, 'content-type': plan.contentType, accept: 'application/json', 'content-length': body.length },
        body,
        localAddress: plan.localAddress,
      }),
    );
    await sleep(plan.everyMs);
  }
  return Promise.all(visits);
}

const roles = { forms, trickle, uploads };
parentPort.postMessage(await roles[workerData.role](workerData));
