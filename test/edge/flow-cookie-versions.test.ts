// The flow cookie across versions of the edge (server/security/flow-cookie.ts): during a
// rolling deploy a replica may read a cookie a newer replica wrote. Fields it does not know
// are dropped and the flow goes on; what it knows is still checked.
import t from 'tap';
import { flowCookieSchema } from '../../checkout/flow-cookie.ts';

const COOKIE = {
  refId: 'AB12CD34',
  kind: 'BUY',
  txnType: 'BUY',
  method: 'ETRANSFER',
  fiatCurrency: 'CAD',
  cryptoCurrency: 'BTC',
  merchant: 'maple',
  at: '/buyer-info-input',
  order: { fiatAmount: 100, cryptoAmount: 0.0012 },
};

t.test('a cookie of this version reads as written', async (t) => {
  const parsed = flowCookieSchema.safeParse(COOKIE);
  t.ok(parsed.success);
  t.same(parsed.data, { ...COOKIE, pro: false, addressRequired: false });
});

t.test('fields a newer edge added are dropped, and the flow goes on', async (t) => {
  const parsed = flowCookieSchema.safeParse({ ...COOKIE, promoCode: 'SPRING', order: { ...COOKIE.order, tax: 1.3 } });
  t.ok(parsed.success, 'read, not refused');
  t.notOk('promoCode' in (parsed.data ?? {}), 'the unknown field is not kept');
  t.same(parsed.data?.order, COOKIE.order, 'nor the unknown field of the order');
});

t.test('what this version knows is still checked', async (t) => {
  for (const [name, cookie] of [
    ['a kind it does not know', { ...COOKIE, kind: 'LEND' }],
    ['a step that is not a path', { ...COOKIE, at: 'https://evil.test/' }],
    ['a negative amount', { ...COOKIE, order: { fiatAmount: -1, cryptoAmount: 0 } }],
    ['no merchant', { ...COOKIE, merchant: undefined }],
  ] as const) {
    t.notOk(flowCookieSchema.safeParse(cookie).success, name);
  }
});
