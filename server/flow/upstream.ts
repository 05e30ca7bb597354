import type { FastifyRequest } from 'fastify';
import type { UpstreamClient } from '../upstream/client.ts';

const clients = new WeakMap<FastifyRequest, UpstreamClient>();

/** The upstream client for this visitor request (one per request): its request id and merchant travel along. */
export function upstreamFor(request: FastifyRequest): UpstreamClient {
  let client = clients.get(request);
  if (!client) {
    client = request.server.upstream.forRequest({ requestId: request.id, merchantId: request.merchant.id, log: request.log });
    clients.set(request, client);
  }
  return client;
}
