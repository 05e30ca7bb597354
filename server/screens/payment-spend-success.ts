// Screen 17's thanks page. It belongs to the payment step; later (completed, cancelled) the
// visitor goes where the upstream says. Without a flow it still thanks them.
import { createElement } from 'react';
import { ROUTES } from '../../checkout/routes.ts';
import { defineScreen } from '../flow/screen.ts';
import { leaveStep, loadStep } from '../flow/step.ts';
import { PaymentSpendSuccessPage } from '../../views/pages/PaymentSpendSuccess.tsx';

const ROUTE = ROUTES.paymentSpendSuccess;

export const paymentSpendSuccessScreen = defineScreen({
  route: ROUTE,
  get: async (request, reply) => {
    const load = await loadStep(request, ROUTE.path, [ROUTES.paymentSpend.path]);
    if (load.kind === 'elsewhere') return leaveStep(request, reply, load, ROUTE.path);
    return reply.render(createElement(PaymentSpendSuccessPage, { order: load.kind === 'ready' ? load.state : undefined }));
  },
});
