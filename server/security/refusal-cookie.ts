// A refused form answers with a 303 to its page, so reload and Back never post it again (a
// wrong verification code reloaded would use an attempt). What the page shows back, the
// visitor's input and the messages, waits for that GET in a second cookie, signed like the
// flow's, kept a minute at most and read once: the page clears it as it shows it. The edge
// keeps no state, so any replica shows the refusal. Only forms whose fields may travel in
// a cookie use it (no card number, no identity document, no voucher): a screen opts in.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FormState } from '../../views/components/Field.tsx';
import { refIdSchema } from '../upstream/contract.ts';
import { checkoutCookieOptions, isHttps, type FlowCookie } from './flow-cookie.ts';

/** The name over plain http; over https the `__Host-` one (flow-cookie.ts says why). */
export const REFUSAL_COOKIE = 'refused';
export const SECURE_REFUSAL_COOKIE = '__Host-refused';
/** Long enough for the browser to follow the 303, short enough that no later visit meets it. */
const MAX_AGE_S = 60;
/** Beyond this the refusal is answered with its page at once, as before (a pasted essay). */
const MAX_VALUE_BYTES = 3 * 1024;

const text = z.string().max(1000);
const refusalSchema = z.object({
  /** The page that shows it, and the order it was refused for: no other page or order shows it. */
  screen: z.string().regex(/^\/[a-z-]{0,63}$/),
  refId: refIdSchema,
  values: z.record(z.string().max(64), text),
  errors: z.record(z.string().max(64), text),
  formErrors: z.array(text).max(8),
});

const cookieName = (request: FastifyRequest) => (isHttps(request) ? SECURE_REFUSAL_COOKIE : REFUSAL_COOKIE);

/**
 * Keep the refused form for its page and send the visitor there with a 303. False when it
 * does not fit a cookie: the caller shows the page itself.
 */
export function refuseToPage<F extends string>(
  request: FastifyRequest,
  reply: FastifyReply,
  screen: string,
  flow: FlowCookie,
  form: FormState<F>,
): boolean {
  const refusal = refusalSchema.safeParse({ screen, refId: flow.refId, ...form });
  if (!refusal.success) return false;
  const value = Buffer.from(JSON.stringify(refusal.data)).toString('base64url');
  if (value.length > MAX_VALUE_BYTES) return false;
  reply.setCookie(cookieName(request), reply.signCookie(value), { ...checkoutCookieOptions(request), maxAge: MAX_AGE_S });
  reply.redirect(screen, 303);
  return true;
}

/** The form refused on `screen` for this order, once: the cookie is cleared whatever it held. */
export function takeRefusal<F extends string>(
  request: FastifyRequest,
  reply: FastifyReply,
  screen: string,
  flow: FlowCookie,
): FormState<F> | null {
  const raw = request.cookies[cookieName(request)];
  if (!raw) return null;
  reply.clearCookie(cookieName(request), checkoutCookieOptions(request));
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const parsed = refusalSchema.safeParse(JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')));
    if (!parsed.success || parsed.data.screen !== screen || parsed.data.refId !== flow.refId) return null;
    const { values, errors, formErrors } = parsed.data;
    return { values: values as FormState<F>['values'], errors, formErrors };
  } catch {
    return null;
  }
}
