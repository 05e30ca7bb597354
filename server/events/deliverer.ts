// Delivers what the outbox holds: each due delivery POSTed to its endpoint, signed, and
// settled by its answer. A 2xx within DELIVERY_TIMEOUT_MS is delivered; anything else is
// tried again on the schedule (schedule.ts) until the retry window is over, when the
// endpoint is marked failing (a metric, an alert, a log line) and gets nothing more until
// ops turn it back on. Each endpoint has only a few attempts in flight; its others wait
// their turn without an attempt counted, so one slow or failing receiver never holds up
// another's deliveries. Requests go through an undici Agent of their own, not the
// upstream's dispatcher: a receiver's trouble is not the upstream's.
import type { FastifyBaseLogger } from 'fastify';
import { Agent, request } from 'undici';
import type { EdgeMetrics } from '../ops/metrics.ts';
import type { Endpoint } from './endpoints.ts';
import { bodyOf } from './event.ts';
import { DELIVERY_TIMEOUT_MS, nextAttemptAt } from './schedule.ts';
import { signedHeaders } from './signing.ts';
import type { Delivery, DeliveryOutcome, EventStore } from './store.ts';

/** Attempts in flight at once, in all, and to one endpoint. */
const IN_FLIGHT = 32;
const IN_FLIGHT_PER_ENDPOINT = 4;
/** How often the outbox is asked for due deliveries when nothing woke the deliverer. */
const POLL_MS = 250;
/** A receiver's answer is read this far and no further: only its status counts. */
const ANSWER_BYTES_READ = 4096;
const UNREAD_LOG_EVERY_MS = 60_000;

export interface DelivererOptions {
  store: EventStore;
  /** The endpoint of this id as the merchants are now, with its secrets; undefined when it is no longer there. */
  endpoint: (id: string) => { endpoint: Endpoint; secrets: readonly string[] | undefined } | undefined;
  clock: () => number;
  log: FastifyBaseLogger;
  metrics: EdgeMetrics;
  /** An endpoint's retries are over: mark it failing. */
  onGaveUp: (endpoint: string) => Promise<void>;
}

export class Deliverer {
  readonly #options: DelivererOptions;
  readonly #agent = new Agent({
    connect: { timeout: 5_000 },
    headersTimeout: DELIVERY_TIMEOUT_MS,
    bodyTimeout: DELIVERY_TIMEOUT_MS,
  });
  readonly #inFlight = new Map<string, number>();
  #running = 0;
  #started = false;
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  #pass: Promise<void> | undefined;
  readonly #attempts = new Set<Promise<void>>();
  #unreadLoggedAt = Number.NEGATIVE_INFINITY;

  constructor(options: DelivererOptions) {
    this.#options = options;
    options.store.onRecorded(() => this.wake());
  }

  start(): void {
    this.#started = true;
    this.wake();
  }

  /** Looks for due deliveries now (a new event, a test's clock moved on), once started. */
  wake(): void {
    if (!this.#started || this.#stopped || this.#pass) return;
    clearTimeout(this.#timer);
    this.#pass = this.#takeDue()
      .catch((error: unknown) => this.#outboxUnread(error))
      .finally(() => {
        this.#pass = undefined;
        if (!this.#stopped) this.#timer = setTimeout(() => this.wake(), POLL_MS).unref();
      });
  }

  async #takeDue(): Promise<void> {
    const room = IN_FLIGHT - this.#running;
    if (room <= 0) return;
    const busy = (endpoint: string) => (this.#inFlight.get(endpoint) ?? 0) >= IN_FLIGHT_PER_ENDPOINT;
    const taken = await this.#options.store.take(this.#options.clock(), room, busy);
    for (const delivery of taken) {
      const attempt = this.#attempt(delivery).finally(() => this.#attempts.delete(attempt));
      this.#attempts.add(attempt);
    }
  }

  async #attempt(delivery: Delivery): Promise<void> {
    const { store, clock, metrics } = this.#options;
    const found = this.#options.endpoint(delivery.endpoint);
    if (!found) return this.#settle(delivery, { kind: 'dropped', reason: 'removed' });
    if (!found.secrets) return this.#settle(delivery, { kind: 'dropped', reason: 'unsigned' });
    if ((await store.failing()).has(delivery.endpoint)) return this.#settle(delivery, { kind: 'dropped', reason: 'failing' });
    // Another attempt may have pushed this endpoint to its share while this one was being taken.
    if ((this.#inFlight.get(delivery.endpoint) ?? 0) >= IN_FLIGHT_PER_ENDPOINT) {
      return this.#settle(delivery, { kind: 'later', at: clock() + 1000 });
    }
    this.#running++;
    this.#inFlight.set(delivery.endpoint, (this.#inFlight.get(delivery.endpoint) ?? 0) + 1);
    const started = clock();
    let outcome: DeliveryOutcome;
    try {
      const status = await this.#send(found.endpoint.url, delivery, found.secrets);
      outcome = status >= 200 && status < 300 ? { kind: 'delivered', status } : this.#failed(delivery, { status });
    } catch (error) {
      outcome = this.#failed(delivery, { error: (error as { code?: string }).code ?? (error as Error).name });
    } finally {
      this.#running--;
      const left = (this.#inFlight.get(delivery.endpoint) ?? 1) - 1;
      if (left > 0) this.#inFlight.set(delivery.endpoint, left);
      else this.#inFlight.delete(delivery.endpoint);
    }
    metrics.webhookAttempt((clock() - started) / 1000);
    await this.#settle(delivery, outcome);
    if (outcome.kind === 'gave-up') await this.#options.onGaveUp(delivery.endpoint);
    // A slot is free: whatever waits behind it goes now.
    this.wake();
  }

  /** The outbox did not answer (Redis away): said once a minute, not every pass. */
  #outboxUnread(error: unknown): void {
    const now = Date.now();
    if (now - this.#unreadLoggedAt < UNREAD_LOG_EVERY_MS) return;
    this.#unreadLoggedAt = now;
    this.#options.log.error({ err: error }, 'order events: the outbox could not be read');
  }

  #failed(delivery: Delivery, why: { status?: number; error?: string }): DeliveryOutcome {
    const now = this.#options.clock();
    const at = nextAttemptAt(delivery.record.at, delivery.attempts + 1, now);
    if (at === null) return { kind: 'gave-up', ...why };
    return { kind: 'retry', at, ...why };
  }

  async #send(url: string, delivery: Delivery, secrets: readonly string[]): Promise<number> {
    const body = bodyOf(delivery.record);
    const answer = await request(url, {
      method: 'POST',
      dispatcher: this.#agent,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'checkout-edge-webhooks',
        ...signedHeaders(delivery.record.id, this.#options.clock(), body, secrets),
      },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    // Only the status is read; the rest of a long answer is not waited for.
    let read = 0;
    for await (const chunk of answer.body) {
      read += (chunk as Buffer).length;
      if (read >= ANSWER_BYTES_READ) {
        answer.body.destroy();
        break;
      }
    }
    return answer.statusCode;
  }

  async #settle(delivery: Delivery, outcome: DeliveryOutcome): Promise<void> {
    const { store, clock, metrics, log } = this.#options;
    await store.settle(delivery, outcome, clock());
    if (outcome.kind !== 'later') metrics.webhookDelivery(outcome.kind);
    if (outcome.kind === 'retry') {
      log.warn(
        {
          endpoint: delivery.endpoint,
          event: delivery.record.id,
          attempts: delivery.attempts + 1,
          status: outcome.status,
          error: outcome.error,
        },
        'order event not delivered: retried later',
      );
    } else if (outcome.kind === 'gave-up') {
      log.error(
        { endpoint: delivery.endpoint, event: delivery.record.id, attempts: delivery.attempts + 1 },
        'order event not delivered for the whole retry window: the endpoint is marked failing',
      );
    }
  }

  /** Resolves once the attempts in flight now are settled (a test, the close). */
  async drained(): Promise<void> {
    await Promise.allSettled([...this.#attempts]);
  }

  async close(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#pass;
    await Promise.allSettled([...this.#attempts]);
    await this.#agent.close();
  }
}
