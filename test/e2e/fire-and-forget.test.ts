// Posts to a third party the page does not read go as fire and forget: the user-agent log
// of a production merchant's quote page reaches a form service that sends no CORS headers,
// with no preflight to fail and no answer read, so the page raises nothing in the console.
// (An error status is still noted by Chromium itself, as a line about the resource.)
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { openPage } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { directLink } from '../helpers/journey.ts';

/** A form service as such services are: no CORS headers, whatever it answers. */
const posts: { method: string; type: string; body: string }[] = [];
let answer = 204;
const service = createServer((request: IncomingMessage, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    posts.push({ method: request.method ?? '', type: request.headers['content-type'] ?? '', body });
    response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 204 ? undefined : 'down for maintenance');
  });
});
await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
t.teardown(() => new Promise<void>((resolve) => service.close(() => resolve())));
const serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/log`;

const { stack, browser } = await startBrowserStack({ thirdParty: (sandbox) => ({ ...sandbox, userAgentLogUrl: serviceUrl }) });

/** Opens a production merchant's quote page (it posts the log) and waits for the post. */
async function quotePageLogged() {
  const watched = await openPage(browser);
  const before = posts.length;
  await watched.page.goto(stack.url('maple.localhost', directLink({ amount: 100 })));
  await watched.page.waitForURL('**/price-quote');
  await watched.page.waitForLoadState('networkidle');
  const deadline = Date.now() + 5_000;
  while (posts.length === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return { ...watched, sent: posts.slice(before) };
}

t.test('the user-agent log to a service without CORS headers: a form, no preflight, nothing in the console', async (t) => {
  answer = 204;
  const { problems, close, sent } = await quotePageLogged();
  t.teardown(close);
  t.equal(sent.length, 1, 'the log was posted once');
  t.equal(sent[0]?.method, 'POST', 'no preflight was asked for');
  t.match(sent[0]?.type, /^application\/x-www-form-urlencoded/, 'as a form: a type that needs none');
  t.match(Object.fromEntries(new URLSearchParams(sent[0]?.body)), { refId: /\w+/, width: '1280', height: '720' });
  t.same(problems, [], 'nothing in the console');
});

t.test('the same service answering 500: no CORS error, nothing the page raises', async (t) => {
  answer = 500;
  const { problems, close, sent } = await quotePageLogged();
  t.teardown(close);
  t.equal(sent.length, 1, 'posted');
  t.same(
    problems.filter((p) => !/Failed to load resource: the server responded with a status of 500 .*\/log\)$/.test(p)),
    [],
    "only Chromium's own line about the resource's status",
  );
});
