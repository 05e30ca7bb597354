// Screen 17 for sells and spends: the deposit address to send the crypto to, and what the
// visitor gets for it by when (the method's receipt says it). The server asks for the
// status once; PROCESSED shows the address. Anything else streams the page: the
// WalletStatus island checks again with JavaScript, and for a browser without it the
// server checks again itself (the same rule, pollStatus) while the response is open and
// streams the address, or the received-order message with Check again, into it.
// ?confirm=1 opens the "Have you sent your crypto" question as a page.
// A deposit address is shown only on the merchant's network, as a receiving address is
// taken only on it (checkout/validation/crypto-address.ts): one on the other network is
// an upstream fault, logged as an error; the visitor is told not to send anything.
import { createElement } from 'react';
import { countryOfCurrency } from '../../checkout/domain.ts';
import { formatsFor } from '../../checkout/format.ts';
import { formatHeldUntil, isRateHeld } from '../../checkout/quote-timer.ts';
import { hasFlag, ROUTES } from '../../checkout/routes.ts';
import { pollStatus, processedAddress } from '../../checkout/status-poll.ts';
import { addressNetworkFor, isAddressOnNetwork } from '../../checkout/validation/crypto-address.ts';
import { walletAddress, walletUri } from '../../checkout/wallet-uri.ts';
import { ISLAND_API } from '../../checkout/wire.ts';
import { PaymentSpendPage } from '../../views/pages/PaymentSpend.tsx';
import { flowFrameOf } from '../flow/frame.ts';
import { directLink } from '../flow/quote-request.ts';
import { rateHold } from '../flow/rate-hold.ts';
import { defineScreen } from '../flow/screen.ts';
import { stepPage } from '../flow/step.ts';
import { upstreamFor } from '../flow/upstream.ts';
import { textsOf } from '../i18n/plugin.ts';
import { RENDER_TIMEOUT_MS } from '../render/stream.tsx';
import { merchantWords } from '../tenancy/texts.ts';

const ROUTE = ROUTES.paymentSpend;

/**
 * The checks may take no longer than this (slow upstream answers add up): the visitor
 * then gets the received-order message and Check again, not a render cut off by its time
 * limit, which would leave them waiting on a page that no longer changes.
 */
const DEPOSIT_POLL_BUDGET_MS = RENDER_TIMEOUT_MS - 1_000;

export const paymentSpendScreen = defineScreen({
  route: ROUTE,
  step: 'send',
  get: stepPage(ROUTE.path, async (request, reply, { flow, state }) => {
    const client = upstreamFor(request);
    const config = request.merchant.config;
    const network = addressNetworkFor(config.env);
    const onNetwork = (address: string) => {
      if (isAddressOnNetwork(state.cryptoCurrency, address, network)) return true;
      request.log.error({ coin: state.cryptoCurrency, network }, 'deposit address not on the merchant network; not shown');
      return false;
    };
    const known = state.nextActionParams?.cryptoAddress || state.cryptoAddress;
    // The order's own address on the wrong network: nothing to wait for, and no QR code of it.
    const wrongNetwork = !!known && !onNetwork(known);
    const check = async () => {
      const status = await client.status(flow.txnType, flow.refId);
      if (!status.ok) request.log.warn({ failure: status.failure.kind }, 'status check failed; the page keeps checking');
      const found = processedAddress(status.ok ? status.value : null, known);
      return found && onNetwork(found) ? walletAddress(state.cryptoCurrency, found) : null;
    };
    const method = request.server.methods.get(state.paymentMethod);
    const receipt = method?.receipt;
    // The deposit is due while the quote's rate is held: the one held-until time the quote page counted down.
    const heldUntil = isRateHeld(method) ? rateHold(flow, state, request.server.clock()).until : undefined;
    const sendBy =
      heldUntil === undefined ? undefined : formatHeldUntil(heldUntil, countryOfCurrency(state.fiatCurrency), textsOf(request));
    // Past the hold, the page no longer asks for the crypto on terms it has stopped promising.
    const lapsed =
      heldUntil !== undefined && sendBy !== undefined && heldUntil <= request.server.clock()
        ? {
            heldUntil: sendBy,
            merchant: config.merchantName,
            newOrderUrl: directLink({
              kind: flow.kind,
              fiatAmount: state.fiatAmount,
              cryptoAmount: state.cryptoAmount,
              cryptoCurrency: state.cryptoCurrency,
              paymentMethod: state.paymentMethod,
              fiatCurrency: state.fiatCurrency,
              paymentMethodSubtype: state.paymentMethodSubtype ?? undefined,
            }),
          }
        : undefined;
    const address = wrongNetwork || lapsed ? null : await check();
    const subtype = config.paymentMethodSubtypes.find((s) => s.name === state.paymentMethodSubtype);
    const youGet = receipt?.youGet?.(
      {
        amount: formatsFor(textsOf(request).locale).fiatWithCode(
          state.fiatAmount,
          state.fiatCurrency,
          config.supportedFiatCurrencies,
        ),
        card: subtype && merchantWords(config, request.language).giftCard(subtype).label,
      },
      textsOf(request),
    );
    const page = (polled?: Promise<string | null>) =>
      createElement(PaymentSpendPage, {
        coin: state.cryptoCurrency,
        amount: state.cryptoAmount,
        amountText: formatsFor(textsOf(request).locale).crypto(state.cryptoAmount, state.cryptoCurrency),
        walletUri: (found: string) => walletUri(state.cryptoCurrency, found, state.cryptoAmount, network),
        statusUrl: ISLAND_API.status(flow.txnType, state.refId),
        onDeposit: (receipt?.onDeposit ?? ((texts) => texts.RECEIPT_TEXT.onDeposit.payout))(textsOf(request)),
        youGet,
        reference: state.refId,
        sendBy: wrongNetwork ? undefined : sendBy,
        wrongNetwork,
        lapsed,
        address: address ?? undefined,
        polled,
        confirming: hasFlag(request.query, 'confirm'),
        frame: flowFrameOf(request, flow),
      });
    if (address || wrongNetwork || lapsed) return reply.render(page());

    // Checked while the page is open, no longer than the budget, and not at all once the visitor left.
    let stopped = false;
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    reply.raw.once('close', () => {
      stopped = true;
    });
    const polled = Promise.race([
      pollStatus({ check, wait: request.server.wait, stopped: () => stopped }),
      new Promise<null>((resolve) => {
        giveUp = setTimeout(() => {
          stopped = true;
          request.log.warn('status checks took too long; the page stops checking');
          resolve(null);
        }, DEPOSIT_POLL_BUDGET_MS);
      }),
    ])
      .catch((err: unknown) => {
        request.log.error({ err }, 'status check threw');
        return null;
      })
      .finally(() => clearTimeout(giveUp));
    return reply.render(page(polled));
  }),
});
