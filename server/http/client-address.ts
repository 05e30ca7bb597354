// Whose address a request comes from: the socket's, or the X-Forwarded-For of a proxy listed
// in TRUST_PROXY, never a header anyone can send. Fastify's `request.ip` and the listener in
// front of Fastify (the rate limits' key) read it through the same trust function.
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

export type TrustProxy = false | ((address: string, hop: number) => boolean);

/** Fastify's `trustProxy` for these proxy addresses (CIDR, or loopback and the like): none trusts nobody. */
export function trustProxy(addresses: readonly string[]): TrustProxy {
  return addresses.length ? proxyAddr.compile([...addresses]) : false;
}

/** The request's client address, as Fastify's `request.ip` with the same `trust`. */
export function clientAddress(request: IncomingMessage, trust: TrustProxy): string {
  if (trust === false) return request.socket.remoteAddress ?? '';
  return proxyAddr(request, trust);
}
