// buildApp: the Fastify instance and its plugins, nothing else. Each plugin is named and
// declares the plugins it needs, so a wrong order fails at start-up with both names
// instead of a request meeting a missing decoration. Tests build it and use app.inject().
// The edge knows its upstream and third parties only as URLs: whoever starts the process
// (server/main.ts, a test) decides what answers there.
import { setTimeout as sleep } from 'node:timers/promises';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import './fastify-types.ts';
import { FORM_FIELD_MAX_BYTES, UPLOAD_ANNOUNCED_MAX_BYTES } from '../checkout/limits.ts';
import type { MethodTable } from '../checkout/payment-method.ts';
import { ErrorPage } from '../views/pages/ErrorPage.tsx';
import { type AppConfig, ConfigError, REQUEST_TIMEOUT_MS } from './config.ts';
import { eventsPlugin } from './events/plugin.ts';
import { eventsOpsPlugin } from './events/routes.ts';
import { KeptPublicAnswers } from './flow/public-answers.ts';
import { ApiFastPath, apiFastPathPlugin } from './front/api-fast-path.ts';
import { SharedPagesFastPath, sharedPagesPlugin } from './front/cached-page-listener.ts';
import { robotsPlugin } from './front/robots.ts';
import { trustProxy } from './http/client-address.ts';
import { errorsPlugin } from './http/errors.ts';
import { boundedFormParser } from './http/form-body.ts';
import { HealthState } from './http/health.ts';
import { type Lifecycle, opsPlugin } from './http/lifecycle.ts';
import { answerClientError, answerFrameworkError } from './http/outside-answers.ts';
import { bodyGuard } from './http/request-bodies.ts';
import { originForm } from './http/request-target.ts';
import { refusalLanguage, resolveHost, tenancyPlugin } from './http/tenancy.ts';
import { languagePlugin } from './i18n/plugin.ts';
import { loggerOptions, RequestLogger } from './logging.ts';
import { PAYMENT_METHODS } from './methods/index.ts';
import { type PaymentMethod, upstreamCallsOf } from './methods/method.ts';
import { Admission } from './ops/admission.ts';
import { setCacheBudget } from './ops/byte-cache.ts';
import { connectionGuard } from './ops/connections.ts';
import { KeepAlive } from './ops/keep-alive.ts';
import { LoopLateness } from './ops/loop-lateness.ts';
import { metricsPlugin } from './ops/metrics.ts';
import { pressurePlugin } from './ops/pressure.ts';
import { rateLimitPlugin } from './ops/rate-limit.ts';
import { applyRateLimits, limitDefaults } from './ops/rate-limit-settings.ts';
import { refusalStorePlugin } from './ops/refusal-store.ts';
import { renderPlugin } from './render/plugin.ts';
import { registerPages } from './screens/index.ts';
import { readFlow } from './security/flow-cookie.ts';
import { securityPlugin } from './security/plugin.ts';
import { assetsPlugin } from './static-files.ts';
import { liveRegistry } from './tenancy/live.ts';
import { loadMerchants } from './tenancy/load.ts';
import { merchantReloadPlugin } from './tenancy/plugin.ts';
import { type OptionalThirdPartyUrls, resolveThirdParty, thirdPartyPlugin } from './third-party.ts';
import type { UploadPlaceSettings } from './uploads/places.ts';
import { uploadsPlugin } from './uploads/plugin.ts';
import { upstreamPlugin } from './upstream/dispatcher.ts';
import { upstreamProxy } from './upstream/proxy.ts';

/**
 * Room for a visitor who pastes a megabyte into a field: they get the form again with a
 * message under it, not a 413 that loses what they typed (form-body.ts bounds each field).
 */
export const FORM_BODY_LIMIT = 1536 * 1024;

export interface AppDeps {
  config: AppConfig;
  /** Where upstream calls go: UPSTREAM_URL, or an upstream the process started beside the edge. */
  upstreamUrl: string;
  /** Third-party URLs for the ones the environment leaves unset; what is set nowhere is off. */
  thirdParty?: OptionalThirdPartyUrls;
  logger?: Logger;
  lifecycle?: Lifecycle;
  /** What time it is, in ms since the epoch: tests set it instead of sleeping. */
  clock?: () => number;
  /** The embedded sandbox's merchant site, when it runs: demo merchants' `{sandbox}` links lead there. */
  sandboxSiteUrl?: string | undefined;
  /** How a page still open waits between upstream checks: tests move their clock instead of sleeping. */
  wait?: (ms: number) => Promise<void>;
  /** The payment methods the checkout knows; server/methods/ by default. */
  methods?: MethodTable<PaymentMethod>;
  /**
   * `report`: serve a production merchant whatever would hurt its visitors, as a TEST one
   * is served (the preview shows such a folder's pages); never from the environment.
   */
  publication?: 'enforce' | 'report';
  /** Changes to the upload places (uploads/plugin.ts): tests shorten the floor's window. */
  uploadPlaces?: Partial<UploadPlaceSettings>;
}

/** RATE_LIMITS applied to every limit the screens count against, the methods' included. */
function rateLimitsOf(config: AppConfig, methods: MethodTable<PaymentMethod>) {
  try {
    return applyRateLimits(config.rateLimits, limitDefaults(methods));
  } catch (error) {
    throw new ConfigError(`Invalid environment:\n  RATE_LIMITS: ${(error as Error).message}`);
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const methods = deps.methods ?? PAYMENT_METHODS;
  const links = { sandboxUrl: deps.sandboxSiteUrl, methods, publication: deps.publication };
  const rateLimits = rateLimitsOf(config, methods);
  const merchants = liveRegistry(await loadMerchants(config.merchantsDir, { ...links, blocking: true }));

  // One trust function for Fastify's request.ip and the listeners in front of it.
  const trust = trustProxy(config.trustProxy);
  const connections = connectionGuard({
    ...config.connections,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    connectionTimeoutMs: 60_000,
    trust,
  });
  // Bodies over their limit are refused at their headers, in front of everything else.
  const bodies = bodyGuard({ formBytes: FORM_BODY_LIMIT, uploadBytes: UPLOAD_ANNOUNCED_MAX_BYTES });
  // Whether a request's work is taken on now: in front of every listener but those two.
  const lateness = new LoopLateness();
  const admission = new Admission(config.admission, lateness);
  // Whether the loop is saturated: each address then gets its share, and answers may close
  // their connections so that a flood queues again beside new visitors.
  const keepAlive = new KeepAlive(lateness);
  // One lifecycle for the ops hooks and the fast path: both stop serving once draining begins.
  const lifecycle = deps.lifecycle ?? new HealthState();
  // Pages rendered for everyone are answered in front of Fastify, behind the connection guard.
  const fastPath = new SharedPagesFastPath();
  const requestId = () => crypto.randomUUID();
  // So are the /api calls that need nothing but the proxy's rules.
  const apiFastPath = new ApiFastPath();
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger as FastifyBaseLogger } : { logger: loggerOptions(config.logLevel) }),
    trustProxy: trust,
    bodyLimit: FORM_BODY_LIMIT,
    serverFactory: (handler) =>
      bodies.attach(connections.serverFactory(bodies.front(admission.front(fastPath.front(apiFastPath.front(handler)))))),
    // One line per request is written by http/lifecycle.ts instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    // The request logger adds the request id and merchant to each line it writes instead
    // of a pino child built per request; the Host looked up here is the tenancy hook's.
    childLoggerFactory: (logger, bindings, options, rawRequest) => {
      const found = resolveHost(merchants, rawRequest);
      const fallback = found.kind === 'unknown' && config.unknownHosts === 'fallback' ? merchants.fallback.id : undefined;
      const merchant = found.kind === 'known' ? found.merchant.id : fallback;
      const withMerchant = merchant ? { ...bindings, merchant } : bindings;
      return Object.keys(options).length
        ? logger.child(withMerchant, options)
        : (new RequestLogger(logger as Logger, withMerchant) as unknown as FastifyBaseLogger);
    },
    routerOptions: { maxParamLength: 200 },
    // Routes, redirects and links see a path and query, never a scheme or a host.
    rewriteUrl: (request) => originForm(request.url ?? '/'),
    // The framework's and the parser's refusals are answered in the edge's shape too.
    frameworkErrors: (error, request, reply) => void answerFrameworkError(app, error, request, reply),
    clientErrorHandler(error, socket) {
      answerClientError({ log: app.log, metrics: app.metrics }, error, socket);
    },
    // Requests read while closing get the edge's own draining answer (http/lifecycle.ts), not Fastify's.
    return503OnClosing: false,
  });

  app.decorate('appConfig', config);
  setCacheBudget(config.cacheBytes);
  app.decorate('methods', methods);
  app.decorate('clock', deps.clock ?? Date.now);
  app.decorate('wait', deps.wait ?? ((ms: number) => sleep(ms)));
  const thirdParty = resolveThirdParty(config, deps.upstreamUrl, deps.thirdParty);

  // onRequest hooks run in this order: request id and draining, Host, CSP and same-origin.
  await app.register(errorsPlugin);
  await app.register(opsPlugin, { lifecycle });
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    merchantSeries: config.metricsMerchants,
    calls: upstreamCallsOf(methods),
  });
  app.addHook('onReady', async () =>
    bodies.start({ log: app.log, metrics: app.metrics, languageOf: refusalLanguage(merchants, config.pseudoLanguage) }),
  );
  await app.register(pressurePlugin, {
    ...config.pressure,
    admission,
    connections,
    keepAlive,
    closeWhenSaturated: config.connections.closeWhenSaturated,
    trust,
  });
  await app.register(tenancyPlugin, {
    merchants,
    unknownHosts: config.unknownHosts,
    unknownHostsTestCoin: config.unknownHostsTestCoin,
  });
  await app.register(merchantReloadPlugin, { live: merchants, dir: config.merchantsDir, links, watch: config.merchantsWatch });
  await app.register(languagePlugin, { pseudo: config.pseudoLanguage });
  await app.register(thirdPartyPlugin, { thirdParty });
  await app.register(securityPlugin);
  await app.register(cookie, { secret: config.sessionSecrets, hook: 'onRequest' });
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT, parser: boundedFormParser(FORM_FIELD_MAX_BYTES) });
  await app.register(rateLimitPlugin, { settings: rateLimits, redisUrl: config.redisUrl });
  await app.register(refusalStorePlugin);
  await app.register(upstreamPlugin, {
    baseUrl: deps.upstreamUrl,
    uploadUrl: thirdParty.uploadUrl,
    cardQuoteUrl: thirdParty.cardQuoteUrl,
    timeouts: config.upstreamTimeouts,
    maxBodyBytes: config.apiBodyMaxBytes,
    observe: (call) => app.metrics.upstreamCall(call),
    clock: app.clock,
  });
  await app.register(eventsPlugin);
  await app.register(eventsOpsPlugin);
  await app.register(renderPlugin, { errorPage: ErrorPage });
  await app.register(assetsPlugin);
  await app.register(robotsPlugin);
  await app.register(upstreamProxy, {
    upstreamUrl: deps.upstreamUrl,
    merchantIdOf: (request) => request.merchant.id,
    flowOf: readFlow,
    maxBodyBytes: config.apiBodyMaxBytes,
    publicAnswers: new KeptPublicAnswers(app.clock),
  });
  await app.register(uploadsPlugin, { places: deps.uploadPlaces });
  await registerPages(app);
  await app.register(sharedPagesPlugin, { fastPath, lifecycle, requestId });
  await app.register(apiFastPathPlugin, { fastPath: apiFastPath, lifecycle, requestId, trust });
  return app;
}
