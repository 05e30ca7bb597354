// Where an order stands, from the upstream's status and next action: every stage, a sell's
// PROCESSED still awaiting its crypto, the deadline that makes a payment expired, a sell's
// rate hold that lapsed, and the
// island's rule for a stage that moved on.
import t from 'tap';
import { isFinalStage, orderStage, type StageFacts, stageMovedOn, waitsOnVisitor } from '../../checkout/order-status.ts';

const NOW = Date.parse('2026-11-22T08:00:00Z');
const buyActions = new Set(['INITIATE_ETRANSFER', 'INPUT_VOUCHERNUMBER', 'INITIATE_BANKTRANSFER']);
const facts = (over: Partial<StageFacts>): StageFacts => ({
  kind: 'BUY',
  txnStatus: 'PENDING',
  nextAction: 'CUSTOMER_PAYMENT',
  paymentAction: (action) => buyActions.has(action),
  now: NOW,
  ...over,
});

t.test('each status and next action as a stage', async (t) => {
  const cases: [Partial<StageFacts>, string][] = [
    [{}, 'awaitingPayment'],
    [{ nextAction: 'INITIATE_ETRANSFER' }, 'awaitingPayment'],
    [{ nextAction: 'INPUT_VOUCHERNUMBER' }, 'awaitingPayment'],
    [{ nextAction: 'INPUT_BUYERINFO' }, 'unfinished'],
    [{ nextAction: 'SUBMIT_SELFIEDOC' }, 'unfinished'],
    [{ kind: 'SELL', nextAction: 'INPUT_EMTEMAIL' }, 'unfinished'],
    [{ nextAction: 'ADMIN_REVIEW' }, 'inReview'],
    [{ txnStatus: 'REVIEW', nextAction: 'ADMIN_REVIEW' }, 'inReview'],
    [{ txnStatus: 'PROCESSED', nextAction: 'DONE_COMPLETED' }, 'paymentReceived'],
    [{ txnStatus: 'PROCESSED' }, 'paymentReceived'],
    [{ kind: 'SELL', txnStatus: 'PROCESSED' }, 'awaitingPayment'],
    [{ kind: 'SPEND', txnStatus: 'PROCESSED', nextAction: 'DONE_COMPLETED' }, 'paymentReceived'],
    [{ txnStatus: 'COMPLETED', nextAction: 'DONE_COMPLETED' }, 'completed'],
    [{ nextAction: 'DONE_COMPLETED' }, 'completed'],
    [{ txnStatus: 'CANCELLED', nextAction: 'DONE_CANCELLED' }, 'cancelled'],
    [{ nextAction: 'DONE_CANCELLED' }, 'cancelled'],
    [{ payBy: NOW + 1 }, 'awaitingPayment'],
    [{ payBy: NOW - 1 }, 'expired'],
    [{ payBy: NOW - 1, nextAction: 'INPUT_BUYERINFO' }, 'unfinished'],
    [{ payBy: NOW - 1, txnStatus: 'COMPLETED' }, 'completed'],
    [{ txnStatus: 'SOMETHING_NEW', nextAction: 'SOMETHING_NEW' }, 'unfinished'],
    [{ kind: 'SELL', holdUntil: NOW + 1 }, 'awaitingPayment'],
    [{ kind: 'SELL', holdUntil: NOW - 1 }, 'holdLapsed'],
    [{ kind: 'SPEND', txnStatus: 'PROCESSED', holdUntil: NOW - 1 }, 'holdLapsed'],
    [{ kind: 'SELL', holdUntil: NOW - 1, txnStatus: 'REVIEW' }, 'inReview'],
    [{ kind: 'SELL', holdUntil: NOW - 1, nextAction: 'INPUT_EMTEMAIL' }, 'unfinished'],
    [{ kind: 'BUY', holdUntil: NOW - 1 }, 'awaitingPayment'],
  ];
  for (const [over, stage] of cases) t.equal(orderStage(facts(over)), stage, JSON.stringify(over));
});

t.test('what the page does at each stage', async (t) => {
  t.ok(waitsOnVisitor('unfinished') && waitsOnVisitor('awaitingPayment'), 'the way back into the flow');
  t.notOk(waitsOnVisitor('inReview') || waitsOnVisitor('expired') || waitsOnVisitor('completed'));
  t.ok(isFinalStage('completed') && isFinalStage('cancelled') && isFinalStage('expired'), 'nothing more to follow');
  t.notOk(isFinalStage('inReview') || isFinalStage('paymentReceived') || isFinalStage('awaitingPayment'));
  t.notOk(waitsOnVisitor('holdLapsed'), 'a lapsed hold offers no way back to send crypto');
  t.notOk(isFinalStage('holdLapsed'), 'crypto sent in time may still arrive');
  t.ok(stageMovedOn({ stage: 'completed' }, 'awaitingPayment'));
  t.notOk(stageMovedOn({ stage: 'awaitingPayment' }, 'awaitingPayment'));
  t.notOk(stageMovedOn({}, 'awaitingPayment'), 'an answer without a stage (an error) moves nothing');
  t.notOk(stageMovedOn(null, 'awaitingPayment'));
});
