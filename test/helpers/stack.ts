// A whole edge over real sockets for integration and browser tests: the embedded sandbox
// on its own port, the app on another, both on 127.0.0.1.
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { Lifecycle } from '../../server/http/lifecycle.ts';
import { parseConfig } from '../../server/config.ts';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../server/sandbox/index.ts';
import { loggerOptions } from '../../server/logging.ts';
import type { UpstreamSummary } from '../../server/upstream/upstream-call.ts';
import type { OptionalThirdPartyUrls } from '../../server/third-party.ts';

export interface Stack {
  app: FastifyInstance;
  sandbox: RunningSandbox;
  port: number;
  /** http://{host}:{port} for a demo host, e.g. url('maple.localhost', '/'). */
  url(host: string, path?: string): string;
  logs: Record<string, unknown>[];
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
    /** The third parties' URLs, given the sandbox's pages: leave one out to turn its feature off. */
    thirdParty?: (sandbox: OptionalThirdPartyUrls) => OptionalThirdPartyUrls;
  } = {},
): Promise<Stack> {
  const sandbox = await startSandbox({ logger: false, ...options.sandbox });
  const config = parseConfig({ SESSION_SECRET: 'x'.repeat(32), LOG_LEVEL: 'info', ...options.env });
  const logs: Record<string, unknown>[] = [];
  // The production logger's options (personal data removed), without a terminal's pretty print.
  const { transport: _pretty, ...production } = loggerOptions('info');
  const logger = pino(production, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
  const app = await buildApp({
    config,
    upstreamUrl: options.upstreamUrl?.(sandbox.url) ?? sandbox.url,
    thirdParty: options.thirdParty?.(sandbox.thirdParty) ?? sandbox.thirdParty,
    sandboxSiteUrl: sandbox.siteUrl,
    logger,
    lifecycle: options.lifecycle,
    clock: options.clock,
    wait: options.wait,
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
    logs,
    url: (host, path = '/') => `http://${host}:${port}${path}`,
    async close() {
      await app.close();
      await sandbox.close();
    },
  };
}

/**
 * Env for a stack whose test is not about shedding: a busy machine can stall a starting
 * process for over a second, which would shed the test's first requests.
 */
export const NEVER_SHED = { SHED_EVENT_LOOP_DELAY_MS: '600000', SHED_QUEUE_WAIT_MS: '600000' } as const;
