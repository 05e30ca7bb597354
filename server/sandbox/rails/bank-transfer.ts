// Bank transfer: after the checks the transaction waits for INITIATE_BANKTRANSFER with the
// currency's banks. AUD goes to the provider's page (redirectUrl); other currencies pick a
// bank first, then get the bank's page as an htmlDoc. The page's Pay or Cancel settles it.
import { AUD_PROVIDER_NAME, BANKS } from '../banks.ts';
import { SANDBOX_CODES, fail } from '../errors.ts';
import { bankDocument } from '../pages/pay.ts';
import { type Clock, expectStep, goTo } from '../steps.ts';
import type { Txn } from '../store.ts';
import type { Rail } from './rail.ts';

export const bankTransferRail: Rail = {
  name: 'BANKTRANSFER',
  api: 'buy',
  afterChecks: (txn) => goTo(txn, 'INITIATE_BANKTRANSFER', { availableBanks: BANKS[txn.fiatCurrency] }),
  holdsRate: true,
  feeIn: 'included',
};

export function initBankTransfer(clock: Clock, txn: Txn, selectedBank: string, baseUrl: string): void {
  expectStep(clock, txn, 'INITIATE_BANKTRANSFER', 'banktransfer/init');
  const banks = BANKS[txn.fiatCurrency];
  if (txn.fiatCurrency === 'AUD') {
    txn.bankName = AUD_PROVIDER_NAME;
    goTo(txn, 'CUSTOMER_PAYMENT', { redirectUrl: `${baseUrl}/pay/bank/${txn.refId}` });
    return;
  }
  if (selectedBank === '') {
    goTo(txn, 'INITIATE_BANKTRANSFER', { availableBanks: banks });
    return;
  }
  const bank = banks.find((b) => b.bankCode === selectedBank);
  if (!bank) {
    throw fail(400, SANDBOX_CODES.requestInvalid, `selectedBank: must be one of ${banks.map((b) => b.bankCode).join(', ')}`);
  }
  txn.bankName = bank.bankName;
  goTo(txn, 'CUSTOMER_PAYMENT', { htmlDoc: bankDocument(txn, baseUrl) });
}
