// Card payments: after the checks the transaction waits for the card (CUSTOMER_PAYMENT); the
// card provider's widget (the sandbox's third-party page) settles it. A card quote is the
// current price, so it never expires here.
import { goTo } from '../steps.ts';
import type { Rail } from './rail.ts';

export const creditCardRail: Rail = {
  name: 'CREDITCARD',
  api: 'buy',
  afterChecks: (txn) => goTo(txn, 'CUSTOMER_PAYMENT'),
  holdsRate: false,
};
