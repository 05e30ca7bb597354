// Screen 20, cancelled: nothing was charged; Try Again goes home.
import { ROUTES } from '../../checkout/routes.ts';
import { TransactionCancelledPage } from '../../views/pages/TransactionCancelled.tsx';
import { completionPage } from '../flow/completion.ts';
import { defineScreen } from '../flow/screen.ts';

export const transactionCancelledScreen = defineScreen({
  route: ROUTES.transactionCancelled,
  get: completionPage(ROUTES.transactionCancelled.path, TransactionCancelledPage),
});
