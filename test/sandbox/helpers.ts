// A sandbox per test file over a real socket, a tiny JSON client, and the journeys the
// tests share (quote -> address -> buyer info -> verification).

import type { Test } from 'tap';
import { type FlowState, flowStateSchema } from '../../checkout/contract.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../server/sandbox/index.ts';
import { QUOTE_REQUEST } from '../helpers/samples.ts';

export interface Reply {
  status: number;
  headers: Headers;
  // Tests read whatever the sandbox answered; the contract schemas check the shapes.
  // biome-ignore lint/suspicious/noExplicitAny: the contract schemas check the shapes
  body: any;
  text: string;
}

export const BUYER = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  emailAddress: 'ada@example.com',
  mobile: { countryCode: '1', areaCode: '604', phoneNumber: '5550123' },
  dateOfBirth: { year: '1990', month: '01', day: '15' },
};
export const ADDRESS = { addressLine1: '1 Main St', cityTown: 'Vancouver', stateProv: 'BC', postalCode: 'V6B1A1', country: 'CA' };
export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
/** 1x1 transparent PNG. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const BUY_QUOTE = QUOTE_REQUEST;
export const SELL_QUOTE = {
  fiatAmount: 0,
  fiatCurrency: 'CAD',
  cryptoCurrency: 'BTC',
  paymentMethod: 'ETRANSFEROUT',
  txnType: 'SELL',
  browserResolution: '',
  country: 'CA',
  cryptoAmount: 0.0015,
};

export class Client {
  constructor(readonly sandbox: RunningSandbox) {}

  get url(): string {
    return this.sandbox.url;
  }

  async send(
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string>; raw?: string } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...init.headers };
    let body: string | undefined = init.raw;
    if (init.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(init.body);
    }
    const res = await fetch(this.url + path, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // HTML pages and empty bodies stay text
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Reply> {
    return this.send('POST', path, { body, headers });
  }

  get(path: string): Promise<Reply> {
    return this.send('GET', path);
  }

  /** A form post, as the visitor's browser sends it from a sandbox page. */
  form(path: string, fields: Record<string, string>): Promise<Reply> {
    return this.send('POST', path, {
      raw: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  /** A step that must succeed: its flow state, checked against the contract. */
  async step(path: string, body: unknown): Promise<FlowState> {
    const reply = await this.post(path, body);
    if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}: ${reply.text}`);
    return flowStateSchema.parse(reply.body);
  }

  buyQuote(overrides: Record<string, unknown> = {}): Promise<FlowState> {
    return this.step('/txnbuy/quoterequest', { ...BUY_QUOTE, ...overrides });
  }

  sellQuote(overrides: Record<string, unknown> = {}): Promise<FlowState> {
    return this.step('/txnsell/quoterequest', { ...SELL_QUOTE, ...overrides });
  }

  /** A buy up to VERIFY_MOBILE. */
  async buyToVerification(quote: Record<string, unknown> = {}, buyer: Record<string, unknown> = {}): Promise<FlowState> {
    const state = await this.buyQuote(quote);
    const address = await this.step('/txnbuy/cryptoaddress', { refId: state.refId, cryptoAddress: BTC_ADDRESS });
    const withAddress = address.nextActionParams?.addressRequired ? { address: ADDRESS } : {};
    return this.step('/txnbuy/buyerinfo', { refId: state.refId, ...BUYER, ...withAddress, ...buyer });
  }

  /** A buy through a right verification code: the state after it. */
  async verifiedBuy(quote: Record<string, unknown> = {}, buyer: Record<string, unknown> = {}): Promise<FlowState> {
    const state = await this.buyToVerification(quote, buyer);
    return this.step('/txnbuy/mobileverification', { refId: state.refId, verificationCode: '123456' });
  }

  /** A sell (or spend) through a right verification code. */
  async verifiedSell(quote: Record<string, unknown> = {}, buyer: Record<string, unknown> = {}): Promise<FlowState> {
    const state = await this.sellQuote(quote);
    await this.step('/txnsell/buyerinfo', { refId: state.refId, ...BUYER, ...buyer });
    return this.step('/txnsell/mobileverification', { refId: state.refId, verificationCode: '123456' });
  }

  selfie(api: 'txnbuy' | 'txnsell', refId: string): Promise<FlowState> {
    return this.step(`/${api}/selfieimage`, {
      refId,
      documentType: 'SELFIE',
      mimeType: 'image/png',
      fileName: 'selfie.png',
      extName: 'png',
      encodedFile: PNG_BASE64,
      imageSource: 'WEBCAM',
    });
  }
}

/** A sandbox composed as the process composes it: charging the fee fields the edge's methods name. */
export async function sandboxFor(t: Test, opts: SandboxOptions = {}): Promise<Client> {
  const sandbox = await startSandbox({ feeFields: PAYMENT_METHODS.feeFields, ...opts });
  t.teardown(() => sandbox.close());
  return new Client(sandbox);
}

/**
 * Runs `request` with a timer of `ms` started just before it, and says whether the timer
 * fired first. Timers of one process fire in the order they fall due, so a wait of more
 * than `ms` that the sandbox (in this process) starts later always ends after it: a
 * server-side wait is proven without comparing wall-clock durations.
 */
export async function outlastsTimer<T>(ms: number, request: () => Promise<T>): Promise<{ value: T; outlasted: boolean }> {
  let fired = false;
  const timer = setTimeout(() => (fired = true), ms);
  const value = await request();
  clearTimeout(timer);
  return { value, outlasted: fired };
}

/** Resolves when the sandbox has taken in its next request (its onRequest hooks have run). */
export function nextRequestArrives(sandbox: RunningSandbox): Promise<void> {
  return new Promise((resolve) => sandbox.app.server.once('request', () => setImmediate(resolve)));
}

/** The `{ error: { code, msg } }` of a refusal, for t.match. */
export function errorOf(reply: Reply): { code?: string; msg?: string; errorParams?: { amount?: number } } {
  return reply.body?.error ?? {};
}
