// Every screen of the checkout, one module each. Registered in this order; a route not
// listed here redirects home (SPEC.md section 2, "any other route").
import type { FastifyInstance } from 'fastify';
import { ROUTES } from '../checkout/routes.ts';
import { registerScreens, type Screen } from '../flow/screen.ts';
import { EdgeError } from '../http/errors.ts';
import { addressInputScreen } from './address-input.ts';
import { buyerInfoScreen } from './buyer-info.ts';
import { cashInLocationsScreen } from './cash-in-locations.ts';
import { directLinkScreen } from './direct-link.ts';
import { doneScreen } from './done.ts';
import { emailInputScreen } from './email-input.ts';
import { homeScreen } from './home.ts';
import { legalScreens } from './legal.ts';
import { mobileVerificationScreen } from './mobile-verification.ts';
import { paymentEtransferScreen } from './payment-etransfer.ts';
import { paymentOtcScreen, paymentOtcSuccessScreen } from './payment-otc.ts';
import { paymentSpendSuccessScreen } from './payment-spend-success.ts';
import { paymentSpendScreen } from './payment-spend.ts';
import { priceQuoteScreen } from './price-quote.ts';
import { proScreen } from './pro.ts';
import { procScreen } from './proc.ts';
import { spendQuoteScreen } from './spend-quote.ts';
import { stateScreen } from './state.ts';
import { stepsNotOnlineScreen } from './steps-not-online.ts';
import { transactionCancelledScreen } from './transaction-cancelled.ts';
import { transactionInReviewScreen } from './transaction-in-review.ts';
import { transactionSuccessScreen } from './transaction-success.ts';
import { transactionScreen } from './transaction.ts';

export const SCREENS: readonly Screen[] = [
  homeScreen,
  directLinkScreen,
  proScreen,
  priceQuoteScreen,
  spendQuoteScreen,
  addressInputScreen,
  emailInputScreen,
  buyerInfoScreen,
  mobileVerificationScreen,
  paymentEtransferScreen,
  paymentSpendScreen,
  paymentSpendSuccessScreen,
  paymentOtcScreen,
  paymentOtcSuccessScreen,
  transactionInReviewScreen,
  transactionSuccessScreen,
  transactionCancelledScreen,
  doneScreen,
  transactionScreen,
  stateScreen,
  procScreen,
  cashInLocationsScreen,
  stepsNotOnlineScreen,
  ...legalScreens,
] as Screen[];

export async function registerPages(app: FastifyInstance): Promise<void> {
  registerScreens(app, SCREENS);
  // /api and /assets answer their own 404s in their own scopes; every other unknown
  // page address sends the visitor home.
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return reply.redirect(ROUTES.home.path, 302);
    return reply.send(new EdgeError.notFound());
  });
}
