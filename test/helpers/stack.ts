// A whole edge over real sockets for integration and browser tests: the embedded sandbox
// on its own port, the app on another, both on 127.0.0.1.

import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { MethodTable } from '../../checkout/payment-method.ts';
import { buildApp } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';
import type { Lifecycle, UpstreamSummary } from '../../server/http/lifecycle.ts';
import { loggerOptions } from '../../server/logging.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import type { PaymentMethod } from '../../server/methods/method.ts';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../server/sandbox/index.ts';
import type { OptionalThirdPartyUrls } from '../../server/third-party.ts';
import type { UploadPlaceSettings } from '../../server/uploads/places.ts';
import { type LogLines, logLines } from './logs.ts';
import { neverShedForDelay } from './pressure.ts';

export interface Stack {
  app: FastifyInstance;
  sandbox: RunningSandbox;
  port: number;
  /** http://{host}:{port} for a demo host, e.g. url('maple.localhost', '/'). */
  url(host: string, path?: string): string;
  logs: Record<string, unknown>[];
  /** Resolves once `count` of the edge's log lines match (see logLines). */
  logged: LogLines['logged'];
  close(): Promise<void>;
}

/** A log line that tells an upstream call. */
export interface UpstreamLine {
  upstream: UpstreamSummary;
}

/**
 * The edge's log lines that tell an upstream call, one per call: the call's own line (a
 * page's call, any failed call) or its /api request's line, which carries a call that went well.
 */
export function upstreamCallLines(logs: readonly Record<string, unknown>[]): (Record<string, unknown> & UpstreamLine)[] {
  return logs.filter(
    (l): l is Record<string, unknown> & UpstreamLine => typeof (l.upstream as { path?: unknown } | undefined)?.path === 'string',
  );
}

/** The step forms' limit, per address and per transaction, out of a test's way. */
const WALKING_LIMITS = 'step=100000/60,step.refId=100000/60';

export async function startStack(
  options: {
    env?: Record<string, string>;
    sandbox?: SandboxOptions;
    listen?: boolean;
    lifecycle?: Lifecycle;
    /** The edge's clock (ms since the epoch); the sandbox takes its own through `sandbox`. */
    clock?: () => number;
    /** Where the edge sends upstream calls, given the sandbox's URL: an upstream in front of it. */
    upstreamUrl?: (sandboxUrl: string) => string;
    /** How the edge waits while a page is open (checking the upstream again). */
    wait?: (ms: number) => Promise<void>;
    /** The payment methods the edge knows; server/methods/ by default. */
    methods?: MethodTable<PaymentMethod>;
    /** `report`: production merchants load whatever would hurt their visitors (the preview). */
    publication?: 'enforce' | 'report';
    /** The third parties' URLs, given the sandbox's pages: leave one out to turn its feature off. */
    thirdParty?: (sandbox: OptionalThirdPartyUrls) => OptionalThirdPartyUrls;
    /** Answers close their connections while the loop is saturated, as in production (tests about it). */
    closeWhenSaturated?: boolean;
    /** Changes to the upload places (a shorter floor window). */
    uploadPlaces?: Partial<UploadPlaceSettings>;
  } = {},
): Promise<Stack> {
  // A test walks many journeys from one address within a minute: the step forms' limit, a
  // real visitor's, is raised unless the test sets its own limits.
  const parsed = parseConfig({ SESSION_SECRET: 'x'.repeat(32), LOG_LEVEL: 'info', RATE_LIMITS: WALKING_LIMITS, ...options.env });
  // A test about shedding for delay sets its own limit.
  const unshed = neverShedForDelay(parsed, options.env);
  const config = options.closeWhenSaturated
    ? { ...unshed, connections: { ...unshed.connections, closeWhenSaturated: true } }
    : unshed;
  // The exchange charges the fees of the merchants the edge serves, each method's fields as its module names them.
  const sandbox = await startSandbox({
    logger: false,
    merchantsDir: config.merchantsDir,
    feeFields: (options.methods ?? PAYMENT_METHODS).feeFields,
    // The receiver checks the demo merchants' order events with what the edge signs them with.
    webhookSecrets: (variable) => config.events.secrets.get(variable) ?? [config.events.sandboxSecret],
    ...options.sandbox,
  });
  const logs = logLines();
  // The production logger's options (personal data removed), without a terminal's pretty print.
  const { transport: _pretty, ...production } = loggerOptions('info');
  const logger = pino(production, logs);
  const app = await buildApp({
    config,
    upstreamUrl: options.upstreamUrl?.(sandbox.url) ?? sandbox.url,
    thirdParty: options.thirdParty?.(sandbox.thirdParty) ?? sandbox.thirdParty,
    sandboxSiteUrl: sandbox.siteUrl,
    logger,
    lifecycle: options.lifecycle,
    clock: options.clock,
    wait: options.wait,
    methods: options.methods,
    publication: options.publication,
    uploadPlaces: options.uploadPlaces,
  }).catch(async (error: unknown) => {
    // An edge that refuses to start leaves no sandbox behind.
    await sandbox.close();
    throw error;
  });
  let port = 0;
  if (options.listen !== false) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  } else {
    await app.ready();
  }
  return {
    app,
    sandbox,
    port,
    logs: logs.lines,
    logged: logs.logged,
    url: (host, path = '/') => `http://${host}:${port}${path}`,
    async close() {
      await app.close();
      await sandbox.close();
    },
  };
}
