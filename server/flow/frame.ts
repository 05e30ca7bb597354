// What a screen hands its view around the card: where the visitor stands in their steps
// (the step the screen declares, else that of the visitor's screen, among the steps of the
// visitor's payment method) and the order beside the card: the state a payment page has just
// read, or, on the forms between the quote and the payment, the summary the flow cookie
// carries (the same on GET and on a refused form's re-render). No flow: no frame.
import type { FastifyRequest } from 'fastify';
import type { FlowState } from '../../checkout/contract.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { orderOf } from '../../checkout/order.ts';
import { FLOW_STEPS, flowProgress, showsFlowSummary } from '../../checkout/progress.ts';
import type { FlowFrameProps } from '../../views/components/FlowFrame.tsx';

export function flowFrameOf(
  request: FastifyRequest,
  flow: FlowCookie | null | undefined,
  state?: FlowState,
): FlowFrameProps | undefined {
  if (!flow) return undefined;
  // A page that is no step of its own (the quote-expired choice at /new-quote) stands at the visitor's.
  const step = request.routeOptions.config.step ?? (flow.at === undefined ? undefined : request.server.screenSteps.get(flow.at));
  const steps = request.server.methods.get(flow.method)?.steps ?? FLOW_STEPS[flow.kind];
  const order = state || showsFlowSummary(step) ? orderOf(flow, state) : undefined;
  return { progress: flowProgress(steps, step), order };
}
