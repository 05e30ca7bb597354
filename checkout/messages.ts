// Every text a visitor can read that the spec words (docs/spec.md sections 2, 4, 5 and 8), and the
// checkout's own messages beside them, in one place: the validators, the failure table, the
// views and the islands all import from here, so the word-for-word test is one file
// (test/checkout/messages.test.ts). Texts the spec quotes keep its spelling and spacing,
// double spaces included. Pure and isomorphic: no imports but the limits they quote.
import { UPLOAD_MAX_LABEL, VERIFICATION_CODE_LENGTH, VERIFICATION_CODE_VALIDITY_MS } from './limits.ts';

/** Buttons and links the spec names. */
export const ACTIONS = {
  next: 'NEXT',
  pleaseWait: 'PLEASE WAIT',
  openPaymentPage: 'OPEN PAYMENT PAGE',
  iHavePaid: 'I HAVE PAID',
  done: 'Done',
  resendCode: 'Resend Code',
  acceptAndContinue: 'Accept & Continue',
  decline: 'Decline',
  tryAgain: 'Try Again',
  back: 'Back',
  close: 'Close',
  yes: 'Yes',
  no: 'No',
} as const;

/** The amount screen's tabs (docs/spec.md section 2, screen 1). */
export const TAB_LABELS = {
  BUY: 'Buy Bitcoin',
  SELL: 'Sell Bitcoin',
  SPEND: 'Buy eGift Cards',
} as const;

export const AMOUNT_MESSAGES = {
  greaterThan: (limit: string) => `Amount must be greater than ${limit}.`,
  lessThan: (limit: string) => `Amount must be less than ${limit}.`,
  zero: 'Amount must be greater than zero.',
  notANumber: 'Value must be a number.',
  giftCardMissing: 'Gift card must be selected.',
  methodNotFound: 'Payment method not found.',
  giftCardAmount: 'Payment amount not valid for this gift card',
  proMethod: 'Payment method must be Interac E-Transfer',
  // Not in the spec: the views never offer these values, so only tampered forms see them.
  kindNotAllowed: 'Transaction type not supported.',
  fiatNotSupported: 'Currency not supported.',
  coinNotSupported: 'Cryptocurrency not supported.',
} as const;

export const ADDRESS_MESSAGES = {
  required: (coin: string) => `Your ${coin} address is required.`,
  invalid: (coin: string) => `This is not a valid ${coin} address.`,
} as const;

export const EMAIL_MESSAGES = {
  emtRequired: 'Your email address is required.',
  emtInvalid: 'Please provide a valid email address.',
  buyerRequired: 'Email Address required',
  buyerInvalid: 'Invalid email address',
} as const;

export const BUYER_MESSAGES = {
  required: (label: string) => `${label} required`,
  tooShort: (label: string) => `${label} must be longer than 1 character`,
  // Not in the spec: the upstream caps lengths (contract.ts), so say so before it refuses.
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or fewer`,
  mobileInvalid: (country: string) => `Mobile must be a valid ${country} phone number`,
  quebec: 'The region of Quebec is not supported.',
  birthdayInvalid: 'Birthday is invalid',
  monthInvalid: 'Month is invalid',
  dayInvalid: 'Day is invalid',
  yearInvalid: 'Year is invalid',
  legalAge: 'Must be of legal age',
  provinceRequired: 'Province required',
  stateRequired: 'State required',
  postalRequired: 'Postal code required',
  // Not in the spec, which gives the lengths only.
  postalInvalid: 'Postal code is invalid',
} as const;

export const CODE_MESSAGES = {
  codeRequired: 'Please enter code sent to your email.',
  codeNotNumeric: 'Invalid code.  Code must be numeric.',
  // Not in the spec, which only says "6 digits".
  codeLength: `Code must be ${VERIFICATION_CODE_LENGTH} digits.`,
  /** After Resend Code. Not in the spec. */
  codeSent: 'A new code is on its way. Check your email.',
} as const;

export const VOUCHER_MESSAGES = {
  required: 'Please enter your Flexepin Voucher.',
  notNumeric: 'Flexepin Vouchers are numbers only.',
  length: 'Flexepin Vouchers are a 16 digits.',
  alreadyUsed: 'This voucher has already been used.',
  lostConnection: 'Lost connection.  Please try again.',
} as const;

/** Screen 10 and the new-quote modal (docs/spec.md sections 2 and 8); the spec words none of these. */
export const VOUCHER_TEXT = {
  title: 'Redeem your Flexepin voucher',
  label: 'Voucher number',
  hint: 'The 16 digits printed on your voucher.',
  singleUse: 'Vouchers are single-use: once redeemed, a voucher cannot be used again, even for part of its value.',
  redeem: 'REDEEM VOUCHER',
  redeeming: 'Redeeming your voucher; the rate hold is paused.',
  mismatch: "Your voucher's stored value does not match the quote.",
  storedValue: (amount: string) => `Your voucher is worth ${amount}.`,
  updateQuote: 'Would you like to update your quote to this amount? Your voucher is then redeemed at the new quote.',
  updateYes: 'Yes, update my quote',
} as const;

/** Screen 19: bank choice and the bank payment page (not in the spec). */
export const BANK_TEXT = {
  selectTitle: 'Choose your bank',
  selectIntro: 'Pick the bank you will pay from. You will approve the payment on its page.',
  poliTitle: 'Pay by bank transfer',
  poliIntro: 'You will be taken to your bank to approve the payment of the order total.',
  proceed: 'Proceed',
  deadline: (window: string) => `Your payment must arrive within ${window}.`,
  notOffered: 'Please choose one of the banks shown.',
} as const;

/** A payment address from the upstream that the checkout will not follow (not in the spec). */
export const PAYMENT_REFUSED_TEXT = {
  title: 'We could not open the payment page',
  body: 'The payment page we were given is not one we can send you to safely, so we stopped here. Nothing has been charged by this step. Please contact support with this reference.',
  reference: 'Support reference:',
} as const;

/** The card quote and the card provider's frame (not in the spec, except where QUOTE_TEXT and FAILURE_TEXT say). */
export const CARD_TEXT = {
  quoteTitle: 'Your card quote',
  payTitle: 'Pay by card',
  youPay: 'You pay',
  youReceive: 'You receive',
  fee: 'Card processing fee',
  extraFee: 'Network fee',
  residency: 'I am a resident of Canada',
  residencyRequired: 'Card payments are available to residents of Canada only.',
  unavailable: 'Card payments are not available right now. Please choose another payment method.',
  frameTitle: 'Card payment form',
  paidLink: 'I have completed my card payment',
  notReceived: 'We have not received your card payment yet. Complete it in the form above, then check again.',
  declined: 'Your card was declined and nothing was charged. Please try again or use another card.',
} as const;

/** Not in the spec: it gives the rule (month 1-12, year not before this year) only. */
export const CARD_MESSAGES = {
  expiryMonthInvalid: 'Expiry month is invalid.',
  expiryYearInvalid: 'Expiry year is invalid.',
  cardExpired: 'This card has expired.',
} as const;

export const UPLOAD_MESSAGES = {
  badType: "Only images and PDF's are allowed (jpg, gif, png, pdf)",
  /** x: the size in millions of bytes, 1 decimal (5,000,000 bytes -> '5.0'). */
  tooLarge: (x: string) => `File must be less than ${UPLOAD_MAX_LABEL}. Your file is ${x}MB.`,
  none: 'You must upload at least 1 file.',
  typeMissing: 'Please select a document type from the dropdown menu for each file you are uploading.',
  alreadyUploaded: 'Documents already uploaded.',
  mobileInvalid: 'Mobile must be a valid phone number',
  // Not in the spec.
  oneFileOnly: 'Please upload only 1 file.',
  unreadable: 'This file could not be read.',
  nameTooLong: 'File name is too long.',
  dimensionsTooLarge: 'This image is too large for us to check. Please send a picture of at most 10,000 pixels a side.',
  busy: 'Many uploads are under way right now. Please try again in a minute.',
  unfinished: 'The upload did not finish. Please try again.',
  complete: 'Your documents were uploaded. We will contact you shortly to complete your order.',
} as const;

/** Screens 11-15 and the audio step (docs/spec.md section 4 quotes the two verification outcomes). */
export const IDENTITY_TEXT = {
  approved: 'Thank you! Your verification is complete. We will contact you shortly to complete your order.',
  failed:
    'Verification unsuccessful. Unfortunately your identify verification has failed. Please contact us if you feel this is a mistake.',
  // Not in the spec.
  frameUnavailable: 'Identity verification is not available right now. Please contact us to complete your order.',
  cameraDenied: 'Camera access was refused. Allow the camera in your browser settings, or upload a picture instead.',
  cameraMissing: 'No camera was found on this device. Please upload a picture instead.',
  cameraBusy: 'The camera is in use by another application. Close it and try again, or upload a picture instead.',
  cameraFailed: 'The camera could not be started. Please upload a picture instead.',
  proofOfAddress: 'A bank statement or utility bill used as proof of address must be no older than 3 months.',
} as const;

/** The rate hold (docs/spec.md sections 2 and 4) and the quote screen. */
export const QUOTE_TEXT = {
  currentPriceQuote: 'Current Price Quote',
  heldUntil: 'Rate held until',
  heldFor: 'Rate held for',
  expired: 'Your price quote has expired.',
  newQuote: 'Here is a new quote at the current rate:',
  gettingNewQuote: 'Getting a new quote…',
  acceptWithoutJs: 'Accept & Continue to get a new quote at the current rate, or Decline to start over.',
  requoteFailed: 'We could not get a new quote. Please try again.',
  feesIncluded: 'All fees included.',
  noProcessingFees: 'NO PROCESSING FEES',
  chargedInUsd: 'Credit cards charged in USD',
} as const;

/** docs/spec.md section 8, and the checkout's own words for failures the spec leaves open. */
export const FAILURE_TEXT = {
  /** Appended to SYSTEM on a requote. */
  redirectingHome: 'Redirecting to homepage in 5 seconds...',
  /** Appended to MOBILE.INVALIDATTEMPT.REACHED. */
  transactionCancelled: 'Transaction has been cancelled. Redirecting to homepage in 5 seconds...',
  paymentAlreadyInitiated:
    'Payment Instructions have already been initiated. Please contact our support if you feel this is a mistake.',
  bankAlreadyInitiated:
    'Unable to proceed as bank transfer has already been initiated. Please contact customer support for further assistance.',
  bankNoResponse: 'Internal Server Error. Please contact support for further assistance.',
  bankPaymentFailed:
    'Unfortunately we were unable to complete your payment. Please contact your financial institution and try again.',
  buyerInfo: 'Error saving your information.  Please try again.',
  unavailable: 'Service Temporarily Unavailable. Please try again later.',
  giftCardRequote: 'Woops. Something went wrong. Please try again.',
  cardQuote: "It looks we're having issues. Our team has been notified. Please try again later.",
  copy: 'Error copying. Try copying manually.',
  referenceNotFound: 'Reference ID not found.',
  // Not in the spec.
  generic: 'Something went wrong. Please try again.',
  /** TRANSACTION.INVALID: a refId link to a transaction that is no longer PENDING. */
  transactionInvalid: 'This transaction can no longer be changed. Please start a new order.',
  /** The upstream named a next step this checkout does not know (logged). */
  cannotContinue: 'Your order could not continue from here. Please contact us with your Reference ID.',
} as const;

/** The unsupported-browser modal (docs/spec.md section 2). */
export const UNSUPPORTED_BROWSER =
  "Unfortunately your browser isn't supported. We recommend updating to the latest versions of Chrome, Safari, or Firefox.";

/** The leave-page confirmation; browsers word the prompt themselves, this is its returnValue. */
export const LEAVE_PROMPT = 'Are you sure?';

/** Confirm modals of the payment pages (docs/spec.md section 2, screens 17 and 18). */
export const CONFIRM_TEXT = {
  cryptoSent: 'Have you sent your crypto to our provided address?',
  referenceNoted: 'Did you note down your Reference Number?',
} as const;

export const COPY_TEXT = {
  copied: 'Copied to the clipboard.',
  copyAddress: 'COPY ADDRESS',
  copy: 'Copy',
  /** The accessible name of a small Copy button: what it copies. */
  copyOf: (what: string) => `Copy ${what}`,
} as const;

/** The cancelled page (docs/spec.md section 2, screen 20). */
export const CANCELLED_TEXT = {
  title: 'Order not complete',
  body: 'Your order was cancelled and your bank account has not been charged.',
} as const;

/** A step the upstream sent the visitor to that is not online yet. */
export const STEP_UNAVAILABLE_TEXT = {
  title: "This step isn't available online yet",
  body: 'Your order is saved. Please contact us and we will help you complete it.',
} as const;

/** "Unknown payment method or subtype name: shows N/A" (docs/spec.md section 8). */
export const NOT_AVAILABLE = 'N/A';

/** The gift-card amount picker (screen 16). Not in the spec, which names the parts only. */
export const SPEND_QUOTE_TEXT = {
  title: 'Choose your eGift card amount',
  amountLegend: 'Card amount',
  youSend: 'You send',
  fee: 'Fee (included)',
  terms: 'Terms and conditions',
  website: 'Website',
  faq: 'FAQ',
} as const;

/** The cash payment pages (screen 18). Not in the spec beyond the confirm question. */
export const OTC_TEXT = {
  title: 'Pay cash at a payment centre',
  referenceLabel: 'Reference Number',
  copyReference: 'COPY REFERENCE NUMBER',
  expiry: (hours: string, until: string) => `Pay within ${hours}, by ${until} (Manila time). After that the order expires.`,
  validIdsHeading: 'Bring one valid ID',
  validIds: [
    'Philippine passport',
    "Driver's license (LTO)",
    'PhilSys National ID',
    'UMID',
    'SSS or GSIS ID',
    'PRC ID',
    'Postal ID',
    "Voter's ID",
  ],
  mapLink: 'Find a payment centre near you',
  noted: 'I HAVE NOTED IT',
  successTitle: 'Thank you!',
  successBody: 'Pay the amount in cash at any partner payment centre and give them your Reference Number.',
  successNext: 'Once the centre confirms your payment we send your crypto to your receiving address and email you.',
} as const;

/** Pro entry (docs/spec.md screen 3). */
export const PRO_TEXT = {
  heading: 'Higher limits, lower fees',
  note: 'Interac E-transfer only, increased daily limit of $2,500 CAD and a reduced fee.',
  verifying: 'Verifying',
  gettingQuote: 'Getting quote',
  // Not in the spec.
  fee: 'Your Pro fee',
} as const;

/** /proc/{procid} (docs/spec.md section 2): "Processing then Done". */
export const PROC_TEXT = {
  title: 'Processing',
  processing: 'Processing',
  done: 'Done',
  // Not in the spec.
  result: 'Result',
  failed: 'We could not complete this request. Please try again later.',
  badQuery: 'This link is not valid.',
} as const;

/** The cash-in map (screen 21). Not in the spec, which names the parts only. */
export const CASH_IN_TEXT = {
  title: 'Cash-in locations',
  intro: 'Pay for your order in cash at any of these payment centres within 100 miles of Manila.',
  openNow: 'Open now',
  closed: 'Closed now',
  allDay: 'Open 24 hours',
  mapNote: 'The map needs JavaScript; every centre is listed below.',
  noCentres: 'There are no payment centres in this area yet.',
  back: 'Back to my order',
} as const;

/**
 * Resuming an order by its Reference ID (/state/{refId}, ?refId=): the order is shown and
 * the visitor confirms it is theirs before it becomes their flow. Not in the spec, which
 * resumed at once: a link sent by someone else would have had the visitor pay for their order.
 */
export const RESUME_TEXT = {
  title: 'Is this your order?',
  intro: 'This link opens an order that was already started. Continue only if you started it yourself.',
  warning: 'If someone sent you this link, do not continue: you would be paying for their order.',
  amount: 'Amount',
  coin: 'Coin',
  receivingAddress: 'Receiving crypto address',
  payoutEmail: 'Payout email',
  created: 'Created',
  reference: 'Reference ID',
  confirm: 'Yes, this is my order',
  notMine: 'No, this is not my order',
  expired: 'This page was open too long. Please confirm again.',
} as const;

/** A rate limit reached (429). Not in the spec. */
export const RATE_LIMIT_TEXT = {
  tryAgainIn: (seconds: number): string => {
    const [count, unit] = seconds > 90 ? [Math.ceil(seconds / 60), 'minute'] : [Math.max(1, seconds), 'second'];
    return `Too many attempts from your connection. Please try again in ${count} ${unit}${count === 1 ? '' : 's'}.`;
  },
} as const;

/** The edge's own refusals and the error page around them. Not in the spec. */
export const ERROR_TEXT = {
  hostInvalid: 'The Host header is not valid.',
  hostUnknown: 'There is no checkout at this address.',
  crossSite: 'This form must be sent from the checkout page itself.',
  notFound: 'Not found.',
  draining: 'Shutting down, please retry.',
  unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  invalid: 'The request could not be understood.',
  forbidden: 'This request is not allowed.',
  timeout: 'The request took too long to arrive.',
  tooLarge: 'What you sent is too large.',
  headersTooLarge: 'The request headers are too large.',
  unsupported: 'This kind of content is not accepted.',
  refusedTitle: 'Sorry',
  failedTitle: 'Something went wrong',
  backToStart: 'Back to the start',
} as const;

/** The home page around its form. Not in the spec. */
export const HOME_TEXT = {
  heading: 'Buy and sell crypto',
  unavailableTitle: 'Checkout unavailable',
  unavailableBody: 'This checkout is not taking new orders right now. Please come back later.',
} as const;

/** The home form's price estimate (apart from HOME_TEXT: the island ships only these). Not in the spec. */
export const ESTIMATE_TEXT = {
  currentPrice: 'Current price',
  receiveAbout: 'You receive about',
  note: 'An estimate: the quote on the next screen is the price that counts.',
} as const;

/** The buyer-info screen says where the code goes before the visitor submits (screens 7 and 8). */
export const BUYER_TEXT = {
  codeByEmail: `We will email a ${VERIFICATION_CODE_LENGTH}-digit code to this address to confirm it. The code is valid for ${VERIFICATION_CODE_VALIDITY_MS / 60_000} minutes.`,
} as const;

/** The order summary (checkout/order-summary.ts). Not in the spec. */
export const SUMMARY_TEXT = {
  title: 'Your order',
  total: 'Order total',
  youReceive: 'You receive',
  cryptoAmount: 'Crypto amount',
  youSend: 'You send',
  address: 'Receiving address',
  reference: 'Reference ID',
  fee: 'Fee (included)',
  payoutEmail: 'Payout email',
  giftCardValue: 'eGift card value',
} as const;

/** The step indicator (checkout/progress.ts). Not in the spec. */
export const STEP_TEXT = {
  label: 'Progress',
  of: (n: number, total: number, name: string) => `Step ${n} of ${total}: ${name}`,
  names: { quote: 'Quote', details: 'Details', verify: 'Verify', pay: 'Pay', send: 'Send crypto', payout: 'Payout' },
} as const;

/** The deposit page while the server still checks for the address (screen 17, without JavaScript). Not in the spec. */
export const DEPOSIT_TEXT = {
  waiting: 'Waiting for the deposit address…',
  result: 'Deposit address',
} as const;

/** The amount form's own texts, given to its island in its props. */
export const AMOUNT_FORM_TEXT = {
  next: ACTIONS.next,
  pleaseWait: ACTIONS.pleaseWait,
  ...ESTIMATE_TEXT,
} as const;
