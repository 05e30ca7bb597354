// The generator of upstream answers (test/helpers/contract-arbitraries.ts) on its own: what
// it derives from a zod schema is accepted by that schema, unknown fields appear only where
// the schema lets them through, overrides land at their paths, and what it generates where
// the contract leaves a field open is what it says (unknown actions, addresses valid on
// their network in every form, bank forms as declared, texts the failure table hides).
import fc from 'fast-check';
import { DomUtils, parseDocument } from 'htmlparser2';
import t from 'tap';
import { z } from 'zod';
import { errorBodySchema, flowStateSchema, selfieImageRequestSchema } from '../../checkout/contract.ts';
import { visitorMessage } from '../../checkout/failures.ts';
import { isAddressOnNetwork } from '../../checkout/validation/crypto-address.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { upstreamCallsOf } from '../../server/methods/method.ts';
import {
  arbitraryOf,
  bankDocument,
  depositAddress,
  errorBody,
  flowState,
  INTERNAL_TEXTS,
  KNOWN_NEXT_ACTIONS,
  moment,
  nextAction,
  referenceNumber,
  unknownNextAction,
  VISITOR_WORDS,
} from '../helpers/contract-arbitraries.ts';

const SEED = 7;
const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns = 100) => fc.sample(arbitrary, { seed: SEED, numRuns });

t.test('every answer schema of every call the edge makes: each value generated passes it', async (t) => {
  const calls = upstreamCallsOf(PAYMENT_METHODS);
  t.ok(calls.length >= 18, `${calls.length} calls`);
  for (const call of calls) {
    const failed = sample(arbitraryOf(call.response)).filter((value) => !call.response.safeParse(value).success);
    t.same(failed.slice(0, 1), [], `${call.method} ${call.path || call.base}`);
  }
});

t.test("the requests' schemas too, strict ones included; a check it cannot satisfy is named", async (t) => {
  for (const call of upstreamCallsOf(PAYMENT_METHODS)) {
    if (!call.request || call.request === selfieImageRequestSchema) continue;
    let arbitrary: fc.Arbitrary<unknown>;
    try {
      arbitrary = arbitraryOf(call.request);
    } catch (error) {
      // The uploads' base64 is checked by a refinement no walk can satisfy.
      t.match((error as Error).message, /no arbitrary for the string check custom/, `${call.path}: named`);
      continue;
    }
    t.same(
      sample(arbitrary, 60).filter((value) => !call.request!.safeParse(value).success),
      [],
      `${call.method} ${call.path || call.base}`,
    );
  }
  t.throws(() => arbitraryOf(z.date()), /no arbitrary for the zod type date/);
  t.throws(() => arbitraryOf(z.object({ when: z.bigint() })), /at when/);
});

t.test('unknown fields where the schema lets them through, never in a strict object', async (t) => {
  const loose = sample(arbitraryOf(flowStateSchema));
  const known = new Set(Object.keys(flowStateSchema.shape));
  t.ok(
    loose.some((state) => Object.keys(state).some((key) => !known.has(key))),
    'a flow state with fields no version of the spec names',
  );
  const strict = z.strictObject({ refId: z.string() });
  t.ok(
    sample(arbitraryOf(strict)).every((value) => Object.keys(value).join() === 'refId'),
    'a strict object: its fields only',
  );
  t.ok(
    sample(arbitraryOf(flowStateSchema, { extraFields: false })).every((state) => Object.keys(state).every((k) => known.has(k))),
    'extraFields: false',
  );
});

t.test('optional fields left out, nullable ones null, each sometimes', async (t) => {
  const states = sample(arbitraryOf(flowStateSchema));
  t.ok(
    states.some((s) => !('txnValidUntil' in s)),
    'a quote without txnValidUntil',
  );
  t.ok(
    states.some((s) => s.txnValidUntil === null),
    'and with it null',
  );
  t.ok(
    states.some((s) => typeof s.txnValidUntil === 'string'),
    'and with it given',
  );
  t.ok(
    states.some((s) => s.nextActionParams && typeof s.nextActionParams === 'object'),
    'next-action parameters',
  );
});

t.test('overrides land at their paths, nested ones included', async (t) => {
  const states = sample(
    arbitraryOf(flowStateSchema, {
      overrides: { nextAction: fc.constant('ONLY_THIS'), 'nextActionParams.htmlDoc': fc.constant('<form></form>') },
    }),
  );
  t.ok(states.every((s) => s.nextAction === 'ONLY_THIS'));
  const docs = states.flatMap((s) => (s.nextActionParams?.htmlDoc === undefined ? [] : [s.nextActionParams.htmlDoc]));
  t.ok(docs.length > 0 && docs.every((doc) => doc === '<form></form>'));
  const errors = sample(errorBody);
  t.ok(
    errors.every((body) => errorBodySchema.safeParse(body).success),
    'error bodies pass the schema',
  );
  t.ok(
    errors.some((body) => !Array.isArray(body.error) && body.error.msg === undefined),
    'an error without msg',
  );
  t.ok(
    errors.some((body) => !Array.isArray(body.error) && body.error.errorParams !== undefined),
    'with errorParams',
  );
  t.ok(
    errors.some((body) => Array.isArray(body.error)),
    "buyer info's list of items",
  );
});

t.test('a flow state for an order: its identity as given, any action, the rest as the contract allows', async (t) => {
  const order = {
    refId: 'R1',
    txnType: 'SELL',
    paymentMethod: 'ETRANSFEROUT',
    fiatCurrency: 'CAD',
    cryptoCurrency: 'BCH',
  } as const;
  const states = sample(flowState(order, Date.parse('2026-06-01T12:00:00Z')));
  t.ok(states.every((s) => flowStateSchema.safeParse(s).success));
  t.ok(states.every((s) => s.refId === 'R1' && s.txnType === 'SELL' && s.cryptoCurrency === 'BCH'));
  t.ok(states.some((s) => KNOWN_NEXT_ACTIONS.includes(String(s.nextAction))));
  t.ok(states.some((s) => !KNOWN_NEXT_ACTIONS.includes(String(s.nextAction))));
});

t.test("next actions: the known ones are every method's and the shared ones; the unknown ones are none of them", async (t) => {
  for (const method of PAYMENT_METHODS.list)
    for (const action of Object.keys(method.next)) t.ok(KNOWN_NEXT_ACTIONS.includes(action), `${method.name} ${action}`);
  t.ok(sample(unknownNextAction).every((action) => !KNOWN_NEXT_ACTIONS.includes(action) && /^[A-Z_0-9]+$/.test(action)));
  t.ok(sample(nextAction).every((action) => typeof action === 'string'));
});

t.test('error texts: every internal one is hidden by the failure table, the visitor words are shown', async (t) => {
  for (const msg of INTERNAL_TEXTS) t.equal(visitorMessage({ status: 422, code: 'X', msg }), undefined, msg);
  for (const msg of VISITOR_WORDS) t.equal(visitorMessage({ status: 422, code: 'X', msg }), msg, msg);
});

t.test('deposit addresses: valid on their network, BCH in all three forms', async (t) => {
  for (const coin of ['BTC', 'BCH', 'LTC', 'ETH'] as const) {
    for (const network of ['prod', 'testnet'] as const) {
      const addresses = sample(depositAddress(coin, network), 40);
      t.same(
        addresses.filter((address) => !isAddressOnNetwork(coin, address, network)),
        [],
        `${coin} ${network}`,
      );
      if (coin === 'BCH') {
        const prefix = network === 'prod' ? 'bitcoincash:' : 'bchtest:';
        t.ok(
          addresses.some((a) => a.startsWith(prefix)),
          'CashAddr with its prefix',
        );
        t.ok(
          addresses.some((a) => /^[qp]/.test(a)),
          'CashAddr without it',
        );
        t.ok(
          addresses.some((a) => /^[13mn2]/.test(a)),
          'legacy',
        );
      }
    }
  }
});

t.test('bank documents: the forms in the markup are the forms declared', async (t) => {
  const docs = sample(bankDocument(['https://bank.example', 'http://127.0.0.1:9']), 60);
  for (const doc of docs) {
    const forms = DomUtils.findAll((e) => e.name === 'form', parseDocument(doc.html).children);
    t.equal(forms.length, doc.forms.length);
    for (const [i, form] of forms.entries()) {
      const declared = doc.forms[i]!;
      t.equal((form.attribs.method ?? 'get').toLowerCase(), (declared.method ?? 'get').toLowerCase());
      t.equal(form.attribs.action, declared.action);
      const fields = DomUtils.findAll((e) => e.name === 'input', [form]).map((input) => [
        input.attribs.name,
        input.attribs.value,
      ]);
      t.same(fields, declared.fields);
    }
  }
  const methods = new Set(docs.flatMap((doc) => doc.forms.map((form) => (form.method ?? 'get').toLowerCase())));
  t.same([...methods].sort(), ['get', 'post'], 'GET and POST forms both');
});

t.test('references and moments as the contract allows them', async (t) => {
  const references = sample(referenceNumber);
  t.ok(references.every((r) => r.length >= 1 && r.length <= 64));
  t.ok(
    references.some((r) => r.length > 32),
    'long ones',
  );
  const moments = sample(moment(Date.parse('2026-06-01T12:00:00Z')));
  t.ok(moments.some((m) => Number.isFinite(Date.parse(m))));
  t.ok(
    moments.some((m) => !Number.isFinite(Date.parse(m))),
    'and texts that are no date',
  );
  t.ok(
    moments.some((m) => /[+-]\d\d:\d\d$/.test(m)),
    'with an offset',
  );
});
