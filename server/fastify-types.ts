// What the edge adds to Fastify's request, reply and instance.
import type { Merchant, MerchantRegistry } from './tenancy/load.ts';
import type { ReactElement } from 'react';
import type { AppConfig } from './config.ts';
import type { RenderOptions } from './render/stream.tsx';
import type { AssetManifest } from './render/manifest.ts';
import type { Upstream } from './upstream/client.ts';
import type { ThirdPartyUrls } from './third-party.ts';

declare module 'fastify' {
  interface FastifyInstance {
    appConfig: AppConfig;
    assetManifest: AssetManifest;
    merchants: MerchantRegistry;
    upstream: Upstream;
    thirdParty: ThirdPartyUrls;
    /** Now, in ms since the epoch (Date.now unless a test set a clock). */
    clock: () => number;
  }
  interface FastifyRequest {
    /** The merchant of the request's Host; set before any route runs. */
    merchant: Merchant;
    /** The normalised Host, for same-origin checks. */
    siteHost: string;
  }
  interface FastifyReply {
    scriptNonce: string;
    /** Render a page (views/pages) as the response, with the request's merchant and nonce. */
    render(page: ReactElement, options?: RenderOptions): Promise<FastifyReply>;
  }
}
