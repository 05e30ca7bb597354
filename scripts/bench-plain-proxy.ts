// The benchmark's control for the /api proxy (scripts/bench.ts), not the product: a plain
// node:http server forwarding `/api/...` to the upstream through a keep-alive undici Pool,
// with no check at all (no Host lookup, allowlist, limit, header rebuild, log or metric).
// Its rate beside the sandbox's, measured in the same rounds with autocannon on the same
// two cores, is the most any proxy of that upstream can reach on this machine.
import { createServer } from 'node:http';
import { Pool } from 'undici';

const upstream = new Pool(process.env.UPSTREAM!);
const PREFIX = '/api';

createServer((request, response) => {
  upstream
    .request({ method: 'GET', path: request.url!.slice(PREFIX.length) })
    .then(async ({ statusCode, headers, body }) => {
      const bytes = Buffer.from(await body.arrayBuffer());
      response.writeHead(statusCode, { 'content-type': String(headers['content-type']), 'content-length': bytes.length });
      response.end(bytes);
    })
    .catch(() => response.writeHead(502).end());
}).listen(Number(process.env.PORT), '127.0.0.1');
