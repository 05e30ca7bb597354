// The benchmark's yardsticks for the price quote (scripts/bench.ts starts them): the same
// page rendered with React for every request, from a quote fetched once, so no upstream
// call and no edge around it. Reads MODE, FLOW (the flow cookie's JSON), UPSTREAM (the
// sandbox's URL), MERCHANT (its host) and PORT. MODE picks the server around the render:
// - `plain`: node:http and renderToString into one buffer, the least a React page costs;
// - `naive-stream`: Fastify with one route streaming renderToPipeableStream, the way a
//   page is commonly served (the "naive React quote" row of docs/performance.md).

import { createServer } from 'node:http';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { request } from 'undici';
import { flowStateSchema } from '../checkout/contract.ts';
import { quoteFee } from '../checkout/fees.ts';
import { flowCookieSchema } from '../checkout/flow-cookie.ts';
import { API_OF_TXN_TYPE } from '../checkout/wire.ts';
import { PAYMENT_METHODS } from '../server/methods/index.ts';
import { RenderContext, type RenderContextValue } from '../server/render/context.tsx';
import { loadIslands } from '../server/render/island.tsx';
import { readManifest } from '../server/render/manifest.ts';
import { PROJECT_ROOT } from '../server/root.ts';
import { pageProps } from '../server/screens/price-quote.ts';
import { newNonce } from '../server/security/csp.ts';
import { loadMerchants } from '../server/tenancy/load.ts';
import { PriceQuotePage } from '../views/pages/PriceQuote.tsx';

const flow = flowCookieSchema.parse(JSON.parse(process.env.FLOW!));
const found = (await loadMerchants(fileURLToPath(new URL('merchants', PROJECT_ROOT)), { methods: PAYMENT_METHODS })).resolve(
  process.env.MERCHANT,
);
if (found.kind !== 'known') throw new Error(`unknown merchant ${process.env.MERCHANT}`);
const { merchant } = found;
const [assets] = await Promise.all([readManifest(), loadIslands()]);
const answer = await request(`${process.env.UPSTREAM}/${API_OF_TXN_TYPE[flow.txnType]}/flowstate/${flow.refId}`, {
  headers: { 'x-merchant': merchant.id, 'x-request-id': 'bench' },
});
const state = flowStateSchema.parse(await answer.body.json());
const fakeRequest = {
  merchant,
  language: 'en',
  server: { clock: Date.now, thirdParty: {}, methods: PAYMENT_METHODS },
  routeOptions: { config: { step: 'quote' } },
} as unknown as FastifyRequest;
const props = pageProps(
  fakeRequest,
  flow,
  state,
  {},
  {
    fee: quoteFee(merchant.config, PAYMENT_METHODS.get(state.paymentMethod), flow.pro),
  },
);

const page = (ctx: RenderContextValue) => <RenderContext value={ctx}>{createElement(PriceQuotePage, props)}</RenderContext>;
const context = (): RenderContextValue => ({
  nonce: newNonce(),
  merchant,
  language: 'en',
  locale: 'en-CA',
  assets,
  appVersion: 'bench',
  islands: { count: 0, onLoad: new Set<string>() },
});
const port = Number(process.env.PORT);

if (process.env.MODE === 'naive-stream') {
  const app = Fastify();
  app.get('/', (_request, reply) => {
    const ctx = context();
    const body = new PassThrough();
    const stream = renderToPipeableStream(page(ctx), {
      nonce: ctx.nonce,
      onShellReady: () => stream.pipe(body),
      onShellError: (error) => body.destroy(error as Error),
    });
    return reply.type('text/html; charset=utf-8').send(body);
  });
  await app.listen({ port, host: '127.0.0.1' });
} else {
  createServer((_request, response) => {
    const body = Buffer.from(`<!DOCTYPE html>${renderToString(page(context()))}`);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
    response.end(body);
  }).listen(port, '127.0.0.1');
}
