// Screens the next-screen rule can name whose journeys are not built yet (identity, voucher,
// bank choice, audio, card quote). A visitor sent there gets a page that says so, with the
// Reference ID, instead of a silent bounce home.
import { createElement } from 'react';
import { ROUTES } from '../checkout/routes.ts';
import { readFlow } from '../security/flow-cookie.ts';
import { defineScreen } from '../flow/screen.ts';
import { StepUnavailablePage } from '../../views/pages/StepUnavailable.tsx';

export const stepsNotOnlineScreen = defineScreen({
  route: [
    ROUTES.imageInputChoice,
    ROUTES.audioInput,
    ROUTES.audioInputSkip,
    ROUTES.paymentFlexepin,
    ROUTES.bankSelect,
    ROUTES.poli,
    ROUTES.creditCardQuote,
  ],
  get: (request, reply) => reply.render(createElement(StepUnavailablePage, { refId: readFlow(request)?.refId })),
});
