// Screen 20, in review (the thank-you and what happens next, by payment method).
import { ROUTES } from '../../checkout/routes.ts';
import { TransactionInReviewPage } from '../../views/pages/TransactionInReview.tsx';
import { completionPage } from '../flow/completion.ts';
import { defineScreen } from '../flow/screen.ts';

export const transactionInReviewScreen = defineScreen({
  route: ROUTES.transactionInReview,
  get: completionPage(ROUTES.transactionInReview.path, TransactionInReviewPage),
});
