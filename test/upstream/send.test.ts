// One upstream call read whole (server/upstream/exchange.ts `send`), below the client and
// the proxy: the body gathered from the dispatcher's events, an informational answer
// skipped, a body past the cap or an answer refused by its head dropped with its
// connection, and a transport error passed on.
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import t from 'tap';
import { Agent } from 'undici';
import { send } from '../../server/upstream/exchange.ts';
import { startUpstream } from './helpers.ts';

const agent = new Agent();
t.teardown(() => agent.close());

const GET = { path: '/x', method: 'GET' } as const;

t.test('the whole body in chunks, an empty one, and the head as sent', async (t) => {
  const upstream = await startUpstream([
    (_seen, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-extra': 'yes' });
      // The rest once the first part has gone out: two chunks on the wire.
      res.write('{"a":', () => res.end('1}'));
    },
    { status: 204 },
  ]);
  t.teardown(() => upstream.close());
  const answer = await send(agent, { ...GET, origin: upstream.url }, 1024);
  t.equal(answer.statusCode, 200);
  t.equal(answer.headers['x-extra'], 'yes');
  t.equal(answer.bytes?.toString(), '{"a":1}');
  const empty = await send(agent, { ...GET, origin: upstream.url }, 1024);
  t.equal(empty.statusCode, 204);
  t.equal(empty.bytes?.length, 0, 'an empty body is a body, not a dropped one');
});

t.test('an informational answer first: the final one is read', async (t) => {
  const upstream = await startUpstream([
    (_seen, res) => {
      res.writeEarlyHints({ link: '</a.css>; rel=preload; as=style' }, () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      });
    },
  ]);
  t.teardown(() => upstream.close());
  const answer = await send(agent, { ...GET, origin: upstream.url }, 1024);
  t.equal(answer.statusCode, 200);
  t.equal(answer.bytes?.toString(), '{}');
});

t.test('past the cap, declared or sent, and unwanted by its head: no body, the connection dropped', async (t) => {
  // Each answer's connection, once it closes.
  const closings: Promise<unknown>[] = [];
  const closing = (res: ServerResponse) => void closings.push(once(res.socket!, 'close'));
  const upstream = await startUpstream([
    (_seen, res) => {
      closing(res);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('x'.repeat(600));
      res.write('x'.repeat(600));
    },
    (_seen, res) => {
      closing(res);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
      res.write('x');
    },
    (seen, res) => {
      closing(res);
      res.writeHead(502, { 'content-type': 'text/html' });
      res.write('<html>');
      t.equal(seen.url, '/x');
    },
  ]);
  t.teardown(() => upstream.close());
  const sent = await send(agent, { ...GET, origin: upstream.url }, 1024);
  t.equal(sent.statusCode, 200);
  t.equal(sent.bytes, undefined, 'a body sent past the cap');
  const declared = await send(agent, { ...GET, origin: upstream.url }, 1024);
  t.equal(declared.bytes, undefined, 'a declared length past the cap');
  const unwanted = await send(
    agent,
    { ...GET, origin: upstream.url },
    1024,
    (status, headers) => status < 500 && headers['content-type'] === 'application/json',
  );
  t.equal(unwanted.statusCode, 502);
  t.equal(unwanted.bytes, undefined, 'refused by its head');
  t.equal(closings.length, 3, 'three answers');
  await Promise.all(closings);
  t.pass('each answer left unread closed its connection');
});

t.test('a transport error rejects', async (t) => {
  const upstream = await startUpstream(['reset']);
  t.teardown(() => upstream.close());
  await t.rejects(send(agent, { ...GET, origin: upstream.url }, 1024), { code: 'UND_ERR_SOCKET' });
});
