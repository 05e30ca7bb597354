// eGift cards (a sell): after the checks the transaction waits for the coins at a deposit
// address; the card is sent once they arrive.
import { awaitDeposit } from '../steps.ts';
import type { Rail } from './rail.ts';

export const giftCardRail: Rail = {
  name: 'GIFTCARD',
  api: 'sell',
  afterChecks: awaitDeposit,
  holdsRate: true,
  feeIn: 'added',
};
