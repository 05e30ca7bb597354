// What the checkout's shared rules need to know of a payment method: the next-screen rule,
// the step indicator, the fee a quote includes, the rate hold and the failure table ask a
// method instead of switching on its name. Each method says it in its own module
// (server/methods/); the rules here take the table of methods as a parameter, so they stay
// pure and a test can hand them a method of its own.
import type { FeeFields, FlowKind } from './domain.ts';
import type { NextScreenState, NextStep } from './next-step.ts';
import type { FlowStep } from './progress.ts';
import type { RateHold, RequoteBy } from './quote-timer.ts';
import type { ScreenPath } from './routes.ts';

/** Where one next action leads, from the state that names it. */
export type NextRule = (state: NextScreenState) => NextStep;

export interface MethodRules {
  /** The upstream's name for the method (docs/spec.md section 1). */
  readonly name: string;
  /** The tab it is offered on: BUY, SELL or SPEND (a spend travels upstream as a SELL). */
  readonly flow: FlowKind;
  /**
   * Where the upstream's next actions lead this method's visitor, beyond the rule every
   * method shares. CUSTOMER_PAYMENT is read from the visitor's own method; any other action
   * here (an INITIATE_… action, INPUT_VOUCHERNUMBER) belongs to this method, and leads to
   * its screen whatever the visitor's method.
   */
  readonly next: { readonly [action: string]: NextRule | undefined };
  /** Buyer details only after the quote is confirmed: INPUT_BUYERINFO from anywhere else goes back to the quote. */
  readonly detailsAfterQuote?: boolean;
  /** The screen its quote is confirmed on, when not the price quote. */
  readonly quoteScreen?: ScreenPath;
  /** The steps its visitor goes through, as the step indicator shows them; the flow's when absent. */
  readonly steps?: readonly FlowStep[];
  /** The rate is held with a countdown, or shown as the current price with none (cards, docs/spec.md section 4). */
  readonly rateHold: RateHold;
  /** What a requote names: the fiat amount, or the coin amount (docs/spec.md section 7). */
  readonly requotes: RequoteBy;
  /** Where VOICECLIP.MISSING sends its visitor, when not the audio step. */
  readonly voiceClipScreen?: ScreenPath;
  readonly fees?: FeeFields;
}

export interface MethodTable<M extends MethodRules = MethodRules> {
  readonly list: readonly M[];
  get(name: string | null | undefined): M | undefined;
  /** The method whose own screen a next action other than CUSTOMER_PAYMENT leads to. */
  ownerOf(action: string): M | undefined;
  /** Each method's fee fields, by name: what the exchange is told to charge (the sandbox's feeFields). */
  readonly feeFields: Readonly<Record<string, FeeFields>>;
}

/** The table of methods; a name or a method-owned next action given twice is a mistake in the code. */
export function methodTable<M extends MethodRules>(methods: readonly M[]): MethodTable<M> {
  const byName = new Map<string, M>();
  const byAction = new Map<string, M>();
  for (const method of methods) {
    if (byName.has(method.name)) throw new Error(`payment method ${method.name} is defined twice`);
    byName.set(method.name, method);
    for (const action of Object.keys(method.next)) {
      if (action === 'CUSTOMER_PAYMENT') continue;
      const owner = byAction.get(action);
      if (owner) throw new Error(`${action} leads to a screen of both ${owner.name} and ${method.name}`);
      byAction.set(action, method);
    }
  }
  return {
    list: methods,
    get: (name) => (name ? byName.get(name) : undefined),
    ownerOf: (action) => byAction.get(action),
    feeFields: Object.fromEntries(methods.flatMap((method) => (method.fees ? [[method.name, method.fees]] : []))),
  };
}
