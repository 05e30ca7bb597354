// Screen 5: the receiving address of a buy. The address is checked for the flow's coin on
// the merchant's network (test networks outside production), then sent upstream. A TEST
// or DEV host says under a refusal that it takes test-network addresses only.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { addressNetworkFor, testNetworkHint, validateCryptoAddress } from '../../checkout/validation/crypto-address.ts';
import { FORM_FIELDS } from '../../checkout/wire.ts';
import { AddressInputPage } from '../../views/pages/AddressInput.tsx';
import { EMPTY_FORM, type FormState, formStep } from '../flow/form-step.ts';
import { flowFrameOf } from '../flow/frame.ts';
import { defineScreen } from '../flow/screen.ts';
import { stepPage } from '../flow/step.ts';
import { textsOf } from '../i18n/plugin.ts';
import { takeRefusal } from '../security/refusal-cookie.ts';

const ROUTE = ROUTES.addressInput;

function render(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, form: FormState<'cryptoAddress'>, status = 200) {
  const config = request.merchant.config;
  const coinName = config.supportedCoins.find((c) => c.id === flow.cryptoCurrency)?.name ?? flow.cryptoCurrency;
  const refused = form.errors.cryptoAddress !== undefined;
  const page = createElement(AddressInputPage, {
    form,
    networkHint: refused
      ? testNetworkHint(flow.cryptoCurrency, form.values.cryptoAddress, addressNetworkFor(config.env), textsOf(request))
      : undefined,
    coin: flow.cryptoCurrency,
    coinName,
    wallet: config.recommendedWallet,
    frame: flowFrameOf(request, flow),
  });
  return reply.render(page, { status });
}

export const addressInputScreen = defineScreen({
  route: ROUTE,
  step: 'details',
  // Reached from the quote: the rule names this screen only from there.
  get: stepPage(
    ROUTE.path,
    async (request, reply, { flow }) =>
      render(request, reply, flow, (await takeRefusal(request, reply, ROUTE.path, flow)) ?? EMPTY_FORM),
    'INPUT_CRYPTOADDRESS',
  ),
  post: formStep({
    screen: ROUTE.path,
    fields: FORM_FIELDS.cryptoAddress,
    failures: 'step',
    refusesToPage: 'cookie',
    validate: (body, flow, request) =>
      validateCryptoAddress(
        flow.cryptoCurrency,
        body,
        { network: addressNetworkFor(request.merchant.config.env) },
        textsOf(request),
      ),
    call: (upstream, flow, cryptoAddress) => upstream.cryptoAddress(flow.txnType, { refId: flow.refId, cryptoAddress }),
    render,
  }),
});
