// What a visitor with JavaScript off meets after a form or a page load, read from the edge's
// answers (app.inject) without a browser: the redirects followed as a browser follows them,
// then the page's words, forms and links, and the checks every answer must pass whatever the
// upstream said (test/contract/). Each check returns what it found wrong, in words.
import { DomUtils, parseDocument } from 'htmlparser2';
import { visitorMessage } from '../../checkout/failures.ts';
import type { Form, Visitor } from './journey.ts';

type Response = Awaited<ReturnType<Visitor['get']>>;

/** One answer on the way: the request and what the edge answered. */
export interface Hop {
  method: 'GET' | 'POST';
  url: string;
  status: number;
  location?: string;
  /** A Refresh header: where the page goes after its delay. */
  refresh?: string;
  body: string;
  type: string;
}

const REDIRECTS_FOLLOWED = 8;

const hopOf = (method: Hop['method'], url: string, res: Response): Hop => ({
  method,
  url,
  status: res.statusCode,
  ...(typeof res.headers.location === 'string' ? { location: res.headers.location } : {}),
  ...(typeof res.headers.refresh === 'string' ? { refresh: res.headers.refresh } : {}),
  body: res.body,
  type: String(res.headers['content-type'] ?? ''),
});

/** Where a redirect leads on the visitor's own host: the path, or undefined for another site. */
function sameSite(visitor: Visitor, location: string): string | undefined {
  const url = new URL(location, `http://${visitor.host}`);
  return url.host === visitor.host ? `${url.pathname}${url.search}` : undefined;
}

/** The redirects of an answer followed with GET, as a browser does, while they stay on the checkout's host. */
async function follow(visitor: Visitor, first: Hop): Promise<Hop[]> {
  const hops = [first];
  for (let i = 0; i < REDIRECTS_FOLLOWED; i++) {
    const last = hops.at(-1)!;
    const next = last.status >= 300 && last.status < 400 && last.location ? sameSite(visitor, last.location) : undefined;
    if (next === undefined) return hops;
    hops.push(hopOf('GET', next, await visitor.get(next)));
  }
  throw new Error(`more than ${REDIRECTS_FOLLOWED} redirects from ${first.method} ${first.url}`);
}

/** A form posted as the browser posts it (same origin, urlencoded), and the pages its redirects lead to. */
export async function submit(visitor: Visitor, path: string, form: Form): Promise<Hop[]> {
  return follow(visitor, hopOf('POST', path, await visitor.post(path, form)));
}

/** A page opened, and the pages its redirects lead to. */
export async function open(visitor: Visitor, path: string): Promise<Hop[]> {
  return follow(visitor, hopOf('GET', path, await visitor.get(path)));
}

// ---------------------------------------------------------------- reading a page

type Element = ReturnType<typeof DomUtils.findAll>[number];

export interface PageForm {
  action: string;
  method: string;
  /** Every named field with the value a browser would send, and checkboxes or radios as offered. */
  fields: [name: string, value: string][];
  submits: boolean;
}

export interface ReadPage {
  /** The words a visitor reads with JavaScript off (no script, style or template). */
  text: string;
  /** Attribute values a visitor may read or copy: value, title, alt, aria-label, placeholder. */
  attributes: string[];
  /** The forms and links inside <main>. */
  forms: PageForm[];
  links: string[];
  /** The whole page's links (header and footer too). */
  allLinks: string[];
}

const HIDDEN = new Set(['script', 'style', 'template', 'head']);
const READ_ATTRIBUTES = ['value', 'title', 'alt', 'aria-label', 'placeholder', 'content'];

function textOf(nodes: Element['children']): string {
  let text = '';
  for (const node of nodes) {
    if (node.type === 'text') text += (node as unknown as { data: string }).data;
    else if ('children' in node && 'name' in node && !HIDDEN.has(node.name)) text += ` ${textOf(node.children)} `;
  }
  return text;
}

function formOf(form: Element): PageForm {
  const fields: [string, string][] = [];
  for (const field of DomUtils.findAll((e) => ['input', 'select', 'textarea'].includes(e.name), [form])) {
    const { name, type = 'text' } = field.attribs;
    if (!name) continue;
    if (field.name === 'select') {
      const options = DomUtils.findAll((o) => o.name === 'option', [field]);
      const chosen = options.find((o) => 'selected' in o.attribs) ?? options[0];
      fields.push([name, chosen?.attribs.value ?? (chosen ? DomUtils.textContent(chosen) : '')]);
    } else if (field.name === 'textarea') fields.push([name, DomUtils.textContent(field)]);
    else if (type !== 'submit' && type !== 'file') fields.push([name, field.attribs.value ?? '']);
  }
  const submits =
    DomUtils.findOne(
      (e) => (e.name === 'button' && e.attribs.type !== 'button') || (e.name === 'input' && e.attribs.type === 'submit'),
      [form],
    ) !== null;
  return { action: form.attribs.action ?? '', method: (form.attribs.method ?? 'get').toLowerCase(), fields, submits };
}

export function readPage(html: string): ReadPage {
  const document = parseDocument(html, { decodeEntities: true });
  const body = DomUtils.findOne((e) => e.name === 'body', document.children) ?? document;
  const main = DomUtils.findOne((e) => e.name === 'main', document.children);
  const attributes = DomUtils.findAll(() => true, body.children).flatMap((e) =>
    READ_ATTRIBUTES.flatMap((name) => (e.attribs[name] !== undefined && !HIDDEN.has(e.name) ? [e.attribs[name]] : [])),
  );
  const within = main ? main.children : [];
  const hrefs = (nodes: Element['children']) =>
    DomUtils.findAll((e) => e.name === 'a' && !!e.attribs.href, nodes).map((a) => a.attribs.href!);
  return {
    text: textOf(body.children).replace(/\s+/g, ' '),
    attributes,
    forms: DomUtils.findAll((e) => e.name === 'form', within).map(formOf),
    links: hrefs(within),
    allLinks: hrefs(body.children),
  };
}

// ---------------------------------------------------------------- what every answer must be

/** Matches an element with `name` among its classes. */
export const byClass = (name: string) => (element: { attribs: Record<string, string> }) =>
  element.attribs.class?.split(' ').includes(name) ?? false;

/** A text an upstream sent that the visitor may have been shown: with the status and code it came under. */
export interface Said {
  text: string;
  status: number;
  code: string;
}

/** Every error text an upstream answer holds, as a visitor could be shown it. */
export function saidIn(status: number, json: unknown): Said[] {
  const error = (json as { error?: unknown } | null)?.error;
  if (Array.isArray(error))
    return error.flatMap((item) =>
      typeof item?.errorMsg === 'string' ? [{ text: item.errorMsg, status, code: String(item.errorCode ?? '') }] : [],
    );
  if (error && typeof error === 'object') {
    const { msg, code } = error as { msg?: unknown; code?: unknown };
    return typeof msg === 'string' ? [{ text: msg, status, code: String(code ?? '') }] : [];
  }
  // generatesmscode: `{ error: "…" }`.
  return typeof error === 'string' ? [{ text: error, status, code: '' }] : [];
}

/** A stack frame, a source position, a runtime's own words: never the visitor's to read. */
const TRACE =
  /\bat \S+ \([^)]*:\d+(:\d+)?\)|node:internal|\.(?:ts|js|java|py):\d+|Traceback \(most recent|\bTypeError\b|\bReferenceError\b|ZodError/;

const isHtml = (hop: Hop) => hop.type.startsWith('text/html');

/** The answers of a visit that are pages (not redirects), to read. */
export const pagesOf = (hops: readonly Hop[]) => hops.filter((hop) => !(hop.status >= 300 && hop.status < 400));

/**
 * What is wrong with one page whatever the upstream said: a 500 of the edge's own; a 5xx
 * other than the edge's page for an upstream in trouble with a way forward; a stack trace;
 * an upstream text the failure table would not show (checkout/failures.ts visitorMessage);
 * no way forward (a form to send or a link to follow inside the page).
 */
export function pageProblems(hop: Hop, said: readonly Said[]): string[] {
  const problems: string[] = [];
  const where = `${hop.method} ${hop.url} answered ${hop.status}`;
  if (hop.status === 500 || hop.status > 504 || (hop.status >= 500 && !isHtml(hop)))
    problems.push(`${where}: a 5xx of the edge's own`);
  if (!isHtml(hop)) return hop.status >= 400 ? [...problems, `${where}: not a page (${hop.type})`] : problems;
  const page = readPage(hop.body);
  const visible = [page.text, ...page.attributes].join('\n');
  const trace = TRACE.exec(visible);
  if (trace) problems.push(`${where}: a stack trace or runtime text on the page (${JSON.stringify(trace[0])})`);
  for (const text of new Set(said.map((s) => s.text.trim()))) {
    if (text.length < 4 || !visible.includes(text)) continue;
    const shown = said.filter((s) => s.text.trim() === text);
    if (shown.every((s) => visitorMessage({ status: s.status, code: s.code, msg: s.text }) === undefined))
      problems.push(`${where}: shows the upstream's text ${JSON.stringify(text.slice(0, 80))}`);
  }
  if (!page.forms.some((f) => f.submits) && page.links.length === 0 && !hop.refresh)
    problems.push(`${where}: no way forward (no form, no link in the page)`);
  return problems;
}

/** Every problem of every page a visit met. */
export function visitProblems(hops: readonly Hop[], said: readonly Said[]): string[] {
  return pagesOf(hops).flatMap((hop) => pageProblems(hop, said));
}

/** The page a visit ended on, and its path. */
export function landing(hops: readonly Hop[]): { hop: Hop; path: string } {
  const hop = hops.at(-1)!;
  return { hop, path: hop.url.split('?')[0]! };
}

/** The typed values a page's forms ask for and do not show back. */
export function lostInput(hop: Hop, typed: Form): string[] {
  const fields = readPage(hop.body).forms.flatMap((f) => f.fields);
  // A field the page no longer asks for (the upstream no longer needs the address) is not lost.
  const asked = (name: string) => fields.some(([n]) => n === name);
  return Object.entries(typed)
    .filter(([name, value]) => value !== '' && asked(name) && !fields.some(([n, v]) => n === name && v === value))
    .map(([name]) => name);
}

/** What the visitor saw, short, for a failure's message. */
export function seen(hops: readonly Hop[]): string {
  return hops
    .map((hop) => {
      const words = isHtml(hop) && !(hop.status >= 300 && hop.status < 400) ? readPage(hop.body).text.trim() : '';
      const head = /<h1[^>]*>(.*?)<\/h1>/s.exec(hop.body)?.[1]?.replace(/<[^>]+>/g, '') ?? '';
      const to = hop.location ? ` -> ${hop.location}` : '';
      return `${hop.method} ${hop.url} ${hop.status}${to}${head ? ` "${head.trim()}"` : words ? ` "${words.slice(0, 120)}…"` : ''}`;
    })
    .join('; ');
}
