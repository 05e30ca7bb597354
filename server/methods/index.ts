// The payment methods this checkout knows, one module each. A merchant offers some of them
// (merchant.json paymentMethods); the upstream is told a method by its name.
import { methodTable } from '../../checkout/payment-method.ts';
import { bankTransfer } from './bank-transfer.ts';
import { creditCard } from './credit-card.ts';
import { etransfer } from './etransfer.ts';
import { etransferOut } from './etransfer-out.ts';
import { flexepin } from './flexepin.ts';
import { giftCard } from './gift-card.ts';
import type { PaymentMethod } from './method.ts';
import { otc } from './otc.ts';

export const PAYMENT_METHODS = methodTable<PaymentMethod>([
  etransfer,
  creditCard,
  flexepin,
  giftCard,
  etransferOut,
  bankTransfer,
  otc,
]);
