// buildApp: the plugin order and nothing else. Tests build it and use app.inject().
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import type { ReactElement } from 'react';
import { renderPage, type RenderOptions } from './render/stream.tsx';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import type { Logger } from 'pino';
import './fastify-types.ts';
import type { AppConfig } from './config.ts';
import { loggerOptions } from './logging.ts';
import { loadMerchants } from './tenancy/load.ts';
import { loadIslands } from './render/island.tsx';
import { DIST_DIR, readManifest } from './render/manifest.ts';
import { loadPublicFiles, prepareFile, isCompressible, registerAssets, type StaticFile } from './assets.ts';
import { registerTenancy } from './http/tenancy.ts';
import { registerSecurity } from './security/plugin.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerOps, type Lifecycle } from './http/ops.ts';
import { registerPages } from './screens/index.ts';
import type { RunningSandbox } from './sandbox/index.ts';
import { createUpstreamDispatcher } from './upstream/dispatcher.ts';
import { createUpstream } from './upstream/client.ts';
import { upstreamProxy } from './upstream/proxy.ts';
import { resolveThirdParty } from './third-party.ts';
import { readFlow } from './security/flow-cookie.ts';

/** Room for a visitor who pastes a megabyte into a field: they get a message, not a 413. */
export const FORM_BODY_LIMIT = 1536 * 1024;

export interface AppDeps {
  config: AppConfig;
  /** Where upstream calls go: UPSTREAM_URL, or the embedded sandbox's URL. */
  upstreamUrl: string;
  /** The embedded sandbox, when it runs: its third-party pages are the defaults. */
  sandbox?: RunningSandbox;
  logger?: Logger;
  lifecycle?: Lifecycle;
  /** What time it is, in ms since the epoch: tests set it instead of sleeping. */
  clock?: () => number;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const [merchants, manifest] = await Promise.all([loadMerchants(config.merchantsDir), readManifest(), loadIslands()]);
  const sharedFiles = await loadPublicFiles(new URL('public/', DIST_DIR).pathname);
  const merchantFiles = new Map<string, Map<string, StaticFile>>(
    merchants.merchants.map((m) => [
      m.id,
      new Map([...m.assets].map(([path, a]) => [path, prepareFile(a.body, a.contentType, isCompressible(path))])),
    ]),
  );

  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger as FastifyBaseLogger } : { logger: loggerOptions(config.logLevel) }),
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: FORM_BODY_LIMIT,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 5_000,
    // One line per request is written by http/ops.ts instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => crypto.randomUUID(),
    // The merchant joins the request logger when Fastify creates it, instead of a second
    // child logger per request in the tenancy hook.
    childLoggerFactory: (logger, bindings, options, rawRequest) => {
      const found = merchants.resolve(rawRequest.headers.host);
      const fallback = found.kind === 'unknown' && config.unknownHosts === 'fallback' ? merchants.fallback.id : undefined;
      const merchant = found.kind === 'known' ? found.merchant.id : fallback;
      return logger.child(merchant ? { ...bindings, merchant } : bindings, options);
    },
    routerOptions: { maxParamLength: 200 },
  });
  app.server.headersTimeout = 10_000;

  app.decorate('appConfig', config);
  app.decorate('clock', deps.clock ?? Date.now);
  app.decorateReply('render', function (this: FastifyReply, page: ReactElement, options?: RenderOptions) {
    return renderPage(this.request, this, page, options);
  });
  app.decorate('assetManifest', manifest);
  app.decorate('merchants', merchants);

  const thirdParty = resolveThirdParty(config, deps.upstreamUrl, deps.sandbox);
  app.decorate('thirdParty', thirdParty);
  const dispatcher = createUpstreamDispatcher({
    connectTimeoutMs: config.upstreamTimeouts.connectMs,
    headersTimeoutMs: config.upstreamTimeouts.headersMs,
    bodyTimeoutMs: config.upstreamTimeouts.bodyMs,
    logger: app.log,
  });
  app.decorate(
    'upstream',
    createUpstream({
      baseUrl: deps.upstreamUrl,
      uploadUrl: thirdParty.uploadUrl,
      cardQuoteUrl: thirdParty.cardQuoteUrl,
      dispatcher,
      logger: app.log,
    }),
  );
  app.addHook('onClose', async () => dispatcher.close());

  registerErrorHandling(app);
  registerOps(app, deps.lifecycle);
  registerTenancy(app, merchants, config.unknownHosts);
  await app.register(helmet, {
    contentSecurityPolicy: false, // set per request with its nonce, see security/plugin.ts
    crossOriginEmbedderPolicy: false,
    hsts: { maxAge: 15552000, includeSubDomains: false },
  });
  registerSecurity(app, thirdParty, merchants);
  await app.register(cookie, { secret: config.sessionSecret, hook: 'onRequest' });
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
  registerAssets(app, sharedFiles, merchantFiles);
  await app.register(upstreamProxy, {
    upstreamUrl: deps.upstreamUrl,
    uploadUrl: thirdParty.uploadUrl,
    dispatcher,
    merchantIdOf: (request) => request.merchant.id,
    flowOf: readFlow,
  });
  await registerPages(app);
  return app;
}
