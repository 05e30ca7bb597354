// The benchmark's controls (scripts/bench.ts), not the product: a plain node:http server
// that does only what cannot be left out, through a keep-alive undici Pool to the upstream,
// with no check at all (no Host lookup, allowlist, limit, flow cookie, header rebuild, log
// or metric). Measured in the same rounds as the edge, with autocannon on the same two
// cores, each is the most any edge can reach on this machine for that kind of request:
// - `/api/...`: forwards the call (the /api proxy's control);
// - `/price-quote`: asks the upstream for the flow state at QUOTE_PATH and answers the
//   quote page's bytes as the edge rendered them once (QUOTE_PAGE), so one upstream call
//   and the page's write, with no render (the price quote's control).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Pool } from 'undici';

const upstream = new Pool(process.env.UPSTREAM!);
const PREFIX = '/api';
const quotePage = process.env.QUOTE_PAGE ? readFileSync(process.env.QUOTE_PAGE) : undefined;

/** The quote's flow state is the merchant's own: the upstream asks which merchant calls. */
const quoteHeaders = { 'x-merchant': process.env.MERCHANT_ID ?? '' };

async function forward(
  path: string,
  answer: (status: number, type: string, bytes: Buffer) => void,
  headers: Record<string, string> = {},
): Promise<void> {
  const { statusCode, headers: answered, body } = await upstream.request({ method: 'GET', path, headers });
  answer(statusCode, String(answered['content-type']), Buffer.from(await body.arrayBuffer()));
}

createServer((request, response) => {
  const send = (status: number, type: string, bytes: Buffer) => {
    response.writeHead(status, { 'content-type': type, 'content-length': bytes.length });
    response.end(bytes);
  };
  const done =
    request.url === '/price-quote' && quotePage
      ? forward(process.env.QUOTE_PATH!, (status) => send(status, 'text/html; charset=utf-8', quotePage), quoteHeaders)
      : forward(request.url!.slice(PREFIX.length), send);
  done.catch(() => response.writeHead(502).end());
}).listen(Number(process.env.PORT), '127.0.0.1');
