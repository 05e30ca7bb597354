// docs/spec.md section 2: "Any other action: no navigation; only logged." After a step's form,
// an upstream that answers with an action this checkout does not know keeps the visitor on
// the page they submitted: the form's 303 leads back to it, and that page (a GET, which meets
// the same state) shows the form with what was typed and says the order could not continue,
// instead of sending the visitor home. A reload still shows the step's page.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { BTC_ADDRESS, BUYER, driveTo, type Form, type Walk } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const UNKNOWN = 'INPUT_HOLOGRAM';

/**
 * In front of the sandbox: once a POST to a path ending in `stuckAfter` has been answered,
 * every flow state names an action nobody knows.
 */
async function startStickingUpstream(stuckAfter: string) {
  let target = '';
  let stuck = false;
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const method = request.method ?? 'GET';
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
    ) as Record<string, string>;
    const answer = await fetch(`${target}${request.url}`, {
      method,
      headers,
      body: method === 'GET' ? undefined : Buffer.concat(chunks),
    });
    const text = await answer.text();
    if (method === 'POST' && (request.url ?? '').endsWith(stuckAfter)) stuck = true;
    let body = text;
    if (stuck && (answer.headers.get('content-type') ?? '').includes('json')) {
      const json = JSON.parse(text) as Record<string, unknown>;
      if (typeof json.nextAction === 'string') body = JSON.stringify({ ...json, nextAction: UNKNOWN });
    }
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    forwardTo(sandbox: string) {
      target = sandbox;
      return url;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const CASES: { screen: string; endpoint: string; form: Form; typed: string; walk?: Walk }[] = [
  { screen: '/address-input', endpoint: '/cryptoaddress', form: { cryptoAddress: BTC_ADDRESS }, typed: BTC_ADDRESS },
  { screen: '/buyer-info-input', endpoint: '/buyerinfo', form: { ...BUYER, firstName: 'Grace' }, typed: 'Grace' },
  { screen: '/mobile-verification', endpoint: '/mobileverification', form: { verificationCode: '123456' }, typed: '123456' },
  {
    screen: '/email-input',
    endpoint: '/emtemail',
    form: { emtEmail: 'payout@example.com' },
    typed: 'payout@example.com',
    walk: { kind: 'SELL' },
  },
];

for (const { screen, endpoint, form, typed, walk } of CASES) {
  t.test(`${screen}: an unknown next action keeps the visitor on the page, with the message and what was typed`, async (t) => {
    const upstream = await startStickingUpstream(endpoint);
    const stack = await startStack({ listen: false, upstreamUrl: (sandbox) => upstream.forwardTo(sandbox) });
    t.teardown(async () => {
      await stack.close();
      await upstream.close();
    });
    const visitor = await driveTo(stack, screen, walk);
    const posted = await visitor.post(screen, form);
    t.equal(posted.statusCode, 303);
    t.equal(posted.headers.location, screen, 'no navigation: back to the page submitted');
    const page = await visitor.get(screen);
    t.equal(page.statusCode, 200, 'the page, not a redirect home');
    t.match(page.body, DEFAULT_TEXTS.FAILURE_TEXT.cannotContinue.replace(/'/g, '&#x27;'));
    t.match(page.body, `value="${typed}"`, 'what was typed is kept');
    t.ok(
      stack.logs.some((l) => l.msg === 'next action not followed' && l.reason === `unknown nextAction ${UNKNOWN}`),
      'logged',
    );
    const reloaded = await visitor.get(screen);
    t.equal(reloaded.statusCode, 200, 'a reload shows the step again, not home');
    t.match(reloaded.body, `action="${screen}"`, 'with its form');
  });
}
