// The demo merchants' webhook receiver: what a merchant's own server does with the edge's
// order events, done as Standard Webhooks says (the spec's own library signs, the same
// check verifies): the signature over `id.timestamp.body` under one of the endpoint's
// secrets, and a timestamp within five minutes of the sandbox's clock. It keeps the last
// events each merchant received, with the verdict, for the page that lists them on the
// merchant's TEST and DEV hosts. A valid event is answered 204, any other 401, as a
// receiver that checks signatures answers. Memory only.

import { timingSafeEqual } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';

export type Verdict = 'valid' | 'missing-headers' | 'stale-timestamp' | 'no-secret' | 'invalid-signature';

export interface ReceivedEvent {
  receivedAt: string;
  verdict: Verdict;
  /** webhook-id: the same on every attempt of one event. */
  id: string;
  type: string;
  refId?: string | undefined;
  sequence?: number | undefined;
  stage?: string | undefined;
  /** How many signatures the header carried (one per secret the edge signs with). */
  signatures: number;
  /** The body as sent: an order event holds nothing personal. */
  body: unknown;
}

/** Received events kept per merchant. */
export const RECEIVED_PER_MERCHANT = 100;
const TOLERANCE_S = 5 * 60;

/** The secrets an environment variable holds, as the process that runs the sandbox knows them. */
export type WebhookSecrets = (variable: string) => readonly string[] | undefined;

export class WebhookInbox {
  readonly #dir: string;
  readonly #secrets: WebhookSecrets;
  readonly #now: () => number;
  readonly #received = new Map<string, ReceivedEvent[]>();
  readonly #variables = new Map<string, { mtimeMs: number; variables: string[] }>();

  constructor(merchantsDir: string, secrets: WebhookSecrets, now: () => number) {
    this.#dir = merchantsDir;
    this.#secrets = secrets;
    this.#now = now;
  }

  /** The variables a merchant's endpoints name (its merchant.json), read again when it changes. */
  #variablesOf(merchant: string): string[] {
    const file = path.join(this.#dir, merchant, 'merchant.json');
    try {
      const { mtimeMs } = statSync(file);
      const known = this.#variables.get(merchant);
      if (known?.mtimeMs === mtimeMs) return known.variables;
      const config = JSON.parse(readFileSync(file, 'utf8')) as { webhooks?: { secretEnv?: unknown }[] };
      const variables = (config.webhooks ?? []).flatMap((hook) => (typeof hook.secretEnv === 'string' ? [hook.secretEnv] : []));
      this.#variables.set(merchant, { mtimeMs, variables });
      return variables;
    } catch {
      return [];
    }
  }

  #verdict(merchant: string, headers: Record<string, string | undefined>, body: string): Verdict {
    const id = headers['webhook-id'];
    const timestamp = headers['webhook-timestamp'];
    const signature = headers['webhook-signature'];
    if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return 'missing-headers';
    if (Math.abs(this.#now() / 1000 - Number(timestamp)) > TOLERANCE_S) return 'stale-timestamp';
    const secrets = this.#variablesOf(merchant).flatMap((variable) => this.#secrets(variable) ?? []);
    if (!secrets.length) return 'no-secret';
    const given = signature
      .split(' ')
      .filter((each) => each.startsWith('v1,'))
      .map((each) => Buffer.from(each.slice(3)));
    for (const secret of secrets) {
      const expected = Buffer.from(new Webhook(secret).sign(id, new Date(Number(timestamp) * 1000), body).slice(3));
      if (given.some((each) => each.length === expected.length && timingSafeEqual(each, expected))) return 'valid';
    }
    return 'invalid-signature';
  }

  receive(merchant: string, headers: Record<string, string | undefined>, body: string): Verdict {
    const verdict = this.#verdict(merchant, headers, body);
    let parsed: { type?: unknown; data?: { refId?: unknown; sequence?: unknown; stage?: unknown } } = {};
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      // A body that is not JSON is listed as it came, with its verdict.
    }
    const list = this.#received.get(merchant) ?? [];
    list.push({
      receivedAt: new Date(this.#now()).toISOString(),
      verdict,
      id: headers['webhook-id'] ?? '',
      type: typeof parsed.type === 'string' ? parsed.type : '',
      refId: typeof parsed.data?.refId === 'string' ? parsed.data.refId : undefined,
      sequence: typeof parsed.data?.sequence === 'number' ? parsed.data.sequence : undefined,
      stage: typeof parsed.data?.stage === 'string' ? parsed.data.stage : undefined,
      signatures: (headers['webhook-signature'] ?? '').split(' ').filter(Boolean).length,
      body: parsed.type === undefined ? body.slice(0, 2048) : parsed,
    });
    if (list.length > RECEIVED_PER_MERCHANT) list.shift();
    this.#received.set(merchant, list);
    return verdict;
  }

  /** Newest first. */
  list(merchant: string): ReceivedEvent[] {
    return [...(this.#received.get(merchant) ?? [])].reverse();
  }
}
