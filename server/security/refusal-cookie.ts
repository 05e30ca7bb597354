// A refused form answers with a 303 to its page, so reload and Back never post it again (a
// wrong verification code reloaded would use an attempt). What the page shows back, the
// visitor's input and the messages, waits for that GET in a second cookie, kept a minute at
// most and read once: the page clears it as it shows it. The edge keeps no state, so any
// replica shows the refusal. What was typed may be personal (a name, a birthday), so the
// cookie is sealed, not just signed: AES-256-GCM under a key derived from SESSION_SECRET
// (any of them opens it, the first seals). It is dated and bound inside the seal (its issue
// time, its merchant, its page and order), since a cookie's Max-Age binds only an honest
// browser: replayed past a minute, on another merchant's host, on another page or for
// another order, it reads as none. A form whose fields must never travel in a cookie
// (a card number, an identity form, a voucher) is held server side (ops/refusal-store.ts), and
// the cookie carries only its random id: a screen opts in, and says which. The same cookie
// carries what other pages reached by a 303 from a POST show once: the quote-expired choice
// (the form Accept sends again), the page that says an order has ended, and a page whose
// form went through.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { refIdSchema } from '../../checkout/contract.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import type { FormState } from '../../ui/Field.tsx';
import { loggedPath } from '../logged-path.ts';
import { checkoutCookieOptions, isHttps } from './flow-cookie.ts';

/** The name over plain http; over https the `__Host-` one (flow-cookie.ts says why). */
export const REFUSAL_COOKIE = 'refused';
export const SECURE_REFUSAL_COOKIE = '__Host-refused';
/**
 * Long enough for the browser to follow the 303, short enough that no later visit meets it:
 * the cookie's Max-Age, and the age past which its sealed issue time refuses it.
 */
const MAX_AGE_S = 60;
/** Beyond this the form is answered with its page at once, with what was typed (a pasted essay). */
const MAX_VALUE_BYTES = 3 * 1024;

const text = z.string().max(1000);
const fields = z.record(z.string().max(64), text);
const formSchema = z.object({
  values: fields,
  errors: fields,
  formErrors: z.array(text).max(8),
  /** A refusal the page shows in a modal (a limit reached), not beside a field. */
  modal: text.optional(),
  /** The new quote the page offers instead, for this amount (a voucher worth another). */
  newQuoteAmount: z.number().positive().max(1e12).optional(),
});
/** A refused form as its page shows it back. */
export type RefusedForm<F extends string> = FormState<F> & {
  modal?: string | undefined;
  newQuoteAmount?: number | undefined;
};
/** What a page that follows a POST shows: one of these. */
const payloadSchema = z.union([
  /** The refused form, shown back on its page. */
  z.object({ form: formSchema }),
  /** The form whose hold ran out, for Accept on the quote-expired choice to send again. */
  z.object({ carried: z.object({ action: z.string().regex(/^\/[\w/-]{0,200}$/), values: fields }) }),
  /** The page's form went through, and the page is to say so (the documents sent). */
  z.object({ done: z.literal(true) }),
  /** The page that says the order has ended, and where it takes the visitor. */
  z.object({
    ended: z.object({
      title: text,
      message: text,
      notice: text,
      reference: z.string().max(128).optional(),
      leaveTo: z.string().max(2048),
    }),
  }),
]);
export type PagePayload = z.infer<typeof payloadSchema>;
const refusalSchema = z.object({
  /**
   * When it was sealed (ms, the app's clock) and for which merchant: a captured cookie
   * replayed later or on another merchant's host reads as none, whatever its Max-Age said.
   * One sealed without them (an older edge's) reads as none too.
   */
  at: z.number().int().nonnegative(),
  merchant: z.string().min(1).max(64),
  /**
   * The page that shows it (a Pro invitation's with its hash), and the order it was refused
   * for (none for the home and Pro forms, which start one): no other page or order shows it.
   */
  screen: z.string().regex(/^\/[a-z-]{0,63}(?:\/[\w-]{1,128})?$/),
  refId: refIdSchema.optional(),
  /** What the page shows, or the id it is held by server side. */
  payload: payloadSchema.optional(),
  held: z.string().max(64).optional(),
});

const cookieName = (request: FastifyRequest) => (isHttps(request) ? SECURE_REFUSAL_COOKIE : REFUSAL_COOKIE);

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** One key per secret, derived once per set of secrets (a reload of the config brings a new set). */
const keysOf = new WeakMap<readonly string[], Buffer[]>();
function keys(request: FastifyRequest): Buffer[] {
  const secrets = request.server.appConfig.sessionSecrets;
  let derived = keysOf.get(secrets);
  if (derived === undefined) {
    derived = secrets.map((secret) => Buffer.from(hkdfSync('sha256', secret, '', 'refused-form cookie', 32)));
    keysOf.set(secrets, derived);
  }
  return derived;
}

function seal(request: FastifyRequest, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys(request)[0]!, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function open(request: FastifyRequest, value: string): string | null {
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  for (const key of keys(request)) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      // Another secret's, forged or spoilt: the next key, else none.
    }
  }
  return null;
}

/** Where a refused form waits for its page: in the sealed cookie, or held server side (its fields may not travel). */
export type RefusalCarrier = 'cookie' | 'held';

/** A form's answer: a POST's, which a reload would send again. */
export const isFormPost = (request: FastifyRequest): boolean => request.method === 'POST';

/** How a page's answer is kept for the GET that follows. */
export interface KeepOptions {
  /** The status the answer would have had as a page (an outage's, 5xx, is never kept). */
  status?: number;
  carrier?: RefusalCarrier | undefined;
}

/**
 * Keep what `screen`'s page is to show for the GET that follows a POST, and send the visitor
 * there with a 303. False when the answer is to be the page itself: not a POST (a GET, such as
 * a direct link's, is the page already), an outage (its page's GET would need the upstream
 * too), or nowhere to keep it (too long for a cookie, the store away).
 */
export async function keepForPage(
  request: FastifyRequest,
  reply: FastifyReply,
  screen: string,
  flow: FlowCookie | undefined,
  payload: PagePayload,
  { status = 200, carrier = 'cookie' }: KeepOptions = {},
): Promise<boolean> {
  if (!isFormPost(request) || status >= 500) return false;
  const checked = payloadSchema.safeParse(payload);
  if (!checked.success) return false;
  const bound = { at: request.server.clock(), merchant: request.merchant.id, screen, refId: flow?.refId };
  let refusal: z.infer<typeof refusalSchema> = { ...bound, payload: checked.data };
  if (carrier === 'held') {
    const id = await request.server.refusalStore.keep(JSON.stringify(checked.data), MAX_AGE_S * 1000);
    if (id === null) return false;
    refusal = { ...bound, held: id };
  }
  if (!refusalSchema.safeParse(refusal).success) return false;
  const value = seal(request, JSON.stringify(refusal));
  if (value.length > MAX_VALUE_BYTES) return false;
  reply.setCookie(cookieName(request), value, { ...checkoutCookieOptions(request), maxAge: MAX_AGE_S });
  reply.redirect(screen, 303);
  return true;
}

/**
 * Sealed for this request's merchant within MAX_AGE_S of now, by the app's clock; either
 * way, so a replica whose clock runs a little ahead of this one's still shows its refusal.
 */
function isCurrent(request: FastifyRequest, refusal: { at: number; merchant: string }): boolean {
  return refusal.merchant === request.merchant.id && Math.abs(request.server.clock() - refusal.at) <= MAX_AGE_S * 1000;
}

/** What was kept for `screen`'s page and this order, once: the cookie is cleared whatever it held. */
export async function takeForPage(
  request: FastifyRequest,
  reply: FastifyReply,
  screen: string,
  flow: FlowCookie | undefined,
): Promise<PagePayload | null> {
  const raw = request.cookies[cookieName(request)];
  if (!raw) return null;
  reply.clearCookie(cookieName(request), checkoutCookieOptions(request));
  const refusal = parsed(refusalSchema, open(request, raw));
  if (!refusal || !isCurrent(request, refusal) || refusal.screen !== screen || refusal.refId !== flow?.refId) return null;
  return refusal.held ? parsed(payloadSchema, await request.server.refusalStore.take(refusal.held)) : (refusal.payload ?? null);
}

/**
 * Keep the refused form for its page and send the visitor there with a 303. False when the
 * answer is to be the page itself (`keepForPage` says when): the caller shows it.
 */
export async function refuseToPage<F extends string>(
  request: FastifyRequest,
  reply: FastifyReply,
  screen: string,
  flow: FlowCookie | undefined,
  form: RefusedForm<F>,
  options: KeepOptions = {},
): Promise<boolean> {
  if (!(await keepForPage(request, reply, screen, flow, { form: form as z.infer<typeof formSchema> }, options))) return false;
  // The request's own line says 303: this one says a form was refused, and which fields (never what was typed).
  request.log.info(
    {
      screen: loggedPath(screen),
      fields: Object.keys(form.errors),
      formErrors: form.formErrors.length,
      carrier: options.carrier ?? 'cookie',
    },
    'form refused',
  );
  return true;
}

/** The form refused on `screen` for this order, once. */
export async function takeRefusal<F extends string>(
  request: FastifyRequest,
  reply: FastifyReply,
  screen: string,
  flow: FlowCookie | undefined,
): Promise<RefusedForm<F> | null> {
  const payload = await takeForPage(request, reply, screen, flow);
  return payload && 'form' in payload ? (payload.form as RefusedForm<F>) : null;
}

/** `text` read as JSON of `schema`, or null: forged, spoilt or gone. */
function parsed<T>(schema: z.ZodType<T>, text: string | null): T | null {
  if (text === null) return null;
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
