// Screen 9, e-transfer payment: the total with its currency, the payment window, one
// primary action (the provider's page, in a popup, or a new tab without JavaScript), then
// the quiet ones: I HAVE PAID and Done. The address and Reference ID can be copied.
import { PAYMENT_DEADLINE_MS } from '../../checkout/limits.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { Island } from '../../server/render/island.tsx';
import { useRenderContext } from '../../server/render/context.tsx';
import { Document } from '../layout/Document.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { DoneButton } from '../components/DoneButton.tsx';
import { formatHours } from '../../checkout/format.ts';
import { OrderSummary, type OrderSummaryData } from '../components/OrderSummary.tsx';
import { ACTIONS } from '../../checkout/messages.ts';

/** Shown after I HAVE PAID while the payment has not arrived yet. */
export const PAYMENT_NOT_RECEIVED = 'We have not received your payment yet. Complete it on the payment page, then check again.';

export type PaymentEtransferProps =
  | { kind: 'instructions'; order: OrderSummaryData; paymentUrl: string; checkUrl: string; waiting: boolean }
  /** The instructions cannot be shown: why, in the words of docs/spec.md section 8. */
  | { kind: 'unavailable'; message: string };

export function PaymentEtransferPage(props: PaymentEtransferProps & { frame?: FlowFrameProps | undefined }) {
  const { frame } = props;
  const { merchant } = useRenderContext();
  const { etransferEmail, paymentMethods } = merchant.config;
  // The merchant names its e-transfer (Interac e-Transfer in Canada, PayID in Australia).
  const method = paymentMethods.find((m) => m.name === 'ETRANSFER')?.label ?? 'e-Transfer';
  return (
    <Document title="Payment">
      <FlowFrame frame={frame}>
        <section className="card payment">
          <h1>{`Pay by ${method}`}</h1>
          {props.kind === 'unavailable' ? (
            <>
              <p className="form-error" role="alert">
                {props.message}
              </p>
              <a className="button secondary" href={ROUTES.home.path}>
                Back to the start
              </a>
            </>
          ) : (
            <>
              {props.waiting && (
                <p className="form-error" role="alert">
                  {PAYMENT_NOT_RECEIVED}
                </p>
              )}
              <OrderSummary order={props.order} copy />
              <p>
                Your payment must arrive within <strong>{formatHours(PAYMENT_DEADLINE_MS)}</strong>. Open the payment page and
                approve the transfer of the order total.
              </p>
              {etransferEmail && <p className="hint">{`Payments are received by ${etransferEmail}.`}</p>}
              <Island name="PaymentPopup" props={{ paymentUrl: props.paymentUrl, checkUrl: props.checkUrl }} />
              <div className="secondary-actions">
                <a className="button secondary" href={props.checkUrl}>
                  {ACTIONS.iHavePaid}
                </a>
                <DoneButton quiet />
              </div>
            </>
          )}
        </section>
      </FlowFrame>
    </Document>
  );
}
