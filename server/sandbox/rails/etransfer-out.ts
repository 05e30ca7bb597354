// Sells paid out by Interac e-Transfer: after the checks the transaction asks for the payout
// email, then waits for the coins at a deposit address.
import { emtEmailRequestSchema } from '../../../checkout/contract.ts';
import { awaitDeposit, type Clock, expectStep, goTo } from '../steps.ts';
import type { Txn } from '../store.ts';
import { type Rail, railCall } from './rail.ts';

export const etransferOutRail: Rail = {
  name: 'ETRANSFEROUT',
  api: 'sell',
  afterChecks: (txn) => goTo(txn, 'INPUT_EMTEMAIL'),
  holdsRate: true,
  feeIn: 'deducted',
  steps: [
    railCall({
      path: 'emtemail',
      request: emtEmailRequestSchema,
      run: (txn, { emtEmail }, { clock }) => submitEmtEmail(clock, txn, emtEmail),
    }),
  ],
};

function submitEmtEmail(clock: Clock, txn: Txn, emtEmail: string): void {
  expectStep(clock, txn, 'INPUT_EMTEMAIL', 'emtemail');
  txn.emtEmail = emtEmail;
  awaitDeposit(txn);
}
