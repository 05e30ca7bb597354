// The merchant hears every order (docs/merchants.md#order-events). Every flow state the edge
// receives passes here (flow/next.ts saveFlowState), as do the quote's confirmation and a
// refused form: each becomes an observation of the order, recorded in the outbox (a folder,
// or Redis with REDIS_URL), which tells the events it implies (the creation, a step, a stage
// the order moved on to) once across the fleet, to each endpoint of the merchant that wants
// their type. The deliverer sends them, signed; the follower keeps asking the upstream about
// the open orders nobody is looking at. Recording never makes the visitor wait on a network:
// a visitor's request starts it and goes on.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FlowState } from '../../checkout/contract.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { type OrderEventType, STAGE_EVENTS, STAGE_RANK } from '../../checkout/order-events.ts';
import { isFinalStage, type OrderStage, orderStage } from '../../checkout/order-status.ts';
import { ROUTES } from '../../checkout/routes.ts';
import type { AppConfig } from '../config.ts';
import { flowOrderPath } from '../security/order-link.ts';
import { Deliverer } from './deliverer.ts';
import { openDiskStore } from './disk-store.ts';
import { type Endpoint, endpointsOf, secretsOf } from './endpoints.ts';
import { dataOf, newEventId, type OrderFacts, type StepData } from './event.ts';
import { Follower } from './follower.ts';
import { openRedisStore } from './redis-store.ts';
import { nextLookAt } from './schedule.ts';
import type { EventStore, FollowedOrder, LookAt, NewEvent, Observation } from './store.ts';

/** The screens whose NEXT confirms the quote: the order is created (the spec's transactionCreated). */
const CONFIRMING: ReadonlySet<string> = new Set([ROUTES.priceQuote.path, ROUTES.spendQuote.path]);
/** The funnel's name for the confirmation. */
export const CREATED_STEP = 'created';
/** A log line about a full outbox at most this often. */
const FULL_LOG_EVERY_MS = 60_000;
/** A payment deadline is looked at once more a little after it, to see it pass. */
const DEADLINE_GRACE_MS = 60_000;

/** The funnel's name for a screen: its path without the slash. */
export const stepOfScreen = (path: string) => path.replace(/^\//, '') || 'home';
/** The funnel's name for a stage: its event's, without `order.`. */
export const stepOfStage = (stage: OrderStage) =>
  stage === 'unfinished' ? undefined : STAGE_EVENTS[stage].slice('order.'.length);

interface Seen {
  at?: string | undefined;
  from?: string | undefined;
}

export class OrderEvents {
  readonly #app: FastifyInstance;
  readonly #store: EventStore;
  readonly #deliverer: Deliverer;
  readonly #follower: Follower;
  readonly #recording = new Set<Promise<void>>();
  #fullLoggedAt = Number.NEGATIVE_INFINITY;
  #started = false;

  constructor(app: FastifyInstance, store: EventStore, config: AppConfig['events']) {
    this.#app = app;
    this.#store = store;
    this.#deliverer = new Deliverer({
      store,
      endpoint: (id) => this.endpoint(id),
      clock: app.clock,
      log: app.log,
      metrics: app.metrics,
      onGaveUp: (endpoint) => store.setFailing(endpoint, true),
    });
    this.#follower = new Follower({
      dueOrders: (now, count, lease) => store.dueOrders(now, count, lease),
      upstream: (merchantId, requestId) => app.upstream.forRequest({ merchantId, requestId }),
      observe: (order, txnStatus) => this.#followed(order, txnStatus),
      clock: app.clock,
      rate: config.followRate,
      log: app.log,
      onCheck: (outcome) => app.metrics.followCheck(outcome),
    });
  }

  get store(): EventStore {
    return this.#store;
  }

  get follower(): Follower {
    return this.#follower;
  }

  get deliverer(): Deliverer {
    return this.#deliverer;
  }

  /** Starts delivering and following (server/main.ts, once listening; a test when it wants them). */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#deliverer.start();
    this.#follower.start();
  }

  /** An endpoint by id as the merchants are now, with the secrets it is signed with. */
  endpoint(id: string): { endpoint: Endpoint; secrets: readonly string[] | undefined } | undefined {
    for (const merchant of this.#app.merchants.merchants) {
      const endpoint = endpointsOf(merchant.config).find((each) => each.id === id);
      if (endpoint) return { endpoint, secrets: secretsOf(endpoint, this.#app.appConfig.events) };
    }
    return undefined;
  }

  /** The endpoints of a merchant that receive an event of this type. */
  endpointsFor(merchantId: string, type: OrderEventType): string[] {
    const merchant = this.#app.merchants.byId.get(merchantId);
    return merchant ? endpointsOf(merchant.config).flatMap((e) => (e.events.has(type) ? [e.id] : [])) : [];
  }

  /** A flow state the edge received for the visitor's order: `at`, the screen it sends them to; `from`, the screen it came from. */
  sawState(request: FastifyRequest, flow: FlowCookie, state: FlowState, seen: Seen = {}): void {
    const now = this.#app.clock();
    const facts = this.#factsOf(request, flow, state, now);
    const stage = this.#stageOf(facts, state.txnStatus, now);
    const emits: NewEvent[] = [];
    const reached: string[] = [];
    const moving = seen.at !== undefined && seen.at !== flow.at;
    if (seen.from !== undefined && CONFIRMING.has(seen.from) && seen.at !== undefined && seen.at !== seen.from) {
      emits.push({ ...this.#event(facts, 'order.created', stage, now), once: CREATED_STEP });
      reached.push(CREATED_STEP);
    }
    if (moving) {
      emits.push(this.#event(facts, 'order.step', stage, now, { screen: seen.at!, nextAction: state.nextAction }));
      reached.push(stepOfScreen(seen.at!));
    }
    this.#observe({
      facts,
      emits,
      stage: this.#stageChange(facts, stage, now),
      reached,
      lookIfMoved: this.#lookAt(facts, stage, now, now),
      // While unfinished, the order is looked at an hour after its visitor's last step.
      lookIfSame: stage === 'unfinished' ? this.#lookAt(facts, stage, now, now) : 'keep',
      now,
    });
  }

  /** A form of the visitor's order refused: the names of the fields, never what was typed. */
  refused(request: FastifyRequest, flow: FlowCookie, screen: string, fields: readonly string[]): void {
    const now = this.#app.clock();
    const figures = flow.order;
    if (!figures) return;
    const facts: OrderFacts = {
      merchant: request.merchant.id,
      refId: flow.refId,
      txnType: flow.txnType,
      flow: flow.kind,
      paymentMethod: flow.method,
      fiatAmount: figures.fiatAmount,
      fiatCurrency: flow.fiatCurrency,
      cryptoAmount: figures.cryptoAmount,
      cryptoCurrency: flow.cryptoCurrency,
      orderUrl: this.#orderUrl(request, flow),
      nextAction: '',
    };
    const step: StepData = { screen, refused: [...fields] };
    this.#observe({
      facts,
      emits: [this.#event(facts, 'order.step', 'unfinished', now, step)],
      // A refusal says nothing of the stage: none moves on.
      stage: { stage: 'unfinished', rank: -1, final: false },
      reached: [],
      lookIfMoved: 'keep',
      lookIfSame: 'keep',
      now,
    });
  }

  /** What the follower learnt: the status (undefined: no answer, look again later). */
  async #followed(order: FollowedOrder, txnStatus: string | undefined): Promise<void> {
    const now = this.#app.clock();
    const { facts } = order;
    const stage = txnStatus === undefined ? order.stage : this.#stageOf(facts, txnStatus, now);
    const lookIfSame = this.#lookAt(facts, order.stage, order.since, now);
    const observed = await this.#record({
      facts,
      emits: [],
      stage: this.#stageChange(facts, stage, now),
      reached: [],
      lookIfMoved: this.#lookAt(facts, stage, now, now),
      lookIfSame,
      now,
    });
    // Let go unfinished: the funnel counts where it stopped.
    const stopped = observed && !observed.moved && lookIfSame === 'stop' && !isFinalStage(order.stage);
    if (stopped && order.last) this.#app.metrics.funnelStopped(order.last);
  }

  #stageChange(facts: OrderFacts, stage: OrderStage, now: number): Observation['stage'] {
    const type = stage === 'unfinished' ? undefined : STAGE_EVENTS[stage];
    return {
      stage,
      rank: STAGE_RANK[stage],
      final: isFinalStage(stage),
      event: type ? this.#event(facts, type, stage, now) : undefined,
      step: stepOfStage(stage),
    };
  }

  #lookAt(facts: OrderFacts, stage: OrderStage, since: number, now: number): LookAt {
    const until = stage === 'awaitingPayment' && facts.payBy !== undefined ? facts.payBy + DEADLINE_GRACE_MS : undefined;
    return nextLookAt(stage, since, now, until) ?? 'stop';
  }

  #stageOf(facts: OrderFacts, txnStatus: string, now: number): OrderStage {
    const methods = this.#app.methods;
    const stage = orderStage({
      kind: facts.flow,
      txnStatus,
      nextAction: facts.nextAction,
      paymentAction: (action) => methods.ownerOf(action)?.flow === 'BUY',
      payBy: facts.payBy,
      now,
    });
    // A sell's rate no longer held still waits for its crypto: for the merchant, awaiting payment.
    return stage === 'holdLapsed' ? 'awaitingPayment' : stage;
  }

  #event(facts: OrderFacts, type: OrderEventType, stage: OrderStage, now: number, step?: StepData): NewEvent {
    return {
      record: {
        id: newEventId(now),
        type,
        at: now,
        data: dataOf(facts, stage, step),
        endpoints: this.endpointsFor(facts.merchant, type),
      },
    };
  }

  #factsOf(request: FastifyRequest, flow: FlowCookie, state: FlowState, now: number): OrderFacts {
    const method = this.#app.methods.get(state.paymentMethod);
    const payBy = method?.receipt.payBy?.(state, now);
    return {
      merchant: request.merchant.id,
      refId: state.refId,
      txnType: state.txnType,
      flow: flow.kind,
      paymentMethod: state.paymentMethod,
      fiatAmount: state.fiatAmount,
      fiatCurrency: state.fiatCurrency,
      cryptoAmount: state.cryptoAmount,
      cryptoCurrency: state.cryptoCurrency,
      orderUrl: this.#orderUrl(request, { ...flow, refId: state.refId }),
      nextAction: state.nextAction,
      ...(payBy !== undefined ? { payBy } : {}),
    };
  }

  /** The order page's whole URL, on the Host the visitor used (tenancy checked it), with the figures only the flow knows. */
  #orderUrl(request: FastifyRequest, flow: FlowCookie): string {
    return `${request.protocol}://${request.raw.headers.host ?? request.siteHost}${flowOrderPath(request, flow)}`;
  }

  /** Records in the background: the visitor's answer does not wait for the outbox. */
  #observe(observation: Observation): void {
    const recording = this.#record(observation).then(() => undefined);
    this.#recording.add(recording);
    void recording.finally(() => this.#recording.delete(recording));
  }

  async #record(observation: Observation) {
    const { metrics, log } = this.#app;
    try {
      const observed = await this.#store.observe(observation);
      for (const event of observed.events) metrics.orderEvent(event.type);
      for (const step of observed.firstReached) metrics.funnelReached(step);
      if (observed.refused) {
        metrics.webhookDelivery('refused', observed.refused);
        const now = this.#app.clock();
        if (now - this.#fullLoggedAt >= FULL_LOG_EVERY_MS) {
          this.#fullLoggedAt = now;
          log.error(
            { refused: observed.refused },
            'order events outbox full (EVENTS_OUTBOX_MAX, or one endpoint at EVENTS_ENDPOINT_MAX): deliveries refused; the events stay in the history for a replay',
          );
        }
      }
      return observed;
    } catch (error) {
      metrics.orderEventsLost();
      log.error({ err: error, refId: observation.facts.refId }, 'order events could not be recorded: they are lost');
      return undefined;
    }
  }

  /** Waits for what is being recorded (a test, the close). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#recording]);
  }

  async close(): Promise<void> {
    await this.#follower.close();
    await this.settled();
    await this.#deliverer.close();
    await this.#store.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** [edge-events] The order events: what the flow tells them, the outbox, the deliverer and the follower. */
    events: OrderEvents;
  }
}

export const eventsPlugin = fp(
  async (app: FastifyInstance) => {
    const config = app.appConfig.events;
    const common = {
      outboxMax: config.outboxMax,
      endpointMax: config.endpointMax,
      retentionMs: config.retentionMs,
      followMax: config.followMax,
      clock: app.clock,
    };
    const redisUrl = app.appConfig.redisUrl;
    const store = redisUrl
      ? await openRedisStore({ url: redisUrl, claimIdleMs: config.claimIdleMs, ...common })
      : await openDiskStore({ dir: config.dir, ...common });
    if (!redisUrl && config.dir === undefined) {
      app.log.warn(
        'EVENTS_DIR is not set: the order events outbox is a folder of this run, removed at exit; a restart loses what waits',
      );
    }
    const events = new OrderEvents(app, store, config);
    app.decorate('events', events);
    app.metrics.watchOutbox(async () => {
      const stats = await store.stats();
      return {
        depth: stats.depth,
        oldestSeconds: stats.oldestAt === undefined ? 0 : Math.max(0, (app.clock() - stats.oldestAt) / 1000),
        followed: stats.followed,
        failing: stats.failing,
        full: stats.depth >= config.outboxMax,
      };
    });
    app.addHook('onClose', async () => events.close());
  },
  { name: 'edge-events', fastify: '5.x', dependencies: ['edge-metrics', 'edge-tenancy', 'edge-upstream'] },
);
