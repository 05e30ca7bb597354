// /webhooks on a TEST or DEV merchant's host: what the embedded sandbox's receiver got of
// the merchant's order events (its endpoints at `{sandbox}`), newest first, with each
// signature's verdict, as `stripe listen` shows a developer. A PROD merchant, or one with no
// endpoint at the sandbox, has no such page (404).
import { createElement } from 'react';
import { request as httpRequest } from 'undici';
import { ROUTES } from '../../checkout/routes.ts';
import { type ReceivedRow, WebhooksReceivedPage } from '../../views/pages/WebhooksReceived.tsx';
import { endpointsOf } from '../events/endpoints.ts';
import { defineScreen } from '../flow/screen.ts';
import { EdgeError } from '../http/errors.ts';
import { textsOf } from '../i18n/plugin.ts';

const ASK_TIMEOUT_MS = 2_000;
const ANSWER_MAX_BYTES = 512 * 1024;

/** What the sandbox received at these endpoints, newest first; undefined when it does not answer. */
async function receivedAt(urls: readonly string[]): Promise<ReceivedRow[] | undefined> {
  try {
    const lists = await Promise.all(
      urls.map(async (url) => {
        const answer = await httpRequest(`${url}/received`, { headersTimeout: ASK_TIMEOUT_MS, bodyTimeout: ASK_TIMEOUT_MS });
        const text = await answer.body.text();
        if (answer.statusCode !== 200 || text.length > ANSWER_MAX_BYTES) throw new Error(`answered ${answer.statusCode}`);
        return (JSON.parse(text) as { received: ReceivedRow[] }).received;
      }),
    );
    return lists.flat().sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  } catch {
    return undefined;
  }
}

export const webhooksScreen = defineScreen({
  route: ROUTES.webhooks,
  get: async (request, reply) => {
    const { config } = request.merchant;
    const urls = endpointsOf(config).flatMap((e) => (e.sandbox ? [e.url] : []));
    if (config.env === 'PROD' || !urls.length) throw new EdgeError.notFound();
    const received = await receivedAt(urls);
    if (!received) request.log.warn('the sandbox did not list the order events it received');
    const written = new Intl.DateTimeFormat(textsOf(request).locale, { dateStyle: 'medium', timeStyle: 'medium' });
    return reply
      .header('cache-control', 'no-store')
      .render(createElement(WebhooksReceivedPage, { received, time: (iso: string) => written.format(new Date(iso)) }), {
        status: received ? 200 : 502,
      });
  },
});
