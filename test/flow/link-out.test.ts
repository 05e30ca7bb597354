// A method configured to link out (action "redirect" and a url): the home form answers with
// a 303 to its page, which the home page's form-action allows; a direct link leaves with a
// 302; nothing is asked of the upstream.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { directLink, quoteForm, Visitor } from '../helpers/journey.ts';
import { startStack, upstreamCallLines } from '../helpers/stack.ts';

const LINK_OUT = 'https://cards.example/buy?from=maple';

// The demo merchants, maple's e-Transfer linking out.
const dir = await mkdtemp(join(tmpdir(), 'merchants-'));
await cp(join(import.meta.dirname, '../../merchants'), dir, { recursive: true });
const file = join(dir, 'maple/merchant.json');
const maple = JSON.parse(await readFile(file, 'utf8'));
const etransfer = maple.paymentMethods.find((m: { name: string }) => m.name === 'ETRANSFER');
Object.assign(etransfer, { action: 'redirect', url: LINK_OUT });
await writeFile(file, JSON.stringify(maple));
const stack = await startStack({ listen: false, env: { MERCHANTS_DIR: dir } });
t.teardown(async () => {
  await stack.close();
  await rm(dir, { recursive: true, force: true });
});

t.test('the home form leaves for the link-out with a 303, and its page may post there', async (t) => {
  const home = await new Visitor(stack).get('/');
  t.match(
    home.headers['content-security-policy'],
    /form-action 'self' [^;]*https:\/\/cards\.example[ ;]/,
    "the home page's form may lead to the link-out's origin",
  );
  const before = upstreamCallLines(stack.logs).length;
  const left = await new Visitor(stack).post('/', quoteForm({ method: 'ETRANSFER' }));
  t.equal(left.statusCode, 303, 'See Other: a reload never posts the form again');
  t.equal(left.headers.location, LINK_OUT);
  t.notOk(left.headers.refresh, 'no timed page in between');
  t.notOk(left.headers['set-cookie'], 'no flow begins');
  t.equal(upstreamCallLines(stack.logs).length, before, 'nothing asked of the upstream');
});

t.test('a direct link to it leaves with a 302, and another method still quotes', async (t) => {
  const link = await new Visitor(stack).get(directLink({ method: 'ETRANSFER' }));
  t.equal(link.statusCode, 302);
  t.equal(link.headers.location, LINK_OUT);
  const card = await new Visitor(stack).post('/', quoteForm({ method: 'CREDITCARD' }));
  t.equal(card.headers.location, '/price-quote');
});

t.test("another merchant's pages may not post to it", async (t) => {
  const roo = await new Visitor(stack, 'roo.localhost').get('/');
  t.notMatch(roo.headers['content-security-policy'], 'cards.example');
});
