// Where a saved flow state sends the visitor (docs/spec.md section 2, "Next-screen rule"):
// a page of this checkout, a payment page elsewhere, or nowhere (the caller logs the
// reason). The caller turns the step into a 303 or a redirect.
import type { TxnType } from './domain.ts';
import type { ScreenPath } from './routes.ts';

export type NextStep =
  | { kind: 'navigate'; path: string }
  /** page: the checkout's page that sends the browser there, the answer to a form (POST/redirect/GET). */
  | { kind: 'redirect'; url: string; page: ScreenPath }
  | { kind: 'none'; reason: string };

/** What the rule reads of a flow state (contract.ts has the whole). */
export interface NextScreenState {
  nextAction: string;
  paymentMethod: string;
  fiatCurrency: string;
  txnType: TxnType;
  nextActionParams?: { redirectUrl?: string | undefined; htmlDoc?: string | undefined } | null | undefined;
}

export const go = (path: ScreenPath): NextStep => ({ kind: 'navigate', path });
export const none = (reason: string): NextStep => ({ kind: 'none', reason });
