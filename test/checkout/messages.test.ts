// Every text of the spec, word for word (docs/spec.md sections 2, 5 and 8), read through the
// texts the English catalogue shapes, and one home for each: no source file outside the
// catalogues spells a message out again.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { en } from '../../checkout/i18n/catalogues/en.ts';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';

const {
  ACTIONS,
  ADDRESS_MESSAGES,
  AMOUNT_MESSAGES,
  BUYER_MESSAGES,
  CANCELLED_TEXT,
  CODE_MESSAGES,
  CONFIRM_TEXT,
  EMAIL_MESSAGES,
  FAILURE_TEXT,
  LEAVE_PROMPT,
  QUOTE_TEXT,
  TAB_LABELS,
  UNSUPPORTED_BROWSER,
  UPLOAD_MESSAGES,
  VOUCHER_MESSAGES,
} = DEFAULT_TEXTS;

t.test('section 2: screens, buttons, modals', async (t) => {
  t.strictSame(TAB_LABELS, { BUY: 'Buy Bitcoin', SELL: 'Sell Bitcoin', SPEND: 'Buy eGift Cards' });
  t.equal(ACTIONS.next, 'NEXT');
  t.equal(ACTIONS.pleaseWait, 'PLEASE WAIT');
  t.equal(ACTIONS.openPaymentPage, 'OPEN PAYMENT PAGE');
  t.equal(ACTIONS.done, 'Done');
  t.equal(ACTIONS.resendCode, 'Resend Code');
  t.equal(ACTIONS.acceptAndContinue, 'Accept & Continue');
  t.equal(ACTIONS.decline, 'Decline');
  t.equal(ACTIONS.tryAgain, 'Try Again');
  t.equal(ACTIONS.back, 'Back');
  t.equal(QUOTE_TEXT.noProcessingFees, 'NO PROCESSING FEES');
  t.equal(QUOTE_TEXT.chargedInUsd, 'Credit cards charged in USD');
  t.equal(QUOTE_TEXT.currentPriceQuote, 'Current Price Quote');
  t.equal(CONFIRM_TEXT.cryptoSent, 'Have you sent your crypto to our provided address?');
  t.equal(CONFIRM_TEXT.referenceNoted, 'Did you note down your Reference Number?');
  t.equal(CANCELLED_TEXT.title, 'Order not complete');
  t.match(CANCELLED_TEXT.body, 'bank account has not been charged');
  t.equal(LEAVE_PROMPT, 'Are you sure?');
  t.equal(
    UNSUPPORTED_BROWSER,
    "Unfortunately your browser isn't supported. We recommend updating to the latest versions of Chrome, Safari, or Firefox.",
  );
  t.equal(FAILURE_TEXT.referenceNotFound, 'Reference ID not found.');
});

t.test('issue 11: Pro, gift cards, cash, /proc, N/A', async (t) => {
  t.equal(DEFAULT_TEXTS.PRO_TEXT.heading, 'Higher limits, lower fees');
  t.equal(DEFAULT_TEXTS.PRO_TEXT.note, 'Interac E-transfer only, increased daily limit of $2,500 CAD and a reduced fee.');
  t.equal(DEFAULT_TEXTS.PRO_TEXT.verifying, 'Verifying');
  t.equal(DEFAULT_TEXTS.PRO_TEXT.gettingQuote, 'Getting quote');
  t.equal(AMOUNT_MESSAGES.greaterThan({ limit: '$100' }), 'Amount must be greater than $100.');
  t.equal(AMOUNT_MESSAGES.lessThan({ limit: '$3,000' }), 'Amount must be less than $3,000.');
  t.equal(FAILURE_TEXT.unavailable, 'Service Temporarily Unavailable. Please try again later.');
  t.equal(FAILURE_TEXT.giftCardRequote, 'Woops. Something went wrong. Please try again.');
  t.equal(DEFAULT_TEXTS.NOT_AVAILABLE, 'N/A');
  t.equal(DEFAULT_TEXTS.PROC_TEXT.processing, 'Processing');
  t.equal(DEFAULT_TEXTS.PROC_TEXT.done, 'Done');
});

t.test('section 5: validation messages', async (t) => {
  t.equal(AMOUNT_MESSAGES.greaterThan({ limit: '$20' }), 'Amount must be greater than $20.');
  t.equal(AMOUNT_MESSAGES.lessThan({ limit: 'BTC 0.5' }), 'Amount must be less than BTC 0.5.');
  t.equal(AMOUNT_MESSAGES.zero, 'Amount must be greater than zero.');
  t.equal(AMOUNT_MESSAGES.notANumber, 'Value must be a number.');
  t.equal(AMOUNT_MESSAGES.giftCardMissing, 'Gift card must be selected.');
  t.equal(AMOUNT_MESSAGES.methodNotFound, 'Payment method not found.');
  t.equal(AMOUNT_MESSAGES.giftCardAmount, 'Payment amount not valid for this gift card');
  t.equal(AMOUNT_MESSAGES.proMethod, 'Payment method must be Interac E-Transfer');
  t.equal(ADDRESS_MESSAGES.required({ coin: 'BTC' }), 'Your BTC address is required.');
  t.equal(ADDRESS_MESSAGES.invalid({ coin: 'LTC' }), 'This is not a valid LTC address.');
  t.equal(EMAIL_MESSAGES.emtRequired, 'Your email address is required.');
  t.equal(EMAIL_MESSAGES.emtInvalid, 'Please provide a valid email address.');
  t.equal(EMAIL_MESSAGES.buyerRequired, 'Email Address required');
  t.equal(EMAIL_MESSAGES.buyerInvalid, 'Invalid email address');
  t.equal(BUYER_MESSAGES.required({ label: 'First Name' }), 'First Name required');
  t.equal(BUYER_MESSAGES.tooShort({ label: 'Last Name' }), 'Last Name must be longer than 1 character');
  t.equal(BUYER_MESSAGES.mobileInvalid({ country: 'CA' }), 'Mobile must be a valid CA phone number');
  t.equal(BUYER_MESSAGES.quebec, 'The region of Quebec is not supported.');
  t.equal(BUYER_MESSAGES.monthInvalid, 'Month is invalid');
  t.equal(BUYER_MESSAGES.dayInvalid, 'Day is invalid');
  t.equal(BUYER_MESSAGES.yearInvalid, 'Year is invalid');
  t.equal(BUYER_MESSAGES.legalAge, 'Must be of legal age');
  t.equal(BUYER_MESSAGES.birthdayInvalid, 'Birthday is invalid');
  t.equal(BUYER_MESSAGES.provinceRequired, 'Province required');
  t.equal(BUYER_MESSAGES.stateRequired, 'State required');
  t.equal(CODE_MESSAGES.codeRequired, 'Please enter code sent to your email.');
  t.equal(CODE_MESSAGES.codeNotNumeric, 'Invalid code.  Code must be numeric.', 'two spaces');
  t.equal(VOUCHER_MESSAGES.required, 'Please enter your Flexepin Voucher.');
  t.equal(VOUCHER_MESSAGES.notNumeric, 'Flexepin Vouchers are numbers only.');
  t.equal(VOUCHER_MESSAGES.length, 'Flexepin Vouchers are a 16 digits.');
  t.equal(UPLOAD_MESSAGES.badType, "Only images and PDF's are allowed (jpg, gif, png, pdf)");
  t.equal(UPLOAD_MESSAGES.tooLarge('5.0'), 'File must be less than 4.5MB. Your file is 5.0MB.');
  t.equal(UPLOAD_MESSAGES.none, 'You must upload at least 1 file.');
  t.equal(UPLOAD_MESSAGES.alreadyUploaded, 'Documents already uploaded.');
  t.equal(UPLOAD_MESSAGES.typeMissing, 'Please select a document type from the dropdown menu for each file you are uploading.');
  t.equal(UPLOAD_MESSAGES.mobileInvalid, 'Mobile must be a valid phone number');
});

t.test('section 8: the error catalogue', async (t) => {
  t.equal(FAILURE_TEXT.redirectingHome, 'Redirecting to homepage in 5 seconds...');
  t.equal(FAILURE_TEXT.transactionCancelled, 'Transaction has been cancelled. Redirecting to homepage in 5 seconds...');
  t.equal(
    FAILURE_TEXT.paymentAlreadyInitiated,
    'Payment Instructions have already been initiated. Please contact our support if you feel this is a mistake.',
  );
  t.equal(
    FAILURE_TEXT.bankAlreadyInitiated,
    'Unable to proceed as bank transfer has already been initiated. Please contact customer support for further assistance.',
  );
  t.equal(VOUCHER_MESSAGES.alreadyUsed, 'This voucher has already been used.');
  t.equal(VOUCHER_MESSAGES.lostConnection, 'Lost connection.  Please try again.', 'two spaces');
  t.equal(FAILURE_TEXT.buyerInfo, 'Error saving your information.  Please try again.', 'two spaces');
  t.equal(FAILURE_TEXT.unavailable, 'Service Temporarily Unavailable. Please try again later.');
  t.equal(FAILURE_TEXT.bankNoResponse, 'Internal Server Error. Please contact support for further assistance.');
  t.equal(FAILURE_TEXT.giftCardRequote, 'Woops. Something went wrong. Please try again.');
  t.equal(FAILURE_TEXT.cardQuote, "It looks we're having issues. Our team has been notified. Please try again later.");
  t.equal(FAILURE_TEXT.copy, 'Error copying. Try copying manually.');
  t.equal(
    FAILURE_TEXT.bankPaymentFailed,
    'Unfortunately we were unable to complete your payment. Please contact your financial institution and try again.',
  );
});

/** Every text of the English catalogue with no value in it. */
const fixedTexts = Object.values(en).filter((text) => !text.includes('{'));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'sandbox' || entry.name === 'catalogues' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

t.test('one home: no other source file spells a message out', async (t) => {
  const root = new URL('../../', import.meta.url).pathname;
  // Short words (NEXT, Done, Yes) also appear in comments and names; sentences must not.
  const texts = fixedTexts.filter((text) => text.length >= 16);
  const files = ['ui', 'server', 'views', 'islands'].flatMap((dir) => sources(join(root, dir)));
  t.ok(texts.length > 40, `${texts.length} texts checked`);
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    for (const text of texts) if (code.includes(text)) t.fail(`${file.slice(root.length)} spells out "${text}"`);
  }
});
