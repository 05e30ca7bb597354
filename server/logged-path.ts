// The path a log line names. A route parameter that is a capability (`secrets` in
// checkout/routes.ts: the order page's signature, a Pro invitation's hash, the identity
// token) is written as its pattern's `:name`, so whoever reads the logs opens nothing; any
// other path as it was sent, without its query (a bank's return and a card quote carry
// their keys there). One rule for every line that names a path: the request's line, the
// answers made in front of Fastify, and the text of a logged error.
import { ROUTE_LIST } from '../checkout/routes.ts';

/** One route pattern, as segments, and which of them are capabilities. */
interface Pattern {
  segments: readonly string[];
  secret: readonly boolean[];
  params: number;
}

function patternOf(path: string, secrets: readonly string[]): Pattern {
  const segments = path.split('/');
  const secret = segments.map((s) => s.startsWith(':') && secrets.includes(s.slice(1)));
  return { segments, secret, params: segments.filter((s) => s.startsWith(':')).length };
}

/**
 * Every route under a first segment that some capability sits beneath (`/order`, `/pro`,
 * `/verify-idenfy`), its siblings included (`/pro/verify` beside `/pro/:customerHash`),
 * static ones first as the router prefers them. A path under any other first segment holds
 * no capability of the edge's.
 */
const GUARDED: ReadonlyMap<string, readonly Pattern[]> = (() => {
  const firstOf = (path: string) => path.split('/')[1]!;
  const guarded = new Set(ROUTE_LIST.filter((r) => r.secrets.length > 0).map((r) => firstOf(r.path)));
  const byFirst = new Map<string, Pattern[]>();
  for (const route of ROUTE_LIST) {
    for (const path of [route.path, ...Object.values(route.actions)]) {
      if (!guarded.has(firstOf(path))) continue;
      const list = byFirst.get(firstOf(path)) ?? [];
      list.push(patternOf(path, route.secrets));
      byFirst.set(firstOf(path), list);
    }
  }
  for (const list of byFirst.values()) list.sort((a, b) => a.params - b.params);
  return byFirst;
})();

/** The first segments of the other routes: nearly every request's, answered with one look-up. */
const PLAIN_FIRSTS: ReadonlySet<string> = new Set(ROUTE_LIST.map((r) => r.path.split('/')[1]!).filter((w) => !GUARDED.has(w)));

/** A segment as the router compares it: percent-decoded, and here in lower case. */
function normal(segment: string): string {
  let text = segment;
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      // Not decodable: compared as sent.
    }
  }
  return text.toLowerCase();
}

/** A first segment any route could have: nothing to normalise. */
const PLAIN_WORD = /^[a-z0-9-]*$/;
/** The route word a first segment opens with once normalised (`ORDER`, `%6Frder`, `order;x` are `order`). */
const LEADING_WORD = /^[a-z0-9-]*/;

/** A path under a guarded first segment: its route's pattern, the capabilities as `:name`; else the segment alone. */
function guardedPath(path: string, word: string, patterns: readonly Pattern[]): string {
  const sent = path.split('/');
  for (const { segments, secret } of patterns) {
    if (segments.length !== sent.length) continue;
    const fits = segments.every((s, i) => (s.startsWith(':') ? sent[i] !== '' : normal(sent[i]!) === s));
    if (fits) return segments.map((s, i) => (secret[i] || !s.startsWith(':') ? s : sent[i])).join('/');
  }
  return `/${word}/*`;
}

/**
 * The path a log line names for a request to `target` (its path and query, in origin form):
 * as sent without the query, or, under a route that holds a capability, that route's
 * pattern with the capability as `:name` (`/order/SBX1/:signature`). Cheap on the paths
 * nearly every request has: one look-up of the first segment.
 */
export function loggedPath(target: string): string {
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  const end = path.indexOf('/', 1);
  const first = end === -1 ? path.slice(1) : path.slice(1, end);
  let patterns = GUARDED.get(first);
  let word = first;
  if (patterns === undefined) {
    if (PLAIN_FIRSTS.has(first) || PLAIN_WORD.test(first)) return path;
    // Spelt otherwise (case, escapes, a backslash or `;` after it): what the router or a browser may read as the word.
    word = LEADING_WORD.exec(normal(first))![0];
    patterns = GUARDED.get(word);
    if (patterns === undefined) return path;
  }
  return guardedPath(path, word, patterns);
}

/**
 * Any path under a guarded first segment in a text, such as an error's message or stack; a
 * segment ends where a sentence's punctuation begins (no capability holds any).
 */
const GUARDED_IN_TEXT = new RegExp(`/(?:${[...GUARDED.keys()].join('|')})(?:[/\\\\][^\\s/\\\\?#"'<>\`:;,()]*)+`, 'gi');

/** `text` with every guarded path in it written as loggedPath writes it. */
export function withoutCapabilities(text: string): string {
  return text.replace(GUARDED_IN_TEXT, (path) => loggedPath(path.replace(/\\/g, '/')));
}
