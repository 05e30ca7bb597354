// Screen 5: the receiving address of a buy. GET renders the form; POST checks the address
// for the flow's coin on the merchant's network, sends it upstream and follows nextAction.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { ROUTES } from '../checkout/routes.ts';
import { addressNetworkFor, validateCryptoAddress } from '../checkout/validation/crypto-address.ts';
import { clearFlow, readFlow, type FlowCookie } from '../security/flow-cookie.ts';
import { renderPage } from '../render/stream.tsx';
import { AddressInputPage, type AddressInputProps } from '../../views/pages/AddressInput.tsx';
import { failureStatus, isTransactionGone, visitorMessage } from './failures.ts';
import { formValues } from './form.ts';
import { followNextAction } from './next.ts';
import { upstreamFor } from './upstream.ts';
import { leaveStep, loadStep } from './resume.ts';

const PATH = ROUTES.addressInput.path;

type FormState = Pick<AddressInputProps, 'value' | 'error' | 'formError'>;

function render(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, form: FormState, status = 200) {
  const config = request.merchant.config;
  const coinName = config.supportedCoins.find((c) => c.id === flow.cryptoCurrency)?.name ?? flow.cryptoCurrency;
  const props: AddressInputProps = { ...form, coin: flow.cryptoCurrency, coinName, wallet: config.recommendedWallet };
  return renderPage(request, reply, createElement(AddressInputPage, props), { status });
}

export function registerAddressInput(app: FastifyInstance): void {
  app.get(PATH, async (request, reply) => {
    const load = await loadStep(request, PATH, 'INPUT_CRYPTOADDRESS');
    if (load.kind !== 'ready') return leaveStep(request, reply, load, PATH);
    return render(request, reply, load.flow, { value: '' });
  });

  app.post(PATH, async (request, reply) => {
    const flow = readFlow(request);
    if (!flow) return reply.redirect(ROUTES.home.path, 303);
    const value = formValues(request.body, ['cryptoAddress'] as const).cryptoAddress ?? '';
    const network = addressNetworkFor(request.merchant.config.env);
    const checked = validateCryptoAddress(flow.cryptoCurrency, request.body, { network });
    if (!checked.ok) return render(request, reply, flow, { value, error: checked.errors.cryptoAddress }, 422);

    const result = await upstreamFor(request).cryptoAddress(flow.txnType, { refId: flow.refId, cryptoAddress: checked.value });
    if (result.ok) return followNextAction(request, reply, flow, result.value, PATH);
    if (isTransactionGone(result.failure)) {
      clearFlow(request, reply);
      return reply.redirect(ROUTES.home.path, 303);
    }
    return render(request, reply, flow, { value, formError: visitorMessage(result.failure) }, failureStatus(result.failure));
  });
}
