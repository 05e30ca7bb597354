// The numbers of docs/spec.md section 9 (and the few of sections 2, 4 and 5 that are numbers),
// in one place so the server, the views and the islands never disagree.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

// ---------------------------------------------------------------- amounts

/** Pro flow: CAD, e-transfer only. */
export const PRO_MIN = 100;
export const PRO_MAX = 3000;
export const PRO_DEFAULT = 100;
/** Stated on the Pro page, enforced upstream. */
export const PRO_DAILY_LIMIT = 2500;
export const PRO_FIAT_CURRENCY = 'CAD';
/** The coins the Pro page offers. */
export const PRO_COINS = ['BTC', 'BCH', 'LTC', 'ETH'] as const;

/** inputForm defaults when a merchant configures nothing. */
export const DEFAULT_MIN_AMOUNT = 0;
export const DEFAULT_MAX_AMOUNT = 500;
export const DEFAULT_BUY_AMOUNT = 20;
export const DEFAULT_SELL_AMOUNT = 0.0015;

/** Step of the sell (crypto) amount input. */
export const CRYPTO_AMOUNT_STEP = 0.0001;
export const FIAT_DECIMALS = 2;
export const CRYPTO_DECIMALS = 8;
/** Fiat above this is shown without decimals. */
export const FIAT_NO_DECIMALS_ABOVE = 100_000;

// ---------------------------------------------------------------- timers and delays

/** Rate hold when the quote carries no txnValidUntil. */
export const QUOTE_TIMER_DEFAULT_MS = 10 * MINUTE;
export const REDIRECT_HOME_DELAY_MS = 5 * SECOND;
export const REDIRECT_SUCCESS_DELAY_MS = 0;
export const TOAST_MS = 3 * SECOND;
/** Quote failures without a message: general flow, then Pro flow. */
export const QUOTE_RETRY = { intervalMs: 5 * SECOND, attempts: 5 } as const;
export const PRO_QUOTE_RETRY = { intervalMs: 2 * SECOND, attempts: 3 } as const;
/** Retries of the HTTP client (never on 503). */
export const HTTP_MAX_RETRIES = 3;
/** Payment-spend status polling: 2 s apart, at most 2 more times. */
export const STATUS_POLL = { intervalMs: 2 * SECOND, retries: 2 } as const;
/**
 * A payment page watching its order while it is looked at: a payment made where the page
 * cannot see (a tab, another device, a popup cut off from it) still moves the page on.
 */
export const ORDER_WATCH_INTERVAL_MS = 5 * SECOND;
/** Identity iframe: the result message appears after this delay. */
export const VERIFICATION_MESSAGE_DELAY_MS = 5 * SECOND;
export const CONSENT_FADE_MS = 1 * SECOND;
/** Camera screen: offer the upload link after this delay. */
export const CAMERA_FALLBACK_MS = 5 * SECOND;

// ---------------------------------------------------------------- codes and identity

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_VALIDITY_MS = 10 * MINUTE;
export const VOUCHER_LENGTH = 16;
export const LEGAL_AGE = 18;
export const BIRTH_YEAR_MIN = 1900;
/**
 * Postal code length after removing spaces. CA and AU are the spec's; PH (ZIP codes) and ID
 * (kode pos) are the checkout's own, as those countries number them.
 */
export const POSTAL_CODE_LENGTH = { CA: 6, AU: 4, PH: 4, ID: 5 } as const;

// ---------------------------------------------------------------- forms

/**
 * A form field's name and value as sent (URL-encoded): longer ones are left out undecoded and
 * the visitor told the field is too long. Every field of the checkout is far shorter.
 */
export const FORM_FIELD_MAX_BYTES = 4096;

// ---------------------------------------------------------------- uploads and popups

export const UPLOAD_MAX_BYTES = 4_900_000;
/** What the messages call UPLOAD_MAX_BYTES (the spec's label, kept as is). */
export const UPLOAD_MAX_LABEL = '4.5MB';
export const UPLOAD_EXTENSIONS = ['jpeg', 'jpe', 'jpg', 'gif', 'png', 'pdf'] as const;
/** The file inputs' accept attribute: the allowed extensions. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(',');
/** An image declaring more than this per side is refused from its header, before decoding. */
export const UPLOAD_MAX_IMAGE_SIDE = 10_000;
/** An upload form's whole body: the file, its few fields and the multipart framing around them. */
export const UPLOAD_BODY_MAX_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;
/** An upload announced past this is refused at its headers with the edge's own page: not even its size is worth saying. */
export const UPLOAD_ANNOUNCED_MAX_BYTES = 64 * 1024 * 1024;
/** Uploads the edge holds in memory at once; past it: 503 with Retry-After. */
export const UPLOAD_CONCURRENCY = 8;
export const UPLOAD_RETRY_AFTER_S = 30;
/** E-transfer payment popup: centred, at most this size or this share of the window. */
export const PAYMENT_POPUP = { maxWidth: 900, maxHeight: 760, windowFraction: 0.8 } as const;

// ---------------------------------------------------------------- cash-in map

export const METRES_PER_MILE = 1609.344;
export const MAP_DEFAULTS = {
  /** Manila. */
  center: { lat: 14.5995, lng: 120.9842 },
  zoom: 10,
  radiusMiles: 100,
} as const;

// ---------------------------------------------------------------- promises made in copy

export const PAYMENT_DEADLINE_MS = 1 * HOUR; // e-transfer and bank transfer
export const REVIEW_MAX_MS = 12 * HOUR;
export const PAYMENT_EMAIL_MAX_MS = 1 * HOUR;
export const VOUCHER_DELIVERY_MAX_MS = 12 * HOUR;
export const CASH_PAYMENT_EXPIRY_MS = 12 * HOUR;

// ---------------------------------------------------------------- the order summary in the flow cookie

/** Longer values are left out of the cookie (a browser drops a cookie over 4 KB). */
export const SUMMARY_ADDRESS_MAX = 128;
export const SUMMARY_EMAIL_MAX = 254;

// ---------------------------------------------------------------- ticker

/** The server renders the ticker, and answers the island's ticker call, from an answer at most this old, per merchant. */
export const TICKER_CACHE_MS = 5 * SECOND;
/** The home page waits at most this long for the ticker before rendering without its rows. */
export const TICKER_WAIT_MS = 300;
/** The Ticker island asks again this often. */
export const TICKER_REFRESH_MS = 30 * SECOND;

/**
 * The largest upstream body the edge reads (pages and /api alike): every answer of the
 * contract is a few KiB, a QR image a few more. API_BODY_MAX_BYTES overrides it.
 */
export const UPSTREAM_BODY_MAX_BYTES = 1024 * 1024;
