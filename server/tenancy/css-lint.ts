// A merchant's style sheet is served from the checkout's own origin and applies to pages
// that hold what visitors type, so it is read as hostile. Refused, naming the line:
// `@import` (styles from elsewhere), any `url()` (or image-set string) that is not one of
// the merchant's own assets (a request that tells a third party who looks at which page,
// and with attribute selectors, what was typed), `expression()` and the old script hooks
// `behavior` / `-moz-binding`, and attribute selectors on `value` (`input[value^="4"]`
// leaks a field one character at a time). The sheet is tokenised with comments skipped,
// strings kept apart and escapes decoded, so `@\69mport` or `u\72l(` are caught as what
// they spell.

/** A token: what it spells once escapes are decoded, and the line it starts on. */
interface Token {
  kind: 'at' | 'ident' | 'function' | 'string' | 'url' | 'char';
  value: string;
  line: number;
}

const isNameChar = (c: string) => /[A-Za-z0-9_-]/.test(c) || c.charCodeAt(0) > 0x7f;
const isHexDigit = (c: string) => /[0-9A-Fa-f]/.test(c);
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

function tokenize(css: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  const next = (): string => {
    const c = css[i++] ?? '';
    if (c === '\n') line++;
    return c;
  };
  /** After a backslash: the code point it escapes (CSS Syntax 4.3.7). */
  const readEscape = (): string => {
    let hex = '';
    while (hex.length < 6 && i < css.length && isHexDigit(css[i]!)) hex += next();
    if (hex === '') return next();
    if (i < css.length && isSpace(css[i]!)) next();
    const code = Number.parseInt(hex, 16);
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
  };
  const name = (): string => {
    let out = '';
    while (i < css.length) {
      const c = css[i]!;
      if (c === '\\' && css[i + 1] !== '\n') {
        next();
        out += readEscape();
      } else if (isNameChar(c)) out += next();
      else break;
    }
    return out;
  };
  const string = (quote: string): string => {
    let out = '';
    while (i < css.length) {
      const c = next();
      if (c === quote || c === '\n') break;
      if (c === '\\') {
        if (css[i] === '\n') next();
        else out += readEscape();
      } else out += c;
    }
    return out;
  };
  while (i < css.length) {
    const start = line;
    const c = css[i]!;
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      const stop = end === -1 ? css.length : end + 2;
      while (i < stop) next();
    } else if (c === '"' || c === "'") {
      next();
      tokens.push({ kind: 'string', value: string(c), line: start });
    } else if (c === '@') {
      next();
      tokens.push({ kind: 'at', value: name().toLowerCase(), line: start });
    } else if (isNameChar(c) || (c === '\\' && css[i + 1] !== '\n')) {
      const value = name().toLowerCase();
      if (css[i] !== '(') {
        tokens.push({ kind: value ? 'ident' : 'char', value: value || next(), line: start });
        continue;
      }
      next();
      if (value !== 'url') {
        tokens.push({ kind: 'function', value, line: start });
        continue;
      }
      // url( with an unquoted address is one token up to ')'; a quoted one is a string.
      while (i < css.length && isSpace(css[i]!)) next();
      if (css[i] === '"' || css[i] === "'") {
        const quote = next();
        tokens.push({ kind: 'url', value: string(quote).trim(), line: start });
      } else {
        let url = '';
        while (i < css.length && css[i] !== ')') {
          const u = next();
          url += u === '\\' ? readEscape() : u;
        }
        tokens.push({ kind: 'url', value: url.trim(), line: start });
      }
      while (i < css.length && isSpace(css[i]!)) next();
      if (css[i] === ')') next();
    } else if (isSpace(c)) {
      next();
    } else {
      tokens.push({ kind: 'char', value: next(), line: start });
    }
  }
  return tokens;
}

/** Functions whose string arguments are addresses the browser fetches. */
const URL_FUNCTIONS = new Set(['image-set', '-webkit-image-set', 'image', 'cross-fade', 'src']);
const SCRIPT_FUNCTIONS = new Set(['expression', '-moz-expression']);
const SCRIPT_PROPERTIES = new Set(['behavior', '-moz-binding']);
const MATCH_OPERATORS = new Set(['=', '~', '|', '^', '$', '*']);

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
interface Address {
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
export type StyleSheetFindings = readonly (string | Address)[];

export function styleSheetFindings(css: string): StyleSheetFindings {
  const found: (string | Address)[] = [];
  const tokens = tokenize(css);
  const fns: string[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k]!;
    const where = `line ${token.line}`;
    switch (token.kind) {
      case 'at':
        if (token.value === 'import') found.push(`${where}: @import is not allowed (a style sheet is one file)`);
        break;
      case 'url':
        found.push({ line: token.line, url: token.value });
        break;
      case 'function':
        if (SCRIPT_FUNCTIONS.has(token.value)) found.push(`${where}: ${token.value}() is not allowed`);
        fns.push(token.value);
        break;
      case 'string':
        if (URL_FUNCTIONS.has(fns.at(-1) ?? '')) found.push({ line: token.line, url: token.value, fn: fns.at(-1) });
        break;
      case 'ident':
        if (SCRIPT_PROPERTIES.has(token.value) && tokens[k + 1]?.value === ':')
          found.push(`${where}: ${token.value} is not allowed`);
        break;
      case 'char':
        if (token.value === '(') fns.push('');
        else if (token.value === ')') fns.pop();
        else if (token.value === '[') {
          // [value…], [*|value…], [ns|value…]: an attribute selector; with an operator it matches what was typed.
          let j = k + 1;
          if (tokens[j + 1]?.value === '|' && tokens[j + 2]?.kind === 'ident') j += 2;
          const attribute = tokens[j];
          const operator = tokens[j + 1];
          if (attribute?.kind === 'ident' && attribute.value === 'value' && operator && MATCH_OPERATORS.has(operator.value)) {
            found.push(`${where}: attribute selector on value is not allowed (it can read what visitors type)`);
          }
        }
        break;
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
