// Footer and legal fragments are merchant files, read as hostile. The lint catches what a
// strict CSP would block (scripts, inline handlers, inline styles), forms, and elements
// that would change the page around the fragment, so a mistake stops start-up, naming the
// line, instead of breaking a page silently in production. What it lets through then goes
// through an allowlist sanitiser once, at load (sanitizeFragment): only text markup, links
// and images with http(s), mailto or tel addresses, no attribute that runs anything.
// Read with htmlparser2 (the sanitiser's own parser): its tokenizer and entity decoding
// follow the HTML standard, so `&#106;avascript:` or `java&Tab;script:` read as they spell.
import { Parser } from 'htmlparser2';
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
  // A browser reads their content as text where htmlparser2 reads markup, so a tag hidden in
  // an attribute inside would come alive on the page; <plaintext> turns the rest of it to text.
  'noscript',
  'noembed',
  'noframes',
  'plaintext',
]);

/**
 * Elements whose content htmlparser2 reads as text: when one is allowed, its text is read
 * as markup too, since an SVG (XML) or a browser's error recovery may still see tags in it.
 */
const RAW_TEXT_ELEMENTS = new Set(['style', 'title', 'xmp']);

const EVENT_HANDLER = /^on[a-z]+$/;
/** White space and control characters (a NUL comes as U+FFFD), which browsers drop from or around a URL's scheme. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
const IGNORED_IN_SCHEME = /[\s\u0000-\u001f\ufffd]/g;
const JAVASCRIPT_URL = /javascript:/i;
/** A start or end tag cut off by the end of the file, before its name ended. */
const UNFINISHED_TAG = /^<\/?[a-z]/i;

/** What is wrong with one start tag, in the order the messages name it. */
type TagProblem = 'element' | 'handler' | 'style' | 'javascript';

const MESSAGES: Record<TagProblem, (name: string) => string> = {
  element: (name) => `<${name}> is not allowed`,
  handler: (name) => `inline event handler on <${name}>`,
  style: (name) => `inline style attribute on <${name}>`,
  javascript: (name) => `javascript: URL on <${name}>`,
};

/** Line numbers for messages, counted forward only (tags are visited in order). */
function lineCounter(html: string, firstLine: number): (index: number) => number {
  let line = firstLine;
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

/** Adds the problems of `html`, whose first line is line `firstLine` of its file. */
function lintFrom(html: string, options: LintOptions, firstLine: number, problems: string[]): void {
  const lineOf = lineCounter(html, firstLine);
  /** The start tag being read: its problems are named once its attributes are all read. */
  let tag: { name: string; line: number; found: Set<TagProblem> } | undefined;
  /** Text of an allowed raw-text element or a CDATA section, read as markup once it ends. */
  let rawText: { line: number; text: string; cdata: boolean } | undefined;
  /** The last index the parser reported on: what it leaves after it is an unfinished tag. */
  let seen = -1;
  const endTag = () => {
    if (tag === undefined) return;
    for (const [problem, message] of Object.entries(MESSAGES)) {
      if (tag.found.has(problem as TagProblem)) problems.push(`line ${tag.line}: ${message(tag.name)}`);
    }
    tag = undefined;
  };
  const endRawText = () => {
    if (rawText !== undefined) lintFrom(rawText.text, options, rawText.line, problems);
    rawText = undefined;
  };
  const parser: Parser = new Parser(
    {
      onopentagname(name) {
        seen = parser.endIndex;
        tag = { name, line: lineOf(parser.startIndex), found: new Set() };
        const styleAllowed = options.allowStyle === true && name === 'style';
        if (FORBIDDEN_ELEMENTS.has(name) && !styleAllowed) tag.found.add('element');
      },
      onattribute(name, value) {
        seen = parser.endIndex;
        if (EVENT_HANDLER.test(name)) tag?.found.add('handler');
        if (name === 'style' && options.allowStyle !== true) tag?.found.add('style');
        for (const text of [name, value]) {
          if (JAVASCRIPT_URL.test(text.replace(IGNORED_IN_SCHEME, ''))) tag?.found.add('javascript');
        }
      },
      onopentag(name) {
        seen = parser.endIndex;
        const allowed = tag?.found.has('element') === false;
        endTag();
        if (RAW_TEXT_ELEMENTS.has(name) && allowed) rawText = { line: lineOf(parser.endIndex + 1), text: '', cdata: false };
      },
      oncdatastart() {
        rawText = { line: lineOf(parser.startIndex), text: '', cdata: true };
      },
      ontext(text) {
        seen = parser.endIndex;
        // An element's text as written: the parser decodes the entities of a <title>'s.
        if (rawText !== undefined) rawText.text += rawText.cdata ? text : html.slice(parser.startIndex, parser.endIndex + 1);
      },
      onclosetag() {
        seen = parser.endIndex;
        endRawText();
      },
      oncdataend: endRawText,
      oncomment() {
        seen = parser.endIndex;
      },
      onprocessinginstruction() {
        seen = parser.endIndex;
      },
    },
    { recognizeCDATA: true },
  );
  parser.write(html);
  // What is left once the whole file is written is an unfinished comment, or a tag the file
  // leaves open, where a page would read on into its own markup.
  const rest = html.slice(seen + 1);
  const open = tag;
  parser.end();
  endRawText();
  if (open === undefined && !UNFINISHED_TAG.test(rest)) return;
  const line = open?.line ?? lineOf(seen + 1);
  if (open !== undefined) endTag();
  // Cut off inside its name, it is read closed for what the name alone says.
  else lintFrom(`${rest}>`, options, line, problems);
  problems.push(`line ${line}: unclosed tag`);
}

/** Problems found in an HTML fragment, each as "line N: what"; empty when it is clean. */
export function lintHtmlFragment(html: string, options: LintOptions = {}): string[] {
  const problems: string[] = [];
  lintFrom(html, options, 1, problems);
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
