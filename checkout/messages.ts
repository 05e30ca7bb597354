// Every text a visitor can read that the spec words (docs/spec.md sections 2, 4, 5 and 8), and the
// checkout's own messages beside them, in one place: the validators, the failure table, the
// views and the islands all import from here, so the word-for-word test is one file
// (test/checkout/messages.test.ts). Texts the spec quotes keep its spelling and spacing,
// double spaces included. Pure and isomorphic: no imports but the limits they quote.
import type { Country } from './domain.ts';
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

/** The way home from a page where the order cannot go on (not in the spec). */
export const BACK_TO_START = 'Back to the start';

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
  /** Not in the spec: the line under `invalid` on TEST and DEV hosts, which run on the test networks. */
  testNetworkOnly: (coin: string) => `This is a test site: it takes ${coin} test-network (testnet) addresses only.`,
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

/** The address fields' labels, which follow the buyer's country (checkout/address/). Not in the spec but Province and State. */
export const ADDRESS_LABELS = {
  province: 'Province',
  state: 'State',
  postalCode: 'Postal code',
  postcode: 'Postcode',
  zipCode: 'ZIP code',
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
  redeem: 'Redeem voucher',
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

/** A payment page that opens the provider's page (screen 9), beyond the buttons the spec names (ACTIONS). Not in the spec. */
export const PAYMENT_PAGE_TEXT = {
  /** After I HAVE PAID, while the payment has not arrived. */
  notReceived: 'We have not received your payment yet. Complete it on the payment page, then check again.',
  /** While the payment window is open: nothing to press, nothing to fear. */
  payInWindow: 'Pay in the window that opened. This page moves on by itself once your payment arrives.',
  /** The browser gave the page no window to watch (a blocked popup): the link opened a tab. */
  payInTab: 'Pay in the tab that opened, then come back here. This page moves on once your payment arrives.',
} as const;

/** The card quote and the card provider's frame (not in the spec, except where QUOTE_TEXT and FAILURE_TEXT say). */
export const CARD_TEXT = {
  quoteTitle: 'Your card quote',
  payTitle: 'Pay by card',
  youPay: 'You pay',
  /** What the card is charged, in the provider's currency, and the order it stands for. */
  charge: (charge: string, order: string) => `${charge} (for ${order})`,
  currentPrice: 'The current price: a card quote is not held, so it is the price when you pay.',
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

/**
 * The photo IDs a buyer of each country can show (not in the spec): the selfie instructions
 * name them, and the cash payment page lists the Philippines' as the IDs a centre accepts.
 */
export const PHOTO_IDS: Record<Country, readonly string[]> = {
  CA: ["Driver's licence", 'Passport', 'Provincial or territorial photo ID card'],
  AU: ['Driver licence', 'Passport', 'Proof of age or photo card'],
  PH: [
    'Philippine passport',
    "Driver's license (LTO)",
    'PhilSys National ID',
    'UMID',
    'SSS or GSIS ID',
    'PRC ID',
    'Postal ID',
    "Voter's ID",
  ],
  ID: ['KTP (identity card)', 'Passport', 'SIM (driving licence)'],
};

/** What the selfie with photo ID must show (screens 12 and 13; the spec lists them by country). */
export const SELFIE_TEXT = {
  holdId: 'Hold one of these photo IDs next to your face:',
  wholeFace: "Your whole face and the whole ID must be in the picture, with the ID's photo and text readable.",
  light: 'Take it in good light, without a hat or sunglasses.',
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
  /** Under the quote's figures, how its fee stands (FEE_IN): the spend's is on top of the card's value. */
  feesStand: {
    included: 'All fees included.',
    deducted: 'All fees are taken from your payout.',
    added: 'The fee is added to the card value: the crypto you send pays for both.',
  },
  noProcessingFees: 'NO PROCESSING FEES',
  chargedInUsd: 'Credit cards charged in USD',
  // Not in the spec: the quote's working (checkout/money.ts).
  amountToSpend: 'Amount to spend',
  amountToSend: 'Amount to send',
  converted: 'Converted at the rate',
  coinsValue: 'Value at the rate',
  /** A card order: what the card is charged, in the provider's currency, and the order it stands for. */
  charged: (charge: string, order: string) => `Your card is charged ${charge} for this ${order} order.`,
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
  copyAddress: 'Copy address',
  copy: 'Copy',
  /** The accessible name of a small Copy button: what it copies. */
  copyOf: (what: string) => `Copy ${what}`,
} as const;

/**
 * The in-review, success and deposit pages (screen 20, screen 17): what happens next, in the
 * words of the order's payment method (its module in server/methods/ picks them). Durations
 * come as text ("12 hours"), from the promises of docs/spec.md section 9.
 */
export const RECEIPT_TEXT = {
  thankYou: 'Thank you!',
  inReviewTitle: 'Order in review',
  inReview: (within: string) => `Your order is being reviewed. A review may take up to ${within}.`,
  afterApproval: {
    paymentInstructions: (emailWithin: string, payWithin: string) =>
      `Once it is approved, we will email you the payment instructions within ${emailWithin}. Your payment must arrive within ${payWithin} of the instructions.`,
    coinsWithin: (coin: string, within: string) =>
      `Once it is approved, your ${coin} will be delivered to your receiving address within ${within}.`,
    cashDetails: (expiry: string) =>
      `Once it is approved, we will email you your payment details. Cash payments expire after ${expiry}.`,
    coinsSent: (coin: string) => `Once it is approved, your ${coin} will be sent to your receiving address.`,
    depositAddress: (coin: string, within: string) =>
      `Once it is approved, we will email you the address to send your ${coin} to within ${within}.`,
    emailed: 'We will email you once it is approved.',
  },
  successTitle: 'Order complete',
  complete: 'Your order is complete.',
  delivery: {
    coinsWithin: (coin: string, within: string) => `Your ${coin} will be delivered to your receiving address within ${within}.`,
    coins: (coin: string) => `Your ${coin} is on its way to your receiving address.`,
    payout: 'Your Interac e-Transfer payout is on its way to your email.',
    giftCard: 'Your eGift card is on its way to your email.',
  },
  onDeposit: {
    payout: 'We will send your payout as soon as your crypto arrives.',
    giftCard: 'We will email your eGift card as soon as your crypto arrives.',
  },
  /** The deposit page: what the crypto buys, and by when (the payment email's promise, docs/spec.md section 9). */
  youGet: {
    payout: (amount: string, within: string) =>
      `You get ${amount} by Interac e-Transfer to your payout email, sent within ${within} of your crypto arriving.`,
    giftCard: (amount: string, within: string, card = 'eGift card') =>
      `You get a ${amount} ${card}, emailed within ${within} of your crypto arriving.`,
  },
  /** Shown when the deposit page's status checks stop before the address is known. */
  received: (onDeposit: string) => `We have received your order. ${onDeposit}`,
  /** Under Done, on a page whose order is not paid yet: where Done goes, and that it does not pay. */
  doneLeaves: (site: string) => `Done closes this checkout and takes you back to ${site}. It does not pay for your order.`,
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

/** The footers (views/layout/Footer.tsx): the built-in one, and the one line of a step of an order. Not in the spec. */
export const FOOTER_TEXT = {
  label: 'Footer',
  product: 'Product',
  company: 'Company',
  support: 'Support',
  legal: 'Legal',
  buyCrypto: 'Buy crypto',
  about: (merchantName: string) => `About ${merchantName}`,
  helpCentre: 'Help centre',
} as const;

/**
 * Every page's meta description: the merchant's title and what the page is for. Only home
 * and the legal pages are for search engines (server/http/robots.ts); the steps of an
 * order still say what they are. Not in the spec.
 */
export const META_TEXT = {
  home: (merchantTitle: string, kinds: readonly string[], coins: readonly string[]) =>
    kinds.length === 0
      ? `${merchantTitle}: crypto checkout.`
      : `${merchantTitle}: ${list(
          kinds.map((kind) => KIND_VERBS[kind] ?? kind),
          'disjunction',
        )} ${list(coins)} online, in a few steps.`,
  legal: (merchantTitle: string, pageTitle: string) => `The ${pageTitle} of ${merchantTitle}.`,
  page: (merchantTitle: string, pageTitle: string) => `${pageTitle.replace(/[.!?…]+$/, '')} — your order at ${merchantTitle}.`,
} as const;

const KIND_VERBS: Readonly<Record<string, string>> = { BUY: 'buy', SELL: 'sell', SPEND: 'spend' };

/** "a, b and c" (or "a, b or c"). */
function list(items: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return new Intl.ListFormat('en', { style: 'long', type }).format(items);
}

/** "Unknown payment method or subtype name: shows N/A" (docs/spec.md section 8). */
export const NOT_AVAILABLE = 'N/A';

/** The gift-card amount picker (screen 16). Not in the spec, which names the parts only. */
export const SPEND_QUOTE_TEXT = {
  title: 'Choose your eGift card amount',
  amountLegend: 'Card amount',
  terms: 'Terms and conditions',
  website: 'Website',
  faq: 'FAQ',
  /** Above the figures of a newly chosen amount: the upstream has quoted it, nothing is confirmed yet. */
  requoted: `These figures are for the amount you just chose. Press ${ACTIONS.next} to confirm them.`,
} as const;

/** The cash payment pages (screen 18). Not in the spec beyond the confirm question. */
export const OTC_TEXT = {
  title: 'Pay cash at a payment centre',
  referenceLabel: 'Reference Number',
  copyReference: 'Copy reference number',
  amountLabel: 'Amount to pay',
  deadlineLabel: 'Pay by',
  /** The deadline as Manila's clock and calendar show it: '4:00 PM' on 'Monday, November 23, 2026'. */
  deadline: (time: string, date: string) => `${time} on ${date} (Manila time)`,
  expiry: (hours: string) => `You have ${hours} from your order to pay. After that the order expires.`,
  validIdsHeading: 'Bring one valid ID',
  validIds: PHOTO_IDS.PH,
  mapLink: 'Find a payment centre near you',
  noted: 'I have noted it',
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
  /** radius: the spec's 100 miles, in kilometres ("161 km"). */
  intro: (radius: string) => `Pay for your order in cash at any of these payment centres within ${radius} of Manila.`,
  openNow: 'Open now',
  closed: 'Closed now',
  allDay: 'Open 24 hours',
  mapNote: 'The map needs JavaScript; every centre is listed below.',
  noCentres: 'There are no payment centres in this area yet.',
  back: 'Back to my order',
  home: 'Back to the home page',
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

/** The order summary (checkout/order.ts). Not in the spec. */
export const SUMMARY_TEXT = {
  title: 'Your order',
  total: 'Order total',
  youReceive: 'You receive',
  cryptoAmount: 'Crypto amount',
  youSend: 'You send',
  address: 'Receiving address',
  reference: 'Reference ID',
  /** The fee, by how it stands in the order (checkout/order.ts FEE_IN). */
  fee: { included: 'Fee (included)', deducted: 'Fee (deducted)', added: 'Fee (added)' },
  rate: 'Exchange rate',
  payoutEmail: 'Payout email',
  giftCardValue: 'eGift card value',
} as const;

/** The step indicator (checkout/progress.ts). Not in the spec. */
export const STEP_TEXT = {
  label: 'Progress',
  of: (n: number, total: number, name: string) => `Step ${n} of ${total}: ${name}`,
  names: { quote: 'Quote', details: 'Details', verify: 'Verify', pay: 'Pay', send: 'Send crypto', payout: 'Payout' },
} as const;

/** The deposit page (screen 17): its confirm button, and what it shows while the server still checks for the address without JavaScript. Not in the spec. */
export const DEPOSIT_TEXT = {
  waiting: 'Waiting for the deposit address…',
  sent: 'I have sent my crypto',
  result: 'Deposit address',
} as const;

/** The amount form's own texts, given to its island in its props. */
export const AMOUNT_FORM_TEXT = {
  next: ACTIONS.next,
  pleaseWait: ACTIONS.pleaseWait,
  ...ESTIMATE_TEXT,
} as const;
