// Every text a visitor can read, grouped as the screens use them, in the page's language:
// the texts themselves live in one catalogue per language (checkout/i18n/catalogues/, ICU
// MessageFormat); this module gives them their shape, so a view reads
// `texts.QUOTE_TEXT.expired` and a message with a value is a function of it. The English
// groups are exported as they are for code that speaks to no visitor in particular and for
// the word-for-word test of the spec's texts (test/checkout/messages.test.ts). Pure and
// isomorphic.
import { UPLOAD_MAX_LABEL, VERIFICATION_CODE_LENGTH, VERIFICATION_CODE_VALIDITY_MS } from './limits.ts';
import { DEFAULT_LANGUAGE, listLocaleOf, type PageLanguage } from './i18n/languages.ts';
import { type MessageKey, type Translator, translatorFor } from './i18n/translate.ts';
import { inSentence } from './i18n/in-sentence.ts';
import { type Country, ERROR_CODES } from './domain.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A sentence with places where the view puts a node (a link, a figure in bold): its words
 * and the names of its places, alternating ('By continuing you agree to the ', 'terms', …).
 * The words are the same for every visitor, so they are worded and split once per language;
 * views/language.tsx withNodes puts the nodes in.
 */
export type TextWithPlaces = readonly string[];
const PLACE = /⟪(\w+)⟫/;

function textsOf(t: Translator) {
  /** The text of `key` with a place for each value named. */
  const withPlaces = (key: MessageKey, ...names: string[]): TextWithPlaces =>
    t(key, Object.fromEntries(names.map((name) => [name, `⟪${name}⟫`]))).split(PLACE);
  const photoIds: Readonly<Record<Country, readonly string[]>> = {
    CA: [t('PHOTO_IDS.CA.0'), t('PHOTO_IDS.CA.1'), t('PHOTO_IDS.CA.2')],
    AU: [t('PHOTO_IDS.AU.0'), t('PHOTO_IDS.AU.1'), t('PHOTO_IDS.AU.2')],
    PH: [
      t('PHOTO_IDS.PH.0'),
      t('PHOTO_IDS.PH.1'),
      t('PHOTO_IDS.PH.2'),
      t('PHOTO_IDS.PH.3'),
      t('PHOTO_IDS.PH.4'),
      t('PHOTO_IDS.PH.5'),
      t('PHOTO_IDS.PH.6'),
      t('PHOTO_IDS.PH.7'),
    ],
    ID: [t('PHOTO_IDS.ID.0'), t('PHOTO_IDS.ID.1'), t('PHOTO_IDS.ID.2')],
  };
  const listLocale = listLocaleOf(t.language);
  const lists = {
    conjunction: new Intl.ListFormat(listLocale, { style: 'long', type: 'conjunction' }),
    disjunction: new Intl.ListFormat(listLocale, { style: 'long', type: 'disjunction' }),
  };
  /** "a, b and c" (or "a, b or c") in the page's language. */
  const list = (items: readonly string[], type: keyof typeof lists = 'conjunction') => lists[type].format(items);
  return {
    /**
     * The upstream's error texts the catalogue words itself, by the upstream's code: a visitor
     * reads them in their language (in the default language, the upstream's own words stand).
     */
    /** Australia's states and territories by their ISO 3166-2 code, as the address form offers them. */
    AU_STATES: {
      QLD: t('AU_STATES.QLD'),
      NSW: t('AU_STATES.NSW'),
      ACT: t('AU_STATES.ACT'),
      VIC: t('AU_STATES.VIC'),
      TAS: t('AU_STATES.TAS'),
      NT: t('AU_STATES.NT'),
      SA: t('AU_STATES.SA'),
      WA: t('AU_STATES.WA'),
    },
    /** Canada's provinces and territories by their ISO 3166-2 code, as the address form offers them. */
    CA_PROVINCES: {
      AB: t('CA_PROVINCES.AB'),
      BC: t('CA_PROVINCES.BC'),
      MB: t('CA_PROVINCES.MB'),
      NB: t('CA_PROVINCES.NB'),
      NL: t('CA_PROVINCES.NL'),
      NS: t('CA_PROVINCES.NS'),
      NT: t('CA_PROVINCES.NT'),
      NU: t('CA_PROVINCES.NU'),
      ON: t('CA_PROVINCES.ON'),
      PE: t('CA_PROVINCES.PE'),
      QC: t('CA_PROVINCES.QC'),
      SK: t('CA_PROVINCES.SK'),
      YT: t('CA_PROVINCES.YT'),
    },
    UPSTREAM_TEXT: {
      [ERROR_CODES.dailyLimit]: t('UPSTREAM_TEXT.dailyLimit'),
      [ERROR_CODES.weeklyLimit]: t('UPSTREAM_TEXT.weeklyLimit'),
      [ERROR_CODES.monthlyLimit]: t('UPSTREAM_TEXT.monthlyLimit'),
      [ERROR_CODES.mobileAttempts]: t('UPSTREAM_TEXT.mobileAttempts'),
      [ERROR_CODES.invalidCode]: t('UPSTREAM_TEXT.invalidCode'),
      [ERROR_CODES.buyerNameInvalid]: t('UPSTREAM_TEXT.buyerNameInvalid'),
      [ERROR_CODES.buyerAddressRequired]: t('UPSTREAM_TEXT.buyerAddressRequired'),
      [ERROR_CODES.voiceClipMissing]: t('UPSTREAM_TEXT.voiceClipMissing'),
      [ERROR_CODES.selfieMissing]: t('UPSTREAM_TEXT.selfieMissing'),
      [ERROR_CODES.voucherUsed]: t('UPSTREAM_TEXT.voucherUsed'),
    } as Readonly<Record<string, string>>,
    /** The photo IDs a buyer of each country can show (not in the spec): the selfie instructions and the cash page name them. */
    PHOTO_IDS: photoIds,
    /**
     * Every page's meta description: the merchant's title and what the page is for. Only home
     * and the legal pages are for search engines (server/http/robots.ts). Not in the spec.
     */
    META_TEXT: {
      home: (title: string, kinds: readonly string[], coins: readonly string[]) =>
        kinds.length === 0
          ? t('META_TEXT.homeNothing', { title })
          : t('META_TEXT.home', {
              title,
              verbs: list(
                kinds.map((kind) => t('META_TEXT.verb', { kind })),
                'disjunction',
              ),
              coins: list(coins),
            }),
      legal: (title: string, page: string) => t('META_TEXT.legal', { title, page }),
      page: (title: string, page: string) => t('META_TEXT.page', { title, page: page.replace(/[.!?…]+$/, '') }),
    },
    ERROR_TEXT: {
      backToStart: t('ERROR_TEXT.backToStart'),
      failedTitle: t('ERROR_TEXT.failedTitle'),
      refusedTitle: t('ERROR_TEXT.refusedTitle'),
      unsupported: t('ERROR_TEXT.unsupported'),
      headersTooLarge: t('ERROR_TEXT.headersTooLarge'),
      tooLarge: t('ERROR_TEXT.tooLarge'),
      timeout: t('ERROR_TEXT.timeout'),
      forbidden: t('ERROR_TEXT.forbidden'),
      invalid: t('ERROR_TEXT.invalid'),
      unavailable: t('ERROR_TEXT.unavailable'),
      draining: t('ERROR_TEXT.draining'),
      notFound: t('ERROR_TEXT.notFound'),
      crossSite: t('ERROR_TEXT.crossSite'),
      hostUnknown: t('ERROR_TEXT.hostUnknown'),
      hostInvalid: t('ERROR_TEXT.hostInvalid'),
    },
    SELFIE_TEXT: {
      light: t('SELFIE_TEXT.light'),
      wholeFace: t('SELFIE_TEXT.wholeFace'),
      holdId: t('SELFIE_TEXT.holdId'),
    },
    PAYMENT_PAGE_TEXT: {
      payInTab: t('PAYMENT_PAGE_TEXT.payInTab'),
      payInWindow: t('PAYMENT_PAGE_TEXT.payInWindow'),
      notReceived: t('PAYMENT_PAGE_TEXT.notReceived'),
    },
    ADDRESS_LABELS: {
      zipCode: t('ADDRESS_LABELS.zipCode'),
      postcode: t('ADDRESS_LABELS.postcode'),
      postalCode: t('ADDRESS_LABELS.postalCode'),
      state: t('ADDRESS_LABELS.state'),
      province: t('ADDRESS_LABELS.province'),
    },
    /** Document types by country; the spec says only that they depend on it. */
    DOCUMENT_TYPES: {
      CA: {
        DRIVERSLICENSE: t('DOCUMENT_TYPES.CA.DRIVERSLICENSE'),
        PASSPORT: t('DOCUMENT_TYPES.CA.PASSPORT'),
        GOVERNMENTID: t('DOCUMENT_TYPES.CA.GOVERNMENTID'),
        BANKSTATEMENT: t('DOCUMENT_TYPES.CA.BANKSTATEMENT'),
        BILLPAYMENT: t('DOCUMENT_TYPES.CA.BILLPAYMENT'),
        SELFIE: t('DOCUMENT_TYPES.CA.SELFIE'),
        OTHER: t('DOCUMENT_TYPES.CA.OTHER'),
      },
      AU: {
        DRIVERSLICENSE: t('DOCUMENT_TYPES.AU.DRIVERSLICENSE'),
        PASSPORT: t('DOCUMENT_TYPES.CA.PASSPORT'),
        GOVERNMENTID: t('DOCUMENT_TYPES.AU.GOVERNMENTID'),
        BANKSTATEMENT: t('DOCUMENT_TYPES.CA.BANKSTATEMENT'),
        BILLPAYMENT: t('DOCUMENT_TYPES.CA.BILLPAYMENT'),
        SELFIE: t('DOCUMENT_TYPES.CA.SELFIE'),
        OTHER: t('DOCUMENT_TYPES.CA.OTHER'),
      },
    },
    WALLET_TEXT: {
      checking: t('WALLET_TEXT.checking'),
      qr: t('WALLET_TEXT.qr'),
      sendExactly: withPlaces('WALLET_TEXT.sendExactly', 'amount'),
    },
    CAMERA_TEXT: {
      chosenPreview: t('CAMERA_TEXT.chosenPreview'),
      selfieLabel: t('CAMERA_TEXT.selfieLabel'),
      preview: t('CAMERA_TEXT.preview'),
      taken: t('CAMERA_TEXT.taken'),
      uploadHint: t('CAMERA_TEXT.uploadHint', { max: UPLOAD_MAX_LABEL }),
    },
    IDENFY_PAGE: {
      agree: t('IDENFY_PAGE.agree'),
      consent: t('IDENFY_PAGE.consent'),
      title: t('IDENFY_PAGE.title'),
    },
    VERIFY_PAGE: {
      uploadOf: (file: string) => t('VERIFY_PAGE.uploadOf', { file }),
      progress: t('VERIFY_PAGE.progress'),
      needsType: t('VERIFY_PAGE.needsType'),
      ready: t('VERIFY_PAGE.ready'),
      uploading: t('VERIFY_PAGE.uploading'),
      uploaded: t('VERIFY_PAGE.uploaded'),
      addDocuments: t('VERIFY_PAGE.addDocuments'),
      chooseType: t('VERIFY_PAGE.chooseType'),
      documentType: t('VERIFY_PAGE.documentType'),
      document: t('VERIFY_PAGE.document'),
      mobile: t('VERIFY_PAGE.mobile'),
      upload: t('VERIFY_PAGE.upload'),
      intro: t('VERIFY_PAGE.intro'),
      title: t('VERIFY_PAGE.title'),
    },
    AUDIO_PAGE: {
      call: withPlaces('AUDIO_PAGE.call', 'number'),
      reference: withPlaces('AUDIO_PAGE.reference', 'reference'),
      skip: t('AUDIO_PAGE.skip'),
      called: t('AUDIO_PAGE.called'),
      forYourself: t('AUDIO_PAGE.forYourself'),
      birthDate: t('AUDIO_PAGE.birthDate'),
      fullName: t('AUDIO_PAGE.fullName'),
      whenAsked: t('AUDIO_PAGE.whenAsked'),
      callSupport: t('AUDIO_PAGE.callSupport'),
      heading: t('AUDIO_PAGE.heading'),
      title: t('AUDIO_PAGE.title'),
    },
    IDENTITY_PAGE: {
      uploadHeading: t('IDENTITY_PAGE.uploadHeading'),
      uploadTitle: t('IDENTITY_PAGE.uploadTitle'),
      cameraTrouble: t('IDENTITY_PAGE.cameraTrouble'),
      cameraNeedsJs: t('IDENTITY_PAGE.cameraNeedsJs'),
      cameraHeading: t('IDENTITY_PAGE.cameraHeading'),
      cameraTitle: t('IDENTITY_PAGE.cameraTitle'),
      uploadHint: t('IDENTITY_PAGE.uploadHint'),
      cameraHint: t('IDENTITY_PAGE.cameraHint'),
      choiceIntro: t('IDENTITY_PAGE.choiceIntro'),
      choiceTitle: t('IDENTITY_PAGE.choiceTitle'),
    },
    IDENTITY_ACTIONS: {
      uploadInstead: t('IDENTITY_ACTIONS.uploadInstead'),
      submit: t('IDENTITY_ACTIONS.submit'),
      retake: t('IDENTITY_ACTIONS.retake'),
      capture: t('IDENTITY_ACTIONS.capture'),
      start: t('IDENTITY_ACTIONS.start'),
      upload: t('IDENTITY_ACTIONS.upload'),
      camera: t('IDENTITY_ACTIONS.camera'),
    },
    QUOTE_RETRY: {
      body: (seconds: number, attempt: number, attempts: number) => t('QUOTE_RETRY.body', { seconds, attempt, attempts }),
      startOver: t('QUOTE_RETRY.startOver'),
      now: t('QUOTE_RETRY.now'),
      title: t('QUOTE_RETRY.title'),
      gaveUp: t('QUOTE_RETRY.gaveUp'),
    },
    FLOW_ENDED: {
      reference: (reference: string) => t('FLOW_ENDED.reference', { reference }),
      goTo: (site: string) => t('FLOW_ENDED.goTo', { site }),
      verificationFailed: t('FLOW_ENDED.verificationFailed'),
      title: t('FLOW_ENDED.title'),
    },
    EMAIL_PAGE: {
      hint: t('EMAIL_PAGE.hint'),
      label: t('EMAIL_PAGE.label'),
      heading: t('EMAIL_PAGE.heading'),
      title: t('EMAIL_PAGE.title'),
    },
    BUYER_PAGE: {
      choose: t('BUYER_PAGE.choose'),
      city: t('BUYER_PAGE.city'),
      address: t('BUYER_PAGE.address'),
      yearPlaceholder: t('BUYER_PAGE.yearPlaceholder'),
      dayPlaceholder: t('BUYER_PAGE.dayPlaceholder'),
      monthPlaceholder: t('BUYER_PAGE.monthPlaceholder'),
      year: t('BUYER_PAGE.year'),
      day: t('BUYER_PAGE.day'),
      month: t('BUYER_PAGE.month'),
      birthday: t('BUYER_PAGE.birthday'),
      mobileCountry: t('BUYER_PAGE.mobileCountry'),
      mobile: t('BUYER_PAGE.mobile'),
      email: t('BUYER_PAGE.email'),
      lastName: t('BUYER_PAGE.lastName'),
      firstName: t('BUYER_PAGE.firstName'),
      why: t('BUYER_PAGE.why'),
      title: t('BUYER_PAGE.title'),
    },
    TICKER_TEXT: {
      label: t('TICKER_TEXT.label'),
    },
    PAY_PAGE: {
      heading: (method: string) => t('PAY_PAGE.heading', { method: inSentence(method, t.language) }),
      deadline: withPlaces('PAY_PAGE.deadline', 'within'),
      receivedBy: (email: string) => t('PAY_PAGE.receivedBy', { email }),
      title: t('PAY_PAGE.title'),
    },
    /** The legal pages' titles, by page (checkout/legal.ts). */
    LEGAL_TITLES: {
      'privacy-policy': t('LEGAL_TITLES.privacy-policy'),
      'terms-of-service': t('LEGAL_TITLES.terms-of-service'),
      'compliance-policy': t('LEGAL_TITLES.compliance-policy'),
      'refund-policy': t('LEGAL_TITLES.refund-policy'),
    },
    HEADER_TEXT: {
      notProduction: t('HEADER_TEXT.notProduction'),
    },
    FOOTER_TEXT: {
      phone: t('FOOTER_TEXT.phone'),
      email: t('FOOTER_TEXT.email'),
      about: (merchant: string) => t('FOOTER_TEXT.about', { merchant }),
      legal: t('FOOTER_TEXT.legal'),
      helpCentre: t('FOOTER_TEXT.helpCentre'),
      support: t('FOOTER_TEXT.support'),
      company: t('FOOTER_TEXT.company'),
      buyCrypto: t('FOOTER_TEXT.buyCrypto'),
      product: t('FOOTER_TEXT.product'),
      label: t('FOOTER_TEXT.label'),
    },
    CODE_PAGE: {
      sent: t('CODE_PAGE.sent', { length: VERIFICATION_CODE_LENGTH, minutes: VERIFICATION_CODE_VALIDITY_MS / 60_000 }),
      notReceived: t('CODE_PAGE.notReceived'),
      label: t('CODE_PAGE.label'),
      heading: t('CODE_PAGE.heading'),
      title: t('CODE_PAGE.title'),
    },
    ADDRESS_PAGE: {
      title: (coin: string) => t('ADDRESS_PAGE.title', { coin }),
      heading: (coinName: string) => t('ADDRESS_PAGE.heading', { coinName }),
      label: (coinName: string, coin: string) => t('ADDRESS_PAGE.label', { coinName, coin }),
      walletTip: withPlaces('ADDRESS_PAGE.walletTip', 'wallet'),
      scamFinal: t('ADDRESS_PAGE.scamFinal'),
      scamAgencies: t('ADDRESS_PAGE.scamAgencies'),
      scamKeys: t('ADDRESS_PAGE.scamKeys'),
      scamOwnWallet: t('ADDRESS_PAGE.scamOwnWallet'),
      scamTitle: t('ADDRESS_PAGE.scamTitle'),
      hint: t('ADDRESS_PAGE.hint'),
    },
    QUOTE_PAGE: {
      fee: (fee: string) => t('QUOTE_PAGE.fee', { fee }),
      savings: withPlaces('QUOTE_PAGE.savings', 'amount'),
      agree: withPlaces('QUOTE_PAGE.agree', 'terms', 'privacy'),
      promotion: t('QUOTE_PAGE.promotion'),
      heading: t('QUOTE_PAGE.heading'),
      title: t('QUOTE_PAGE.title'),
    },
    /** The language of the texts, and the locale their figures are written in (format.ts). */
    language: t.language,
    locale: t.locale,
    /** '1 hour', '12 hours': the promises of docs/spec.md section 9, from limits.ts. */
    TIME: { hours: (ms: number) => t('TIME.hours', { n: Math.round(ms / HOUR_MS) }) },
    ACTIONS: {
      next: t('ACTIONS.next'),
      pleaseWait: t('ACTIONS.pleaseWait'),
      openPaymentPage: t('ACTIONS.openPaymentPage'),
      iHavePaid: t('ACTIONS.iHavePaid'),
      done: t('ACTIONS.done'),
      resendCode: t('ACTIONS.resendCode'),
      acceptAndContinue: t('ACTIONS.acceptAndContinue'),
      decline: t('ACTIONS.decline'),
      tryAgain: t('ACTIONS.tryAgain'),
      back: t('ACTIONS.back'),
      close: t('ACTIONS.close'),
      yes: t('ACTIONS.yes'),
      no: t('ACTIONS.no'),
    },
    ADDRESS_MESSAGES: {
      /** Not in the spec: the line under `invalid` on TEST and DEV hosts, which run on the test networks. */
      testNetworkOnly: (coin: string) => t('ADDRESS_MESSAGES.testNetworkOnly', { coin }),
      required: (coin: string) => t('ADDRESS_MESSAGES.required', { coin }),
      invalid: (coin: string) => t('ADDRESS_MESSAGES.invalid', { coin }),
    },
    AMOUNT_FORM_TEXT: {
      paymentMethod: t('AMOUNT_FORM_TEXT.paymentMethod'),
      cardAmount: t('AMOUNT_FORM_TEXT.cardAmount'),
      chooseGiftCard: t('AMOUNT_FORM_TEXT.chooseGiftCard'),
      giftCard: t('AMOUNT_FORM_TEXT.giftCard'),
      cryptocurrency: t('AMOUNT_FORM_TEXT.cryptocurrency'),
      amountToSell: t('AMOUNT_FORM_TEXT.amountToSell'),
      currency: t('AMOUNT_FORM_TEXT.currency'),
      amount: t('AMOUNT_FORM_TEXT.amount'),
      whatToDo: t('AMOUNT_FORM_TEXT.whatToDo'),
      next: t('ACTIONS.next'),
      pleaseWait: t('ACTIONS.pleaseWait'),
      currentPrice: t('ESTIMATE_TEXT.currentPrice'),
      receiveAbout: t('ESTIMATE_TEXT.receiveAbout'),
      note: t('ESTIMATE_TEXT.note'),
    },
    AMOUNT_MESSAGES: {
      greaterThan: (limit: string) => t('AMOUNT_MESSAGES.greaterThan', { limit }),
      lessThan: (limit: string) => t('AMOUNT_MESSAGES.lessThan', { limit }),
      zero: t('AMOUNT_MESSAGES.zero'),
      notANumber: t('AMOUNT_MESSAGES.notANumber'),
      separator: (example: string) => t('AMOUNT_MESSAGES.separator', { example }),
      giftCardMissing: t('AMOUNT_MESSAGES.giftCardMissing'),
      methodNotFound: t('AMOUNT_MESSAGES.methodNotFound'),
      giftCardAmount: t('AMOUNT_MESSAGES.giftCardAmount'),
      proMethod: t('AMOUNT_MESSAGES.proMethod'),
      kindNotAllowed: t('AMOUNT_MESSAGES.kindNotAllowed'),
      fiatNotSupported: t('AMOUNT_MESSAGES.fiatNotSupported'),
      coinNotSupported: t('AMOUNT_MESSAGES.coinNotSupported'),
    },
    BACK_TO_START: t('BACK_TO_START'),
    BANK_PAYMENT_TEXT: {
      title: t('BANK_PAYMENT_TEXT.title'),
      intro: t('BANK_PAYMENT_TEXT.intro'),
      bankPart: t('BANK_PAYMENT_TEXT.bankPart'),
      waitingTitle: t('BANK_PAYMENT_TEXT.waitingTitle'),
      waiting: t('BANK_PAYMENT_TEXT.waiting'),
      checkAgain: t('BANK_PAYMENT_TEXT.checkAgain'),
      kept: (reference: string) => t('BANK_PAYMENT_TEXT.kept', { reference }),
      otherBankTitle: t('BANK_PAYMENT_TEXT.otherBankTitle'),
      otherBank: (reference: string) => t('BANK_PAYMENT_TEXT.otherBank', { reference }),
      newOrder: t('BANK_PAYMENT_TEXT.newOrder'),
    },
    BANK_TEXT: {
      selectTitle: t('BANK_TEXT.selectTitle'),
      selectIntro: t('BANK_TEXT.selectIntro'),
      poliTitle: t('BANK_TEXT.poliTitle'),
      poliIntro: t('BANK_TEXT.poliIntro'),
      proceed: t('BANK_TEXT.proceed'),
      deadline: (window: string) => t('BANK_TEXT.deadline', { window }),
      notOffered: t('BANK_TEXT.notOffered'),
      once: t('BANK_TEXT.once'),
    },
    BUYER_MESSAGES: {
      required: (label: string) => t('BUYER_MESSAGES.required', { label }),
      tooShort: (label: string) => t('BUYER_MESSAGES.tooShort', { label }),
      tooLong: (label: string, max: number) => t('BUYER_MESSAGES.tooLong', { label, max }),
      mobileInvalid: (country: string) => t('BUYER_MESSAGES.mobileInvalid', { country }),
      quebec: t('BUYER_MESSAGES.quebec'),
      birthdayInvalid: t('BUYER_MESSAGES.birthdayInvalid'),
      monthInvalid: t('BUYER_MESSAGES.monthInvalid'),
      dayInvalid: t('BUYER_MESSAGES.dayInvalid'),
      yearInvalid: t('BUYER_MESSAGES.yearInvalid'),
      legalAge: t('BUYER_MESSAGES.legalAge'),
      provinceRequired: t('BUYER_MESSAGES.provinceRequired'),
      stateRequired: t('BUYER_MESSAGES.stateRequired'),
      /** label: the postal code field's, in the buyer's country's word ('Postcode' in Australia). */
      postalRequired: (label: string) => t('BUYER_MESSAGES.postalRequired', { label }),
      postalInvalid: (label: string) => t('BUYER_MESSAGES.postalInvalid', { label }),
    },
    BUYER_TEXT: {
      codeByEmail: t('BUYER_TEXT.codeByEmail', {
        length: VERIFICATION_CODE_LENGTH,
        minutes: VERIFICATION_CODE_VALIDITY_MS / 60_000,
      }),
    },
    CANCELLED_TEXT: {
      title: t('CANCELLED_TEXT.title'),
      body: t('CANCELLED_TEXT.body'),
      reference: (reference: string) => t('CANCELLED_TEXT.reference', { reference }),
      placed: (date: string) => t('CANCELLED_TEXT.placed', { date }),
    },
    CARD_MESSAGES: {
      expiryMonthInvalid: t('CARD_MESSAGES.expiryMonthInvalid'),
      expiryYearInvalid: t('CARD_MESSAGES.expiryYearInvalid'),
      cardExpired: t('CARD_MESSAGES.cardExpired'),
    },
    CARD_TEXT: {
      /** What the card is charged, in the provider's currency, and the order it stands for. */
      charge: (charge: string, order: string) => t('CARD_TEXT.charge', { charge, order }),
      currentPrice: t('CARD_TEXT.currentPrice'),
      quoteTitle: t('CARD_TEXT.quoteTitle'),
      payTitle: t('CARD_TEXT.payTitle'),
      youPay: t('CARD_TEXT.youPay'),
      youReceive: t('CARD_TEXT.youReceive'),
      fee: t('CARD_TEXT.fee'),
      extraFee: t('CARD_TEXT.extraFee'),
      residency: t('CARD_TEXT.residency'),
      residencyRequired: t('CARD_TEXT.residencyRequired'),
      unavailable: t('CARD_TEXT.unavailable'),
      frameTitle: t('CARD_TEXT.frameTitle'),
      paidLink: t('CARD_TEXT.paidLink'),
      notReceived: t('CARD_TEXT.notReceived'),
      declined: t('CARD_TEXT.declined'),
      /** After a decline: start over with another method. */
      otherMethod: t('CARD_TEXT.otherMethod'),
    },
    CASH_IN_TEXT: {
      home: t('CASH_IN_TEXT.home'),
      title: t('CASH_IN_TEXT.title'),
      /** radius: the spec's 100 miles, in kilometres ('161 km'). */
      intro: (radius: string) => t('CASH_IN_TEXT.intro', { radius }),
      openNow: t('CASH_IN_TEXT.openNow'),
      closed: t('CASH_IN_TEXT.closed'),
      allDay: t('CASH_IN_TEXT.allDay'),
      mapNote: t('CASH_IN_TEXT.mapNote'),
      noCentres: t('CASH_IN_TEXT.noCentres'),
      back: t('CASH_IN_TEXT.back'),
      zoomIn: t('CASH_IN_TEXT.zoomIn'),
      zoomOut: t('CASH_IN_TEXT.zoomOut'),
    },
    CODE_MESSAGES: {
      codeRequired: t('CODE_MESSAGES.codeRequired'),
      codeNotNumeric: t('CODE_MESSAGES.codeNotNumeric'),
      codeLength: t('CODE_MESSAGES.codeLength', { length: VERIFICATION_CODE_LENGTH }),
      codeSent: t('CODE_MESSAGES.codeSent'),
      resendRefused: t('CODE_MESSAGES.resendRefused'),
      attemptsLeft: (count: number) => t('CODE_MESSAGES.attemptsLeft', { count }),
    },
    CONFIRM_TEXT: {
      cryptoSent: t('CONFIRM_TEXT.cryptoSent'),
      referenceNoted: t('CONFIRM_TEXT.referenceNoted'),
    },
    COPY_TEXT: {
      copied: t('COPY_TEXT.copied'),
      copyAddress: t('COPY_TEXT.copyAddress'),
      copy: t('COPY_TEXT.copy'),
      copyOf: (what: string) => t('COPY_TEXT.copyOf', { what }),
    },
    DEPOSIT_TEXT: {
      title: t('DEPOSIT_TEXT.title'),
      sent: t('DEPOSIT_TEXT.sent'),
      waiting: t('DEPOSIT_TEXT.waiting'),
      result: t('DEPOSIT_TEXT.result'),
      /** time: the rate hold's end, as the quote page writes it ('14:05 EST'). */
      sendBy: (time: string) => t('DEPOSIT_TEXT.sendBy', { time }),
      wrongNetwork: t('DEPOSIT_TEXT.wrongNetwork'),
    },
    EMAIL_MESSAGES: {
      emtRequired: t('EMAIL_MESSAGES.emtRequired'),
      emtInvalid: t('EMAIL_MESSAGES.emtInvalid'),
      buyerRequired: t('EMAIL_MESSAGES.buyerRequired'),
      buyerInvalid: t('EMAIL_MESSAGES.buyerInvalid'),
    },
    ESTIMATE_TEXT: {
      currentPrice: t('ESTIMATE_TEXT.currentPrice'),
      receiveAbout: t('ESTIMATE_TEXT.receiveAbout'),
      note: t('ESTIMATE_TEXT.note'),
    },
    FAILURE_TEXT: {
      redirectingHome: t('FAILURE_TEXT.redirectingHome'),
      transactionCancelled: t('FAILURE_TEXT.transactionCancelled'),
      paymentAlreadyInitiated: t('FAILURE_TEXT.paymentAlreadyInitiated'),
      bankAlreadyInitiated: t('FAILURE_TEXT.bankAlreadyInitiated'),
      bankNoResponse: t('FAILURE_TEXT.bankNoResponse'),
      bankPaymentFailed: t('FAILURE_TEXT.bankPaymentFailed'),
      buyerInfo: t('FAILURE_TEXT.buyerInfo'),
      unavailable: t('FAILURE_TEXT.unavailable'),
      giftCardRequote: t('FAILURE_TEXT.giftCardRequote'),
      cardQuote: t('FAILURE_TEXT.cardQuote'),
      copy: t('FAILURE_TEXT.copy'),
      referenceNotFound: t('FAILURE_TEXT.referenceNotFound'),
      generic: t('FAILURE_TEXT.generic'),
      transactionInvalid: t('FAILURE_TEXT.transactionInvalid'),
      cannotContinue: t('FAILURE_TEXT.cannotContinue'),
    },
    HOME_TEXT: {
      heading: t('HOME_TEXT.heading'),
      unavailableTitle: t('HOME_TEXT.unavailableTitle'),
      unavailableBody: t('HOME_TEXT.unavailableBody'),
    },
    IDENTITY_TEXT: {
      approved: t('IDENTITY_TEXT.approved'),
      failed: t('IDENTITY_TEXT.failed'),
      frameUnavailable: t('IDENTITY_TEXT.frameUnavailable'),
      cameraDenied: t('IDENTITY_TEXT.cameraDenied'),
      cameraMissing: t('IDENTITY_TEXT.cameraMissing'),
      cameraBusy: t('IDENTITY_TEXT.cameraBusy'),
      cameraFailed: t('IDENTITY_TEXT.cameraFailed'),
      proofOfAddress: t('IDENTITY_TEXT.proofOfAddress'),
    },
    LANGUAGE_SWITCH_LABEL: t('LANGUAGE_SWITCH_LABEL'),
    LEAVE_PROMPT: t('LEAVE_PROMPT'),
    NOT_AVAILABLE: t('NOT_AVAILABLE'),
    OTC_TEXT: {
      deadlineLabel: t('CASH_PAGE.deadlineLabel'),
      amountLabel: t('CASH_PAGE.amountLabel'),
      title: t('CASH_PAGE.title'),
      referenceLabel: t('CASH_PAGE.referenceLabel'),
      copyReference: t('CASH_PAGE.copyReference'),
      expiry: (hours: string) => t('CASH_PAGE.expiry', { hours }),
      /** The deadline as Manila's clock and calendar show it: '4:00 PM' on 'Monday, November 23, 2026'. */
      deadline: (time: string, date: string) => t('CASH_PAGE.deadline', { time, date }),
      validIdsHeading: t('CASH_PAGE.validIdsHeading'),
      validIds: photoIds.PH,
      mapLink: t('CASH_PAGE.mapLink'),
      noted: t('CASH_PAGE.noted'),
      successTitle: t('CASH_PAGE.successTitle'),
      successBody: t('CASH_PAGE.successBody'),
      successNext: t('CASH_PAGE.successNext'),
    },
    PAYMENT_REFUSED_TEXT: {
      pageTitle: t('PAYMENT_REFUSED_TEXT.pageTitle'),
      title: t('PAYMENT_REFUSED_TEXT.title'),
      body: t('PAYMENT_REFUSED_TEXT.body'),
      reference: t('PAYMENT_REFUSED_TEXT.reference'),
    },
    PROC_TEXT: {
      title: t('PROC_TEXT.title'),
      processing: t('PROC_TEXT.processing'),
      done: t('PROC_TEXT.done'),
      result: t('PROC_TEXT.result'),
      failed: t('PROC_TEXT.failed'),
      badQuery: t('PROC_TEXT.badQuery'),
    },
    PRO_TEXT: {
      heading: t('PRO_TEXT.heading'),
      note: t('PRO_TEXT.note'),
      verifying: t('PRO_TEXT.verifying'),
      gettingQuote: t('PRO_TEXT.gettingQuote'),
      fee: t('PRO_TEXT.fee'),
    },
    QUOTE_TEXT: {
      /** After the countdown: the deadline's wall-clock time. */
      until: (time: string) => t('QUOTE_TEXT.until', { time }),
      rateHold: t('QUOTE_TEXT.rateHold'),
      /** A card order: what the card is charged, in the provider's currency, and the order it stands for. */
      charged: (charge: string, order: string) => t('QUOTE_TEXT.charged', { charge, order }),
      coinsValue: t('QUOTE_TEXT.coinsValue'),
      converted: t('QUOTE_TEXT.converted'),
      amountToSend: t('QUOTE_TEXT.amountToSend'),
      amountToSpend: t('QUOTE_TEXT.amountToSpend'),
      /** The countdown's announcements: '5 minutes left to accept this rate.' */
      left: (seconds: number) =>
        seconds >= 60 ? t('QUOTE_TEXT.minutesLeft', { n: seconds / 60 }) : t('QUOTE_TEXT.secondsLeft', { n: seconds }),
      currentPriceQuote: t('QUOTE_TEXT.currentPriceQuote'),
      heldUntil: t('QUOTE_TEXT.heldUntil'),
      heldFor: t('QUOTE_TEXT.heldFor'),
      expired: t('QUOTE_TEXT.expired'),
      newQuote: t('QUOTE_TEXT.newQuote'),
      gettingNewQuote: t('QUOTE_TEXT.gettingNewQuote'),
      acceptWithoutJs: t('QUOTE_TEXT.acceptWithoutJs'),
      /** The quote-expired choice after the quote page: Accept carries on with what was sent. */
      carriesOn: t('QUOTE_TEXT.carriesOn'),
      requoteFailed: t('QUOTE_TEXT.requoteFailed'),
      /** Under the quote's figures, how its fee stands (FEE_IN): the spend's is on top of the card's value. */
      feesStand: {
        included: t('QUOTE_TEXT.feesStand.included'),
        deducted: t('QUOTE_TEXT.feesStand.deducted'),
        added: t('QUOTE_TEXT.feesStand.added'),
      },
      noProcessingFees: t('QUOTE_TEXT.noProcessingFees'),
      chargedInUsd: t('QUOTE_TEXT.chargedInUsd'),
    },
    RATE_LIMIT_TEXT: {
      tryAgainIn: (seconds: number): string =>
        seconds > 90
          ? t('RATE_LIMIT_TEXT.tryAgainInMinutes', { count: Math.ceil(seconds / 60) })
          : t('RATE_LIMIT_TEXT.tryAgainInSeconds', { count: Math.max(1, seconds) }),
    },
    RECEIPT_TEXT: {
      /** The deposit page: what the crypto buys, and by when (the payment email's promise, docs/spec.md section 9). */
      youGet: {
        payout: (amount: string, within: string) => t('RECEIPT_TEXT.youGet.payout', { amount, within }),
        giftCard: (amount: string, within: string, card = t('RECEIPT_TEXT.youGet.eGiftCard')) =>
          t('RECEIPT_TEXT.youGet.giftCard', { amount, within, card }),
      },
      /** Under Done, on a page whose order is not paid yet: where Done goes, and that it does not pay. */
      doneLeaves: (site: string) => t('RECEIPT_TEXT.doneLeaves', { site }),
      thankYouTitle: t('RECEIPT_TEXT.thankYouTitle'),
      thankYou: t('RECEIPT_TEXT.thankYou'),
      inReviewTitle: t('RECEIPT_TEXT.inReviewTitle'),
      inReview: (within: string) => t('RECEIPT_TEXT.inReview', { within }),
      afterApproval: {
        paymentInstructions: (emailWithin: string, payWithin: string) =>
          t('RECEIPT_TEXT.afterApproval.paymentInstructions', { emailWithin, payWithin }),
        coinsWithin: (coin: string, within: string) => t('RECEIPT_TEXT.afterApproval.coinsWithin', { coin, within }),
        cashDetails: (expiry: string) => t('RECEIPT_TEXT.afterApproval.cashDetails', { expiry }),
        coinsSent: (coin: string) => t('RECEIPT_TEXT.afterApproval.coinsSent', { coin }),
        depositAddress: (coin: string, within: string) => t('RECEIPT_TEXT.afterApproval.depositAddress', { coin, within }),
        emailed: t('RECEIPT_TEXT.afterApproval.emailed'),
      },
      successTitle: t('RECEIPT_TEXT.successTitle'),
      complete: t('RECEIPT_TEXT.complete'),
      delivery: {
        coinsWithin: (coin: string, within: string) => t('RECEIPT_TEXT.delivery.coinsWithin', { coin, within }),
        coins: (coin: string) => t('RECEIPT_TEXT.delivery.coins', { coin }),
        payout: t('RECEIPT_TEXT.delivery.payout'),
        giftCard: t('RECEIPT_TEXT.delivery.giftCard'),
      },
      onDeposit: {
        payout: t('RECEIPT_TEXT.onDeposit.payout'),
        giftCard: t('RECEIPT_TEXT.onDeposit.giftCard'),
      },
      received: (onDeposit: string) => t('RECEIPT_TEXT.received', { onDeposit }),
    },
    RESUME_TEXT: {
      title: t('RESUME_TEXT.title'),
      intro: t('RESUME_TEXT.intro'),
      warning: t('RESUME_TEXT.warning'),
      amount: t('RESUME_TEXT.amount'),
      coin: t('RESUME_TEXT.coin'),
      receivingAddress: t('RESUME_TEXT.receivingAddress'),
      payoutEmail: t('RESUME_TEXT.payoutEmail'),
      created: t('RESUME_TEXT.created'),
      reference: t('RESUME_TEXT.reference'),
      confirm: t('RESUME_TEXT.confirm'),
      notMine: t('RESUME_TEXT.notMine'),
      expired: t('RESUME_TEXT.expired'),
    },
    SPEND_QUOTE_TEXT: {
      /** Above the figures of a newly chosen amount: the upstream has quoted it, nothing is confirmed yet. */
      requoted: t('SPEND_QUOTE_TEXT.requoted', { next: t('ACTIONS.next') }),
      /** In place of the figures while the chosen amount is not the one they were quoted for. */
      figuresOnNext: t('SPEND_QUOTE_TEXT.figuresOnNext', { next: t('ACTIONS.next') }),
      title: t('SPEND_QUOTE_TEXT.title'),
      amountLegend: t('SPEND_QUOTE_TEXT.amountLegend'),
      terms: t('SPEND_QUOTE_TEXT.terms'),
      website: t('SPEND_QUOTE_TEXT.website'),
      faq: t('SPEND_QUOTE_TEXT.faq'),
    },
    STEP_TEXT: {
      label: t('STEP_TEXT.label'),
      of: (n: number, total: number, name: string) => t('STEP_TEXT.of', { n, total, name }),
      names: {
        quote: t('STEP_TEXT.names.quote'),
        details: t('STEP_TEXT.names.details'),
        verify: t('STEP_TEXT.names.verify'),
        pay: t('STEP_TEXT.names.pay'),
        send: t('STEP_TEXT.names.send'),
        payout: t('STEP_TEXT.names.payout'),
      },
    },
    STEP_UNAVAILABLE_TEXT: {
      newOrder: t('STEP_UNAVAILABLE_TEXT.newOrder'),
      reference: t('STEP_UNAVAILABLE_TEXT.reference'),
      pageTitle: t('STEP_UNAVAILABLE_TEXT.pageTitle'),
      title: t('STEP_UNAVAILABLE_TEXT.title'),
      body: t('STEP_UNAVAILABLE_TEXT.body'),
    },
    SUMMARY_TEXT: {
      rate: t('SUMMARY_TEXT.rate'),
      title: t('SUMMARY_TEXT.title'),
      total: t('SUMMARY_TEXT.total'),
      youReceive: t('SUMMARY_TEXT.youReceive'),
      cryptoAmount: t('SUMMARY_TEXT.cryptoAmount'),
      youSend: t('SUMMARY_TEXT.youSend'),
      address: t('SUMMARY_TEXT.address'),
      reference: t('SUMMARY_TEXT.reference'),
      /** The fee, by how it stands in the order (checkout/order.ts FEE_IN). */
      fee: {
        included: t('SUMMARY_TEXT.fee.included'),
        deducted: t('SUMMARY_TEXT.fee.deducted'),
        added: t('SUMMARY_TEXT.fee.added'),
      },
      payoutEmail: t('SUMMARY_TEXT.payoutEmail'),
      giftCardValue: t('SUMMARY_TEXT.giftCardValue'),
      placed: t('SUMMARY_TEXT.placed'),
      cardCharged: t('SUMMARY_TEXT.cardCharged'),
    },
    TAB_LABELS: {
      BUY: t('TAB_LABELS.BUY'),
      SELL: t('TAB_LABELS.SELL'),
      SPEND: t('TAB_LABELS.SPEND'),
    },
    UNSUPPORTED_BROWSER: t('UNSUPPORTED_BROWSER'),
    UPLOAD_MESSAGES: {
      badType: t('UPLOAD_MESSAGES.badType'),
      tooLarge /** size: in millions of bytes, 1 decimal (5,000,000 bytes -> '5.0'). */: (size: string) =>
        t('UPLOAD_MESSAGES.tooLarge', { max: UPLOAD_MAX_LABEL, size }),
      none: t('UPLOAD_MESSAGES.none'),
      typeMissing: t('UPLOAD_MESSAGES.typeMissing'),
      alreadyUploaded: t('UPLOAD_MESSAGES.alreadyUploaded'),
      mobileInvalid: t('UPLOAD_MESSAGES.mobileInvalid'),
      oneFileOnly: t('UPLOAD_MESSAGES.oneFileOnly'),
      unreadable: t('UPLOAD_MESSAGES.unreadable'),
      nameTooLong: t('UPLOAD_MESSAGES.nameTooLong'),
      dimensionsTooLarge: t('UPLOAD_MESSAGES.dimensionsTooLarge'),
      busy: t('UPLOAD_MESSAGES.busy'),
      unfinished: t('UPLOAD_MESSAGES.unfinished'),
      complete: t('UPLOAD_MESSAGES.complete'),
    },
    VOUCHER_MESSAGES: {
      required: t('VOUCHER_MESSAGES.required'),
      notNumeric: t('VOUCHER_MESSAGES.notNumeric'),
      length: t('VOUCHER_MESSAGES.length'),
      alreadyUsed: t('VOUCHER_MESSAGES.alreadyUsed'),
      lostConnection: t('VOUCHER_MESSAGES.lostConnection'),
    },
    VOUCHER_TEXT: {
      pageTitle: t('VOUCHER_TEXT.pageTitle'),
      title: t('VOUCHER_TEXT.title'),
      label: t('VOUCHER_TEXT.label'),
      hint: t('VOUCHER_TEXT.hint'),
      singleUse: t('VOUCHER_TEXT.singleUse'),
      redeem: t('VOUCHER_TEXT.redeem'),
      redeeming: t('VOUCHER_TEXT.redeeming'),
      mismatch: t('VOUCHER_TEXT.mismatch'),
      storedValue: (amount: string) => t('VOUCHER_TEXT.storedValue', { amount }),
      updateQuote: t('VOUCHER_TEXT.updateQuote'),
      updateYes: t('VOUCHER_TEXT.updateYes'),
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

export const {
  PHOTO_IDS,
  META_TEXT,
  ERROR_TEXT,
  SELFIE_TEXT,
  PAYMENT_PAGE_TEXT,
  ADDRESS_LABELS,
  WALLET_TEXT,
  CAMERA_TEXT,
  IDENFY_PAGE,
  VERIFY_PAGE,
  AUDIO_PAGE,
  IDENTITY_PAGE,
  IDENTITY_ACTIONS,
  QUOTE_RETRY,
  FLOW_ENDED,
  EMAIL_PAGE,
  BUYER_PAGE,
  TICKER_TEXT,
  PAY_PAGE,
  LEGAL_TITLES,
  HEADER_TEXT,
  FOOTER_TEXT,
  CODE_PAGE,
  ADDRESS_PAGE,
  QUOTE_PAGE,
  TIME,
  ACTIONS,
  ADDRESS_MESSAGES,
  AMOUNT_FORM_TEXT,
  AMOUNT_MESSAGES,
  BACK_TO_START,
  BANK_PAYMENT_TEXT,
  BANK_TEXT,
  BUYER_MESSAGES,
  BUYER_TEXT,
  CANCELLED_TEXT,
  CARD_MESSAGES,
  CARD_TEXT,
  CASH_IN_TEXT,
  CODE_MESSAGES,
  CONFIRM_TEXT,
  COPY_TEXT,
  DEPOSIT_TEXT,
  EMAIL_MESSAGES,
  ESTIMATE_TEXT,
  FAILURE_TEXT,
  HOME_TEXT,
  IDENTITY_TEXT,
  LANGUAGE_SWITCH_LABEL,
  LEAVE_PROMPT,
  NOT_AVAILABLE,
  OTC_TEXT,
  PAYMENT_REFUSED_TEXT,
  PROC_TEXT,
  PRO_TEXT,
  QUOTE_TEXT,
  RATE_LIMIT_TEXT,
  RECEIPT_TEXT,
  RESUME_TEXT,
  SPEND_QUOTE_TEXT,
  STEP_TEXT,
  STEP_UNAVAILABLE_TEXT,
  SUMMARY_TEXT,
  TAB_LABELS,
  UNSUPPORTED_BROWSER,
  UPLOAD_MESSAGES,
  VOUCHER_MESSAGES,
  VOUCHER_TEXT,
} = textsFor(DEFAULT_LANGUAGE);

/** The default language's texts: what code that serves no page in particular says. */
export const DEFAULT_TEXTS = textsFor(DEFAULT_LANGUAGE);
