// docs/spec.md section 2 "Next-screen rule": where a saved flow state sends the visitor.
// One pure function over the table of payment methods: the actions every method shares are
// here; where a method's payment leads is its own module's word (server/methods/).

import { go, type NextScreenState, type NextStep, none } from './next-step.ts';
import type { MethodTable } from './payment-method.ts';
import { ROUTES, type ScreenPath } from './routes.ts';

export type { NextScreenState, NextStep } from './next-step.ts';

export function nextScreen(state: NextScreenState, from: ScreenPath, methods: MethodTable): NextStep {
  const method = methods.get(state.paymentMethod);
  const fromQuote = from === ROUTES.priceQuote.path;
  switch (state.nextAction) {
    case 'INPUT_CRYPTOADDRESS':
      return go(fromQuote ? ROUTES.addressInput.path : ROUTES.priceQuote.path);
    case 'INPUT_BUYERINFO':
      if (method?.detailsAfterQuote && !fromQuote) return go(method.quoteScreen ?? ROUTES.priceQuote.path);
      return go(ROUTES.buyerInfoInput.path);
    case 'VERIFY_MOBILE':
      return go(ROUTES.mobileVerification.path);
    case 'SUBMIT_SELFIEDOC':
      return go(ROUTES.imageInputChoice.path);
    case 'ADMIN_REVIEW':
      return go(ROUTES.transactionInReview.path);
    case 'DONE_COMPLETED':
      return go(ROUTES.transactionSuccess.path);
    case 'DONE_CANCELLED':
      return go(ROUTES.transactionCancelled.path);
    case 'CUSTOMER_PAYMENT': {
      const pay = method?.next[state.nextAction];
      return pay ? pay(state) : none(`CUSTOMER_PAYMENT with payment method ${state.paymentMethod}`);
    }
  }
  const owned = methods.ownerOf(state.nextAction)?.next[state.nextAction];
  return owned ? owned(state) : none(`unknown nextAction ${state.nextAction}`);
}
