// What every route of one sandbox instance shares. One instance, one context: two
// sandboxes in the same process (parallel tests) never see each other's transactions.
import type { FastifyRequest } from 'fastify';
import type { FaultInjector } from './faults.ts';
import type { FeeBook } from './fees.ts';
import type { Rails } from './rails/rail.ts';
import type { ReceivedForms } from './received.ts';
import type { Clock } from './steps.ts';
import type { TxnStore } from './store.ts';
import type { WebhookInbox } from './webhooks.ts';

export interface SandboxContext {
  clock: Clock;
  store: TxnStore;
  faults: FaultInjector;
  received: ReceivedForms;
  /** Base URL browsers use; unset = the Host the request came in on. */
  publicUrl: string | undefined;
  /** The merchants' fee fields. */
  fees: FeeBook;
  /** The methods its exchange takes. */
  rails: Rails;
  /** The demo merchants' webhook receiver. */
  webhooks: WebhookInbox;
}

/** Where links for the visitor's browser (payment pages) point. */
export function browserBaseUrl(ctx: SandboxContext, request: FastifyRequest): string {
  return ctx.publicUrl ?? `${request.protocol}://${request.host}`;
}
