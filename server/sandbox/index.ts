// The embedded sandbox upstream: a real HTTP server implementing the exchange contract
// (checkout/contract.ts) with deterministic behaviour, like a payment provider's
// test mode. Used when UPSTREAM_URL is unset, in demos and in tests. README.md lists the
// test values.
import { randomUUID } from 'node:crypto';
import { type AddressInfo, isIPv6 } from 'node:net';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import type { FeeFields } from '../../checkout/domain.ts';
import type { SandboxContext } from './context.ts';
import { SANDBOX_CODES, SandboxError } from './errors.ts';
import { FaultInjector, parseFaults } from './faults.ts';
import { FeeBook } from './fees.ts';
import { settlePayment } from './flow.ts';
import { RAILS } from './rails/index.ts';
import { otcRail } from './rails/otc.ts';
import { type Rail, railsOf } from './rails/rail.ts';
import { ReceivedForms } from './received.ts';
import { apiRoutes } from './routes/api.ts';
import { pageRoutes } from './routes/pages.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { MAX_TXNS, TxnStore } from './store.ts';
import { WebhookInbox, type WebhookSecrets } from './webhooks.ts';

export interface SandboxOptions {
  /** default 127.0.0.1 */
  host?: string;
  /** default 0 = any free port */
  port?: number;
  /** How long a quote holds; default 600. */
  quoteTtlS?: number;
  /** SANDBOX_FAULTS syntax, e.g. `504:0.2,reset:0.05,delay:150,seed:42` (README). */
  faults?: string;
  /** true: pino to stdout; a pino logger: its child lines; default off. */
  logger?: boolean | Logger;
  /** Base URL browsers use to reach the sandbox; default its own listen URL. */
  publicUrl?: string;
  /**
   * What time it is, in ms since the epoch; default Date.now. Everything the sandbox dates
   * or expires reads it (quotes, transactions, Idempotency-Keys, received forms), so tests
   * move it forward instead of sleeping. Waits (the delay fault, /proc) stay real.
   */
  clock?: () => number;
  /** The merchants' folders, whose fee fields the exchange charges (fees.ts); default `merchants` in the working directory. */
  merchantsDir?: string;
  /**
   * Each method's fee fields in the merchant files, by method name, as the edge's methods
   * declare them: the process hands them over (server/main.ts), so the exchange charges
   * what the edge shows. None: no merchant fee is charged.
   */
  feeFields?: Readonly<Record<string, FeeFields>>;
  /** The methods its exchange takes: rails/index.ts's by default (a test adds one of its own). */
  rails?: readonly Rail[];
  /**
   * The secrets of each environment variable a merchant's endpoint names, which its webhook
   * receiver verifies with: the process hands over what the edge signs with. None: every
   * event it receives is listed as `no-secret`.
   */
  webhookSecrets?: WebhookSecrets;
}

export interface SandboxThirdPartyUrls {
  cardQuoteUrl: string;
  cardWidgetUrl: string;
  /** Append '/{token}'. */
  identityUrl: string;
  formServiceUrl: string;
  userAgentLogUrl: string;
  uploadUrl: string;
}

export interface RunningSandbox {
  /** http://127.0.0.1:PORT, no trailing slash */
  url: string;
  /**
   * The demo merchants' own site (`/shop`), as browsers reach it: publicUrl, else the
   * listen URL with a loopback address named `localhost`, so the merchant's site is another
   * origin than the API the edge calls, as it is in production.
   */
  siteUrl: string;
  app: FastifyInstance;
  /** Built from publicUrl (or url): these are opened or called from browsers. */
  thirdParty: SandboxThirdPartyUrls;
  close(): Promise<void>;
}

/** Test controls, on `app.sandbox`. */
export interface SandboxControl {
  /** The next API requests get these faults in order ('504', '503', 'reset', 'hang'), then normal. */
  queueFaults(faults: readonly string[]): void;
  /** A payment centre reports the cash of this order (no page stands in for the counter). */
  reportCash(refId: string): 'settled' | 'not-open';
}

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: SandboxControl;
  }
}

export const DEFAULT_QUOTE_TTL_S = 600;
const MAX_MERCHANT_LOG_LENGTH = 64;

export function sandboxThirdPartyUrls(baseUrl: string): SandboxThirdPartyUrls {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    cardQuoteUrl: `${base}/thirdparty/card/quote`,
    cardWidgetUrl: `${base}/thirdparty/card/widget`,
    identityUrl: `${base}/thirdparty/idenfy`,
    formServiceUrl: `${base}/thirdparty/forms/notice`,
    userAgentLogUrl: `${base}/thirdparty/ualog`,
    uploadUrl: `${base}/upload`,
  };
}

function loggerOption(logger: SandboxOptions['logger']) {
  // The cast: Fastify types its instance by the logger's type; callers expect the default.
  if (logger && typeof logger === 'object') return { loggerInstance: logger as unknown as FastifyBaseLogger };
  return { logger: logger === true };
}

export function buildSandbox(opts: SandboxOptions = {}): FastifyInstance {
  const quoteTtlS = opts.quoteTtlS ?? DEFAULT_QUOTE_TTL_S;
  if (!Number.isFinite(quoteTtlS) || quoteTtlS < 0) throw new Error('sandbox: quoteTtlS must be a number of seconds >= 0');
  const faults = new FaultInjector(parseFaults(opts.faults));
  const now = opts.clock ?? Date.now;
  const ctx: SandboxContext = {
    clock: { now, quoteTtlMs: quoteTtlS * 1000 },
    store: new TxnStore(now),
    faults,
    received: new ReceivedForms(now),
    publicUrl: opts.publicUrl?.replace(/\/+$/, ''),
    fees: new FeeBook(opts.merchantsDir ?? 'merchants', opts.feeFields ?? {}),
    rails: railsOf(opts.rails ?? RAILS),
    webhooks: new WebhookInbox(opts.merchantsDir ?? 'merchants', opts.webhookSecrets ?? (() => undefined), now),
  };

  const app = Fastify({
    ...loggerOption(opts.logger),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Fastify's two lines per request are replaced by the one in onResponse below.
    logController: new LogController({ disableRequestLogging: true }),
    // A 'hang' fault keeps its connection open: close() must not wait for it.
    forceCloseConnections: true,
    bodyLimit: 1024 * 1024,
  });

  app.decorate('sandbox', {
    queueFaults: (list: readonly string[]) => faults.queue(list),
    reportCash: (refId: string) => {
      const txn = ctx.store.get(refId);
      return txn ? settlePayment(txn, otcRail.name, 'pay') : 'not-open';
    },
  } satisfies SandboxControl);

  app.addHook('onReady', async () => {
    app.log.info(
      { maxTransactions: MAX_TXNS, quoteTtlS },
      'sandbox: transactions are kept in memory only (24 h after last use); a restart forgets them',
    );
    if (faults.active) app.log.warn({ faults: opts.faults, seed: faults.seed }, 'sandbox: injecting faults');
  });

  // One line per request: id, merchant, method, path without query (keys, tokens), status.
  // Bodies are never logged.
  app.addHook('onResponse', async (request, reply) => {
    const merchant = request.headers['x-merchant'];
    request.log.info(
      {
        merchant: typeof merchant === 'string' ? merchant.slice(0, MAX_MERCHANT_LOG_LENGTH) : undefined,
        method: request.method,
        path: request.url.split('?')[0],
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'sandbox request',
    );
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof SandboxError) return reply.code(error.statusCode).send(error.body);
    const statusCode = (error as { statusCode?: unknown }).statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      // Fastify's own refusals: bad JSON, wrong content type, body too large.
      return reply.code(statusCode).send({ error: { code: SANDBOX_CODES.requestInvalid, msg: (error as Error).message } });
    }
    request.log.error({ err: error }, 'sandbox internal error');
    return reply.code(500).send({ error: { code: SANDBOX_CODES.internal, msg: 'Internal sandbox error.' } });
  });

  app.setNotFoundHandler(async (request, reply) =>
    reply.code(404).send({
      error: { code: SANDBOX_CODES.notFound, msg: `No sandbox endpoint ${request.method} ${request.url.split('?')[0]}` },
    }),
  );

  void app.register(apiRoutes(ctx));
  void app.register(pageRoutes(ctx));
  void app.register(webhookRoutes(ctx));
  return app;
}

/** Addresses a browser on this machine reaches as `localhost`. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '0.0.0.0', '::', '', 'localhost']);

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return isIPv6(host) ? `[${host}]` : host;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = opts.host ?? '127.0.0.1';
  const app = buildSandbox(opts);
  await app.listen({ host, port: opts.port ?? 0 });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://${urlHost(host)}:${port}`;
  const publicUrl = opts.publicUrl?.replace(/\/+$/, '');
  return {
    url,
    siteUrl: publicUrl ?? `http://${LOOPBACK.has(host) ? 'localhost' : urlHost(host)}:${port}`,
    app,
    thirdParty: sandboxThirdPartyUrls(publicUrl ?? url),
    close: () => app.close(),
  };
}
