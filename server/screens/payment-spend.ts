// Screen 17 for sells and spends: the deposit address to send the crypto to. The server asks
// for the status once; PROCESSED shows the address, anything else hands over to the
// WalletStatus island; without JavaScript the page offers a Check again link. ?confirm=1 opens the "Have you sent your crypto"
// question as a page.
import { createElement } from 'react';
import { formatCrypto } from '../checkout/format.ts';
import { ROUTES, hasFlag } from '../checkout/routes.ts';
import { ISLAND_API } from '../checkout/wire.ts';
import type { FlowState, StatusResponse } from '../upstream/contract.ts';
import { defineScreen } from '../flow/screen.ts';
import { stepPage } from '../flow/step.ts';
import { upstreamFor } from '../flow/upstream.ts';
import { PaymentSpendPage } from '../../views/pages/PaymentSpend.tsx';
import { flowFrameOf } from '../../views/components/FlowFrame.tsx';

const ROUTE = ROUTES.paymentSpend;

/** The address to show: only once PROCESSED, preferring the status answer's own. */
function processedAddress(status: StatusResponse | undefined, state: FlowState): string | undefined {
  if (status?.txnStatus !== 'PROCESSED') return undefined;
  return status.cryptoAddress || state.nextActionParams?.cryptoAddress || state.cryptoAddress || undefined;
}

export const paymentSpendScreen = defineScreen({
  route: ROUTE,
  get: stepPage(ROUTE.path, async (request, reply, { flow, state }) => {
    const status = await upstreamFor(request).status(flow.txnType, flow.refId);
    if (!status.ok) request.log.warn({ failure: status.failure.kind }, 'status check failed; the page keeps checking');
    const page = createElement(PaymentSpendPage, {
      amountText: formatCrypto(state.cryptoAmount, state.cryptoCurrency),
      qrSrc: ISLAND_API.walletQr(state.refId),
      statusUrl: ISLAND_API.status(flow.txnType, state.refId),
      paymentMethod: state.paymentMethod,
      address: processedAddress(status.ok ? status.value : undefined, state),
      confirming: hasFlag(request.query, 'confirm'),
      frame: flowFrameOf(flow, ROUTE.path),
    });
    return reply.render(page);
  }),
});
