// The step indicator's rule: the steps of each flow, and where a screen stands in them. A
// buy is quote, details, verify, pay; a sell and a gift-card spend end by sending crypto
// instead, and a sell names its payout e-Transfer address after verification, so the
// indicator never steps back. A payment method may have steps of its own; a screen says
// which step it is (defineScreen). Screens outside the steps (home, the outcomes) show no
// indicator.
import type { FlowKind } from './domain.ts';

export type FlowStep = 'quote' | 'details' | 'verify' | 'payout' | 'pay' | 'send';

export const FLOW_STEPS: Readonly<Record<FlowKind, readonly FlowStep[]>> = {
  BUY: ['quote', 'details', 'verify', 'pay'],
  SELL: ['quote', 'details', 'verify', 'payout', 'send'],
  SPEND: ['quote', 'details', 'verify', 'send'],
};

export interface Progress {
  steps: readonly FlowStep[];
  /** Index of the visitor's step in `steps`. */
  current: number;
}

/** Where a screen's step stands among the visitor's steps; null when it is not one of them. */
export function flowProgress(steps: readonly FlowStep[], step: FlowStep | undefined): Progress | null {
  const current = step === undefined ? -1 : steps.indexOf(step);
  return current < 0 ? null : { steps, current };
}

/**
 * The steps whose pages show the order summary from the flow cookie (order.ts):
 * the forms between the quote and the payment. The quote shows its figures in its card, and
 * a payment page shows the order it has just read (or its own, with copy buttons).
 */
const SUMMARY_STEPS: readonly FlowStep[] = ['details', 'verify', 'payout'];

export function showsFlowSummary(step: FlowStep | undefined): boolean {
  return step !== undefined && SUMMARY_STEPS.includes(step);
}
