// The bank's htmlDoc (docs/spec.md section 2: "writes the htmlDoc ... into the page"), made
// into a part of the checkout's own page: its form targets checked against the merchant's
// payment hosts (checkout/payment-url.ts), then an allowlist sanitiser (sanitize-html) keeps
// text, the bank's summary and its forms only: no script, style, frame, link or event
// handler reaches the checkout's origin. Each form keeps the bank's method, target and
// fields, and gains one hidden field: where the bank sends the visitor back (the return URL),
// as a bank is told when a payment starts. A field, not the target's query, which a GET
// form's own fields would replace.
import sanitizeHtml from 'sanitize-html';
import { checkHtmlDocTargets, checkPaymentUrl, type PaymentHostRules } from '../../checkout/payment-url.ts';
import { escapeHtml } from '../http/html-escape.ts';

export type BankDocument =
  /** html: the bank's part of the page; origins: where its forms post (the page's form-action). */
  { ok: true; html: string; origins: string[] } | { ok: false; reasons: string[] };

const KEPT_TAGS = [
  ...['h1', 'h2', 'h3', 'h4', 'p', 'br', 'strong', 'em', 'b', 'i', 'small', 'span', 'div', 'section'],
  ...['dl', 'dt', 'dd', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption'],
  ...['form', 'input', 'button', 'label', 'select', 'option', 'fieldset', 'legend'],
];

/** The bank's fields as it sent them; only what a form needs to post what the bank asked. */
const KEPT_ATTRIBUTES: sanitizeHtml.IOptions['allowedAttributes'] = {
  form: ['action', 'method', 'enctype'],
  input: ['type', 'name', 'value', 'id', 'autocomplete', 'inputmode'],
  button: ['type', 'name', 'value'],
  select: ['name', 'id'],
  option: ['value', 'selected'],
  label: ['for'],
  th: ['scope'],
};

/** A field the bank's form may carry: a file or an image button would post something else. */
const FIELD_TYPES = new Set(['hidden', 'text', 'password', 'number', 'tel', 'email', 'radio', 'checkbox']);

/** How a form is sent, as HTML reads its attributes: GET unless it says POST; urlencoded unless it names another. */
const formMethod = (method: string | undefined) => (method?.trim().toLowerCase() === 'post' ? 'post' : 'get');
const ENCODINGS = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);
const formEncoding = (enctype: string | undefined): Record<string, string> => {
  const named = enctype?.trim().toLowerCase();
  return named && ENCODINGS.has(named) ? { enctype: named } : {};
};

/** Every form the sanitiser wrote: the only `<form` in its output, as it escapes text. */
const FORM_OPENING = /<form\b[^>]*>/g;

/** `returnUrl`: where the bank sends the visitor back (a hidden field of each form). */
export function bankDocument(htmlDoc: string, rules: PaymentHostRules, returnUrl: string): BankDocument {
  // The strict look at the raw text first: a target the sanitiser would decode is refused as sent.
  const refused = checkHtmlDocTargets(htmlDoc, rules).flatMap((t) => (t.ok ? [] : [t.reason]));
  if (refused.length > 0) return { ok: false, reasons: refused };
  const origins = new Set<string>();
  const reasons: string[] = [];
  const html = sanitizeHtml(htmlDoc, {
    allowedTags: KEPT_TAGS,
    allowedAttributes: KEPT_ATTRIBUTES,
    allowedSchemes: ['https', 'http'],
    // The bank's own title and styles give way to the checkout's.
    nonTextTags: ['script', 'style', 'title', 'textarea', 'noscript', 'head'],
    transformTags: {
      form: (tagName, attribs): sanitizeHtml.Tag => {
        const checked = checkPaymentUrl(attribs.action ?? '', rules);
        if (!checked.ok) {
          reasons.push(checked.reason);
          return { tagName, attribs: {} };
        }
        origins.add(checked.origin);
        return {
          tagName,
          attribs: { action: checked.url, method: formMethod(attribs.method), ...formEncoding(attribs.enctype) },
        };
      },
      input: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, type: FIELD_TYPES.has(attribs.type ?? 'text') ? (attribs.type ?? 'text') : 'hidden' },
      }),
      // The checkout's buttons; the bank's second choice (Cancel) stays the quieter one.
      button: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, type: 'submit', class: /\bsecondary\b/.test(attribs.class ?? '') ? 'button secondary' : 'button' },
      }),
    },
    allowedClasses: { button: ['button', 'secondary'] },
  });
  if (reasons.length > 0) return { ok: false, reasons };
  const back = `<input type="hidden" name="returnUrl" value="${escapeHtml(returnUrl)}" />`;
  return { ok: true, html: html.replace(FORM_OPENING, (opening) => opening + back), origins: [...origins] };
}
