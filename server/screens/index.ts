// Every screen the payment methods share, one module each; each method brings its own
// (server/methods/). A route of ROUTES that no screen shows yet says so
// (steps-not-online.ts); an address that is no route redirects home (docs/spec.md section 2,
// "any other route").
import type { FastifyInstance } from 'fastify';
import { ROUTES } from '../../checkout/routes.ts';
import { registerScreens, type Screen, screenSteps } from '../flow/screen.ts';
import { EdgeError } from '../http/errors.ts';
import { addressInputScreen } from './address-input.ts';
import { audioInputScreen, audioInputSkipScreen } from './audio-input.ts';
import { buyerInfoScreen } from './buyer-info.ts';
import { directLinkScreen } from './direct-link.ts';
import { doneScreen } from './done.ts';
import { homeScreen } from './home.ts';
import { imageInputCameraScreen, imageInputChoiceScreen, imageInputUploadScreen } from './identity.ts';
import { legalScreens } from './legal.ts';
import { mobileVerificationScreen } from './mobile-verification.ts';
import { newQuoteScreen } from './new-quote.ts';
import { orderScreen } from './order.ts';
import { orderEndedScreen } from './order-ended.ts';
import { paymentSpendScreen } from './payment-spend.ts';
import { paymentSpendSuccessScreen } from './payment-spend-success.ts';
import { priceQuoteScreen } from './price-quote.ts';
import { proScreen } from './pro.ts';
import { procScreen } from './proc.ts';
import { stateMissingScreen, stateScreen } from './state.ts';
import { stepsNotOnline } from './steps-not-online.ts';
import { transactionScreen } from './transaction.ts';
import { transactionCancelledScreen } from './transaction-cancelled.ts';
import { transactionInReviewScreen } from './transaction-in-review.ts';
import { transactionSuccessScreen } from './transaction-success.ts';
import { verifyElsewhereScreen, verifyScreen } from './verify.ts';
import { verifyIdenfyScreen } from './verify-idenfy.ts';
import { webhooksScreen } from './webhooks.ts';

export const SCREENS: readonly Screen[] = [
  homeScreen,
  directLinkScreen,
  proScreen,
  priceQuoteScreen,
  newQuoteScreen,
  addressInputScreen,
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
  paymentSpendScreen,
  paymentSpendSuccessScreen,
  transactionInReviewScreen,
  transactionSuccessScreen,
  transactionCancelledScreen,
  orderEndedScreen,
  doneScreen,
  transactionScreen,
  stateScreen,
  orderScreen,
  webhooksScreen,
  procScreen,
  ...legalScreens,
  stateMissingScreen,
] as Screen[];

export async function registerPages(app: FastifyInstance): Promise<void> {
  const screens = [...SCREENS, ...app.methods.list.flatMap((method) => method.screens)];
  registerScreens(app, [...screens, stepsNotOnline(screens)]);
  app.decorate('screenSteps', screenSteps(screens));
  // /api and /assets answer their own 404s in their own scopes; every other unknown
  // page address sends the visitor home.
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return reply.redirect(ROUTES.home.path, 302);
    return reply.send(new EdgeError.notFound());
  });
}
