// The sealed refused-form cookie opens only where and when it was made, whatever a captured
// copy's Max-Age said: within 60 s of its issue time by the app's clock (tests set the
// clock), on the merchant whose host sealed it. Replayed later, or on another merchant's
// host (a home form's refusal, the page that says an order ended), it reads as none; so does
// one sealed without its date and merchant by an older edge.
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import t from 'tap';
import { BUYER, driveTo, MAPLE, quoteForm, Visitor } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const SESSION_SECRET = 'r'.repeat(32);
const ROO = 'roo.localhost';
let now = Date.parse('2026-11-22T08:00:00Z');
const stack = await startStack({ listen: false, env: { SESSION_SECRET }, clock: () => now, sandbox: { clock: () => now } });
t.teardown(() => stack.close());

/** The cookie a visitor's browser holds after a refusal, as whoever captured it would replay it. */
const captured = (visitor: Visitor) => {
  t.match(visitor.refusal, /^refused=./, 'a refusal waits in its cookie');
  return visitor.refusal;
};

/** A request that carries a captured refusal cookie and nothing else of the visitor's. */
function replay(host: string, path: string, cookie: string, flow = '') {
  const visitor = new Visitor(stack, host, flow);
  visitor.refusal = cookie;
  return visitor.get(path);
}

t.test('a refusal replayed past 60 s by the app’s clock reads as none', async (t) => {
  const visitor = await driveTo(stack, '/buyer-info-input');
  await visitor.post('/buyer-info-input', { ...BUYER, emailAddress: 'ada@' });
  const cookie = captured(visitor);
  now += 59_000;
  const within = await replay(MAPLE, '/buyer-info-input', cookie, visitor.cookie);
  t.match(within.body, 'value="Lovelace"', 'within the minute its page shows what was typed');
  now += 2_000;
  const late = await replay(MAPLE, '/buyer-info-input', cookie, visitor.cookie);
  t.equal(late.statusCode, 200, 'the page itself');
  t.notMatch(late.body, 'Lovelace', 'past it, nothing typed');
  t.notMatch(late.body, 'Invalid email address', 'nor the message');
  t.ok(
    late.cookies.some((c) => c.name === 'refused' && c.value === ''),
    'and the stale cookie is cleared',
  );
});

t.test("a maple home form's refusal opens on no other merchant's host", async (t) => {
  const post = () =>
    stack.app.inject({
      method: 'POST',
      url: '/',
      headers: { host: MAPLE, origin: `http://${MAPLE}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(quoteForm({ amount: '13.37' })).toString(),
    });
  const refused = await post();
  t.equal(refused.statusCode, 303);
  const value = refused.cookies.find((c) => c.name === 'refused')?.value;
  t.ok(value, 'the refusal is kept for the home page');
  const cookie = `refused=${value}`;
  const onMaple = await replay(MAPLE, '/', cookie);
  t.match(onMaple.body, 'value="13.37"', "maple's home page shows it");
  for (const host of [ROO, 'test.localhost', 'checkout.localhost', 'dev.localhost']) {
    const elsewhere = await replay(host, '/', cookie);
    t.equal(elsewhere.statusCode, 200, host);
    t.notMatch(elsewhere.body, '13.37', `${host}: nothing maple's visitor typed`);
    t.notMatch(elsewhere.body, 'Amount must be greater than', `${host}: nor maple's message`);
  }
});

t.test("maple's order-ended page opens on no other merchant's host", async (t) => {
  const visitor = await driveTo(stack, '/mobile-verification');
  const refId = visitor.refId();
  await visitor.submit('/mobile-verification', { verificationCode: '111111' });
  await visitor.submit('/mobile-verification', { verificationCode: '222222' });
  const ending = await visitor.post('/mobile-verification', { verificationCode: '333333' });
  t.equal(ending.headers.location, '/order-ended');
  const cookie = captured(visitor);
  const onMaple = await replay(MAPLE, '/order-ended', cookie);
  t.match(onMaple.body, refId, "on maple: the order's reference");
  t.match(String(onMaple.headers.refresh), '/shop/maple/error', "and the Refresh to maple's error URL");
  const onRoo = await replay(ROO, '/order-ended', cookie);
  t.notMatch(onRoo.body, refId, "on roo: not maple's reference");
  t.equal(onRoo.headers.refresh, undefined, "nor a Refresh to maple's site");
  t.equal(onRoo.headers.location, '/', 'roo finds nothing to show: home');
});

/** A refusal of the home form sealed as the edge seals it, with whatever fields `inside` gives. */
function sealed(inside: Record<string, unknown>): string {
  const key = Buffer.from(hkdfSync('sha256', SESSION_SECRET, '', 'refused-form cookie', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const payload = { form: { values: { fiatAmount: '13.37' }, errors: { fiatAmount: 'Too low.' }, formErrors: [] } };
  const text = JSON.stringify({ screen: '/', ...inside, payload });
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `refused=${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

t.test('a cookie without its issue time and merchant, or dated beyond the minute either way, reads as none', async (t) => {
  const shown = async (cookie: string) => (await replay(MAPLE, '/', cookie)).body.includes('value="13.37"');
  t.ok(await shown(sealed({ at: now, merchant: 'maple' })), 'sealed as this edge seals it: shown (the test seals rightly)');
  t.ok(await shown(sealed({ at: now + 30_000, merchant: 'maple' })), 'from a replica whose clock runs ahead: shown');
  t.notOk(await shown(sealed({})), "an older edge's cookie, without either: none");
  t.notOk(await shown(sealed({ merchant: 'maple' })), 'without its issue time: none');
  t.notOk(await shown(sealed({ at: now })), 'without its merchant: none');
  t.notOk(await shown(sealed({ at: now - 61_000, merchant: 'maple' })), 'sealed 61 s ago: none');
  t.notOk(await shown(sealed({ at: now + 61_000, merchant: 'maple' })), 'dated 61 s ahead: none');
  t.notOk(await shown(sealed({ at: now, merchant: 'roo' })), "roo's, on maple: none");
});
