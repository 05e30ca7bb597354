// Starts the probe worker (probe-worker.ts) on HEALTH_PORT and resolves once it listens,
// or rejects with why it could not (a port in use stops the process at start-up).
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { EdgeError, ERROR_ANSWER_CSP, errorJson, statusError } from '../http/errors.ts';
import { type HealthState, PROBE_LIMITS, type ProbeLimits } from '../http/health.ts';
import { CLIENT_ERROR_STATUS } from '../http/outside-answers.ts';
import { PROJECT_ROOT } from '../root.ts';
import { SECURITY_HEADERS } from '../security/headers.ts';
import type { ProbeWorkerData, ProbeWorkerMessage } from './probe-worker.ts';

/** Every probe answer's headers, on either port: the edge's security headers and a policy that runs nothing. */
const PROBE_HEADERS: Record<string, string> = {
  ...SECURITY_HEADERS,
  'content-security-policy': ERROR_ANSWER_CSP,
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

export interface ProbeServer {
  port: number;
  close(): Promise<void>;
}

export interface ProbeServerOptions {
  state: HealthState;
  port: number;
  host: string;
  limits?: ProbeLimits;
  /** The worker failed after it started (it is not restarted: the probes then fail, as they should). */
  onError?: (error: Error) => void;
  /** Where a probe whose answer threw is logged (it was answered 500). */
  log?: Pick<Logger, 'error'>;
}

/**
 * Under tsx (tests, development) the worker is TypeScript, and Node 20 does not pass the
 * loader on to workers: a line of JavaScript registers it first. The build compiles the
 * worker to dist/server/probe-worker.js (scripts/build.ts).
 */
function newWorker(workerData: ProbeWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('dist/server/probe-worker.js', PROJECT_ROOT), { workerData });
  const entry = new URL('server/ops/probe-worker.ts', PROJECT_ROOT).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData });
}

export function startProbeServer(options: ProbeServerOptions): Promise<ProbeServer> {
  const worker = newWorker({
    buffer: options.state.buffer,
    port: options.port,
    host: options.host,
    limits: options.limits ?? PROBE_LIMITS,
    headers: PROBE_HEADERS,
    notFound: errorJson(new EdgeError.notFound()),
    failed: errorJson(statusError(500)),
    refused: Object.fromEntries(
      Object.entries({ ...CLIENT_ERROR_STATUS, '': 400 }).map(([code, status]) => [
        code,
        { status, body: errorJson(statusError(status)) },
      ]),
    ),
  });
  // The process ends when the main thread is done; the probes do not keep it alive.
  worker.unref();
  return new Promise((resolve, reject) => {
    let started = false;
    let closing = false;
    worker.on('message', (message: ProbeWorkerMessage) => {
      if ('threw' in message) {
        const { reqId, ...err } = message.threw;
        return options.log?.error({ err, reqId }, 'answering a probe failed');
      }
      if ('failed' in message) {
        void worker.terminate();
        return reject(new Error(`HEALTH_PORT ${options.port}: ${message.failed}`));
      }
      started = true;
      resolve({
        port: message.listening,
        async close() {
          closing = true;
          await worker.terminate();
        },
      });
    });
    worker.on('error', (error) => (started ? options.onError?.(error) : reject(error)));
    worker.on('exit', (code) => {
      if (started && !closing) options.onError?.(new Error(`the probe worker exited (code ${code})`));
    });
  });
}
