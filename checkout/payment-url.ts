// Where the upstream may send the visitor's browser to pay (docs/spec.md section 2,
// CUSTOMER_PAYMENT of a bank transfer): a redirectUrl, or the form targets of an htmlDoc.
// Followed only when it is https on one of the merchant's payment hosts; plain http only
// to a loopback host (the sandbox) for a DEV or TEST merchant. Anything that could mean
// something else to some parser is refused rather than repaired: other schemes, a
// scheme-relative `//host`, credentials, whitespace, control or non-ASCII characters (raw or
// percent-encoded CR/LF), a trailing dot, a host not on the list (look-alikes included).
// Pure and isomorphic.
import { NOT_URL_SAFE } from './wire.ts';

export interface PaymentHostRules {
  /** The merchant's payment hosts: lower case, no port, no trailing dot. */
  hosts: readonly string[];
  /** DEV and TEST merchants may be sent to a loopback host over http (the sandbox). */
  allowLoopbackHttp: boolean;
}

export type PaymentUrlCheck = { ok: true; url: string; origin: string } | { ok: false; reason: string };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f\\]/;
const ENCODED_LINE_BREAK = /%0[ad]/i;
const SCHEME = /^(https?):\/\/[^/]/i;

const refuse = (reason: string): PaymentUrlCheck => ({ ok: false, reason });

export function checkPaymentUrl(raw: unknown, rules: PaymentHostRules): PaymentUrlCheck {
  if (typeof raw !== 'string' || raw === '') return refuse('missing');
  if (UNSAFE_CHARACTERS.test(raw)) return refuse('whitespace, control character or backslash');
  if (NOT_URL_SAFE.test(raw)) return refuse('a character that is not printable ASCII');
  if (ENCODED_LINE_BREAK.test(raw)) return refuse('encoded line break');
  const scheme = SCHEME.exec(raw)?.[1]?.toLowerCase();
  if (!scheme) return refuse('not an absolute http(s) URL');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('unparsable');
  }
  // The authority as written: a user part anywhere before the path is refused, even an empty one.
  const authority = raw.slice(scheme.length + 3).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@') || url.username || url.password) return refuse('credentials in the URL');
  const host = url.hostname;
  if (host.endsWith('.')) return refuse('trailing dot in the host');
  const loopback = LOOPBACK_HOSTS.has(host);
  if (scheme === 'http' && !(loopback && rules.allowLoopbackHttp)) return refuse('not https');
  if (!rules.hosts.includes(host)) return refuse(`host ${host} is not a payment host of the merchant`);
  return { ok: true, url: url.href, origin: url.origin };
}

const FORM_ACTION = /<form\b[^>]*?\saction\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const FORM_TAG = /<form\b/gi;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

/**
 * The form targets of a bank's htmlDoc, each checked. A form without an action would post
 * back to the checkout, so it is refused too; any other entity than the plain five is
 * refused rather than decoded.
 */
export function checkHtmlDocTargets(htmlDoc: string, rules: PaymentHostRules): PaymentUrlCheck[] {
  const forms = htmlDoc.match(FORM_TAG)?.length ?? 0;
  const checks = [...htmlDoc.matchAll(FORM_ACTION)].map((m) => {
    const value = (m[1] ?? m[2] ?? m[3] ?? '').replace(/&(amp|quot|#39|#x27|lt|gt);/g, (e) => ENTITIES[e] ?? e);
    return value.includes('&#') ? refuse('character reference in the form target') : checkPaymentUrl(value, rules);
  });
  if (checks.length < forms) checks.push(refuse('a form without a target'));
  return checks;
}
