// The benchmark's yardstick for the price quote (scripts/bench.ts starts it): plain
// node:http rendering the same page with React for every request, from a quote fetched
// once, so no upstream call and no edge around it. Reads FLOW (the flow cookie's JSON),
// UPSTREAM (the sandbox's URL), MERCHANT (its host) and PORT.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { request } from 'undici';
import type { FastifyRequest } from 'fastify';
import { API_OF_TXN_TYPE } from '../server/checkout/wire.ts';
import { RenderContext } from '../server/render/context.tsx';
import { loadIslands } from '../server/render/island.tsx';
import { readManifest } from '../server/render/manifest.ts';
import { PROJECT_ROOT } from '../server/root.ts';
import { newNonce } from '../server/security/csp.ts';
import { flowCookieSchema } from '../server/security/flow-cookie.ts';
import { pageProps } from '../server/screens/price-quote.ts';
import { loadMerchants } from '../server/tenancy/load.ts';
import { flowStateSchema } from '../server/upstream/contract.ts';
import { PriceQuotePage } from '../views/pages/PriceQuote.tsx';

const flow = flowCookieSchema.parse(JSON.parse(process.env.FLOW!));
const found = (await loadMerchants(fileURLToPath(new URL('merchants', PROJECT_ROOT)))).resolve(process.env.MERCHANT);
if (found.kind !== 'known') throw new Error(`unknown merchant ${process.env.MERCHANT}`);
const { merchant } = found;
const [assets] = await Promise.all([readManifest(), loadIslands()]);
const answer = await request(`${process.env.UPSTREAM}/${API_OF_TXN_TYPE[flow.txnType]}/flowstate/${flow.refId}`, {
  headers: { 'x-merchant': merchant.id, 'x-request-id': 'bench' },
});
const state = flowStateSchema.parse(await answer.body.json());
const fakeRequest = { merchant, server: { clock: Date.now, thirdParty: {} } } as unknown as FastifyRequest;
const props = pageProps(fakeRequest, flow, state, {});

createServer((_request, response) => {
  const ctx = { nonce: newNonce(), merchant, assets, appVersion: 'bench', islands: { count: 0, onLoad: new Set<string>() } };
  const body = Buffer.from(`<!DOCTYPE html>${renderToString(<RenderContext value={ctx}>{createElement(PriceQuotePage, props)}</RenderContext>)}`);
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
  response.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
