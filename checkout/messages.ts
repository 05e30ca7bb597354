// Every text a visitor can read, in the page's language. The texts, their keys, values and
// groups come from the catalogues (checkout/i18n/catalogues/, ICU MessageFormat), whose
// English one is the single source of their shape (checkout/i18n/shape.ts): a view reads
// `texts.QUOTE_TEXT.expired`, and a text with values is a function of them by name. This
// module adds only what the catalogue cannot say: texts filled with the product's own
// constants, texts with places for a view's nodes, texts picked or joined by a rule (a
// countdown's unit, a list), and the same words under a second name. Pure and isomorphic.

import { ERROR_CODES } from './domain.ts';
import { inSentence } from './i18n/in-sentence.ts';
import { DEFAULT_LANGUAGE, listLocaleOf, type PageLanguage } from './i18n/languages.ts';
import { derivedTexts } from './i18n/shape.ts';
import { type MessageKey, type Translator, translatorFor } from './i18n/translate.ts';
import { UPLOAD_MAX_LABEL, VERIFICATION_CODE_LENGTH, VERIFICATION_CODE_VALIDITY_MS } from './limits.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A sentence with places where the view puts a node (a link, a figure in bold): its words
 * and the names of its places, alternating ('By continuing you agree to the ', 'terms', …).
 * The words are the same for every visitor, so they are worded and split once per language;
 * ui/language.tsx withNodes puts the nodes in.
 */
export type TextWithPlaces = readonly string[];
const PLACE = /⟪(\w+)⟫/;

function textsOf(t: Translator) {
  const texts = derivedTexts(t);
  /** The text of `key` with a place for each value named. */
  const withPlaces = (key: MessageKey, ...names: string[]): TextWithPlaces =>
    t(key, Object.fromEntries(names.map((name) => [name, `⟪${name}⟫`]))).split(PLACE);
  const listLocale = listLocaleOf(t.language);
  const lists = {
    conjunction: new Intl.ListFormat(listLocale, { style: 'long', type: 'conjunction' }),
    disjunction: new Intl.ListFormat(listLocale, { style: 'long', type: 'disjunction' }),
  };
  /** "a, b and c" (or "a, b or c") in the page's language. */
  const list = (items: readonly string[], type: keyof typeof lists = 'conjunction') => lists[type].format(items);
  const codeRule = { length: VERIFICATION_CODE_LENGTH, minutes: VERIFICATION_CODE_VALIDITY_MS / 60_000 };
  const philippineIds = Object.values(texts.PHOTO_IDS.PH);
  return {
    ...texts,
    /** The language of the texts, and the locale their figures are written in (format.ts). */
    language: t.language,
    locale: t.locale,
    /** The photo IDs a buyer of each country can show, in the catalogue's order: the selfie instructions and the cash page name them. */
    PHOTO_IDS: {
      CA: Object.values(texts.PHOTO_IDS.CA),
      AU: Object.values(texts.PHOTO_IDS.AU),
      PH: philippineIds,
      ID: Object.values(texts.PHOTO_IDS.ID),
    },
    /**
     * The upstream's error texts the catalogue words itself, by the upstream's code: a visitor
     * reads them in their language (in the default language, the upstream's own words stand).
     */
    UPSTREAM_TEXT: {
      [ERROR_CODES.dailyLimit]: texts.UPSTREAM_TEXT.dailyLimit,
      [ERROR_CODES.weeklyLimit]: texts.UPSTREAM_TEXT.weeklyLimit,
      [ERROR_CODES.monthlyLimit]: texts.UPSTREAM_TEXT.monthlyLimit,
      [ERROR_CODES.mobileAttempts]: texts.UPSTREAM_TEXT.mobileAttempts,
      [ERROR_CODES.invalidCode]: texts.UPSTREAM_TEXT.invalidCode,
      [ERROR_CODES.buyerNameInvalid]: texts.UPSTREAM_TEXT.buyerNameInvalid,
      [ERROR_CODES.buyerAddressRequired]: texts.UPSTREAM_TEXT.buyerAddressRequired,
      [ERROR_CODES.voiceClipMissing]: texts.UPSTREAM_TEXT.voiceClipMissing,
      [ERROR_CODES.selfieMissing]: texts.UPSTREAM_TEXT.selfieMissing,
      [ERROR_CODES.voucherUsed]: texts.UPSTREAM_TEXT.voucherUsed,
    } as Readonly<Record<string, string>>,
    /**
     * Every page's meta description: the merchant's title and what the page is for. Only home
     * and the legal pages are for search engines (server/front/robots.ts). Not in the spec.
     */
    META_TEXT: {
      home: (title: string, kinds: readonly string[], coins: readonly string[]) =>
        kinds.length === 0
          ? texts.META_TEXT.homeNothing({ title })
          : texts.META_TEXT.home({
              title,
              verbs: list(
                kinds.map((kind) => texts.META_TEXT.verb({ kind })),
                'disjunction',
              ),
              coins: list(coins),
            }),
      legal: texts.META_TEXT.legal,
      page: ({ title, page }: { title: string; page: string }) =>
        texts.META_TEXT.page({ title, page: page.replace(/[.!?…]+$/, '') }),
    },
    /** Document types by country; Australia's differ from Canada's in two names only. */
    DOCUMENT_TYPES: {
      CA: texts.DOCUMENT_TYPES.CA,
      AU: { ...texts.DOCUMENT_TYPES.CA, ...texts.DOCUMENT_TYPES.AU },
    },
    WALLET_TEXT: { ...texts.WALLET_TEXT, sendExactly: withPlaces('WALLET_TEXT.sendExactly', 'amount') },
    CAMERA_TEXT: { ...texts.CAMERA_TEXT, uploadHint: texts.CAMERA_TEXT.uploadHint({ max: UPLOAD_MAX_LABEL }) },
    AUDIO_PAGE: {
      ...texts.AUDIO_PAGE,
      call: withPlaces('AUDIO_PAGE.call', 'number'),
      reference: withPlaces('AUDIO_PAGE.reference', 'reference'),
    },
    PAY_PAGE: {
      ...texts.PAY_PAGE,
      /** method: the merchant's label, placed mid-sentence as the language does (in-sentence.ts). */
      heading: (method: string) => texts.PAY_PAGE.heading({ method: inSentence(method, t.language) }),
      deadline: withPlaces('PAY_PAGE.deadline', 'within'),
    },
    CODE_PAGE: { ...texts.CODE_PAGE, sent: texts.CODE_PAGE.sent(codeRule) },
    ADDRESS_PAGE: { ...texts.ADDRESS_PAGE, walletTip: withPlaces('ADDRESS_PAGE.walletTip', 'wallet') },
    QUOTE_PAGE: {
      ...texts.QUOTE_PAGE,
      savings: withPlaces('QUOTE_PAGE.savings', 'amount'),
      agree: withPlaces('QUOTE_PAGE.agree', 'terms', 'privacy'),
    },
    /** '1 hour', '12 hours': the promises of docs/spec.md section 9, from limits.ts. */
    TIME: { hours: (ms: number) => texts.TIME.hours({ n: Math.round(ms / HOUR_MS) }) },
    /** The home form's words, handed whole to its island. */
    AMOUNT_FORM_TEXT: {
      ...texts.AMOUNT_FORM_TEXT,
      next: texts.ACTIONS.next,
      pleaseWait: texts.ACTIONS.pleaseWait,
      currentPrice: texts.ESTIMATE_TEXT.currentPrice,
      receiveAbout: texts.ESTIMATE_TEXT.receiveAbout,
      note: texts.ESTIMATE_TEXT.note,
    },
    BUYER_TEXT: { codeByEmail: texts.BUYER_TEXT.codeByEmail(codeRule) },
    CODE_MESSAGES: { ...texts.CODE_MESSAGES, codeLength: texts.CODE_MESSAGES.codeLength(codeRule) },
    CASH_PAGE: { ...texts.CASH_PAGE, validIds: philippineIds },
    QUOTE_TEXT: {
      ...texts.QUOTE_TEXT,
      /** The countdown's announcements: '5 minutes left to accept this rate.' */
      left: (seconds: number) =>
        seconds >= 60 ? texts.QUOTE_TEXT.minutesLeft({ n: seconds / 60 }) : texts.QUOTE_TEXT.secondsLeft({ n: seconds }),
    },
    RATE_LIMIT_TEXT: {
      tryAgainIn: (seconds: number): string =>
        seconds > 90
          ? texts.RATE_LIMIT_TEXT.tryAgainInMinutes({ count: Math.ceil(seconds / 60) })
          : texts.RATE_LIMIT_TEXT.tryAgainInSeconds({ count: Math.max(1, seconds) }),
    },
    RECEIPT_TEXT: {
      ...texts.RECEIPT_TEXT,
      youGet: {
        ...texts.RECEIPT_TEXT.youGet,
        /** card: the gift card's name, the catalogue's "eGift card" when it has none. */
        giftCard: ({
          card = texts.RECEIPT_TEXT.youGet.eGiftCard,
          ...values
        }: {
          amount: string;
          within: string;
          card?: string;
        }) => texts.RECEIPT_TEXT.youGet.giftCard({ ...values, card }),
      },
    },
    SPEND_QUOTE_TEXT: {
      ...texts.SPEND_QUOTE_TEXT,
      /** Above the figures of a newly chosen amount: the upstream has quoted it, nothing is confirmed yet. */
      requoted: texts.SPEND_QUOTE_TEXT.requoted({ next: texts.ACTIONS.next }),
      /** In place of the figures while the chosen amount is not the one they were quoted for. */
      figuresOnNext: texts.SPEND_QUOTE_TEXT.figuresOnNext({ next: texts.ACTIONS.next }),
    },
    UPLOAD_MESSAGES: {
      ...texts.UPLOAD_MESSAGES,
      /** size: in millions of bytes, 1 decimal (5,000,000 bytes -> '5.0'). */
      tooLarge: (size: string) => texts.UPLOAD_MESSAGES.tooLarge({ max: UPLOAD_MAX_LABEL, size }),
    },
  };
}

export type Texts = ReturnType<typeof textsOf>;

const byLanguage = new Map<PageLanguage, Texts>();

/** Every text in `language`, built on first use. */
export function textsFor(language: PageLanguage): Texts {
  let found = byLanguage.get(language);
  if (!found) byLanguage.set(language, (found = textsOf(translatorFor(language))));
  return found;
}

/** The default language's texts: what code that serves no page in particular says. */
export const DEFAULT_TEXTS = textsFor(DEFAULT_LANGUAGE);
