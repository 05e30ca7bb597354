// Screen 18: cash over the counter. The reference large and copyable, what to pay
// (the OTC fee included), the 12-hour expiry, the IDs the centre accepts, the cash-in map,
// and the confirm question (CONFIRM_TEXT) before the thanks page: a section
// reached by a link (?confirm=1), so the question needs no JavaScript.
import { Island } from '../../server/render/island.tsx';
import { ROUTES } from '../../checkout/routes.ts';
import { Document } from '../layout/Document.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { ConfirmModal } from '../components/ConfirmModal.tsx';
import { useTexts } from '../language.tsx';

export interface PaymentOtcProps {
  frame?: FlowFrameProps | undefined;
  referenceNumber: string;
  totalText: string;
  cryptoText: string;
  /** The OTC fee, formatted, or null when none is configured. */
  feeText: string | null;
  expiryText: string;
  confirming: boolean;
}

export function PaymentOtcPage(props: PaymentOtcProps) {
  const { CONFIRM_TEXT, OTC_TEXT } = useTexts();
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
          <dl className="order-summary">
            <dt>Order total</dt>
            <dd>{props.totalText}</dd>
            {props.feeText && (
              <>
                <dt>Fee (included)</dt>
                <dd>{props.feeText}</dd>
              </>
            )}
            <dt>Crypto amount</dt>
            <dd>{props.cryptoText}</dd>
          </dl>
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
  const { OTC_TEXT } = useTexts();
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
