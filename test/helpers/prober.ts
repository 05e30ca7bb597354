// Probes sent from a thread of their own, in plain JavaScript: when the edge under test runs
// in the test's main thread, a probe sent from there could not be sent, nor its answer
// read, while that thread is busy, and its timing would be the main thread's. Each answer
// carries its latency and when it arrived, on sharedNow's clock (server/http/health.ts).
import { Worker } from 'node:worker_threads';

export interface ProbeRecord {
  path: string;
  status: number;
  body: string;
  /** From sending the request to the end of the answer. */
  ms: number;
  /** When the answer ended (ms, sharedNow's clock). */
  at: number;
}

export interface ProberPlan {
  port: number;
  /** Asked in this order, each round. */
  paths: string[];
  everyMs: number;
  /** Rounds at most; the prober also stops after a round with an answer of `stopOn`. */
  rounds: number;
  stopOn?: { path: string; status: number };
}

const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, paths, everyMs, rounds, stopOn, done } = workerData;
const now = () => performance.timeOrigin + performance.now();
const get = (path) => new Promise((resolve, reject) => {
  const started = now();
  http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
    let body = '';
    res.on('data', (d) => (body += d));
    res.on('end', () => resolve({ path, status: res.statusCode, body, ms: now() - started, at: now() }));
  }).on('error', reject);
});
// One request first, so the client's own first-time costs are not counted.
get(paths[0]).then(() => parentPort.postMessage('warm'), (e) => parentPort.postMessage('warm-up failed: ' + e));
parentPort.once('message', async () => {
  const answers = [];
  let error;
  try {
    for (let round = 0; round < rounds; round++) {
      const these = [];
      for (const path of paths) these.push(await get(path));
      answers.push(...these);
      if (stopOn && these.some((a) => a.path === stopOn.path && a.status === stopOn.status)) break;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  } catch (e) {
    error = String(e);
  }
  parentPort.postMessage({ answers, error });
  Atomics.store(new Int32Array(done), 0, 1);
});
`;

export interface Prober {
  /** Starts the rounds; resolves with every answer once they are over. */
  go(): Promise<ProbeRecord[]>;
  /** True once the prober has all its answers (readable from a busy loop: shared memory). */
  finished(): boolean;
  close(): Promise<number>;
}

export async function startProber(plan: ProberPlan): Promise<Prober> {
  const done = new SharedArrayBuffer(4);
  const worker = new Worker(SOURCE, { eval: true, workerData: { ...plan, done } });
  const warm = await new Promise((resolve) => worker.once('message', resolve));
  if (warm !== 'warm') throw new Error(String(warm));
  return {
    go() {
      const result = new Promise<ProbeRecord[]>((resolve, reject) =>
        worker.once('message', (m: { answers: ProbeRecord[]; error?: string }) =>
          m.error ? reject(new Error(m.error)) : resolve(m.answers),
        ),
      );
      worker.postMessage('go');
      return result;
    },
    finished: () => Atomics.load(new Int32Array(done), 0) === 1,
    close: () => worker.terminate(),
  };
}
