// Screen 18: cash over the counter, and its thanks page. Both carry the same receipt, what
// the visitor needs at the payment centre's counter: the reference in groups read aloud
// (never broken inside a group), the amount to pay with its currency, the deadline as a
// Manila clock time and date, the order (fee, rate and coins), and the IDs the centre accepts. The
// payment page then asks the confirm question (CONFIRM_TEXT) before the thanks page: a
// section reached by a link (?confirm=1), so the question needs no JavaScript. The thanks
// page ends with Done. The payment page watches the order (islands/order-watch.ts): paid at a
// centre while it is open, it moves on by itself.

import type { Order } from '../../checkout/order.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { useRenderContext } from '../../server/render/context.tsx';
import { Island } from '../../server/render/island.tsx';
import { useTexts } from '../../ui/language.tsx';
import { Money } from '../../ui/Money.tsx';
import { ConfirmModal } from '../components/ConfirmModal.tsx';
import { DoneButton } from '../components/DoneButton.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { OrderLink } from '../components/OrderLink.tsx';
import { OrderSummary } from '../components/OrderSummary.tsx';
import { ReferenceNumber } from '../components/ReferenceNumber.tsx';
import { Document } from '../layout/Document.tsx';

/** What a cash receipt states, from the flow state the page has just read. */
export interface CashReceiptData {
  referenceNumber: string;
  /** The order: its total, the fee in it, the rate and the coins. */
  order: Order;
  /** CASH_PAGE.deadline, filled in. */
  deadline: string;
  /** CASH_PAGE.expiry, filled in. */
  expiry: string;
}

function CashReceipt({ receipt }: { receipt: CashReceiptData }) {
  const { CASH_PAGE } = useTexts();
  const symbols = useRenderContext().merchant.config.supportedFiatCurrencies;
  return (
    <>
      <p className="hint">{CASH_PAGE.referenceLabel}</p>
      <ReferenceNumber reference={receipt.referenceNumber} id="reference-number" />
      <Island name="CopyButton" props={{ text: receipt.referenceNumber, label: CASH_PAGE.copyReference }} hydrate="visible" />
      <dl className="order-summary cash-terms">
        <dt>{CASH_PAGE.amountLabel}</dt>
        <dd className="order-total">
          <Money kind="fiat" amount={receipt.order.fiatAmount} currency={receipt.order.fiatCurrency} symbols={symbols} />
        </dd>
        <dt>{CASH_PAGE.deadlineLabel}</dt>
        <dd className="cash-deadline">{receipt.deadline}</dd>
      </dl>
      <OrderSummary order={receipt.order} receipt completed />
      <p className="otc-expiry">{receipt.expiry}</p>
      <h2>{CASH_PAGE.validIdsHeading}</h2>
      <ul className="valid-ids">
        {CASH_PAGE.validIds.map((id) => (
          <li key={id}>{id}</li>
        ))}
      </ul>
    </>
  );
}

export interface PaymentOtcProps {
  frame?: FlowFrameProps | undefined;
  receipt: CashReceiptData;
  confirming: boolean;
  /** The order's status through the edge's /api: the page moves on once the cash is reported. */
  statusUrl: string;
}

export function PaymentOtcPage({ frame, receipt, confirming, statusUrl }: PaymentOtcProps) {
  const { CONFIRM_TEXT, CASH_PAGE } = useTexts();
  const here = ROUTES.paymentOtc.path;
  return (
    <Document title={CASH_PAGE.title}>
      <FlowFrame frame={frame}>
        <section className="card payment otc">
          <h1>{CASH_PAGE.title}</h1>
          <CashReceipt receipt={receipt} />
          <p>
            <a href={ROUTES.cashInLocations.path}>{CASH_PAGE.mapLink}</a>
          </p>
          <a className="button" href={ROUTES.paymentOtc.flags.confirm}>
            {CASH_PAGE.noted}
          </a>
          <Island name="OrderWatch" props={{ statusUrl, pageUrl: here }} />
        </section>
        {confirming && (
          <ConfirmModal
            id="confirm-noted"
            question={CONFIRM_TEXT.referenceNoted}
            yesHref={ROUTES.paymentOtcSuccess.path}
            noHref={here}
          >
            <ReferenceNumber reference={receipt.referenceNumber} />
          </ConfirmModal>
        )}
        <OrderLink />
      </FlowFrame>
    </Document>
  );
}

/** The thanks page, with the cash receipt to carry to the centre. */
export function PaymentOtcSuccessPage({ receipt }: { receipt: CashReceiptData }) {
  const { CASH_PAGE, RECEIPT_TEXT } = useTexts();
  const { merchantName } = useRenderContext().merchant.config;
  return (
    <Document title={CASH_PAGE.successTitle}>
      <section className="card completion otc">
        <h1>{CASH_PAGE.successTitle}</h1>
        <p>{CASH_PAGE.successBody}</p>
        <CashReceipt receipt={receipt} />
        <p>{CASH_PAGE.successNext}</p>
        <p>
          <a href={ROUTES.cashInLocations.path}>{CASH_PAGE.mapLink}</a>
        </p>
        <DoneButton leaves={RECEIPT_TEXT.doneLeaves({ site: merchantName })} />
      </section>
      <OrderLink />
    </Document>
  );
}
