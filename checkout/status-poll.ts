// The deposit page's status rule (docs/spec.md section 4): PROCESSED shows the wallet address;
// otherwise the status is asked up to STATUS_POLL.retries more times, STATUS_POLL.intervalMs
// apart, then the page stops checking. One loop for the WalletStatus island (through /api)
// and for the server (while a page without JavaScript is still open); each brings its own
// way to ask and to wait. And the payment page's rule: whether the order has moved on.
import { STATUS_POLL } from './limits.ts';

/** The fields of a status answer the rule reads. */
export interface StatusFields {
  txnStatus?: unknown;
  cryptoAddress?: unknown;
}

/**
 * Whether an order that waited for the visitor's payment has moved on: any status but
 * PENDING, the status of an order still waiting (docs/spec.md section 4). The payment
 * page then loads again and follows the upstream's nextAction.
 */
export function paymentMovedOn(status: StatusFields | null | undefined): boolean {
  return typeof status?.txnStatus === 'string' && status.txnStatus !== 'PENDING';
}

/** The address to show: only once PROCESSED, the answer's own first, else `known` (the flow state's). */
export function processedAddress(status: StatusFields | null | undefined, known?: string | null): string | null {
  if (status?.txnStatus !== 'PROCESSED') return null;
  if (typeof status.cryptoAddress === 'string' && status.cryptoAddress) return status.cryptoAddress;
  return known || null;
}

export interface StatusPoll<T> {
  /** One status check: a value ends the polling, null asks again (a failed check too). */
  check: () => Promise<T | null>;
  /** Resolves after `ms`. */
  wait: (ms: number) => Promise<void>;
  /** True once nobody is looking any more (the page went away): no further check. */
  stopped?: () => boolean;
}

/**
 * After a first check that found nothing: the checks left, each STATUS_POLL.intervalMs
 * after the previous one ended. The first value found, or null when the checks ran out.
 */
export async function pollStatus<T>({ check, wait, stopped = () => false }: StatusPoll<T>): Promise<T | null> {
  for (let retry = 0; retry < STATUS_POLL.retries; retry++) {
    await wait(STATUS_POLL.intervalMs);
    if (stopped()) return null;
    const found = await check();
    if (found !== null) return found;
  }
  return null;
}
