// What the flow cookie holds: its schema, shared by the edge that signs it (server/security/
// flow-cookie.ts) and the rules that read an order from it (order.ts).
import { z } from 'zod';
import { refIdSchema } from './contract.ts';
import { FIAT_CURRENCIES, FLOW_KINDS, TXN_TYPES, VERIFICATION_CODE_ATTEMPTS } from './domain.ts';
import { SUMMARY_ADDRESS_MAX, SUMMARY_EMAIL_MAX } from './limits.ts';

/**
 * Fields it does not know are dropped, not refused: the cookie is signed, so they can only
 * come from a newer edge, and during a rolling deploy an older replica must keep the
 * visitor's flow rather than send them home.
 */
export const flowCookieSchema = z.object({
  refId: refIdSchema,
  kind: z.enum(FLOW_KINDS),
  txnType: z.enum(TXN_TYPES),
  method: z.string().max(32),
  subtype: z.string().max(64).optional(),
  fiatCurrency: z.enum(FIAT_CURRENCIES),
  cryptoCurrency: z.string().max(8),
  pro: z.boolean().default(false),
  addressRequired: z.boolean().default(false),
  /** Merchant the flow was started on: a cookie never crosses merchants. */
  merchant: z.string().max(64),
  /**
   * The screen the upstream's last nextAction sent the visitor to: the only step whose form
   * is sent upstream. Unset when the last step led off the checkout (a bank's page).
   */
  at: z
    .string()
    .regex(/^\/[a-z-]{0,63}$/)
    .optional(),
  /**
   * Picked up by its Reference ID on this device (/state/{refId}), not started here: the
   * reference proves nothing, so the order's contact details are shown masked (masks.ts).
   */
  masked: z.boolean().optional(),
  /**
   * The visitor was sent to the payment provider's page (a bank's, in Australia): back before
   * paying, the checkout's page waits for the payment and offers the way back to the
   * provider, instead of sending the visitor straight back there.
   */
  atProvider: z.boolean().optional(),
  /** Wrong verification codes so far: the upstream does not say how many it still takes. */
  wrongCodes: z.number().int().nonnegative().max(VERIFICATION_CODE_ATTEMPTS).optional(),
  /** The order summary's figures (checkout/order.ts), from the last flow state. */
  order: z
    .object({
      fiatAmount: z.number().finite().nonnegative(),
      cryptoAmount: z.number().finite().nonnegative(),
      /** Fiat per coin, as the quote gave it. */
      rate: z.number().finite().positive().optional(),
      cryptoAddress: z.string().max(SUMMARY_ADDRESS_MAX).optional(),
      emtEmail: z.string().max(SUMMARY_EMAIL_MAX).optional(),
      /** The fee the quote included, in its fiat currency (fees.ts); absent when none. */
      fee: z.number().finite().nonnegative().optional(),
      /**
       * What the card provider charges, in its currency (USD), for the order's fiat amount
       * `forFiat`: a requote to another amount leaves it behind (checkout/order.ts).
       */
      charge: z
        .object({
          amount: z.number().finite().nonnegative(),
          currency: z.string().regex(/^[A-Z]{3}$/),
          forFiat: z.number().finite().nonnegative(),
        })
        .optional(),
    })
    .optional(),
  /**
   * A requote the upstream holds unconfirmed, with the figures the gift-card picker showed
   * for it: NEXT on that amount confirms it (flow/next.ts drops it with the next state).
   */
  requote: z
    .object({
      fiatAmount: z.number().finite().nonnegative(),
      cryptoAmount: z.number().finite().nonnegative(),
      forexRatePublic: z.number().finite().positive().optional(),
      txnValidUntil: z.string().max(40).optional(),
      txnDate: z.string().max(40).optional(),
    })
    .optional(),
  /** The quote's one held-until time (ms since the epoch) and the key of the quote it is for (flow/rate-hold.ts). */
  hold: z
    .object({
      quote: z.string().max(32),
      until: z.number().int().nonnegative(),
    })
    .optional(),
});
export type FlowCookie = z.output<typeof flowCookieSchema>;
export type RateHold = NonNullable<FlowCookie['hold']>;
