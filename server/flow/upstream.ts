import type { FastifyRequest } from 'fastify';
import type { UpstreamClient } from '../upstream/client.ts';

/** The upstream client for this visitor request: its request id and merchant travel along. */
export function upstreamFor(request: FastifyRequest): UpstreamClient {
  return request.server.upstream.forRequest({
    requestId: request.id,
    merchantId: request.merchant.id,
    log: request.log,
  });
}
