// Screen 18: cash over the counter. The reference large and copyable, what to pay
// (the OTC fee included), the 12-hour expiry, the IDs the centre accepts, the cash-in map,
// and the confirm question (CONFIRM_TEXT) before the thanks page: a section
// reached by a link (?confirm=1), so the question needs no JavaScript.
import type { Order } from '../../checkout/order.ts';
import { OrderSummary } from '../components/OrderSummary.tsx';
import { Island } from '../../server/render/island.tsx';
import { CONFIRM_TEXT, OTC_TEXT } from '../../checkout/messages.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { Document } from '../layout/Document.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { ConfirmModal } from '../components/ConfirmModal.tsx';

export interface PaymentOtcProps {
  frame?: FlowFrameProps | undefined;
  referenceNumber: string;
  /** The order: its total, the fee in it, the rate and the coins. */
  order: Order;
  expiryText: string;
  confirming: boolean;
}

export function PaymentOtcPage(props: PaymentOtcProps) {
  const { frame } = props;
  const here = ROUTES.paymentOtc.path;
  return (
    <Document title={OTC_TEXT.title}>
      <FlowFrame frame={frame}>
        <section className="card payment otc">
          <h1>{OTC_TEXT.title}</h1>
          <p className="hint">{OTC_TEXT.referenceLabel}</p>
          <p className="reference-number" id="reference-number">
            {props.referenceNumber}
          </p>
          <Island name="CopyButton" props={{ text: props.referenceNumber, label: OTC_TEXT.copyReference }} hydrate="visible" />
          <OrderSummary order={props.order} />
          <p className="otc-expiry">{props.expiryText}</p>
          <h2>{OTC_TEXT.validIdsHeading}</h2>
          <ul className="valid-ids">
            {OTC_TEXT.validIds.map((id) => (
              <li key={id}>{id}</li>
            ))}
          </ul>
          <p>
            <a href={ROUTES.cashInLocations.path}>{OTC_TEXT.mapLink}</a>
          </p>
          <a className="button" href={ROUTES.paymentOtc.flags.confirm}>
            {OTC_TEXT.noted}
          </a>
        </section>
        {props.confirming && (
          <ConfirmModal
            id="confirm-noted"
            question={CONFIRM_TEXT.referenceNoted}
            yesHref={ROUTES.paymentOtcSuccess.path}
            noHref={here}
          >
            <p className="reference-number">{props.referenceNumber}</p>
          </ConfirmModal>
        )}
      </FlowFrame>
    </Document>
  );
}

export function PaymentOtcSuccessPage({ referenceNumber }: { referenceNumber?: string | undefined }) {
  return (
    <Document title={OTC_TEXT.successTitle}>
      <section className="card completion">
        <h1>{OTC_TEXT.successTitle}</h1>
        {referenceNumber && (
          <>
            <p className="hint">{OTC_TEXT.referenceLabel}</p>
            <p className="reference-number">{referenceNumber}</p>
          </>
        )}
        <p>{OTC_TEXT.successBody}</p>
        <p>{OTC_TEXT.successNext}</p>
        <p>
          <a href={ROUTES.cashInLocations.path}>{OTC_TEXT.mapLink}</a>
        </p>
      </section>
    </Document>
  );
}
