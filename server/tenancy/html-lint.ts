// Footer and legal fragments are trusted files, inserted into pages as they are. This is
// a lint, not a sanitiser: it catches what a strict CSP would block (scripts, inline
// handlers, inline styles) and elements that would change the page around the fragment,
// so a mistake stops start-up instead of breaking a page silently in production.

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
]);

/** Attribute names at a word boundary inside one tag; the tag text is bounded by `<`…`>`. */
const EVENT_HANDLER = /[\s"'/]on[a-z]+\s*=/i;
const STYLE_ATTRIBUTE = /[\s"'/]style\s*=/i;
const JAVASCRIPT_URL = /j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i;

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
      if (options.allowStyle !== true && STYLE_ATTRIBUTE.test(tag)) problems.push(`${where}: inline style attribute on <${name}>`);
      if (JAVASCRIPT_URL.test(tag)) problems.push(`${where}: javascript: URL on <${name}>`);
    }
    if (close === -1) {
      problems.push(`${where}: unclosed tag`);
      break;
    }
    at = html.indexOf('<', close + 1);
  }
  return problems;
}
