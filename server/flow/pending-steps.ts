// Screens the next-screen rule can name whose journeys have not been built yet (gift-card
// amount, identity, voucher, bank choice, cash payment, audio). A visitor sent there gets
// a page that says so, with the Reference ID, instead of a silent bounce home.
import type { FastifyInstance } from 'fastify';
import { createElement } from 'react';
import { ROUTES } from '../checkout/routes.ts';
import { readFlow } from '../security/flow-cookie.ts';
import { renderPage } from '../render/stream.tsx';
import { StepUnavailablePage } from '../../views/pages/StepUnavailable.tsx';

export const PENDING_STEPS = [
  ROUTES.spendQuote,
  ROUTES.imageInputChoice,
  ROUTES.audioInput,
  ROUTES.audioInputSkip,
  ROUTES.paymentFlexepin,
  ROUTES.paymentOtc,
  ROUTES.bankSelect,
  ROUTES.poli,
] as const;

export function registerPendingSteps(app: FastifyInstance): void {
  for (const step of PENDING_STEPS) {
    app.get(step.path, (request, reply) =>
      renderPage(request, reply, createElement(StepUnavailablePage, { refId: readFlow(request)?.refId })),
    );
  }
}
