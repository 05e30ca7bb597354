// HTML for the sandbox's third-party pages: an escaping template tag and one layout.
// Pages load only the sandbox's own stylesheet and scripts, so they run under a strict
// CSP with no 'unsafe-inline' (see routes/pages.ts).

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** Template tag: every interpolation is escaped unless it is itself html`...`. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

export const STYLESHEET_PATH = '/thirdparty/assets/sandbox.css';

export function layout(
  title: string,
  body: SafeHtml,
  opts: { scripts?: string[]; bodyData?: Record<string, string> } = {},
): string {
  const data = Object.entries(opts.bodyData ?? {}).map(([k, v]) => html` data-${k}="${v}"`);
  const scripts = (opts.scripts ?? []).map((src) => html`<script src="${src}" defer></script>`);
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · Sandbox</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
${scripts}
</head>
<body${data}>
<p class="banner">Sandbox · test mode · no real money moves</p>
<main>
${body}
</main>
</body>
</html>
`.value;
}

/** Amounts as the pages show them: 2 decimals for fiat, 8 for coins. */
export function money(amount: number, currency: string): string {
  return `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
}

export function coins(amount: number, coin: string): string {
  return `${amount.toFixed(8)} ${coin}`;
}
