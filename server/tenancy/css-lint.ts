// A merchant's style sheet is served from the checkout's own origin and applies to pages
// that hold what visitors type, so it is read as hostile. Refused, naming the line:
// `@import` (styles from elsewhere), any `url()` (or image-set string) that is not one of
// the merchant's own assets (a request that tells a third party who looks at which page,
// and with attribute selectors, what was typed), `expression()` and the old script hooks
// `behavior` / `-moz-binding`, and attribute selectors on `value` (`input[value^="4"]`
// leaks a field one character at a time).
// Read with css-tree's tokenizer and decoders, which follow CSS Syntax as browsers do
// (comments, strings, escapes, url tokens), so `@\69mport` or `u\72l(` count as what they
// spell. The checks look at tokens rather than css-tree's tree: where the tree gives up (a
// Raw node, as for `:is(input[value^="4"], %)`), a browser still reads on.
import { OffsetToLocation, tokenTypes as T, tokenize } from 'css-tree/tokenizer';
import * as cssText from 'css-tree/utils';

/** A token of the sheet: its type (tokenTypes) and where it is in the text. */
interface Token {
  type: number;
  start: number;
  end: number;
}

/** The sheet's tokens, but white space and comments. */
function significantTokens(css: string): Token[] {
  const tokens: Token[] = [];
  tokenize(css, (type, start, end) => {
    if (type !== T.WhiteSpace && type !== T.Comment) tokens.push({ type, start, end });
  });
  return tokens;
}

/** Functions whose string arguments are addresses the browser fetches. */
const URL_FUNCTIONS = new Set(['image-set', '-webkit-image-set', 'image', 'cross-fade', 'src']);
const SCRIPT_FUNCTIONS = new Set(['expression', '-moz-expression']);
const SCRIPT_PROPERTIES = new Set(['behavior', '-moz-binding']);
const MATCH_OPERATORS = new Set(['=', '~', '|', '^', '$', '*']);
const NAMESPACE_BAR = new Set(['|']);

/**
 * The merchant's own files: under its asset path (`/assets/m/<id>/…`), or a bare file name,
 * which resolves there from the style sheet's own address; or a fragment (SVG filters).
 */
function isOwnAsset(url: string, assetPath: string): boolean {
  if (url.startsWith('#')) return /^#[A-Za-z0-9_-]+$/.test(url);
  if (url.startsWith(assetPath)) return /^[A-Za-z0-9._-]+$/.test(url.slice(assetPath.length)) && !url.includes('..');
  return /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(url) && !url.includes('..');
}

/** An address the sheet makes the browser fetch; whether it is allowed depends on the merchant. */
export interface StyleSheetAddress {
  line: number;
  url: string;
  /** The function a quoted address is an argument of (image-set…); undefined for url(). */
  fn?: string | undefined;
}

/**
 * What a style sheet's content alone says, in line order: problems, and the addresses to
 * check against the merchant's own asset path. Depends only on the text, so a fleet's
 * copies of one sheet are tokenised once (ContentPool.lint) and each merchant's own part
 * is the cheap `lintStyleSheet` pass over the addresses.
 */
export type StyleSheetFindings = readonly (string | StyleSheetAddress)[];

export function styleSheetFindings(css: string): StyleSheetFindings {
  const found: (string | StyleSheetAddress)[] = [];
  const tokens = significantTokens(css);
  const locations = new OffsetToLocation(css);
  const text = (token: Token | undefined) => (token === undefined ? '' : css.slice(token.start, token.end));
  /** An identifier as it reads with its escapes decoded, in lower case. */
  const name = (spelled: string) => cssText.ident.decode(spelled).toLowerCase();
  const isDelim = (token: Token | undefined, chars: ReadonlySet<string>) =>
    token?.type === T.Delim && chars.has(css[token.start]!);
  const lineOf = (token: Token) => locations.getLocation(token.start).line;
  const refuse = (token: Token, what: string) => found.push(`line ${lineOf(token)}: ${what}`);
  const fetches = (token: Token, address: string, fn?: string) => found.push({ line: lineOf(token), url: address, fn });
  const fns: string[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k]!;
    switch (token.type) {
      case T.AtKeyword:
        if (name(text(token).slice(1)) === 'import') refuse(token, '@import is not allowed (a style sheet is one file)');
        break;
      case T.Url:
      case T.BadUrl:
        fetches(token, cssText.url.decode(text(token)).trim());
        break;
      case T.Function: {
        const fn = name(text(token).slice(0, -1));
        if (fn !== 'url') {
          if (SCRIPT_FUNCTIONS.has(fn)) refuse(token, `${fn}() is not allowed`);
          fns.push(fn);
          break;
        }
        // A quoted address, or an escaped spelling (`u\72l(`) that css-tree leaves a function
        // where a browser reads a url token: everything up to the first `)`.
        let close = k + 1;
        while (close < tokens.length && tokens[close]!.type !== T.RightParenthesis) close++;
        const arg = tokens[k + 1];
        const address =
          arg?.type === T.String && close === k + 2
            ? cssText.string.decode(text(arg))
            : cssText.url.decode(`url(${css.slice(token.end, tokens[close]?.start ?? css.length)})`);
        fetches(token, address.trim());
        k = close;
        break;
      }
      case T.LeftParenthesis:
        fns.push('');
        break;
      case T.RightParenthesis:
        fns.pop();
        break;
      case T.String:
      case T.BadString: {
        const fn = fns.at(-1) ?? '';
        if (URL_FUNCTIONS.has(fn)) fetches(token, cssText.string.decode(text(token)), fn);
        break;
      }
      case T.Ident: {
        const property = name(text(token));
        if (SCRIPT_PROPERTIES.has(property) && tokens[k + 1]?.type === T.Colon) refuse(token, `${property} is not allowed`);
        break;
      }
      case T.LeftSquareBracket: {
        // [value…], [*|value…], [ns|value…], [|value…]: an attribute selector; with an operator it matches what was typed.
        let j = k + 1;
        if (isDelim(tokens[j], NAMESPACE_BAR)) j += 1;
        else if (isDelim(tokens[j + 1], NAMESPACE_BAR) && tokens[j + 2]?.type === T.Ident) j += 2;
        const attribute = tokens[j];
        if (attribute?.type === T.Ident && name(text(attribute)) === 'value' && isDelim(tokens[j + 1], MATCH_OPERATORS)) {
          refuse(token, 'attribute selector on value is not allowed (it can read what visitors type)');
        }
        break;
      }
    }
  }
  return found;
}

/**
 * Problems found in a merchant's style sheet, each as "line N: what"; empty when it is
 * clean. `assetPath`: where the merchant's own files are served, e.g. `/assets/m/maple/`.
 * `findings`: the sheet's `styleSheetFindings`, when already worked out for its content.
 */
export function lintStyleSheet(css: string, assetPath: string, findings: StyleSheetFindings = styleSheetFindings(css)): string[] {
  const problems: string[] = [];
  for (const f of findings) {
    if (typeof f === 'string') problems.push(f);
    else if (!isOwnAsset(f.url, assetPath)) {
      const what = f.fn === undefined ? `url(${f.url.slice(0, 80)})` : `"${f.url.slice(0, 80)}" in ${f.fn}()`;
      problems.push(`line ${f.line}: ${what} is not one of the merchant's own files`);
    }
  }
  return problems;
}
