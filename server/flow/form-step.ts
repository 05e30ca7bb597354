// The form-step pattern, once: what every step form does. Read the visitor's flow (none:
// home); check the input with the spec's messages (422, the messages and what was typed,
// or a 303 to the page that shows them);
// make the upstream call; follow its nextAction (303); on a refusal, what the failure table
// says for this screen. A screen module states only what differs: its fields, its rules,
// its call and how its page shows the form.
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { FlowState } from '../../checkout/contract.ts';
import type { NextAction } from '../../checkout/domain.ts';
import type { Failure, FailureContext, FailureFacts } from '../../checkout/failures.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import type { Texts } from '../../checkout/messages.ts';
import { ROUTES, type ScreenPath } from '../../checkout/routes.ts';
import type { Validated } from '../../checkout/validation/result.ts';
import type { FormState } from '../../ui/Field.tsx';
import { textsOf } from '../i18n/plugin.ts';
import { readFlow } from '../security/flow-cookie.ts';
import { type RefusalCarrier, type RefusedForm, refuseToPage } from '../security/refusal-cookie.ts';
import type { UpstreamClient, UpstreamResult } from '../upstream/client.ts';
import { formValues, tooLongErrors } from './form.ts';
import { acceptNewQuote, acceptsNewQuote } from './new-quote.ts';
import { followNextAction } from './next.ts';
import { type Answer, type Carried, meetFailure } from './outcome.ts';
import { leaveStep, loadStep, outOfStep } from './step.ts';
import { upstreamFor } from './upstream.ts';

/** A page's form before anything was typed. */
export const EMPTY_FORM: FormState<never> = { values: {}, errors: {}, formErrors: [] };

export type { FormState };

export interface FormStep<F extends string, V> {
  /** The screen the form is on: the next-screen rule starts from it, messages stay on it. */
  screen: ScreenPath;
  /** The fields the page shows back; nothing else of the body is kept. */
  fields: readonly F[];
  /** The field an upstream refusal of the value itself is shown under (a wrong code). */
  mainField?: F;
  /**
   * The screens whose page shows this form, when not `screen` (the gift card picker
   * confirms a quote from its own page): only a visitor the upstream sent there may post it.
   */
  pages?: readonly ScreenPath[];
  /** Which row of the failure table applies. */
  failures: FailureContext;
  /**
   * A refusal answers with a 303 to the form's page (the first of `pages`, else `screen`),
   * which shows it (security/refusal-cookie.ts): in the sealed cookie, or held server side
   * for fields that must never travel in a cookie. That page's GET must take the refusal.
   */
  refusesToPage?: RefusalCarrier;
  /** What the screen keeps before a refusal leaves for its page (the countdown a redemption paused). */
  leavingRefused?(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie): void;
  /** The heading of the page that says the order has ended, when a refusal ends it. */
  endedTitle?: (texts: Texts) => string;
  /**
   * Ask the upstream where the visitor is before calling: a form posted for a transaction
   * at another step sends the visitor there, and nothing is sent (payment steps).
   */
  atStep?: NextAction;
  /**
   * The voucher's stored value differs from the quote: offer a new quote for `amount` (on
   * the page the 303 leads to, which takes `newQuoteAmount` with the refusal; else here).
   */
  newQuote?(
    request: FastifyRequest,
    reply: FastifyReply,
    flow: FlowCookie,
    form: FormState<F>,
    amount: number,
    status: number,
  ): Answer;
  /**
   * Before `call`: a step that must first show the visitor what the value leads to (the
   * gift-card picker's figures for a new amount) answers here and resolves true once the
   * answer is sent, and nothing is committed; false goes on to `call`.
   */
  preview?(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, value: V, form: FormState<F>): Promise<boolean>;
  /** What the screen learns from a refusal before the failure table reads it (a wrong code counted). */
  refused?(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, failure: Failure): FailureFacts;
  validate(body: unknown, flow: FlowCookie, request: FastifyRequest): Validated<V, string>;
  call(upstream: UpstreamClient, flow: FlowCookie, value: V): Promise<UpstreamResult<FlowState>>;
  render(
    request: FastifyRequest,
    reply: FastifyReply,
    flow: FlowCookie,
    form: FormState<F>,
    status: number,
  ): Promise<FastifyReply>;
}

export function formStep<F extends string, V>(step: FormStep<F, V>): RouteHandlerMethod {
  return async (request, reply) => {
    const cookie = readFlow(request);
    if (!cookie) return reply.redirect(ROUTES.home.path, 303);
    if (outOfStep(request, reply, cookie, step.pages ?? [step.screen])) return reply;
    let flow: FlowCookie = cookie;
    const values = formValues(request.body, step.fields);
    // Should the hold run out, Accept posts this form again, as it was sent.
    const carried: Carried = { action: request.url, values, carrier: step.refusesToPage };
    const page = step.pages?.[0] ?? step.screen;
    // An outage (5xx) is answered with the page itself: its GET would need the upstream too.
    const keptForPage = async (form: Omit<RefusedForm<F>, 'values'>, status: number) => {
      if (!step.refusesToPage || status >= 500) return false;
      // Before the 303 is sent; the page, if it is shown instead, keeps the same itself.
      step.leavingRefused?.(request, reply, flow);
      return refuseToPage(request, reply, page, flow, { values, ...form }, { status, carrier: step.refusesToPage });
    };
    const show = async (form: Omit<FormState<F>, 'values'>, status: number) =>
      (await keptForPage(form, status)) ? reply : step.render(request, reply, flow, { values, ...form }, status);

    const tooLong = tooLongErrors(request.body, step.fields, textsOf(request));
    if (tooLong) {
      request.server.events.refused(request, flow, step.screen, Object.keys(tooLong));
      return show({ errors: tooLong, formErrors: [] }, 422);
    }

    const checked = step.validate(request.body ?? {}, flow, request);
    if (!checked.ok) {
      request.server.events.refused(request, flow, step.screen, Object.keys(checked.errors));
      return show({ errors: checked.errors, formErrors: [] }, 422);
    }

    if (acceptsNewQuote(request.body)) {
      const accepted = await acceptNewQuote(request, reply, flow, carried);
      if (!accepted) return reply;
      flow = accepted;
    }

    if (step.atStep) {
      const load = await loadStep(request, step.screen, step.atStep);
      if (load.kind !== 'ready') return leaveStep(request, reply, load, step.screen);
    }

    if (step.preview && (await step.preview(request, reply, flow, checked.value, { values, errors: {}, formErrors: [] }))) {
      return reply;
    }

    const result = await step.call(upstreamFor(request), flow, checked.value);
    if (result.ok) {
      return followNextAction(request, reply, flow, result.value, step.screen, (messages, status) =>
        show({ errors: {}, formErrors: messages }, status),
      );
    }
    return meetFailure(request, reply, result.failure, step.failures, {
      flow,
      carried,
      facts: step.refused?.(request, reply, flow, result.failure),
      endedTitle: step.endedTitle,
      newQuote:
        step.newQuote &&
        (async (amount, status) =>
          (await keptForPage({ errors: {}, formErrors: [], newQuoteAmount: amount }, status))
            ? reply
            : step.newQuote!(request, reply, flow, { values, errors: {}, formErrors: [] }, amount, status)),
      stay: (messages, on, status) => {
        if (on !== 'field' || !step.mainField) return show({ errors: {}, formErrors: messages }, status);
        request.server.events.refused(request, flow, step.screen, [step.mainField]);
        return show({ errors: { [step.mainField]: messages.join(' ') }, formErrors: [] }, status);
      },
    });
  };
}
