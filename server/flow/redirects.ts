// Where a visitor goes when a flow ends (docs/spec.md section 2, "General behaviour"): the
// merchant's success URL after 0 ms, the checkout home after 5000 ms, or with an error
// code the merchant's error URL with `err`. The URLs get the family's /au or /ph suffix
// from the flow's currency.
//
// These are Refresh headers, not 3xx redirects: the CSP's form-action 'self' also governs
// the redirects that follow a form POST, so a 303 to the merchant's site after Done would
// be blocked. A Refresh works on any page, with or without JavaScript.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REDIRECT_HOME_DELAY_MS, REDIRECT_SUCCESS_DELAY_MS } from '../../checkout/limits.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { siteUrls, type SiteUrls } from '../../checkout/site-urls.ts';
import { clearFlow, readFlow } from '../security/flow-cookie.ts';

/** The merchant's URLs for this visitor: the flow's currency, else the merchant's first. */
export function siteUrlsFor(request: FastifyRequest): SiteUrls {
  const config = request.merchant.config;
  const currency = readFlow(request)?.fiatCurrency ?? config.supportedFiatCurrencies[0]!.id;
  return siteUrls(config, currency, request.server.merchants.rules.regionalUrlSuffix);
}

/** The Refresh header value that sends the browser to `url` after `delayMs`. */
export function refreshValue(url: string, delayMs: number): string {
  return `${Math.round(delayMs / 1000)}; url=${url}`;
}

/**
 * The page being sent (a fatal-error notice) goes home after the default 5000 ms; with an
 * error code, to `target`, the merchant's error URL with `err` (siteUrlsFor().error).
 */
export function scheduleHomeRedirect(
  reply: FastifyReply,
  delayMs = REDIRECT_HOME_DELAY_MS,
  target: string = ROUTES.home.path,
): void {
  reply.header('refresh', refreshValue(target, delayMs));
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

/**
 * Leave the checkout for another site (the merchant's, a bank's) after a form POST. A 303
 * would be blocked by the CSP's form-action 'self'; a Refresh is not, and works without
 * JavaScript. The tiny page is seen only if the browser ignores Refresh.
 */
export function leaveFor(reply: FastifyReply, url: string, delayMs = REDIRECT_SUCCESS_DELAY_MS) {
  const href = escapeHtml(url);
  return reply
    .code(200)
    .header('refresh', refreshValue(url, delayMs))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Continue</title></head>` +
        `<body><main><p><a href="${href}">Continue</a></p></main></body></html>`,
    );
}

/**
 * Done: forget the flow and go to the merchant's success URL after
 * REDIRECT_SUCCESS_DELAY_MS (0). The URL is read before the cookie is cleared: it depends
 * on the flow's currency.
 */
export function finishFlow(request: FastifyRequest, reply: FastifyReply) {
  const success = siteUrlsFor(request).success;
  clearFlow(request, reply);
  return leaveFor(reply, success);
}
