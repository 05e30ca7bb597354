// pino options: JSON lines, pretty only on a terminal, and no personal data — anything
// that could name, reach or identify a visitor is redacted wherever it appears.
import type { LoggerOptions } from 'pino';

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

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...PERSONAL_FIELDS,
  ...PERSONAL_FIELDS.map((f) => `*.${f}`),
  ...PERSONAL_FIELDS.map((f) => `*.*.${f}`),
  // An upstream error list inside a log object: { upstream: { error: [{ firstName }] } }.
  ...PERSONAL_FIELDS.map((f) => `*.*.*.${f}`),
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    ...(process.stdout.isTTY && process.env.NODE_ENV !== 'test'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
  };
}
