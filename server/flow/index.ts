// Every page route of the checkout, and "any other route redirects to /".
import type { FastifyInstance } from 'fastify';
import { registerHome } from './home.ts';
import { registerLegalPages } from './legal.ts';
import { registerQuote } from './quote.ts';
import { registerPriceQuote } from './price-quote.ts';
import { registerPaymentEtransfer } from './payment-etransfer.ts';
import { registerPaymentSpend } from './payment-spend.ts';
import { registerCompletion } from './completion.ts';
import { registerResume } from './resume.ts';
import { registerAddressInput } from './address-input.ts';
import { registerEmailInput } from './email-input.ts';
import { registerBuyerInfo } from './buyer-info.ts';
import { registerMobileVerification } from './mobile-verification.ts';
import { registerPendingSteps } from './pending-steps.ts';

export async function registerPages(app: FastifyInstance): Promise<void> {
  registerHome(app);
  registerQuote(app);
  registerPriceQuote(app);
  registerPaymentEtransfer(app);
  registerPaymentSpend(app);
  registerCompletion(app);
  registerResume(app);
  registerAddressInput(app);
  registerEmailInput(app);
  registerBuyerInfo(app);
  registerMobileVerification(app);
  registerPendingSteps(app);
  registerLegalPages(app);
  app.setNotFoundHandler((request, reply) => {
    // Islands' /api calls get a real 404; page addresses send the visitor home.
    const isPage = !request.url.startsWith('/api/') && !request.url.startsWith('/assets/');
    if (isPage && (request.method === 'GET' || request.method === 'HEAD')) return reply.redirect('/', 302);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
