// Injected failures (SANDBOX_FAULTS) so the edge's retry, timeout and error paths run
// against a real socket. Randomness comes from a seeded generator: with `seed:N` in the
// list the same request order gets the same faults, and the seed is logged either way.
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_CODES } from './errors.ts';

/** An HTTP status to answer with, a destroyed connection, or no answer at all. */
export type Fault = number | 'reset' | 'hang';

export interface FaultSpec {
  chances: { fault: Fault; probability: number }[];
  delayMs: number;
  seed: number | undefined;
}

const MAX_DELAY_MS = 60_000;

function parseFault(name: string): Fault | undefined {
  if (name === 'reset' || name === 'hang') return name;
  if (/^[45]\d\d$/.test(name)) return Number(name);
  return undefined;
}

/**
 * `504:0.2,503:0.1,reset:0.05,hang:0.01,delay:150,seed:42`: each fault with its probability
 * per request (they are exclusive, so they add up to at most 1), a delay in ms for every
 * request, and the seed. Throws on anything else so a typo never silently disables faults.
 */
export function parseFaults(text: string | undefined): FaultSpec {
  const spec: FaultSpec = { chances: [], delayMs: 0, seed: undefined };
  const seen = new Set<string>();
  for (const entry of (text ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([a-z0-9]+):(\d+(?:\.\d+)?)$/.exec(entry);
    if (!match) throw new Error(`SANDBOX_FAULTS: "${entry}" is not name:value`);
    const [, name = '', raw = ''] = match;
    const value = Number(raw);
    if (seen.has(name)) throw new Error(`SANDBOX_FAULTS: "${name}" is given twice`);
    seen.add(name);
    if (name === 'delay') {
      if (!Number.isInteger(value) || value > MAX_DELAY_MS)
        throw new Error(`SANDBOX_FAULTS: delay must be whole ms up to ${MAX_DELAY_MS}`);
      spec.delayMs = value;
    } else if (name === 'seed') {
      if (!Number.isInteger(value) || value >= 2 ** 32) throw new Error('SANDBOX_FAULTS: seed must be a whole number below 2^32');
      spec.seed = value;
    } else {
      const fault = parseFault(name);
      if (fault === undefined)
        throw new Error(`SANDBOX_FAULTS: unknown fault "${name}" (use a 4xx/5xx status, reset, hang, delay or seed)`);
      if (value > 1) throw new Error(`SANDBOX_FAULTS: probability of "${name}" must be between 0 and 1`);
      spec.chances.push({ fault, probability: value });
    }
  }
  const total = spec.chances.reduce((sum, c) => sum + c.probability, 0);
  if (total > 1 + 1e-9) throw new Error(`SANDBOX_FAULTS: probabilities add up to ${total}, more than 1`);
  return spec;
}

/** mulberry32: tiny, fast, good enough to spread faults; not for secrets. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class FaultInjector {
  readonly seed: number;
  readonly #spec: FaultSpec;
  readonly #random: () => number;
  readonly #queue: (Fault | 'pass')[] = [];

  constructor(spec: FaultSpec) {
    this.#spec = spec;
    this.seed = spec.seed ?? randomInt(2 ** 32);
    this.#random = seededRandom(this.seed);
  }

  get delayMs(): number {
    return this.#spec.delayMs;
  }

  /** True when faults can happen without being queued (worth a line in the log at start). */
  get active(): boolean {
    return this.#spec.delayMs > 0 || this.#spec.chances.some((c) => c.probability > 0);
  }

  /**
   * The next requests get exactly these faults, in order, before random ones resume; `pass`
   * lets one request through untouched (a check before the call a test wants to fail).
   */
  queue(faults: readonly string[]): void {
    const parsed = faults.map((name): Fault | 'pass' => {
      const fault = name === 'pass' ? 'pass' : parseFault(name);
      if (fault === undefined)
        throw new Error(`queueFaults: unknown fault "${name}" (use a 4xx/5xx status, reset, hang or pass)`);
      return fault;
    });
    this.#queue.push(...parsed);
  }

  next(): Fault | null {
    const queued = this.#queue.shift();
    if (queued === 'pass') return null;
    if (queued !== undefined) return queued;
    if (this.#spec.chances.length === 0) return null;
    let roll = this.#random();
    for (const { fault, probability } of this.#spec.chances) {
      if (roll < probability) return fault;
      roll -= probability;
    }
    return null;
  }
}

/** onRequest hook for the API routes (third-party pages never fail on purpose). */
export function faultHook(injector: FaultInjector) {
  return async function injectFault(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    if (injector.delayMs > 0) await sleep(injector.delayMs);
    const fault = injector.next();
    if (fault === null) return undefined;
    request.log.warn({ fault }, 'sandbox fault injected');
    if (typeof fault === 'number') {
      return reply.code(fault).send({ error: { code: SANDBOX_CODES.fault, msg: `Injected fault: HTTP ${fault}` } });
    }
    reply.hijack();
    // reset: the connection dies with no response; hang: it stays open and silent until
    // the client gives up or the sandbox closes (forceCloseConnections).
    if (fault === 'reset') request.raw.socket.destroy();
    return reply;
  };
}
