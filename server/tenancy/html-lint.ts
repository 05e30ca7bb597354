// Footer and legal fragments are merchant files, read as hostile. The lint catches what a
// strict CSP would block (scripts, inline handlers, inline styles), forms, and elements
// that would change the page around the fragment, so a mistake stops start-up, naming the
// line, instead of breaking a page silently in production. What it lets through then goes
// through an allowlist sanitiser once, at load (sanitizeFragment): only text markup, links
// and images with http(s), mailto or tel addresses, no attribute that runs anything.
import sanitizeHtml from 'sanitize-html';

const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'base',
  'meta',
  'link',
  'html',
  'head',
  'body',
  // A form in a fragment could post what visitors type anywhere.
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'option',
]);

/** Attribute names at a word boundary inside one tag; the tag text is bounded by `<`…`>`. */
const EVENT_HANDLER = /[\s"'/]on[a-z]+\s*=/i;
const STYLE_ATTRIBUTE = /[\s"'/]style\s*=/i;
const JAVASCRIPT_URL = /j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i;

/** Character references decoded, so `&#106;avascript:` or `java&Tab;script:` read as what they spell. */
function decodeReferences(tag: string): string {
  return (
    tag
      .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff)))
      .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(Number.parseInt(dec, 10), 0x10ffff)))
      .replace(/&(tab|newline|colon);?/gi, (_, name: string) => ({ tab: '\t', newline: '\n', colon: ':' })[name.toLowerCase()]!)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop them inside a URL scheme
      .replace(/[\u0000-\u001f]/g, '')
  );
}

/** Line numbers for messages, counted forward only (tags are visited in order). */
function lineCounter(html: string): (index: number) => number {
  let line = 1;
  let pos = 0;
  return (index) => {
    for (; pos < index; pos++) if (html.charCodeAt(pos) === 10) line++;
    return line;
  };
}

export interface LintOptions {
  /** SVG favicons may style themselves; they are never inserted into a page. */
  allowStyle?: boolean;
}

/** Index of the `>` that ends the tag opened at `start`, skipping quoted attribute values. */
function tagEnd(html: string, start: number): number {
  let quote = 0;
  for (let i = start + 1; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x3e) return i;
  }
  return -1;
}

/** Problems found in an HTML fragment, each as "line N: what"; empty when it is clean. */
export function lintHtmlFragment(html: string, options: LintOptions = {}): string[] {
  const problems: string[] = [];
  const lineOf = lineCounter(html);
  let at = html.indexOf('<');
  while (at !== -1) {
    if (html.startsWith('<!--', at)) {
      // Skip the whole comment: markup inside it is inert.
      const end = html.indexOf('-->', at + 4);
      at = end === -1 ? -1 : html.indexOf('<', end + 3);
      continue;
    }
    const name = /^<\/?([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(at, at + 64))?.[1]?.toLowerCase();
    if (name === undefined) {
      // A literal "<" in text (or a doctype / processing instruction): not a tag.
      at = html.indexOf('<', at + 1);
      continue;
    }
    const close = tagEnd(html, at);
    const tag = html.slice(at, close === -1 ? html.length : close + 1);
    const where = `line ${lineOf(at)}`;
    if (html.charCodeAt(at + 1) !== 0x2f /* / */) {
      const styleAllowed = options.allowStyle === true && name === 'style';
      if (FORBIDDEN_ELEMENTS.has(name) && !styleAllowed) problems.push(`${where}: <${name}> is not allowed`);
      if (EVENT_HANDLER.test(tag)) problems.push(`${where}: inline event handler on <${name}>`);
      if (options.allowStyle !== true && STYLE_ATTRIBUTE.test(tag))
        problems.push(`${where}: inline style attribute on <${name}>`);
      if (JAVASCRIPT_URL.test(decodeReferences(tag))) problems.push(`${where}: javascript: URL on <${name}>`);
    }
    if (close === -1) {
      problems.push(`${where}: unclosed tag`);
      break;
    }
    at = html.indexOf('<', close + 1);
  }
  return problems;
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['address', 'article', 'aside', 'footer', 'header', 'nav', 'section', 'main', 'div', 'span', 'p', 'br', 'hr'],
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'dl', 'dt', 'dd'],
    ...['a', 'abbr', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup', 'mark', 'cite', 'q', 'time', 'img'],
    ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'figure', 'figcaption'],
  ],
  allowedAttributes: {
    '*': ['class', 'id', 'lang', 'dir', 'title', 'aria-label', 'aria-labelledby', 'aria-describedby', 'aria-hidden', 'role'],
    a: ['href', 'rel', 'hreflang'],
    img: ['src', 'alt', 'width', 'height'],
    time: ['datetime'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Everything else goes with its content: a <form> is not kept as loose text fields.
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'title',
    'iframe',
    'object',
    'embed',
    'form',
    'svg',
    'math',
  ],
};

/** The fragment through the allowlist: what a page inserts. Run once per file, at load. */
export function sanitizeFragment(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}
