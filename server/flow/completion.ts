// Screen 20: in review, success, cancelled; and Done. A completion page shows the order
// summary when the visitor's flow is there, and still makes sense without one (a bookmark,
// an expired cookie). Reached too early, it sends the visitor to their actual step.
import type { FastifyInstance } from 'fastify';
import { createElement, type FunctionComponent } from 'react';
import { ROUTES, type ScreenPath } from '../checkout/routes.ts';
import { renderPage } from '../render/stream.tsx';
import { TransactionCancelledPage } from '../../views/pages/TransactionCancelled.tsx';
import { TransactionInReviewPage } from '../../views/pages/TransactionInReview.tsx';
import { TransactionSuccessPage, type OrderSummaryData } from '../../views/pages/TransactionSuccess.tsx';
import { DONE_PATH, finishFlow } from './redirects.ts';
import { leaveStep, loadStep } from './resume.ts';

const PAGES: readonly [ScreenPath, FunctionComponent<{ order?: OrderSummaryData }>][] = [
  [ROUTES.transactionInReview.path, TransactionInReviewPage],
  [ROUTES.transactionSuccess.path, TransactionSuccessPage],
  [ROUTES.transactionCancelled.path, TransactionCancelledPage],
];

export function registerCompletion(app: FastifyInstance): void {
  for (const [path, Page] of PAGES) {
    app.get(path, async (request, reply) => {
      const load = await loadStep(request, path);
      if (load.kind === 'elsewhere') return leaveStep(request, reply, load, path);
      if (load.kind === 'failed') request.log.warn({ failure: load.failure.kind }, 'completion page without its summary');
      const order = load.kind === 'ready' ? load.state : undefined;
      return renderPage(request, reply, createElement(Page, { order }));
    });
  }

  app.post(DONE_PATH, (request, reply) => finishFlow(request, reply));
}
