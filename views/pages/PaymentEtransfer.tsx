// Screen 9, e-transfer payment: the total with its currency, the payment window, one
// primary action (the provider's page, in a popup, or a new tab without JavaScript), then
// the secondary one, I HAVE PAID, and last the way out, Done, with what it does under it.
// The address and Reference ID can be copied.
import { PAYMENT_DEADLINE_MS } from '../../checkout/limits.ts';
import type { Order } from '../../checkout/order.ts';
import { useMerchantWords, useRenderContext } from '../../server/render/context.tsx';
import { Island } from '../../server/render/island.tsx';
import { useTexts, withNodes } from '../../ui/language.tsx';
import { DoneButton } from '../components/DoneButton.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { Unavailable } from '../components/FormParts.tsx';
import { OrderLink } from '../components/OrderLink.tsx';
import { OrderSummary } from '../components/OrderSummary.tsx';
import { Document } from '../layout/Document.tsx';

export type PaymentEtransferProps =
  | {
      kind: 'instructions';
      order: Order;
      paymentUrl: string;
      /** I HAVE PAID: this page again, saying so when the payment has not arrived. */
      checkUrl: string;
      /** The order's status through /api, which the payment window's island asks. */
      statusUrl: string;
      /** This page, which follows the upstream's nextAction once the order has moved on. */
      pageUrl: string;
      waiting: boolean;
    }
  /** The instructions cannot be shown: why, in the words of docs/spec.md section 8. */
  | { kind: 'unavailable'; message: string };

export function PaymentEtransferPage(props: PaymentEtransferProps & { frame?: FlowFrameProps | undefined }) {
  const { ACTIONS, BACK_TO_START, PAY_PAGE, PAYMENT_PAGE_TEXT, RECEIPT_TEXT, TIME } = useTexts();
  const { frame } = props;
  const { merchant } = useRenderContext();
  const words = useMerchantWords();
  const { etransferEmail, paymentMethods, merchantName } = merchant.config;
  // The merchant names its e-transfer (Interac e-Transfer in Canada, PayID in Australia).
  const etransfer = paymentMethods.find((m) => m.name === 'ETRANSFER');
  const method = etransfer ? words.methodLabel(etransfer) : 'e-Transfer';
  return (
    <Document title={PAY_PAGE.title}>
      <FlowFrame frame={frame}>
        <section className="card payment">
          <h1>{PAY_PAGE.heading(method)}</h1>
          {props.kind === 'unavailable' ? (
            <Unavailable message={props.message} back={BACK_TO_START} />
          ) : (
            <>
              {props.waiting && (
                <p className="form-error" role="alert">
                  {PAYMENT_PAGE_TEXT.notReceived}
                </p>
              )}
              <OrderSummary order={props.order} copy />
              <p>
                {withNodes(PAY_PAGE.deadline, {
                  within: <strong>{TIME.hours(PAYMENT_DEADLINE_MS)}</strong>,
                })}
              </p>
              {etransferEmail && <p className="hint">{PAY_PAGE.receivedBy({ email: etransferEmail })}</p>}
              <Island
                name="PaymentPopup"
                props={{ paymentUrl: props.paymentUrl, statusUrl: props.statusUrl, pageUrl: props.pageUrl }}
              />
              <a className="button secondary" href={props.checkUrl}>
                {ACTIONS.iHavePaid}
              </a>
              <DoneButton quiet leaves={RECEIPT_TEXT.doneLeaves({ site: merchantName })} />
            </>
          )}
        </section>
        <OrderLink />
      </FlowFrame>
    </Document>
  );
}
