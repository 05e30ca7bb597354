// An upstream of another make, over a real socket: it answers the edge with whatever a test
// sets, one call at a time, and otherwise as any upstream keeping to the contract would. It
// holds one transaction's flow state: a flow-state answer it gives becomes the state later
// loads read (an upstream that said INPUT_FOO after buyer info says it again on the next
// page load), and the calls it does not know answer what the contract asks of them.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The upstream calls, named by the path they arrive on. */
export const CALL_PATHS = {
  quoteRequest: /^\/txn(buy|sell)\/quoterequest$/,
  requote: /^\/txn(buy|sell)\/requote$/,
  confirmNewQuote: /^\/txn(buy|sell)\/confirmednewquote$/,
  cryptoAddress: /^\/txn(buy|sell)\/cryptoaddress$/,
  emtEmail: /^\/txn(buy|sell)\/emtemail$/,
  buyerInfo: /^\/txn(buy|sell)\/buyerinfo$/,
  mobileVerification: /^\/txn(buy|sell)\/mobileverification$/,
  generateSmsCode: /^\/txn(buy|sell)\/generatesmscode$/,
  voucherNumber: /^\/txn(buy|sell)\/vouchernumber$/,
  selfieImage: /^\/txn(buy|sell)\/selfieimage$/,
  status: /^\/txn(buy|sell)\/status\/[^/]+$/,
  flowState: /^\/txn(buy|sell)\/flowstate\/[^/]+$/,
  vipCheck: /^\/vipcheck$/,
  etransferInit: /^\/etransfer\/init$/,
  bankTransferInit: /^\/banktransfer\/init$/,
  ticker: /^\/pubapi\/ticker\/merchant$/,
  upload: /^\/upload$/,
  cardQuote: /^\/card\/quote$/,
  proc: /^\/[A-Za-z0-9_-]+$/,
} as const;

export type CallName = keyof typeof CALL_PATHS;

/** One answer: JSON with a status, a body of any other type, or the connection dropped. */
export type Answer = { status: number; json: unknown } | { status: number; text: string; type?: string } | { reset: true };

export interface Call {
  name: CallName | 'unknown';
  method: string;
  path: string;
  body: unknown;
}

type Json = Record<string, unknown>;

/** Calls whose answer is a flow state (a partial one for the initiations). */
const FLOW_STATE_CALLS: ReadonlySet<CallName> = new Set([
  'quoteRequest',
  'confirmNewQuote',
  'cryptoAddress',
  'emtEmail',
  'buyerInfo',
  'mobileVerification',
  'voucherNumber',
  'selfieImage',
  'bankTransferInit',
  'etransferInit',
]);

export interface ContractUpstream {
  url: string;
  /** The card provider's quote, answered here too (startStack's thirdParty). */
  cardQuoteUrl: string;
  /** Every call since the last `reset`. */
  calls: Call[];
  /** The transaction's flow state now; undefined: there is none (TRANSACTION.NOTFOUND). */
  state: Json | undefined;
  /**
   * Starts a run: the transaction at `state`, and `answers` for the calls the run decides
   * (each answers every time that call comes, retries included).
   */
  reset(state: Json | undefined, answers?: Partial<Record<CallName, Answer>>): void;
  /** Sets one call's answer within a run. */
  answer(name: CallName, answer: Answer): void;
  close(): Promise<void>;
}

const ok = (json: unknown): Answer => ({ status: 200, json });
const notFound: Answer = { status: 404, json: { error: { code: 'TRANSACTION.NOTFOUND', msg: 'Transaction not found.' } } };

/** A price for each coin the demo merchants sell, in each of their currencies. */
const TICKER = ['BTC', 'BCH', 'LTC', 'ETH', 'LTCT'].flatMap((cryptoCurrency) =>
  ['CAD', 'AUD', 'PHP', 'IDR'].map((fiatCurrency) => ({ cryptoCurrency, fiatCurrency, fiatAmount: 1000 })),
);

function nameOf(path: string): CallName | 'unknown' {
  for (const [name, pattern] of Object.entries(CALL_PATHS) as [CallName, RegExp][]) if (pattern.test(path)) return name;
  return 'unknown';
}

export async function startContractUpstream(): Promise<ContractUpstream> {
  let answers: Partial<Record<CallName, Answer>> = {};
  const upstream: ContractUpstream = {
    url: '',
    cardQuoteUrl: '',
    calls: [],
    state: undefined,
    reset(state, given = {}) {
      upstream.state = state;
      upstream.calls = [];
      answers = { ...given };
    },
    answer(name, answer) {
      answers[name] = answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  /** What an upstream keeping to the contract answers when the run set nothing. */
  function byContract(name: CallName | 'unknown', body: Json): Answer {
    const state = upstream.state;
    switch (name) {
      case 'flowState':
        return state ? ok(state) : notFound;
      case 'status':
        return state
          ? ok({
              txnStatus: state.txnStatus,
              cryptoAddress: state.cryptoAddress ?? null,
              cryptoCurrency: state.cryptoCurrency,
              cryptoAmount: state.cryptoAmount,
            })
          : notFound;
      case 'requote':
        return state ? ok({ cryptoAmount: state.cryptoAmount, fiatAmount: state.fiatAmount }) : notFound;
      case 'generateSmsCode':
        return ok({});
      case 'ticker':
        return ok(TICKER);
      case 'vipCheck':
        return ok(true);
      case 'cardQuote':
        return ok({ quoteCurrencyAmount: 0.001, feeAmount: 3.8, extraFeeAmount: 0 });
      case 'upload':
      case 'proc':
        return ok({});
      case 'unknown':
        return { status: 404, json: { error: { code: 'NOT.FOUND', msg: 'No such call.' } } };
      default:
        // A step the run left alone: the state as it stands, for the transaction the call names.
        return state && (body.refId === undefined || body.refId === state.refId) ? ok(state) : notFound;
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = (request.url ?? '/').split('?')[0]!;
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      const name = nameOf(path);
      upstream.calls.push({ name, method: request.method ?? 'GET', path, body });
      const given = name === 'unknown' ? undefined : answers[name];
      const answer = given ?? byContract(name, (body && typeof body === 'object' ? body : {}) as Json);
      if ('reset' in answer) {
        request.socket.destroy();
        return;
      }
      if ('json' in answer) {
        // A flow state answered becomes the transaction's (merged: an initiation answers part of one).
        const json = answer.json as Json | null;
        if (answer.status < 300 && name !== 'unknown' && FLOW_STATE_CALLS.has(name) && json && typeof json === 'object') {
          if (typeof json.nextAction === 'string') upstream.state = { ...upstream.state, ...json };
        }
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
        return;
      }
      response.writeHead(answer.status, { 'content-type': answer.type ?? 'text/html' }).end(answer.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  upstream.cardQuoteUrl = `${upstream.url}/card/quote`;
  return upstream;
}
