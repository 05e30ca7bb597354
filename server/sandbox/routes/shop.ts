// GET /shop/{merchant}[/...]: the demo merchants' own site (pages/shop.ts).
import type { FastifyInstance } from 'fastify';
import { shopPage } from '../pages/shop.ts';

export const SHOP_PATH = '/shop';

export async function shopRoutes(app: FastifyInstance): Promise<void> {
  const page = (merchant: string, rest: string, url: string) =>
    shopPage({ merchant, rest, query: new URL(url, 'http://sandbox').searchParams });
  app.get<{ Params: { merchant: string } }>(`${SHOP_PATH}/:merchant`, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(page(request.params.merchant, '', request.url)),
  );
  app.get<{ Params: { merchant: string; '*': string } }>(`${SHOP_PATH}/:merchant/*`, async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(page(request.params.merchant, request.params['*'], request.url)),
  );
}
