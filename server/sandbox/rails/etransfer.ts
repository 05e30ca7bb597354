// Interac e-Transfer: after the checks the transaction waits for INITIATE_ETRANSFER; the
// init call gives the provider's payment page (the sandbox's /pay/etransfer page), whose
// Pay or Cancel settles it. Initiated once: a second init is TXNSTATUS.INVALID.
import { ERROR_CODES } from '../../../checkout/domain.ts';
import { fail } from '../errors.ts';
import { type Clock, expectStep, goTo } from '../steps.ts';
import type { Txn } from '../store.ts';
import type { Rail } from './rail.ts';

export const etransferRail: Rail = {
  name: 'ETRANSFER',
  api: 'buy',
  afterChecks: (txn) => goTo(txn, 'INITIATE_ETRANSFER'),
  holdsRate: true,
  pro: true,
  feeIn: 'included',
  fees: { regular: 'etransferFee', promo: 'etransferFeePromo', pro: 'etransferFeePro' },
};

export function initEtransfer(clock: Clock, txn: Txn, baseUrl: string): void {
  if (txn.etransferInitiated) {
    throw fail(409, ERROR_CODES.txnStatusInvalid, 'Payment instructions have already been initiated for this transaction.');
  }
  expectStep(clock, txn, 'INITIATE_ETRANSFER', 'etransfer/init');
  txn.etransferInitiated = true;
  goTo(txn, 'CUSTOMER_PAYMENT', { redirectUrl: `${baseUrl}/pay/etransfer/${txn.refId}` });
}
