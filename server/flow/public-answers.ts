// The answers of the public island calls (the ticker), kept a moment per merchant: nothing in
// them is a visitor's, so one upstream call per merchant and TICKER_CACHE_MS answers every
// visitor, as the home page's ticker is kept (ticker-cache.ts), and a flood of ticker
// calls costs the process a cached answer each instead of an upstream call each. Calls made
// while one is on its way share it. Only an answer passed on as it came is kept, and never
// longer than the upstream's Cache-Control lets a shared cache keep it: an error is rebuilt
// for each visitor (its words are in their language) and the next call asks again, so a
// failure is never served from here after it happened.
import { TICKER_CACHE_MS } from '../../checkout/limits.ts';
import { ByteCache, keyOf } from '../ops/byte-cache.ts';
import {
  type Exchanged,
  exchangeIslandCall,
  type IslandAnswer,
  type IslandRequest,
  type ProxyTarget,
  type PublicAnswerKeeper,
  rebuiltAnswer,
  type Warn,
} from '../upstream/proxy-rules.ts';

/** An answer as the upstream gave it: a success whose bytes are the upstream's own. */
interface AsItCame {
  status: number;
  type: string;
  body: Buffer;
  headers: Record<string, string>;
}

interface Entry {
  /** The upstream call, on its way or settled. */
  exchanged: Promise<Exchanged>;
  /** The answer to give until `until`, once the call brought one worth keeping. */
  kept?: { answer: AsItCame; until: number };
}

/** What an entry holds beside its body: the promise, the headers, the bookkeeping. */
const ENTRY_BYTES = 512;

const answers = new ByteCache<string, Entry>({
  name: 'public-answers',
  share: 0.02,
  sizeOf: (entry) => ENTRY_BYTES + (entry.kept ? Buffer.byteLength(entry.kept.answer.body) : 0),
});

/** Directives that forbid a shared cache to answer from a kept copy. */
const NOT_SHARED = /(?:^|[\s,])(?:no-store|no-cache|private)(?:$|[\s,=])/i;
/** The freshness a shared cache is given: `s-maxage` before `max-age`. */
const SHARED_MAX_AGE = /(?:^|[\s,])s-maxage\s*=\s*"?(\d+)/i;
const MAX_AGE = /(?:^|[\s,])max-age\s*=\s*"?(\d+)/i;

/** How long an answer with this Cache-Control may be kept: TICKER_CACHE_MS unless it says less. */
export function keepForMs(cacheControl: string | undefined): number {
  if (cacheControl === undefined) return TICKER_CACHE_MS;
  if (NOT_SHARED.test(cacheControl)) return 0;
  const seconds = SHARED_MAX_AGE.exec(cacheControl)?.[1] ?? MAX_AGE.exec(cacheControl)?.[1];
  return seconds === undefined ? TICKER_CACHE_MS : Math.min(TICKER_CACHE_MS, Number(seconds) * 1000);
}

function asItCame(answer: IslandAnswer): answer is IslandAnswer & AsItCame {
  return 'status' in answer && answer.status >= 200 && answer.status < 300 && Buffer.isBuffer(answer.body);
}

export class KeptPublicAnswers implements PublicAnswerKeeper {
  /** @param clock the app's clock, so tests move time instead of waiting */
  constructor(private readonly clock: () => number) {}

  async answer(target: ProxyTarget, request: IslandRequest, warn: Warn): Promise<IslandAnswer> {
    const key = `${keyOf(this)} ${request.merchantId} ${request.path}`;
    const entry = answers.get(key);
    if (entry?.kept) {
      const { status, type, body, headers } = entry.kept.answer;
      if (this.clock() < entry.kept.until) return { status, type, body, headers };
    } else if (entry) return rebuiltAnswer(await entry.exchanged, request, warn);
    return this.#ask(key, target, request, warn);
  }

  async #ask(key: string, target: ProxyTarget, request: IslandRequest, warn: Warn): Promise<IslandAnswer> {
    let upstream: IslandAnswer['upstream'];
    const entry: Entry = { exchanged: exchangeIslandCall(target, request, (summary) => (upstream = summary)) };
    answers.set(key, entry);
    let answer: IslandAnswer;
    try {
      answer = rebuiltAnswer(await entry.exchanged, request, warn);
    } finally {
      if (answers.peek(key) === entry) answers.delete(key);
    }
    const keepMs = asItCame(answer) ? keepForMs(answer.headers['cache-control']) : 0;
    if (keepMs > 0) {
      const { status, type, body, headers } = answer as AsItCame;
      entry.kept = { answer: { status, type, body, headers }, until: this.clock() + keepMs };
      // Counted again at its size now.
      answers.set(key, entry);
    }
    if (upstream) answer.upstream = upstream;
    return answer;
  }
}
