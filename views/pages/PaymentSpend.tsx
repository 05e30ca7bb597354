// Screen 17 for sells and spends: where to send the crypto, and what the visitor gets for it
// by when (the payment method's words, under the title). The address shows, with its
// wallet link and the QR code of it (views/components/WalletAddress.tsx), once the
// upstream's status is PROCESSED: known when the page is asked for, it is on the page;
// otherwise the WalletStatus island checks with JavaScript, and without it the server
// checks while the page is open and streams the address (or the received-order message)
// in from a <noscript>, which a browser running scripts never shows or parses. The
// confirm question is a section reached by a link, so it needs no JavaScript. Past the rate
// hold the page asks for nothing: it says so and offers a new order.

import { ROUTES } from '../../checkout/routes.ts';
import { ReceivedOrder } from '../../islands/WalletStatus.tsx';
import { Island } from '../../server/render/island.tsx';
import { useTexts } from '../../ui/language.tsx';
import { ConfirmModal } from '../components/ConfirmModal.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { OrderLink } from '../components/OrderLink.tsx';
import { BootWhileStreaming, Streamed } from '../components/Streamed.tsx';
import { WalletAddress } from '../components/WalletAddress.tsx';
import { Document } from '../layout/Document.tsx';

export interface PaymentSpendProps {
  frame?: FlowFrameProps | undefined;
  /** The coin and the amount to send. */
  coin: string;
  amount: number;
  /** The amount formatted in the page's language. */
  amountText: string;
  /** The wallet link of a deposit to `address` (checkout/wallet-uri.ts). */
  walletUri: (address: string) => string;
  statusUrl: string;
  /** What the visitor gets once the crypto arrives, in the payment method's words. */
  onDeposit: string;
  /** What the visitor gets for the crypto and by when, in the payment method's words. */
  youGet?: string | undefined;
  /** The order's Reference ID, to quote to support. */
  reference: string;
  /** Until when the rate is held, as the quote page wrote it ('14:05 EST'); none for a method priced at the current rate. */
  sendBy?: string | undefined;
  /** The order's deposit address is not on the merchant's network: none is shown, and nothing is to be sent. */
  wrongNetwork?: boolean | undefined;
  /**
   * Past the rate hold (until `heldUntil`), and the crypto has not arrived: no address
   * is shown, nothing is to be sent for this order, and a new order is offered instead.
   */
  lapsed?: { heldUntil: string; merchant: string; newOrderUrl: string } | undefined;
  /** Set when the status is PROCESSED. */
  address?: string | undefined;
  /** Otherwise: the server's further checks, the address or null when they ran out. */
  polled?: Promise<string | null> | undefined;
  /** The visitor asked to confirm the deposit (?confirm=1). */
  confirming: boolean;
}

export function PaymentSpendPage(props: PaymentSpendProps) {
  const { CONFIRM_TEXT, DEPOSIT_TEXT, ORDER_PAGE_TEXT, RECEIPT_TEXT, SUMMARY_TEXT } = useTexts();
  const { frame, address, polled } = props;
  const here = ROUTES.paymentSpend.path;
  const confirmHref = ROUTES.paymentSpend.flags.confirm;
  const wallet = (found: string, copyable: boolean) => (
    <WalletAddress
      address={found}
      coin={props.coin}
      amount={props.amount}
      amountText={props.amountText}
      uri={props.walletUri(found)}
      confirmHref={confirmHref}
      copyable={copyable}
    />
  );
  const title = (
    <>
      <h1>{DEPOSIT_TEXT.title}</h1>
      {props.youGet && <p className="deposit-deal">{props.youGet}</p>}
      {props.sendBy && <p className="deposit-deadline">{DEPOSIT_TEXT.sendBy({ time: props.sendBy })}</p>}
      <dl className="order-summary deposit-reference">
        <dt>{SUMMARY_TEXT.reference}</dt>
        <dd className="reference-id">{props.reference}</dd>
      </dl>
    </>
  );
  return (
    <Document title={DEPOSIT_TEXT.title}>
      <FlowFrame frame={frame}>
        {props.lapsed ? (
          <section className="card payment">
            <h1>{DEPOSIT_TEXT.lapsedTitle}</h1>
            <p className="form-error" role="alert">
              {DEPOSIT_TEXT.lapsed({ time: props.lapsed.heldUntil, coin: props.coin, merchant: props.lapsed.merchant })}
            </p>
            <dl className="order-summary deposit-reference">
              <dt>{SUMMARY_TEXT.reference}</dt>
              <dd className="reference-id">{props.reference}</dd>
            </dl>
            <a className="button" href={props.lapsed.newOrderUrl}>
              {ORDER_PAGE_TEXT.newOrder}
            </a>
          </section>
        ) : props.wrongNetwork ? (
          <section className="card payment">
            {title}
            <p className="form-error" role="alert">
              {DEPOSIT_TEXT.wrongNetwork}
            </p>
          </section>
        ) : address ? (
          <section className="card payment">
            {title}
            {wallet(address, true)}
          </section>
        ) : (
          // Without JavaScript, the card that arrives replaces this one.
          <section className="card payment stream-pending">
            {title}
            <Island
              name="WalletStatus"
              props={{
                statusUrl: props.statusUrl,
                checkAgainHref: here,
                receivedMessage: RECEIPT_TEXT.received({ onDeposit: props.onDeposit }),
              }}
            />
            {polled && <BootWhileStreaming />}
            {polled && (
              <noscript>
                <Streamed
                  value={polled}
                  label={DEPOSIT_TEXT.result}
                  className="card payment"
                  fallback={
                    <p className="wallet-status" role="status">
                      {DEPOSIT_TEXT.waiting}
                    </p>
                  }
                >
                  {(found) => (
                    <>
                      {title}
                      {found ? (
                        wallet(found, false)
                      ) : (
                        <div className="wallet-status" role="status">
                          <ReceivedOrder message={RECEIPT_TEXT.received({ onDeposit: props.onDeposit })} checkAgainHref={here} />
                        </div>
                      )}
                    </>
                  )}
                </Streamed>
              </noscript>
            )}
          </section>
        )}
        {address && !props.lapsed && props.confirming && (
          <ConfirmModal
            id="confirm-sent"
            question={CONFIRM_TEXT.cryptoSent}
            yesHref={ROUTES.paymentSpendSuccess.path}
            noHref={here}
          />
        )}
        <OrderLink />
      </FlowFrame>
    </Document>
  );
}
