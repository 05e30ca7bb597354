// The control of `npm run faulttest`'s floods: a plain node:http server that spends 2 ms of
// CPU on each request and answers a small page, kept alive as Node does by default, with
// the probes on a port of their own. Flooded as the edge is, it shows what the flood does
// to a server with no defences of its own; its figures are shown, never judged.
import { createServer } from 'node:http';

const SPEND_MS = 2;
const PAGE = Buffer.from('<!DOCTYPE html><title>control</title><p>ok</p>');
const PROBE = Buffer.from('{"status":"ready"}');

const page = createServer((_request, response) => {
  const until = performance.now() + SPEND_MS;
  while (performance.now() < until);
  response.writeHead(200, { 'content-type': 'text/html', 'content-length': PAGE.length });
  response.end(PAGE);
});
const probes = createServer((request, response) => {
  const body = request.url === '/healthz' ? Buffer.from('{"status":"ok"}') : PROBE;
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  response.end(body);
});
page.listen(Number(process.env.PORT), '127.0.0.1');
probes.listen(Number(process.env.HEALTH_PORT), '127.0.0.1');
