// Host header -> the key of the merchant map. Runs on every request, so it is one pass
// over the characters with an allowlist: no regex, nothing that can backtrack, and no
// Unicode case folding (toLowerCase runs only once every character is known to be ASCII).

const MAX_HOST_LENGTH = 255;
const MAX_LABEL_LENGTH = 63;
/** Longest IPv6 literal with brackets, e.g. [ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255]. */
const MAX_IPV6_LITERAL = 47;

const DOT = 0x2e;
const HYPHEN = 0x2d;
const COLON = 0x3a;

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
function isLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}
function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}

/** A port after the host: digits only, at most 5 (an empty port is allowed by RFC 3986). */
function isPort(raw: string, from: number): boolean {
  if (raw.length - from > 5) return false;
  for (let i = from; i < raw.length; i++) if (!isDigit(raw.charCodeAt(i))) return false;
  return true;
}

/**
 * Normalise a Host header for an exact lookup: lower case, no port, no trailing dot.
 * Returns null when the header is missing or not a plain DNS name / bracketed IPv6
 * literal (the app answers 400). Look-alikes such as `maple.localhost.evil.test` come back
 * as themselves, so only an exact match can ever select a merchant.
 */
export function normaliseHost(raw: string | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_HOST_LENGTH) return null;
  if (raw.charCodeAt(0) === 0x5b /* [ */) return normaliseIpv6(raw);

  // A DNS name has no colon, so the first one starts the port.
  let end = raw.indexOf(':');
  if (end === -1) end = raw.length;
  else if (!isPort(raw, end + 1)) return null;
  // One trailing dot is the fully qualified spelling of the same name.
  if (end > 0 && raw.charCodeAt(end - 1) === DOT) end--;
  if (end === 0) return null;

  let label = 0;
  for (let i = 0; i < end; i++) {
    const c = raw.charCodeAt(i);
    if (c === DOT) {
      if (label === 0) return null;
      label = 0;
    } else if (isLetter(c) || isDigit(c) || c === HYPHEN) {
      if (++label > MAX_LABEL_LENGTH) return null;
    } else {
      return null;
    }
  }
  if (label === 0) return null;
  return raw.slice(0, end).toLowerCase();
}

/** `[::1]` or `[::1]:3000` -> the canonical bracketed form (`[0:0::1]` -> `[::1]`). */
function normaliseIpv6(raw: string): string | null {
  const close = raw.indexOf(']');
  if (close < 3 || close + 1 > MAX_IPV6_LITERAL) return null;
  for (let i = 1; i < close; i++) {
    const c = raw.charCodeAt(i);
    if (!isHex(c) && c !== COLON && c !== DOT) return null;
  }
  if (close + 1 < raw.length) {
    if (raw.charCodeAt(close + 1) !== COLON || !isPort(raw, close + 2)) return null;
  }
  // Only hex, colons and dots reach the URL parser, which validates and compresses.
  try {
    return new URL(`http://${raw.slice(0, close + 1)}/`).hostname;
  } catch {
    return null;
  }
}
