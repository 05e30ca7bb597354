// Admission control: whether the edge takes on a request's work now. In front of everything
// but the connection guard (connections.ts): a request past a bound gets a fast 503 with
// Retry-After, written from bytes made once (http/outside-answers.ts), so refusing costs
// less than any answer and a flood cannot make refusing itself the work that saturates the
// process. The bounds:
//
// - requests in flight: the ones being answered at once (each holds memory, and most an
//   upstream call);
// - how long a request has waited before its handler runs: the loop's lateness right now
//   (loop-lateness.ts);
// - the process's own pressure (event-loop delay, heap, RSS: @fastify/under-pressure's
//   samples, pressure.ts);
// - behind a trusted proxy, requests in flight per forwarded client address (429);
// - while the loop is saturated, each client address's share of the requests taken on
//   (fair-share.ts): a flood's excess is refused, a visitor's one request is not.
//
// The probes are never refused: the orchestrator must hear why.
import type { IncomingMessage, RequestListener } from 'node:http';
import { EdgeError, RETRY_AFTER_S, tooManyRequests } from '../http/errors.ts';
import { type OutsideAnswerDeps, refusal, refuseOutside } from '../http/outside-answers.ts';
import { FairShare } from './fair-share.ts';
import type { LoopLateness } from './loop-lateness.ts';
import type { EdgeMetrics, ShedReason } from './metrics.ts';

export interface AdmissionSettings {
  /** Requests answered at once; beyond: 503. */
  maxInFlight: number;
  /** How long a request may have waited for the event loop; beyond: 503. */
  maxQueueWaitMs: number;
  /** Requests one client address may have in flight behind a trusted proxy; undefined: no bound. */
  maxPerClient: number | undefined;
  /** While the loop is saturated, each client address gets its share (fair-share.ts). */
  fairShare: boolean;
}

/** Why admission refuses a request (under-pressure's names for its sampled ones). */
export type AdmissionReason = Extract<
  ShedReason,
  'inFlight' | 'queueWait' | 'eventLoopDelay' | 'heapUsedBytes' | 'rssBytes' | 'clientShare'
>;

export interface AdmissionDeps extends OutsideAnswerDeps {
  metrics: Pick<EdgeMetrics, 'request' | 'shed'>;
  /** The process's sampled pressure over its thresholds, if any (pressure.ts). */
  pressure(): AdmissionReason | undefined;
  /** The forwarded client address of a request that came through a trusted proxy, else undefined. */
  forwardedClient(request: IncomingMessage): string | undefined;
  /** Whether the event loop is saturated now (keep-alive.ts): each address gets its share. */
  saturated(): boolean;
}

/** Answered whatever the load: the orchestrator's probes and the metrics scrape. */
const EXEMPT = new Set(['/healthz', '/readyz', '/metrics']);
const pathOf = (url: string | undefined) => {
  const end = url?.indexOf('?') ?? -1;
  return end === -1 ? (url ?? '') : url!.slice(0, end);
};

const RETRY = { 'retry-after': String(RETRY_AFTER_S) };
const OVERLOADED = refusal(new EdgeError.overloaded());
const CLIENT_BUSY = refusal(tooManyRequests(RETRY_AFTER_S));

export class Admission {
  /** Requests admitted and not yet answered. */
  inFlight = 0;
  readonly settings: AdmissionSettings;
  #deps: AdmissionDeps | undefined;
  readonly #perClient = new Map<string, number>();
  readonly #lateness: LoopLateness;
  readonly #fairShare = new FairShare();

  constructor(settings: AdmissionSettings, lateness: LoopLateness) {
    this.settings = settings;
    this.#lateness = lateness;
  }

  /** Admission begins once the app is ready; until then every request goes through. */
  start(deps: AdmissionDeps): void {
    this.#deps = deps;
    this.#lateness.start();
  }

  stop(): void {
    this.#lateness.stop();
    this.#deps = undefined;
  }

  front(handler: RequestListener): RequestListener {
    return (request, response) => {
      const deps = this.#deps;
      if (deps === undefined || EXEMPT.has(pathOf(request.url))) return handler(request, response);
      const forwarded = deps.forwardedClient(request);
      const reason = this.#overloaded(deps);
      if (reason !== undefined) {
        deps.metrics.shed(reason);
        return refuseOutside(deps, request, response, OVERLOADED, RETRY);
      }
      const address = this.settings.fairShare ? (forwarded ?? request.socket.remoteAddress) : undefined;
      if (address !== undefined && !this.#fairShare.take(address, deps.saturated())) {
        deps.metrics.shed('clientShare');
        return refuseOutside(deps, request, response, OVERLOADED, RETRY);
      }
      const client = this.settings.maxPerClient === undefined ? undefined : forwarded;
      if (client !== undefined) {
        const held = this.#perClient.get(client) ?? 0;
        if (held >= this.settings.maxPerClient!) {
          if (address !== undefined) this.#fairShare.done(address);
          deps.metrics.shed('clientRequests');
          return refuseOutside(deps, request, response, CLIENT_BUSY, RETRY);
        }
        this.#perClient.set(client, held + 1);
      }
      this.inFlight += 1;
      try {
        handler(request, response);
      } finally {
        // Answered at once (a page shared by all, say): no longer in flight. A listener that
        // threw is answered by the server's catch (connections.ts), and counted out on close.
        if (response.writableEnded) this.#done(client, address);
        else response.once('close', () => this.#done(client, address));
      }
    };
  }

  #overloaded(deps: AdmissionDeps): AdmissionReason | undefined {
    if (this.inFlight >= this.settings.maxInFlight) return 'inFlight';
    if (this.#waitingLong()) return 'queueWait';
    return deps.pressure();
  }

  /**
   * Requests wait past the bound now, and did so at least once in the last second or two:
   * a loop that stays late, not one collection or one moment off the processor.
   */
  #waitingLong(): boolean {
    const max = this.settings.maxQueueWaitMs;
    return this.#lateness.nowMs() > max && this.#lateness.recentWorstMs() > max;
  }

  #done(client: string | undefined, address: string | undefined): void {
    this.inFlight -= 1;
    if (address !== undefined) this.#fairShare.done(address);
    if (client !== undefined) this.#release(client);
  }

  #release(client: string): void {
    const left = (this.#perClient.get(client) ?? 1) - 1;
    if (left > 0) this.#perClient.set(client, left);
    else this.#perClient.delete(client);
  }
}
