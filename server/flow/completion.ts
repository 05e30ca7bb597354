// What the three completion screens (in review, success, cancelled) share: a page that shows
// the order summary when the visitor's flow is there, still makes sense without one (a
// bookmark, an expired cookie), and sends a visitor who is not there yet to their step.
import type { RouteHandlerMethod } from 'fastify';
import { createElement, type FunctionComponent } from 'react';
import type { ScreenPath } from '../../checkout/routes.ts';
import type { FlowState } from '../upstream/contract.ts';
import { leaveStep, loadStep } from './step.ts';

export function completionPage(path: ScreenPath, Page: FunctionComponent<{ order?: FlowState }>): RouteHandlerMethod {
  return async (request, reply) => {
    const load = await loadStep(request, path);
    if (load.kind === 'elsewhere') return leaveStep(request, reply, load, path);
    if (load.kind === 'failed') request.log.warn({ failure: load.failure.kind }, 'completion page without its summary');
    return reply.render(createElement(Page, { order: load.kind === 'ready' ? load.state : undefined }));
  };
}
