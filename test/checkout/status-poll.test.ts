// The deposit page's status rule, shared by the WalletStatus island and the server: which
// answer shows an address, and how many checks follow a first one, how far apart; and the
// payment page's: which answer means the order has moved on.
import t from 'tap';
import { STATUS_POLL } from '../../checkout/limits.ts';
import { paymentMovedOn, pollStatus, processedAddress } from '../../checkout/status-poll.ts';

t.test("an address only once PROCESSED, the answer's own before the flow's", async (t) => {
  t.equal(processedAddress({ txnStatus: 'PROCESSED', cryptoAddress: 'bc1qown' }, 'bc1qknown'), 'bc1qown');
  t.equal(processedAddress({ txnStatus: 'PROCESSED', cryptoAddress: null }, 'bc1qknown'), 'bc1qknown');
  t.equal(processedAddress({ txnStatus: 'PROCESSED', cryptoAddress: '' }), null);
  t.equal(processedAddress({ txnStatus: 'PROCESSED', cryptoAddress: 42 }), null, 'not a string: none');
  t.equal(processedAddress({ txnStatus: 'PENDING', cryptoAddress: 'bc1qown' }, 'bc1qknown'), null);
  t.equal(processedAddress(null, 'bc1qknown'), null, 'a failed check');
});

/** A run of pollStatus whose checks answer `answers` in turn; what happened, in order. */
async function run(answers: (string | null)[], stopAfter = Infinity) {
  const events: string[] = [];
  let checks = 0;
  const found = await pollStatus({
    check: async () => {
      events.push('check');
      return answers[checks++] ?? null;
    },
    wait: async (ms) => void events.push(`wait ${ms}`),
    stopped: () => checks >= stopAfter,
  });
  return { found, events };
}

t.test('up to STATUS_POLL.retries more checks, each after STATUS_POLL.intervalMs', async (t) => {
  const wait = `wait ${STATUS_POLL.intervalMs}`;
  t.same(await run([null, null, 'late']), { found: null, events: [wait, 'check', wait, 'check'] }, 'then it stops: null');
  t.same(await run(['first']), { found: 'first', events: [wait, 'check'] }, 'the first value ends it');
  t.same(await run([null, 'second']), { found: 'second', events: [wait, 'check', wait, 'check'] });
  t.same(await run([null, 'second'], 1), { found: null, events: [wait, 'check', wait] }, 'stopped: no further check');
});

t.test('paymentMovedOn: only an order no longer PENDING has moved on', async (t) => {
  for (const txnStatus of ['COMPLETED', 'CANCELLED', 'REVIEW', 'PROCESSED']) {
    t.equal(paymentMovedOn({ txnStatus }), true, txnStatus);
  }
  t.equal(paymentMovedOn({ txnStatus: 'PENDING' }), false, 'still waiting for the payment');
  t.equal(paymentMovedOn({ txnStatus: 7 }), false, 'a status that is not a string says nothing');
  t.equal(paymentMovedOn({}), false, 'no status says nothing');
  t.equal(paymentMovedOn(null), false, 'no answer (a failed check) says nothing');
  t.equal(paymentMovedOn(undefined), false);
});
