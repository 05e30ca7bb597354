// Screen 17's thanks page. It belongs to the payment step; later (completed, cancelled) the
// visitor goes where the upstream says. Without a flow it still thanks them.
import { ROUTES } from '../../checkout/routes.ts';
import { PaymentSpendSuccessPage } from '../../views/pages/PaymentSpendSuccess.tsx';
import { completionPage } from '../flow/completion.ts';
import { defineScreen } from '../flow/screen.ts';

const ROUTE = ROUTES.paymentSpendSuccess;

export const paymentSpendSuccessScreen = defineScreen({
  route: ROUTE,
  get: completionPage(ROUTE.path, PaymentSpendSuccessPage, [ROUTES.paymentSpend.path]),
});
