// Where a visitor goes when a flow ends (docs/spec.md section 2, "General behaviour"): the
// merchant's success URL after 0 ms, the checkout home after 5000 ms, or with an error
// code the merchant's error URL with `err`. The URLs get the family's /au or /ph suffix
// from the flow's currency.
//
// Timed ones are Refresh headers (a page says where it goes, then goes), with or without
// JavaScript; Done answers its form with a 303, which the merchant's policy allows: the
// CSP's form-action also governs the redirects that follow a form POST.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REDIRECT_HOME_DELAY_MS, REDIRECT_SUCCESS_DELAY_MS } from '../../checkout/limits.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { type SiteUrls, siteUrls } from '../../checkout/site-urls.ts';
import { escapeHtml } from '../http/html-escape.ts';
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

/**
 * Leave the checkout for a site the merchant's policy does not name (a payment provider's)
 * from a page a form's 303 led to: a redirect there would still be the form's, blocked by
 * form-action; a Refresh is not, and works without JavaScript. The tiny page is seen only
 * if the browser ignores Refresh.
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
 * Done: forget the flow and go to the merchant's success URL with a 303, so Back and reload
 * never post it again (its origin is in the merchant's form-action, security/plugin.ts).
 * The URL is read before the cookie is cleared: it depends on the flow's currency.
 */
export function finishFlow(request: FastifyRequest, reply: FastifyReply) {
  const success = siteUrlsFor(request).success;
  clearFlow(request, reply);
  return reply.redirect(success, 303);
}
