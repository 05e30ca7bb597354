// A merchant's endpoints (merchant.json `webhooks`), as the outbox names them: an id made
// from the merchant and the URL as written, so it stays the same across restarts and
// reloads (a `{sandbox}` URL included, whose port changes each run). A delivery finds its
// endpoint again by id when it is attempted: an endpoint removed meanwhile gets nothing more,
// and a URL changed in place is a new endpoint.
import { createHash } from 'node:crypto';
import type { MerchantConfig } from '../../checkout/merchant-schema.ts';
import { DEFAULT_EVENT_TYPES, type OrderEventType } from '../../checkout/order-events.ts';

export type WebhookConfig = MerchantConfig['webhooks'][number];

export interface Endpoint {
  id: string;
  merchant: string;
  url: string;
  /** As merchant.json writes it (`{sandbox}/…`). */
  written: string;
  secretEnv: string;
  events: ReadonlySet<OrderEventType>;
  /** At the embedded sandbox: off without one. */
  sandbox: boolean;
}

/** The host the `{sandbox}` links get when no sandbox runs: such an endpoint is off. */
const NO_SANDBOX_HOST = 'sandbox.invalid';

export function endpointId(merchant: string, written: string): string {
  return `ep_${createHash('sha256').update(`${merchant}\n${written}`).digest('base64url').slice(0, 16)}`;
}

/** A merchant's endpoints, each once per config (configs are frozen, so the list is kept). */
const byConfig = new WeakMap<MerchantConfig, Endpoint[]>();

export function endpointsOf(config: MerchantConfig): Endpoint[] {
  let endpoints = byConfig.get(config);
  if (!endpoints) {
    endpoints = config.webhooks
      .filter((hook) => new URL(hook.url.url).hostname !== NO_SANDBOX_HOST)
      .map((hook) => ({
        id: endpointId(config.merchant, hook.url.written),
        merchant: config.merchant,
        url: hook.url.url,
        written: hook.url.written,
        secretEnv: hook.secretEnv,
        events: new Set(hook.events ?? DEFAULT_EVENT_TYPES),
        sandbox: hook.url.sandbox,
      }));
    byConfig.set(config, endpoints);
  }
  return endpoints;
}

/** Where a secret comes from: the environment's secrets by variable, and the run's own for the sandbox. */
export interface SecretSource {
  secrets: ReadonlyMap<string, readonly string[]>;
  sandboxSecret: string;
}

/**
 * The secrets an endpoint is signed with: its variable's, else (an endpoint at the embedded
 * sandbox) the run's own, which the sandbox's receiver checks with; none: it cannot be signed.
 */
export function secretsOf(endpoint: Endpoint, source: SecretSource): readonly string[] | undefined {
  return source.secrets.get(endpoint.secretEnv) ?? (endpoint.sandbox ? [source.sandboxSecret] : undefined);
}
