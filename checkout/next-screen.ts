// docs/spec.md section 2 "Next-screen rule": where a saved flow state sends the visitor.
// One pure function; the caller turns the step into a 303, a redirect or a page, and
// logs the reason of a 'none'.
import type { FlowState } from '../server/upstream/contract.ts';
import { ROUTES, type ScreenPath } from './routes.ts';

export type NextStep =
  | { kind: 'navigate'; path: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'html'; htmlDoc: string }
  | { kind: 'none'; reason: string };

export type NextScreenState = Pick<FlowState, 'nextAction' | 'paymentMethod' | 'fiatCurrency' | 'txnType' | 'nextActionParams'>;

const go = (path: ScreenPath): NextStep => ({ kind: 'navigate', path });
const none = (reason: string): NextStep => ({ kind: 'none', reason });

function customerPayment(state: NextScreenState): NextStep {
  const params = state.nextActionParams ?? undefined;
  switch (state.paymentMethod) {
    case 'OTC':
      return go(ROUTES.paymentOtc.path);
    case 'ETRANSFER':
      return go(ROUTES.paymentEtransferInstructions.path);
    // A card order pays after the card provider's quote.
    case 'CREDITCARD':
      return go(ROUTES.creditCardQuote.path);
    case 'BANKTRANSFER': {
      if (state.fiatCurrency === 'AUD') {
        // Raw: the caller checks it against the merchant's payment hosts (payment-url.ts)
        // and refuses what fails with a page of its own.
        const url = params?.redirectUrl;
        return url ? { kind: 'redirect', url } : none('CUSTOMER_PAYMENT BANKTRANSFER AUD without redirectUrl');
      }
      const htmlDoc = params?.htmlDoc;
      return htmlDoc ? { kind: 'html', htmlDoc } : none('CUSTOMER_PAYMENT BANKTRANSFER without htmlDoc');
    }
    // The spec leaves sells and spends open here; the product decision is the spend page.
    case 'ETRANSFEROUT':
    case 'GIFTCARD':
      return go(ROUTES.paymentSpend.path);
    default:
      return none(`CUSTOMER_PAYMENT with payment method ${state.paymentMethod}`);
  }
}

export function nextScreen(state: NextScreenState, from: ScreenPath): NextStep {
  const fromQuote = from === ROUTES.priceQuote.path;
  switch (state.nextAction) {
    case 'INPUT_CRYPTOADDRESS':
      return go(fromQuote ? ROUTES.addressInput.path : ROUTES.priceQuote.path);
    case 'INPUT_BUYERINFO':
      if (state.paymentMethod === 'ETRANSFEROUT') return go(fromQuote ? ROUTES.buyerInfoInput.path : ROUTES.priceQuote.path);
      if (state.paymentMethod === 'GIFTCARD') return go(fromQuote ? ROUTES.buyerInfoInput.path : ROUTES.spendQuote.path);
      return go(ROUTES.buyerInfoInput.path);
    case 'VERIFY_MOBILE':
      return go(ROUTES.mobileVerification.path);
    case 'SUBMIT_SELFIEDOC':
      return go(ROUTES.imageInputChoice.path);
    case 'ADMIN_REVIEW':
      return go(ROUTES.transactionInReview.path);
    case 'INPUT_VOUCHERNUMBER':
      return go(ROUTES.paymentFlexepin.path);
    case 'CUSTOMER_PAYMENT':
      return customerPayment(state);
    case 'INITIATE_BANKTRANSFER':
      return go(state.fiatCurrency === 'AUD' ? ROUTES.poli.path : ROUTES.bankSelect.path);
    case 'INITIATE_ETRANSFER':
      return go(ROUTES.paymentEtransferInstructions.path);
    case 'INPUT_EMTEMAIL':
      return go(ROUTES.emailInput.path);
    case 'DONE_COMPLETED':
      return go(ROUTES.transactionSuccess.path);
    case 'DONE_CANCELLED':
      return go(ROUTES.transactionCancelled.path);
    default:
      return none(`unknown nextAction ${state.nextAction}`);
  }
}
