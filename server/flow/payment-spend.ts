// Screen 17 for sells and spends: the deposit address to send the crypto to, then the
// thanks page. The server asks for the status once; PROCESSED shows the address, anything
// else hands over to the WalletStatus island (or a Check again link without JavaScript).
import type { FastifyInstance } from 'fastify';
import { createElement } from 'react';
import type { TxnType } from '../checkout/domain.ts';
import { formatCrypto } from '../checkout/format.ts';
import { ROUTES } from '../checkout/routes.ts';
import type { FlowState, StatusResponse } from '../upstream/contract.ts';
import { renderPage } from '../render/stream.tsx';
import { PaymentSpendPage } from '../../views/pages/PaymentSpend.tsx';
import { PaymentSpendSuccessPage } from '../../views/pages/PaymentSpendSuccess.tsx';
import { leaveStep, loadStep } from './resume.ts';
import { upstreamFor } from './upstream.ts';

const SCREEN = ROUTES.paymentSpend.path;
const THANKS = ROUTES.paymentSpendSuccess.path;

/** The edge's /api proxy paths the page's browser uses (server/upstream/proxy.ts allows them). */
function statusUrl(txnType: TxnType, refId: string): string {
  return `/api/${txnType === 'BUY' ? 'txnbuy' : 'txnsell'}/status/${encodeURIComponent(refId)}`;
}
function qrUrl(refId: string): string {
  return `/api/pubapi/qrcode/walletaddress/${encodeURIComponent(refId)}`;
}

/** The address to show: only once PROCESSED, preferring the status answer's own. */
function processedAddress(status: StatusResponse | undefined, state: FlowState): string | undefined {
  if (status?.txnStatus !== 'PROCESSED') return undefined;
  return status.cryptoAddress || state.nextActionParams?.cryptoAddress || state.cryptoAddress || undefined;
}

export function registerPaymentSpend(app: FastifyInstance): void {
  app.get<{ Querystring: { confirm?: string } }>(SCREEN, async (request, reply) => {
    const load = await loadStep(request, SCREEN);
    if (load.kind !== 'ready') return leaveStep(request, reply, load, SCREEN);
    const { flow, state } = load;
    const status = await upstreamFor(request).status(flow.txnType, flow.refId);
    if (!status.ok) request.log.warn({ failure: status.failure.kind }, 'status check failed; the page keeps checking');
    return renderPage(
      request,
      reply,
      createElement(PaymentSpendPage, {
        amountText: formatCrypto(state.cryptoAmount, state.cryptoCurrency),
        qrSrc: qrUrl(state.refId),
        statusUrl: statusUrl(flow.txnType, state.refId),
        paymentMethod: state.paymentMethod,
        address: processedAddress(status.ok ? status.value : undefined, state),
        confirming: request.query.confirm === '1',
      }),
    );
  });

  // The thanks page belongs to the payment step; later (completed, cancelled) the
  // visitor goes where the upstream says. Without a flow it still thanks them.
  app.get(THANKS, async (request, reply) => {
    const load = await loadStep(request, THANKS, [SCREEN]);
    if (load.kind === 'elsewhere') return leaveStep(request, reply, load, THANKS);
    const order = load.kind === 'ready' ? load.state : undefined;
    return renderPage(request, reply, createElement(PaymentSpendSuccessPage, { order }));
  });
}
