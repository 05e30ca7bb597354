// The probe server, in a worker thread of its own on its own port: /healthz and /readyz
// answered from the state the main thread publishes (health.ts), so a probe never waits
// behind the visitors' requests. Started by probes.ts; ends with the process.
import { createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { HealthState, liveness, readiness, type ProbeLimits } from './health.ts';

export interface ProbeWorkerData {
  buffer: SharedArrayBuffer;
  port: number;
  host: string;
  limits: ProbeLimits;
  /** Every answer's headers (security headers, JSON, no-store). */
  headers: Record<string, string>;
  /** The body of any other request: the edge's not-found error. */
  notFound: string;
}

export type ProbeWorkerMessage = { listening: number } | { failed: string };

const data = workerData as ProbeWorkerData;
const state = new HealthState(data.buffer);
const post = (message: ProbeWorkerMessage) => parentPort!.postMessage(message);

// A probe is one small request: whoever is slower than this is not a probe.
const server = createServer({ headersTimeout: 2_000, requestTimeout: 5_000, keepAliveTimeout: 5_000 }, (request, response) => {
  const path = (request.url ?? '').split('?')[0];
  const probe = path === '/healthz' ? liveness : path === '/readyz' ? readiness : undefined;
  const answer =
    probe && (request.method === 'GET' || request.method === 'HEAD') ? probe(state.inputs(), data.limits) : undefined;
  const body = answer ? JSON.stringify(answer.body) : data.notFound;
  response.writeHead(answer?.status ?? 404, { ...data.headers, 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.once('error', (error) => post({ failed: error.message }));
server.listen(data.port, data.host, () => post({ listening: (server.address() as { port: number }).port }));
