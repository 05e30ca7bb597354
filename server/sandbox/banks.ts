// Banks offered at INITIATE_BANKTRANSFER, per currency. The codes are stable: the edge
// may key bank logos on them.
import type { FiatCurrency } from '../../checkout/domain.ts';

export interface Bank {
  bankCode: string;
  bankName: string;
}

export const BANKS: Record<FiatCurrency, Bank[]> = {
  CAD: [
    { bankCode: 'RBC', bankName: 'Sandbox Royal Bank' },
    { bankCode: 'TD', bankName: 'Sandbox TD Bank' },
    { bankCode: 'BNS', bankName: 'Sandbox Scotiabank' },
    { bankCode: 'BMO', bankName: 'Sandbox Bank of Montreal' },
  ],
  AUD: [
    { bankCode: 'CBA', bankName: 'Sandbox Commonwealth Bank' },
    { bankCode: 'WBC', bankName: 'Sandbox Westpac' },
    { bankCode: 'NAB', bankName: 'Sandbox National Australia Bank' },
  ],
  PHP: [
    { bankCode: 'BDO', bankName: 'Sandbox BDO Unibank' },
    { bankCode: 'BPI', bankName: 'Sandbox Bank of the Philippine Islands' },
  ],
  IDR: [
    { bankCode: 'BCA', bankName: 'Sandbox Bank Central Asia' },
    { bankCode: 'BMRI', bankName: 'Sandbox Bank Mandiri' },
  ],
};

/** The AUD bank page (a POLi-like provider) picks the bank on its own page. */
export const AUD_PROVIDER_NAME = 'Sandbox POLi';
