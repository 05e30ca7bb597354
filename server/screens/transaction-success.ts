// Screen 20, success (the order summary and Done).
import { ROUTES } from '../../checkout/routes.ts';
import { TransactionSuccessPage } from '../../views/pages/TransactionSuccess.tsx';
import { completionPage } from '../flow/completion.ts';
import { defineScreen } from '../flow/screen.ts';

export const transactionSuccessScreen = defineScreen({
  route: ROUTES.transactionSuccess,
  get: completionPage(ROUTES.transactionSuccess.path, TransactionSuccessPage),
});
