// The step indicator's rule: the steps of each flow, and which step each screen belongs to.
// A buy is quote, details, verify, pay; a sell and a gift-card spend end by sending crypto
// instead, and a sell names its payout e-Transfer address after verification, so the
// indicator never steps back. Screens outside the steps (home, the outcomes) show no indicator.
import type { FlowKind } from './domain.ts';
import { ROUTES, type ScreenPath } from './routes.ts';

export type FlowStep = 'quote' | 'details' | 'verify' | 'payout' | 'pay' | 'send';

export const FLOW_STEPS: Readonly<Record<FlowKind, readonly FlowStep[]>> = {
  BUY: ['quote', 'details', 'verify', 'pay'],
  SELL: ['quote', 'details', 'verify', 'payout', 'send'],
  SPEND: ['quote', 'details', 'verify', 'send'],
};

const SCREEN_STEP: ReadonlyMap<ScreenPath, FlowStep> = new Map<ScreenPath, FlowStep>([
  [ROUTES.priceQuote.path, 'quote'],
  [ROUTES.spendQuote.path, 'quote'],
  [ROUTES.creditCardQuote.path, 'quote'],
  [ROUTES.addressInput.path, 'details'],
  [ROUTES.emailInput.path, 'payout'],
  [ROUTES.buyerInfoInput.path, 'details'],
  [ROUTES.mobileVerification.path, 'verify'],
  [ROUTES.imageInputChoice.path, 'verify'],
  [ROUTES.imageInputCamera.path, 'verify'],
  [ROUTES.imageInputUpload.path, 'verify'],
  [ROUTES.audioInput.path, 'verify'],
  [ROUTES.verify.path, 'verify'],
  [ROUTES.paymentEtransferInstructions.path, 'pay'],
  [ROUTES.paymentFlexepin.path, 'pay'],
  [ROUTES.bankSelect.path, 'pay'],
  [ROUTES.poli.path, 'pay'],
  [ROUTES.creditCard.path, 'pay'],
  [ROUTES.paymentOtc.path, 'pay'],
  [ROUTES.paymentSpend.path, 'send'],
]);

export interface Progress {
  steps: readonly FlowStep[];
  /** Index of the visitor's step in `steps`. */
  current: number;
}

/** Where a screen stands in its flow; null when it is not one of the flow's steps. */
export function flowProgress(kind: FlowKind, screen: ScreenPath): Progress | null {
  const step = SCREEN_STEP.get(screen);
  const steps = FLOW_STEPS[kind];
  const current = step === undefined ? -1 : steps.indexOf(step);
  return current < 0 ? null : { steps, current };
}

/**
 * The steps whose pages show the order summary from the flow cookie (order-summary.ts):
 * the forms between the quote and the payment. The quote shows its figures in its card, and
 * a payment page shows the order it has just read (or its own, with copy buttons).
 */
const SUMMARY_STEPS: readonly FlowStep[] = ['details', 'verify', 'payout'];

export function showsFlowSummary(screen: ScreenPath): boolean {
  const step = SCREEN_STEP.get(screen);
  return step !== undefined && SUMMARY_STEPS.includes(step);
}
