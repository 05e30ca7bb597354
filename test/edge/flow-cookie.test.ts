// TRUST_PROXY and the flow cookie's Secure flag (server/security/flow-cookie.ts reads
// request.protocol): behind a trusted proxy that says the visitor came over https the
// cookie is `__Host-flow`, Secure; X-Forwarded-Proto from any other address is ignored. Over a real
// socket from 127.0.0.1, and through inject() from other peer addresses.
import t from 'tap';
import { quoteForm } from '../helpers/journey.ts';
import { type Stack, startStack } from '../helpers/stack.ts';
import { rawRequest } from '../upstream/helpers.ts';

const MAPLE = 'maple.localhost';
/** This machine, and a CIDR for the addresses inject() pretends to come from. */
const proxied = await startStack({ env: { TRUST_PROXY: '127.0.0.1,10.0.0.0/8' } });
const direct = await startStack();
t.teardown(() => Promise.all([proxied.close(), direct.close()]));

const HTTPS = { 'x-forwarded-proto': 'https' };

interface From {
  stack: Stack;
  /** The peer address; unset: a real socket from 127.0.0.1. */
  peer?: string;
}

/** POST `path` with the home form; the flow Set-Cookie it answered, if any. */
async function flowCookie(
  from: From,
  path: string,
  headers: Record<string, string>,
  cookie?: string,
): Promise<string | undefined> {
  const all = {
    host: MAPLE,
    origin: `https://${MAPLE}`,
    'content-type': 'application/x-www-form-urlencoded',
    ...(cookie ? { cookie } : {}),
    ...headers,
  };
  const body = new URLSearchParams(quoteForm()).toString();
  const setCookie =
    from.peer === undefined
      ? (await rawRequest(from.stack.port, 'POST', path, all, body)).headers['set-cookie']
      : (await from.stack.app.inject({ method: 'POST', url: path, headers: all, payload: body, remoteAddress: from.peer }))
          .headers['set-cookie'];
  return [setCookie ?? []].flat().find((c) => /^(__Host-)?flow=/.test(c));
}

const isSecure = (cookie: string | undefined) => /;\s*Secure(;|$)/i.test(cookie ?? '');

t.test('behind a trusted proxy, X-Forwarded-Proto https makes the flow cookie Secure', async (t) => {
  for (const from of [{ stack: proxied }, { stack: proxied, peer: '10.20.30.40' }]) {
    const name = from.peer ?? '127.0.0.1';
    const started = await flowCookie(from, '/', HTTPS);
    t.ok(started, `from ${name}: a flow started`);
    t.ok(isSecure(started), 'Secure when the proxy says https');
    t.match(started, /HttpOnly/i);
    t.match(started, /SameSite=Lax/i);

    // Clearing it (Decline) must name the same flags, or a browser keeps the Secure one.
    const cleared = await flowCookie(from, '/price-quote/decline', HTTPS, started!.split(';')[0]);
    t.match(started, /^__Host-flow=/, 'named __Host-flow over https');
    t.match(cleared, /^__Host-flow=;/, 'Decline clears the flow');
    t.ok(isSecure(cleared), 'with a Secure clearing cookie');

    t.notOk(isSecure(await flowCookie(from, '/', {})), 'no X-Forwarded-Proto: plain http, not Secure');
    t.notOk(isSecure(await flowCookie(from, '/', { 'x-forwarded-proto': 'http' })), 'http: not Secure');
    t.ok(
      isSecure(await flowCookie(from, '/', { 'x-forwarded-proto': 'http, https' })),
      'the entry the nearest proxy added counts',
    );
    t.notOk(isSecure(await flowCookie(from, '/', { 'x-forwarded-proto': 'https, http' })), 'not one put before it');
  }
});

t.test('X-Forwarded-Proto from an address not in TRUST_PROXY is not believed', async (t) => {
  const untrusted: [From, string][] = [
    [{ stack: direct }, 'TRUST_PROXY unset, from 127.0.0.1'],
    [{ stack: direct, peer: '10.20.30.40' }, 'TRUST_PROXY unset, from 10.20.30.40'],
    [{ stack: proxied, peer: '192.0.2.7' }, 'from 192.0.2.7, outside TRUST_PROXY'],
    [{ stack: proxied, peer: '11.0.0.1' }, 'from 11.0.0.1, just outside 10.0.0.0/8'],
  ];
  for (const [from, name] of untrusted) {
    const cookie = await flowCookie(from, '/', HTTPS);
    t.ok(cookie, `${name}: a flow started`);
    t.notOk(isSecure(cookie), `${name}: not Secure`);
  }
});
