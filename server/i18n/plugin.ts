// request.language, set once for every request that serves a merchant, before any route
// runs: what negotiate.ts decides from the chosen cookie and Accept-Language. A page's GET
// with ?lang= is the header's switch: the choice goes into the language cookie (this host
// only, no Domain) and the visitor is sent to the same URL without the parameter, so the
// switch is a plain link and works without JavaScript.

import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_PARAM,
  type PageLanguage,
  PSEUDO_LANGUAGE,
  withoutLanguageParam,
} from '../../checkout/i18n/languages.ts';
import { type Texts, textsFor } from '../../checkout/messages.ts';
import { buildPath, ROUTE_LIST, type RouteDef } from '../../checkout/routes.ts';
import { LANGUAGE_COOKIE, languageOfHeaders } from './negotiate.ts';

/** The choice is remembered for a year: longer than any flow. */
const CHOICE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The languages a visitor may choose on this request's merchant. */
function choosable(request: FastifyRequest, pseudo: boolean): readonly string[] {
  const offered = request.merchant.config.languages;
  return pseudo ? [...offered, PSEUDO_LANGUAGE] : offered;
}

const ROUTE_BY_NAME: ReadonlyMap<string, RouteDef> = new Map(ROUTE_LIST.map((route) => [route.name, route]));

/**
 * The URL of the page a request shows, which the header's switch links back to: a GET's
 * own; for a form's answer (a POST to the screen or to one of its actions, a path with
 * nothing to GET), the screen's page.
 */
export function pageUrlOf(request: FastifyRequest): string {
  if (request.method === 'GET' || request.method === 'HEAD') return withoutLanguageParam(request.url);
  const route = ROUTE_BY_NAME.get(request.routeOptions.config.screen ?? '');
  if (route === undefined) return withoutLanguageParam(request.url).split('?')[0]!;
  try {
    return buildPath(route, request.params as Record<string, string>);
  } catch {
    return withoutLanguageParam(request.url).split('?')[0]!;
  }
}

function switchLanguage(request: FastifyRequest, reply: FastifyReply, pseudo: boolean): FastifyReply {
  const asked = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1)).get(LANGUAGE_PARAM);
  // A language the merchant does not offer changes nothing: the page comes back as it was.
  if (asked !== null && choosable(request, pseudo).includes(asked)) {
    reply.setCookie(LANGUAGE_COOKIE, asked, {
      path: '/',
      sameSite: 'lax',
      httpOnly: true,
      secure: request.protocol === 'https',
      maxAge: CHOICE_MAX_AGE_S,
    });
  }
  return reply.header('cache-control', 'no-store').redirect(withoutLanguageParam(request.url), 303);
}

function hasLanguageParam(request: FastifyRequest): boolean {
  const at = request.url.indexOf('?');
  return at !== -1 && new URLSearchParams(request.url.slice(at + 1)).has(LANGUAGE_PARAM);
}

export const languagePlugin = fp<{ pseudo: boolean }>(
  async (app, { pseudo }) => {
    app.decorateRequest('language', DEFAULT_LANGUAGE as PageLanguage);
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.tenancy === false) return;
      request.language = languageOfHeaders(request.merchant.config.languages, request.headers, pseudo);
      const isPage = request.routeOptions.config.screen !== undefined;
      if (isPage && request.method === 'GET' && hasLanguageParam(request)) return switchLanguage(request, reply, pseudo);
    });
  },
  { name: 'edge-language', fastify: '5.x', dependencies: ['edge-tenancy'] },
);

/** Every text in the request's language. */
export function textsOf(request: FastifyRequest): Texts {
  return textsFor(request.language);
}
