// An order whose figures do not add up (checkout/money.ts: the fee, the rate and the amounts
// the upstream or a provider gave) is shown as given, never with a figure made up to fit,
// and logged once per order as a contract warning, for whoever runs the exchange.
import type { FastifyRequest } from 'fastify';
import { workingOf } from '../../checkout/money.ts';
import type { Order } from '../../checkout/order.ts';

/** Orders already warned about, the least recent forgotten first: one line per order, not per page view. */
const WARNED_KEPT = 10_000;
const warned = new Set<string>();

export function checkOrder(request: FastifyRequest, order: Order, source = 'upstream'): void {
  const working = workingOf(order);
  if (!working || working.adds) return;
  const key = `${request.merchant.id}:${order.refId}:${source}`;
  if (warned.has(key)) return;
  if (warned.size >= WARNED_KEPT) warned.delete(warned.values().next().value!);
  warned.add(key);
  request.log.warn(
    {
      contract: { source, paymentMethod: order.paymentMethod, feeIn: working.feeIn },
      figures: { fiatAmount: order.fiatAmount, cryptoAmount: order.cryptoAmount, rate: order.rate, fee: order.fee ?? 0 },
    },
    'order figures do not add up: shown as given',
  );
}
