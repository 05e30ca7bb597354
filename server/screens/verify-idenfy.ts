// Screen 15: the identity provider's page in a frame, after a consent step. The frame's
// URL is IDENTITY_URL + '/' + token; the CSP frames that origin only. Without IDENTITY_URL
// the page says verification is unavailable and offers the way back (never a 5xx). A
// missing or malformed token goes home.
import { createElement } from 'react';
import { buildPath, hasFlag, ROUTES } from '../../checkout/routes.ts';
import { VerifyIdenfyPage } from '../../views/pages/VerifyIdenfy.tsx';
import { defineScreen } from '../flow/screen.ts';

const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;
const ROUTE = ROUTES.verifyIdenfy;

export const verifyIdenfyScreen = defineScreen({
  route: ROUTE,
  get: async (request, reply) => {
    const { token } = request.params as { token: string };
    if (!TOKEN.test(token)) return reply.redirect(ROUTES.home.path, 302);
    const base = request.server.thirdParty.identityUrl;
    if (!base) return reply.render(createElement(VerifyIdenfyPage, { available: false }));
    const frameUrl = `${base.replace(/\/$/, '')}/${encodeURIComponent(token)}`;
    const page = createElement(VerifyIdenfyPage, {
      available: true,
      frameUrl,
      origin: new URL(frameUrl).origin,
      consentHref: `${buildPath(ROUTE, { token })}?consent=1`,
      consented: hasFlag(request.query, 'consent'),
    });
    return reply.render(page);
  },
});
