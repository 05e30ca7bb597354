// Every screen of the checkout, one module each. A route of ROUTES that no screen shows
// yet says so (steps-not-online.ts); an address that is no route redirects home (docs/spec.md
// section 2, "any other route").
import type { FastifyInstance } from 'fastify';
import { ROUTES } from '../../checkout/routes.ts';
import { registerScreens, type Screen } from '../flow/screen.ts';
import { EdgeError } from '../http/errors.ts';
import { addressInputScreen } from './address-input.ts';
import { bankSelectScreen, poliScreen } from './bank-transfer.ts';
import { audioInputScreen, audioInputSkipScreen } from './audio-input.ts';
import { buyerInfoScreen } from './buyer-info.ts';
import { creditCardQuoteScreen, creditCardScreen } from './credit-card.ts';
import { cashInLocationsScreen } from './cash-in-locations.ts';
import { directLinkScreen } from './direct-link.ts';
import { doneScreen } from './done.ts';
import { emailInputScreen } from './email-input.ts';
import { homeScreen } from './home.ts';
import { imageInputCameraScreen, imageInputChoiceScreen, imageInputUploadScreen } from './identity.ts';
import { legalScreens } from './legal.ts';
import { mobileVerificationScreen } from './mobile-verification.ts';
import { paymentEtransferScreen } from './payment-etransfer.ts';
import { paymentFlexepinScreen } from './payment-flexepin.ts';
import { paymentOtcScreen, paymentOtcSuccessScreen } from './payment-otc.ts';
import { paymentSpendSuccessScreen } from './payment-spend-success.ts';
import { paymentSpendScreen } from './payment-spend.ts';
import { priceQuoteScreen } from './price-quote.ts';
import { proScreen } from './pro.ts';
import { procScreen } from './proc.ts';
import { spendQuoteScreen } from './spend-quote.ts';
import { stateMissingScreen, stateScreen } from './state.ts';
import { stepsNotOnline } from './steps-not-online.ts';
import { transactionCancelledScreen } from './transaction-cancelled.ts';
import { transactionInReviewScreen } from './transaction-in-review.ts';
import { transactionSuccessScreen } from './transaction-success.ts';
import { transactionScreen } from './transaction.ts';
import { verifyIdenfyScreen } from './verify-idenfy.ts';
import { verifyElsewhereScreen, verifyScreen } from './verify.ts';

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
  imageInputChoiceScreen,
  imageInputCameraScreen,
  imageInputUploadScreen,
  verifyScreen,
  verifyElsewhereScreen,
  verifyIdenfyScreen,
  audioInputScreen,
  audioInputSkipScreen,
  paymentEtransferScreen,
  paymentFlexepinScreen,
  bankSelectScreen,
  poliScreen,
  creditCardQuoteScreen,
  creditCardScreen,
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
  ...legalScreens,
  stateMissingScreen,
] as Screen[];

export async function registerPages(app: FastifyInstance): Promise<void> {
  registerScreens(app, [...SCREENS, stepsNotOnline(SCREENS)]);
  // /api and /assets answer their own 404s in their own scopes; every other unknown
  // page address sends the visitor home.
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return reply.redirect(ROUTES.home.path, 302);
    return reply.send(new EdgeError.notFound());
  });
}
