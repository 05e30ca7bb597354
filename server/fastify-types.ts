// What the edge adds to Fastify's request, reply, instance and route config. Each
// decoration is made by one plugin (named in brackets); a plugin that reads another's
// declares it in its `dependencies`.

import type { Redis } from 'ioredis';
import type { ReactElement } from 'react';
import type { Dispatcher } from 'undici';
import type { PageLanguage } from '../checkout/i18n/languages.ts';
import type { MethodTable } from '../checkout/payment-method.ts';
import type { FlowStep } from '../checkout/progress.ts';
import type { AppConfig } from './config.ts';
import type { ApiFastPath } from './front/api-fast-path.ts';
import type { SharedPagesFastPath } from './front/cached-page-listener.ts';
import type { PressureReason } from './http/health.ts';
import type { UpstreamSummary } from './http/lifecycle.ts';
import type { PaymentMethod } from './methods/method.ts';
import type { EdgeMetrics } from './ops/metrics.ts';
import type { RateLimitCheck } from './ops/rate-limit.ts';
import type { AssetManifest } from './render/manifest.ts';
import type { SharedPageOptions } from './render/shared-pages.tsx';
import type { RenderOptions } from './render/stream.tsx';
import type { Merchant, MerchantRegistry } from './tenancy/load.ts';
import type { ThirdParty } from './third-party.ts';
import type { CircuitBreakers } from './upstream/breaker.ts';
import type { Upstream } from './upstream/client.ts';
import type { ProxyTarget } from './upstream/proxy-rules.ts';

declare module 'fastify' {
  interface FastifyInstance {
    appConfig: AppConfig;
    /** [edge-rate-limit] The Redis the replicas count their rate limits in, when there is one. */
    sharedRedis: Redis | undefined;
    /** The payment methods this checkout knows (server/methods/). */
    methods: MethodTable<PaymentMethod>;
    /** [edge-render] */
    assetManifest: AssetManifest;
    /** [edge-render] The error page with this status and text, in the merchant's brand. */
    errorPageHtml(merchant: Merchant, status: number, message: string, language: PageLanguage): Buffer;
    /** [edge-tenancy] */
    merchants: MerchantRegistry;
    /** [edge-upstream] The typed client. */
    upstream: Upstream;
    /** [edge-upstream] The one dispatcher (retries, timeouts, log line) under the client and the /api proxy. */
    upstreamDispatcher: Dispatcher;
    /** [edge-upstream] The circuit breaker of each upstream host. */
    upstreamBreakers: CircuitBreakers;
    /** [edge-ops] Reasons /readyz reports not ready: each answers one, or undefined. */
    readinessChecks: (() => PressureReason | undefined)[];
    /** [edge-metrics] Counters the other plugins report to. */
    metrics: EdgeMetrics;
    /** [edge-third-party] Third-party URLs; one left unset turns its feature off. */
    thirdParty: ThirdParty;
    /** Now, in ms since the epoch (Date.now unless a test set a clock). */
    clock: () => number;
    /** Resolves after `ms` (a test's clock moves instead). */
    wait: (ms: number) => Promise<void>;
    /** (screens/index.ts) The flow step of each screen's path: where a visitor at `flow.at` stands. */
    screenSteps: ReadonlyMap<string, FlowStep>;
    /** [edge-security] The policy of a merchant's pages rendered once for everyone. */
    contentSecurity: {
      sharedPage(merchantId: string): string;
      /** helmet's headers, the same on every response. */
      staticHeaders: Readonly<Record<string, string>>;
      /** The policy of a merchant's responses that run no script (JSON, redirects, errors). */
      noScript(merchant: Merchant): string;
    };
    /** [edge-shared-pages] What answers pages rendered for everyone in front of Fastify. */
    sharedPagesFastPath: SharedPagesFastPath;
    /** [edge-rate-limit] Counts a request against a limit; null when the limits are off. */
    rateLimitCheck: RateLimitCheck | null;
    /** [edge-api-proxy] Where island calls go, for both paths that answer /api. */
    apiProxyTarget: ProxyTarget;
    /** [edge-api-fast-path] What answers the /api calls that need nothing else in front of Fastify. */
    apiFastPath: ApiFastPath;
  }
  interface FastifyRequest {
    /** [edge-tenancy] The merchant of the request's Host; set before any route runs. */
    merchant: Merchant;
    /** [edge-tenancy] The normalised Host, for same-origin checks. */
    siteHost: string;
    /** [edge-language] The language the page is answered in: one of the merchant's (server/i18n/). */
    language: PageLanguage;
    /** [edge-ops] The upstream call an /api request made, told on its request line; null for others. */
    upstreamSummary: UpstreamSummary | null;
  }
  interface FastifyReply {
    /** [edge-security] The CSP nonce of this response, made when first read. */
    readonly scriptNonce: string;
    /** [edge-security] This page's forms may also post to these origins (checked by the caller). */
    allowFormTargets(origins: readonly string[]): FastifyReply;
    /** [edge-render] Render a React page with this status (default 200); HEAD gets the headers only. */
    render(page: ReactElement, options?: RenderOptions): Promise<FastifyReply>;
    /**
     * [edge-render] A page that shows nothing of the visitor: rendered once per merchant and
     * `key`, then served as bytes (and, until `freshUntil` on the app's clock, before Fastify);
     * rendered anew when `version` changes. `query` is the page's own (its switch's links keep it).
     */
    renderShared(key: string, build: () => ReactElement, options?: SharedPageOptions): FastifyReply;
  }
  /** What a route may declare in `config`; the hooks read `request.routeOptions.config`. */
  interface FastifyContextConfig {
    /** false: the route serves no merchant, so the Host is not looked up (health probes). */
    tenancy?: boolean;
    /** false: the response carries no markup, so no CSP and no nonce (hashed assets, probes). */
    csp?: boolean;
    /** How errors on the route are answered; default: JSON when the client asks for it rather than HTML, else a page. */
    errorFormat?: 'json' | 'html';
    /** true: still served while the process drains (liveness and readiness probes). */
    whileDraining?: boolean;
    /** [screens] The name (ROUTES) of the screen the route belongs to. */
    screen?: string;
    /** [screens] The flow step the screen belongs to, for the step indicator (defineScreen). */
    step?: FlowStep;
    /** [screens] The rate limit the route's requests count against (defineScreen). */
    rateLimitName?: string;
    /** [screens] The transaction a request counts against per refId, when the screen says (defineScreen). */
    rateLimitRefId?: (request: FastifyRequest) => string | undefined;
    /** [screens] The page opens another site's window and watches it (defineScreen): see edge-security. */
    opensWindow?: boolean;
    /** [screens] Every answer carries PRIVATE_PAGE_HEADERS (defineScreen): see edge-security. */
    privatePage?: boolean;
  }
}
