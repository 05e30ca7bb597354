// What the completion screens (in review, success, cancelled, a deposit's thanks) share: a
// page that shows the order summary when the visitor's flow is there, in the words of its
// payment method; without one (a bookmark, an expired cookie, a fresh browser) it claims no
// outcome and offers the order's lookup; and it sends a visitor who is not there yet to
// their step.
import type { RouteHandlerMethod } from 'fastify';
import { createElement, type FunctionComponent } from 'react';
import { nextScreen } from '../../checkout/next-screen.ts';
import { orderOf } from '../../checkout/order.ts';
import type { ScreenPath } from '../../checkout/routes.ts';
import type { CompletionProps } from '../../views/pages/completion.ts';
import { NoOrderHere } from '../../views/pages/NoOrderHere.tsx';
import { textsOf } from '../i18n/plugin.ts';
import { receiptText } from '../methods/method.ts';
import { stepUnavailable } from './next.ts';
import { leaveStep, loadStep } from './step.ts';

export function completionPage(
  path: ScreenPath,
  Page: FunctionComponent<CompletionProps>,
  here: readonly ScreenPath[] = [path],
): RouteHandlerMethod {
  return async (request, reply) => {
    const load = await loadStep(request, path, here);
    if (load.kind === 'elsewhere') return leaveStep(request, reply, load, path);
    if (load.kind === 'failed') request.log.warn({ failure: load.failure.kind }, 'completion page without its order');
    // Without the order it speaks of, the page claims no outcome.
    if (load.kind !== 'ready') return reply.render(createElement(NoOrderHere, { unavailable: load.kind === 'failed' }));
    // An action the checkout does not know is no outcome this page can state.
    if (nextScreen(load.state, path, request.server.methods).kind === 'none') return stepUnavailable(reply, load.state.refId);
    const order = orderOf(load.flow, load.state);
    const method = request.server.methods.get(load.state.paymentMethod);
    return reply.render(
      createElement(Page, { order, receipt: order && method ? receiptText(method, order, textsOf(request)) : undefined }),
    );
  };
}
