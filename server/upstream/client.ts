// The typed upstream client: one function per row of calls.ts (docs/spec.md section 7),
// its arguments and its value read from the row, and `call` for a row a payment method
// brings of its own. Requests are checked against contract.ts
// before they leave (a bad one is our bug and throws), responses after they arrive (a bad
// one is `invalid-response`). Everything the upstream can do wrong comes back as data;
// retries happen below, in the shared dispatcher.
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import type { LineLogger } from '../logging.ts';
import {
  type CallArgs,
  type CallBase,
  type CallValue,
  PATH_PARAMETERS,
  type PathParameters,
  UPSTREAM_CALLS,
  type UpstreamCall,
  type UpstreamCalls,
} from './calls.ts';
import { UpstreamRequestError, type UpstreamResult } from './errors.ts';
import { createExchange, type Exchange, issuePaths, type Target, targetOf, under } from './exchange.ts';

export type { ProcQuery } from '../../checkout/contract.ts';
export { isProcId } from './calls.ts';
export type { UpstreamFailure, UpstreamResult } from './errors.ts';

export interface UpstreamSettings {
  /** The exchange API root: buy calls live under /txnbuy, sell calls under /txnsell. */
  baseUrl: string;
  uploadUrl: string;
  /** Unset: card payments are off, and cardQuote answers `unavailable` without a call. */
  cardQuoteUrl?: string;
  dispatcher: Dispatcher;
  logger: LineLogger;
  /** The largest upstream body read (default UPSTREAM_BODY_MAX_BYTES). */
  maxBodyBytes?: number;
}

/** Who the calls are made for: both ids travel upstream as headers. */
export interface RequestContext {
  requestId: string;
  merchantId: string;
  /** The visitor request's logger (already bound to its request id). */
  log?: LineLogger;
}

export interface Upstream {
  forRequest(context: RequestContext): UpstreamClient;
}

/** One function per call of calls.ts, taking the arguments its row names. */
export type UpstreamClient = {
  [Name in keyof UpstreamCalls]: (
    ...args: CallArgs<UpstreamCalls[Name]>
  ) => Promise<UpstreamResult<CallValue<UpstreamCalls[Name]>>>;
} & {
  /** A payment method's own call (PaymentMethod.calls), with the arguments its row names. */
  call<Call extends UpstreamCall>(call: Call, ...args: CallArgs<Call>): Promise<UpstreamResult<CallValue<Call>>>;
};

/** The request as the schema leaves it; throws, naming the fields, when it breaks the contract. */
function checked(call: string, schema: z.ZodType, request: unknown): unknown {
  const parsed = schema.safeParse(request);
  if (!parsed.success) throw new UpstreamRequestError(call, issuePaths(parsed.error));
  return parsed.data;
}

/** The path's parameters filled from the call's first arguments (throws on one that must not be sent), and the arguments left. */
function fillPath(call: string, segments: string[], args: unknown[]): { path: string[]; rest: unknown[] } {
  let next = 0;
  const path = segments.map((segment) => {
    if (!segment.startsWith(':')) return segment;
    const parameter = PATH_PARAMETERS[segment.slice(1) as keyof PathParameters];
    const value = parameter.segment(args[next++] as never);
    if (value === undefined) throw new UpstreamRequestError(call, [parameter.argument]);
    return value;
  });
  return { path, rest: args.slice(next) };
}

const at = (base: Target, path: string[]): Target => (path.length === 0 ? base : under(base, ...path));

/** A GET's query, set on its base URL as the setting spells it. */
function withQuery(url: string, query: Record<string, unknown>): Target {
  const parsed = new URL(url);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) parsed.searchParams.set(name, String(value));
  }
  return { origin: parsed.origin, path: parsed.pathname + parsed.search };
}

/** A client for one visitor request: the calls, shared, and the exchange that carries its ids. */
type RequestClient = UpstreamClient & { readonly exchange: Exchange };
type Bound = { exchange: Exchange };

export function createUpstream(settings: UpstreamSettings): Upstream {
  const bases: Record<CallBase, Target | undefined> = {
    baseUrl: targetOf(settings.baseUrl),
    uploadUrl: targetOf(settings.uploadUrl),
    cardQuoteUrl: settings.cardQuoteUrl === undefined ? undefined : targetOf(settings.cardQuoteUrl),
  };

  /** One call's function. It finds the request it is for (its exchange) on `this`. */
  function callFunction(name: string, call: UpstreamCall) {
    const segments = call.path === '' ? [] : call.path.split('/');
    // Async: a request that breaks the contract is a rejection, never a throw at the caller.
    return async function (this: Bound, ...args: unknown[]): Promise<UpstreamResult<unknown>> {
      const { path, rest } = fillPath(name, segments, args);
      const whole = call.fields ? Object.fromEntries(call.fields.map((field, i) => [field, rest[i]])) : rest[0];
      const request = call.request && checked(name, call.request, whole);
      const base = bases[call.base];
      // A third party this deployment has no URL for: its feature is off.
      if (!base) return { ok: false, failure: { kind: 'unavailable', reason: 'not-configured' } };
      if (call.method === 'POST') return this.exchange.json(name, at(base, path), call.response, JSON.stringify(request));
      const target = request === undefined ? at(base, path) : withQuery(settings[call.base]!, request as Record<string, unknown>);
      return this.exchange.json(name, target, call.response);
    };
  }

  /** A method's rows get their function once, named by their path. */
  const own = new WeakMap<UpstreamCall, ReturnType<typeof callFunction>>();
  function call(this: Bound, row: UpstreamCall, ...args: unknown[]): Promise<UpstreamResult<unknown>> {
    let run = own.get(row);
    if (!run) own.set(row, (run = callFunction(row.path, row)));
    return run.apply(this, args);
  }

  const calls = {
    ...Object.fromEntries(Object.entries(UPSTREAM_CALLS).map(([name, row]) => [name, callFunction(name, row)])),
    call,
  } as unknown as UpstreamClient;

  return {
    forRequest: (context): RequestClient => ({
      ...calls,
      exchange: createExchange({
        dispatcher: settings.dispatcher,
        requestId: context.requestId,
        merchantId: context.merchantId,
        log: context.log ?? settings.logger,
        logHasRequestId: context.log !== undefined,
        maxBodyBytes: settings.maxBodyBytes,
      }),
    }),
  };
}
