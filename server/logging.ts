// pino options: JSON lines, pretty only on a terminal, and no personal data: anything that
// could name, reach or identify a visitor is replaced by '[redacted]' wherever it appears
// in a logged object, at any depth. One walk over the (small) object a line logs, in place
// of pino's wildcard redaction paths, which cost a fifth of a request's CPU; an object with
// nothing personal in it is logged as it is, without a copy. Nor a capability: an error's
// message and stack name a capability's path as every line does (logged-path.ts).
import pino, { type BaseLogger, type ChildLoggerOptions, type Logger, type LoggerOptions } from 'pino';
import { withoutCapabilities } from './logged-path.ts';

/** What code beneath the request logs with: a pino logger, Fastify's included. */
export type LineLogger = Pick<BaseLogger, 'info' | 'warn'>;

const PERSONAL_FIELDS = [
  'firstName',
  'lastName',
  'emailAddress',
  'emtEmail',
  'mobile',
  'mobileNumber',
  'phoneNumber',
  'dateOfBirth',
  'address',
  'addressLine1',
  'postalCode',
  'encodedFile',
  'voucherNumber',
  'verificationCode',
  'cryptoAddress',
];
/** Headers that carry the visitor's session or credentials. */
const SECRET_HEADERS = ['cookie', 'authorization', 'set-cookie'];

const REDACTED = new Set([...PERSONAL_FIELDS, ...SECRET_HEADERS]);
const CENSOR = '[redacted]';
/** Deeper than any line the edge logs; past it nothing is written at all. */
const MAX_DEPTH = 8;

type Plain = Record<string, unknown>;

const isObject = (value: unknown): value is Plain => typeof value === 'object' && value !== null;

/** Whether anything under `value` must be redacted: most lines have nothing, and are not copied. */
function holdsPersonal(value: unknown, depth: number): boolean {
  if (!isObject(value) || depth > MAX_DEPTH) return depth > MAX_DEPTH;
  if (Array.isArray(value)) return value.some((item) => holdsPersonal(item, depth + 1));
  if (value instanceof Error) return false;
  for (const key in value) {
    if (REDACTED.has(key) || holdsPersonal(value[key], depth + 1)) return true;
  }
  return false;
}

function redacted(value: unknown, depth: number): unknown {
  if (!isObject(value) || value instanceof Error) return value;
  if (depth > MAX_DEPTH) return CENSOR;
  if (Array.isArray(value)) return value.map((item) => redacted(item, depth + 1));
  const out: Plain = {};
  for (const key in value) out[key] = REDACTED.has(key) ? CENSOR : redacted(value[key], depth + 1);
  return out;
}

/** The logged object with every personal field replaced, or the object itself when it holds none. */
export function withoutPersonalData(object: Plain): Plain {
  return holdsPersonal(object, 0) ? (redacted(object, 0) as Plain) : object;
}

/** Every text under `value` (an error's message, stack, cause, a URL error's `input`) with capabilities' paths as their patterns. */
function textsWithoutCapabilities(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return withoutCapabilities(value);
  if (!isObject(value) || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => textsWithoutCapabilities(item, depth + 1));
  const out: Plain = {};
  for (const key in value) out[key] = textsWithoutCapabilities(value[key], depth + 1);
  return out;
}

/** pino's error serializer, then its texts without a capability. Errors are rare lines: no request's line pays for this walk. */
const errWithoutCapabilities = (error: unknown): unknown => textsWithoutCapabilities(pino.stdSerializers.err(error as Error), 0);

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    formatters: { log: withoutPersonalData },
    serializers: { err: errWithoutCapabilities },
    // An Error logged alone becomes the line's message too.
    hooks: {
      logMethod(args, method) {
        const [first] = args;
        if (args.length === 1 && first instanceof Error) return method.call(this, first, withoutCapabilities(first.message));
        return method.apply(this, args);
      },
    },
    ...(process.stdout.isTTY && process.env.NODE_ENV !== 'test'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
  };
}

/** Lines are written once this much is buffered (under sonic-boom's largest write), */
const LOG_BUFFER_BYTES = 8 * 1024;
/** or this long after they were logged, whichever comes first. */
const LOG_FLUSH_MS = 100;

/** pino's asynchronous file destination (sonic-boom). */
type Destination = ReturnType<typeof pino.destination>;

/**
 * Lines gathered into chunks of LOG_BUFFER_BYTES before they reach the destination.
 * sonic-boom measures the UTF-8 length of its pending buffer on every write it is given,
 * so handed one line at a time it would scan its whole pending buffer for every line, more
 * than pino spends writing one; handed a chunk, it scans once per chunk and keeps doing what it is for
 * (asynchronous writes, partial writes, a busy pipe). What is gathered goes out before the
 * destination's own flush when the process exits.
 */
class LineChunks {
  readonly #destination: Destination;
  #lines: string[] = [];
  #size = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(destination: Destination) {
    this.#destination = destination;
    process.prependListener('exit', () => this.#send());
  }

  write(line: string): boolean {
    this.#lines.push(line);
    this.#size += line.length;
    if (this.#size >= LOG_BUFFER_BYTES) this.#send();
    else this.#timer ??= setTimeout(() => this.#send(), LOG_FLUSH_MS).unref();
    return true;
  }

  flush(callback?: (error?: Error) => void): void {
    this.#send();
    this.#destination.flush(callback);
  }

  flushSync(): void {
    this.#send();
    this.#destination.flushSync();
  }

  #send(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (!this.#lines.length) return;
    const chunk = this.#lines.join('');
    this.#lines = [];
    this.#size = 0;
    this.#destination.write(chunk);
  }
}

/**
 * The process's logger. Off a terminal its lines reach stdout in chunks written
 * asynchronously: under load the lines of many requests leave in one write instead of a
 * write each (a write per line cost a tenth of a cached page's CPU), and at rest a line
 * waits at most LOG_FLUSH_MS. What is still gathered is written when the process exits.
 */
export function processLogger(level: string): Logger {
  const options = loggerOptions(level);
  if (options.transport) return pino(options);
  return pino(options, new LineChunks(pino.destination({ dest: 1, sync: false })));
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = [unknown?, ...unknown[]];

/**
 * A request's logger: each line the app's logger writes for it carries the request's
 * bindings (its id and merchant), added as the line is written, instead of a pino child
 * built for every request whether it logs or not. A line with an object gets the bindings
 * first, as a child's would; an Error alone is logged as `err` with its message, as pino
 * does.
 */
export class RequestLogger {
  readonly #root: Logger;
  readonly #bindings: Plain;

  constructor(root: Logger, bindings: Plain) {
    this.#root = root;
    this.#bindings = bindings;
  }

  get level(): string {
    return this.#root.level;
  }

  #write(level: Level, args: LogArgs): void {
    if (!this.#root.isLevelEnabled(level)) return;
    const [first, ...rest] = args;
    const log = this.#root[level].bind(this.#root) as (object: Plain, ...more: unknown[]) => void;
    if (first instanceof Error)
      log({ ...this.#bindings, err: first }, ...(rest.length ? rest : [withoutCapabilities(first.message)]));
    else if (isObject(first)) log({ ...this.#bindings, ...first }, ...rest);
    else log(this.#bindings, ...args);
  }

  fatal(...args: LogArgs): void {
    this.#write('fatal', args);
  }
  error(...args: LogArgs): void {
    this.#write('error', args);
  }
  warn(...args: LogArgs): void {
    this.#write('warn', args);
  }
  info(...args: LogArgs): void {
    this.#write('info', args);
  }
  debug(...args: LogArgs): void {
    this.#write('debug', args);
  }
  trace(...args: LogArgs): void {
    this.#write('trace', args);
  }
  silent(): void {}

  isLevelEnabled(level: string): boolean {
    return this.#root.isLevelEnabled(level);
  }

  child(bindings: Plain, options?: ChildLoggerOptions): Logger {
    return this.#root.child({ ...this.#bindings, ...bindings }, options);
  }
}
