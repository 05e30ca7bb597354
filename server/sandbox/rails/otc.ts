// Cash over the counter: after the checks the transaction waits for the cash payment
// (CUSTOMER_PAYMENT) with the reference number the payment centre takes (an extra field of
// nextActionParams, README).
import { goTo } from '../steps.ts';
import type { Rail } from './rail.ts';

export const otcRail: Rail = {
  name: 'OTC',
  api: 'buy',
  afterChecks: (txn) => goTo(txn, 'CUSTOMER_PAYMENT', { referenceNumber: txn.refId }),
  holdsRate: true,
  feeIn: 'included',
};
