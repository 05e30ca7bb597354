// The scope of everything a browser opens directly: form bodies, strict security headers
// (no inline code, embeddable by the edge), and no injected faults.
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.ts';
import { SANDBOX_CSS } from '../pages/assets.ts';
import { STYLESHEET_PATH } from '../pages/html.ts';
import { payRoutes } from './pay.ts';
import { shopRoutes } from './shop.ts';
import { thirdPartyRoutes } from './thirdparty.ts';

/**
 * frame-ancestors *: the edge shows the card widget and identity frame in iframes.
 * form-action allows http(s) because the bank page redirects to the edge's returnUrl.
 */
export const PAGES_CSP =
  "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; " +
  "form-action 'self' http: https:; frame-ancestors *; base-uri 'none'";

export function pageRoutes(ctx: SandboxContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    await app.register(formbody, { bodyLimit: 64 * 1024 });
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('content-security-policy', PAGES_CSP);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
      reply.header('cache-control', 'no-store');
      return payload;
    });
    app.get(STYLESHEET_PATH, async (_request, reply) => reply.type('text/css; charset=utf-8').send(SANDBOX_CSS));
    await app.register(payRoutes(ctx));
    await app.register(thirdPartyRoutes(ctx));
    await app.register(shopRoutes);
  };
}
