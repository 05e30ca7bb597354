// Screen 19: the bank choice (/bank-select) and, for AUD, the bank payment page (/poli).
// Both initiate the bank transfer (banktransfer/init) only while the upstream has the
// visitor at INITIATE_BANKTRANSFER, and /bank-select only with a bank the upstream
// offered. What follows is the next-screen rule: the bank's page by redirect (AUD) or its
// htmlDoc, each checked against the merchant's payment hosts (server/flow/next.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { ROUTES, type ScreenPath } from '../../checkout/routes.ts';
import { field } from '../../checkout/validation/result.ts';
import type { FlowState } from '../upstream/contract.ts';
import type { FlowCookie } from '../security/flow-cookie.ts';
import { followNextAction } from '../flow/next.ts';
import { meetFailure } from '../flow/outcome.ts';
import { defineScreen } from '../flow/screen.ts';
import { leaveStep, loadStep, stepPage } from '../flow/step.ts';
import { upstreamFor } from '../flow/upstream.ts';
import { BankSelectPage, PoliPage } from '../../views/pages/BankSelect.tsx';
import { flowFrameOf } from '../flow/frame.ts';
import { readFlow } from '../security/flow-cookie.ts';
import { textsOf } from '../i18n/plugin.ts';

type Show = (reply: FastifyReply, state: FlowState, messages: string[], status: number) => Promise<FastifyReply>;

const showBanks: Show = (reply, state, messages, status) =>
  reply.render(
    createElement(BankSelectPage, {
      banks: state.nextActionParams?.availableBanks ?? [],
      messages,
      frame: flowFrameOf(reply.request, readFlow(reply.request), state),
    }),
    { status },
  );

const showPoli: Show = (reply, state, messages, status) =>
  reply.render(createElement(PoliPage, { messages, frame: flowFrameOf(reply.request, readFlow(reply.request), state) }), {
    status,
  });

/** banktransfer/init with `selectedBank`, then wherever the upstream says. */
async function initiate(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  state: FlowState,
  screen: ScreenPath,
  show: Show,
  selectedBank: string,
) {
  const stay = (messages: string[], status: number) => show(reply, state, messages, status);
  const result = await upstreamFor(request).bankTransferInit(flow.refId, selectedBank);
  if (result.ok) return followNextAction(request, reply, flow, { ...state, ...result.value }, screen, stay);
  return meetFailure(request, reply, result.failure, 'bank-init', {
    flow,
    stay: (messages, _on, status) => stay(messages, status),
  });
}

/** The form of a bank screen: at its step (else sent where the upstream has the visitor), then `choose`. */
function bankForm(screen: ScreenPath, show: Show, choose: (body: unknown, state: FlowState) => string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const load = await loadStep(request, screen);
    if (load.kind !== 'ready') return leaveStep(request, reply, load, screen);
    const selectedBank = choose(request.body, load.state);
    if (selectedBank === undefined) return show(reply, load.state, [textsOf(request).BANK_TEXT.notOffered], 422);
    return initiate(request, reply, load.flow, load.state, screen, show, selectedBank);
  };
}

/** Only a bank of the list the upstream offered: a forged code is refused here. */
function offeredBank(body: unknown, state: FlowState): string | undefined {
  const code = field(body, 'selectedBank');
  return state.nextActionParams?.availableBanks?.some((b) => b.bankCode === code) ? code : undefined;
}

export const bankSelectScreen = defineScreen({
  route: ROUTES.bankSelect,
  step: 'pay',
  get: stepPage(ROUTES.bankSelect.path, (_request, reply, { state }) => showBanks(reply, state, [], 200)),
  post: bankForm(ROUTES.bankSelect.path, showBanks, offeredBank),
});

export const poliScreen = defineScreen({
  route: ROUTES.poli,
  step: 'pay',
  get: stepPage(ROUTES.poli.path, (_request, reply, { state }) => showPoli(reply, state, [], 200)),
  // The bank payment page picks the bank on its own page: an empty selectedBank.
  post: bankForm(ROUTES.poli.path, showPoli, () => ''),
});
