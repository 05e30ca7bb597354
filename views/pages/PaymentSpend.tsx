// Screen 17 for sells and spends: where to send the crypto. The address shows once the
// upstream's status is PROCESSED (checked by the server, then by the WalletStatus island);
// the confirm question is a section reached by a link, so it needs no JavaScript.
import { Island } from '../../server/render/island.tsx';
import { CONFIRM_TEXT, COPY_TEXT } from '../../server/checkout/messages.ts';
import { ROUTES } from '../../server/checkout/routes.ts';
import { WalletAddress } from '../../islands/WalletStatus.tsx';
import { Document } from '../layout/Document.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { ConfirmModal } from '../components/ConfirmModal.tsx';


/** What happens once the crypto arrives: a gift card for spends, a payout for sells. */
export function payoutPromise(paymentMethod: string): string {
  return paymentMethod === 'GIFTCARD'
    ? 'We will email your eGift card as soon as your crypto arrives.'
    : 'We will send your payout as soon as your crypto arrives.';
}

/** Shown when the status checks stop before PROCESSED. */
export function receivedOrderMessage(paymentMethod: string): string {
  return `We have received your order. ${payoutPromise(paymentMethod)}`;
}

export interface PaymentSpendProps {
  frame?: FlowFrameProps | undefined;
  /** The formatted crypto amount to send. */
  amountText: string;
  qrSrc: string;
  statusUrl: string;
  paymentMethod: string;
  /** Set when the status is PROCESSED. */
  address?: string;
  /** The visitor asked to confirm the deposit (?confirm=1). */
  confirming: boolean;
}

export function PaymentSpendPage(props: PaymentSpendProps) {
  const { frame } = props;
  const here = ROUTES.paymentSpend.path;
  const confirmHref = ROUTES.paymentSpend.flags.confirm;
  return (
    <Document title="Send your crypto">
      <FlowFrame frame={frame}>
        <section className="card payment">
          <h1>Send your crypto</h1>
          {props.address ? (
            <WalletAddress
              address={props.address}
              amountText={props.amountText}
              qrSrc={props.qrSrc}
              confirmHref={confirmHref}
              copy={<Island name="CopyButton" props={{ text: props.address, label: COPY_TEXT.copyAddress }} hydrate="visible" />}
            />
          ) : (
            <Island
              name="WalletStatus"
              props={{
                statusUrl: props.statusUrl,
                qrSrc: props.qrSrc,
                amountText: props.amountText,
                confirmHref,
                checkAgainHref: here,
                receivedMessage: receivedOrderMessage(props.paymentMethod),
              }}
            />
          )}
        </section>
        {props.address && props.confirming && (
          <ConfirmModal id="confirm-sent" question={CONFIRM_TEXT.cryptoSent} yesHref={ROUTES.paymentSpendSuccess.path} noHref={here} />
        )}
      </FlowFrame>
    </Document>
  );
}
