// The order's own page (server/screens/order.ts): where the order stands in plain words and
// what happens next, the deadline while one runs, the Reference ID grouped for reading
// aloud, the figures of the one order (checkout/order.ts) as the receipts show them, and the
// merchant's support. While the order waits on the visitor, a way back into the flow. It
// prints as a receipt on one page (static/css/order.css). With JavaScript the OrderWatch
// island loads the page again once the stage changes; without, the visitor reloads.

import { REVIEW_MAX_MS } from '../../checkout/limits.ts';
import type { Texts } from '../../checkout/messages.ts';
import type { Order } from '../../checkout/order.ts';
import { isFinalStage, type OrderStage, paysInCrypto, waitsOnVisitor } from '../../checkout/order-status.ts';
import { useMerchantWords, useRenderContext } from '../../server/render/context.tsx';
import { Island } from '../../server/render/island.tsx';
import { useTexts } from '../../ui/language.tsx';
import { CopyValue } from '../components/CopyValue.tsx';
import { OrderSummary, placedText } from '../components/OrderSummary.tsx';
import { ReferenceNumber } from '../components/ReferenceNumber.tsx';
import { hasSupportContacts, SupportContacts } from '../components/SupportContacts.tsx';
import { Document } from '../layout/Document.tsx';
import type { ReceiptText } from './completion.ts';

export interface OrderPageProps {
  order: Order;
  stage: OrderStage;
  /**
   * While the order awaits payment: when it must be paid by, or the crypto sent by. `text`:
   * as the method's own page writes it (the cash page's Manila clock), else as the order's
   * date is written.
   */
  deadline?: { kind: 'payBy' | 'sendBy'; at: number; text?: string } | undefined;
  /** A sell's or a spend's rate hold, once it has lapsed: until when it was held. */
  heldUntil?: number | undefined;
  /** A new order for the same amount (a direct link), offered once this one can no longer be paid. */
  newOrderUrl: string;
  /** A sell's or a spend's deposit address, as the order has it. */
  depositAddress?: string | undefined;
  receipt?: ReceiptText | undefined;
  /** /state/{refId}: the question whether the order is theirs, then the flow where the upstream has it. */
  resumePath: string;
  /** This page, which the island asks for the stage and loads again. */
  pagePath: string;
  /** When the page was made: the status is as of then. */
  now: number;
}

/** The stage's name, as the visitor's flow words it. */
function stageName(stage: OrderStage, order: Order, texts: Texts): string {
  const { stage: names } = texts.ORDER_PAGE_TEXT;
  if (paysInCrypto(order.kind) && stage === 'awaitingPayment') return names.awaitingCrypto;
  if (paysInCrypto(order.kind) && stage === 'paymentReceived') return names.cryptoReceived;
  return names[stage];
}

/** What happens next, in the words the flow's pages use for the same moment. */
function nextSteps(
  stage: OrderStage,
  order: Order,
  receipt: ReceiptText | undefined,
  texts: Texts,
  lapsed: { heldUntil: string; merchant: string },
): string[] {
  const { ORDER_PAGE_TEXT, DEPOSIT_TEXT, RECEIPT_TEXT, CANCELLED_TEXT, TIME } = texts;
  switch (stage) {
    case 'unfinished':
      return [ORDER_PAGE_TEXT.next.unfinished];
    case 'awaitingPayment':
      return [
        paysInCrypto(order.kind)
          ? ORDER_PAGE_TEXT.next.awaitingCrypto({ coin: order.cryptoCurrency })
          : ORDER_PAGE_TEXT.next.awaitingPayment,
      ];
    case 'paymentReceived':
      return receipt ? [receipt.delivery] : [];
    case 'inReview':
      return [
        RECEIPT_TEXT.inReview({ within: TIME.hours(REVIEW_MAX_MS) }),
        receipt?.afterApproval ?? RECEIPT_TEXT.afterApproval.emailed,
      ];
    case 'completed':
      return [RECEIPT_TEXT.complete, ...(receipt ? [receipt.delivery] : [])];
    case 'cancelled':
      return [...(receipt?.cancelled ? [receipt.cancelled] : []), CANCELLED_TEXT.body];
    case 'holdLapsed':
      return [DEPOSIT_TEXT.lapsed({ time: lapsed.heldUntil, coin: order.cryptoCurrency, merchant: lapsed.merchant })];
    case 'expired':
      return [ORDER_PAGE_TEXT.next.expired];
  }
}

/** Stages at which this order can no longer be paid, and a new one is offered. */
const NEW_ORDER_AT: ReadonlySet<OrderStage> = new Set(['expired', 'holdLapsed']);

export function OrderPage(props: OrderPageProps) {
  const { order, stage, deadline, depositAddress, receipt, resumePath, pagePath, now } = props;
  const texts = useTexts();
  const { ORDER_PAGE_TEXT, SUMMARY_TEXT, COPY_TEXT } = texts;
  const { merchant } = useRenderContext();
  const { merchantName } = merchant.config;
  const merchantTitle = useMerchantWords().title;
  const moment = (at: number) => placedText(at, order.fiatCurrency, texts);
  return (
    <Document title={ORDER_PAGE_TEXT.title} description={ORDER_PAGE_TEXT.description({ merchant: merchantTitle })}>
      <section className="card order-page" aria-labelledby="order-title">
        <h1 id="order-title">{ORDER_PAGE_TEXT.title}</h1>
        <dl className="order-stage">
          <dt>{ORDER_PAGE_TEXT.statusLabel}</dt>
          <dd className={`stage stage-${stage}`}>{stageName(stage, order, texts)}</dd>
          {deadline && (
            <>
              <dt>{deadline.kind === 'payBy' ? ORDER_PAGE_TEXT.payBy : ORDER_PAGE_TEXT.sendBy}</dt>
              <dd className="order-deadline">
                <time dateTime={new Date(deadline.at).toISOString()}>{deadline.text ?? moment(deadline.at)}</time>
              </dd>
            </>
          )}
        </dl>
        {nextSteps(stage, order, receipt, texts, {
          heldUntil: props.heldUntil === undefined ? '' : moment(props.heldUntil),
          merchant: merchantName,
        }).map((line) => (
          <p key={line}>{line}</p>
        ))}
        {waitsOnVisitor(stage) && (
          <div className="order-continue">
            <a className="button" href={resumePath}>
              {ORDER_PAGE_TEXT.continue}
            </a>
            <p className="hint">{ORDER_PAGE_TEXT.continueHint}</p>
          </div>
        )}
        {NEW_ORDER_AT.has(stage) && (
          <p>
            <a className="button" href={props.newOrderUrl}>
              {ORDER_PAGE_TEXT.newOrder}
            </a>
          </p>
        )}
        <p className="hint">{SUMMARY_TEXT.reference}</p>
        <ReferenceNumber reference={order.refId} />
        <OrderSummary order={order} completed />
        {depositAddress && (
          <dl className="order-summary deposit">
            <dt>{ORDER_PAGE_TEXT.depositAddress}</dt>
            <dd className="crypto-address">
              <CopyValue
                value={depositAddress}
                label={COPY_TEXT.copy}
                name={COPY_TEXT.copyOf({ what: ORDER_PAGE_TEXT.depositAddress })}
              />
            </dd>
          </dl>
        )}
        {hasSupportContacts(merchant.config) && (
          <div className="order-help">
            <p>{ORDER_PAGE_TEXT.help({ merchant: merchantName })}</p>
            <ul className="support-contacts">
              <SupportContacts labelled />
            </ul>
          </div>
        )}
        <p className="hint order-as-of">{ORDER_PAGE_TEXT.asOf({ time: moment(now) })}</p>
        {!isFinalStage(stage) && (
          <Island name="OrderWatch" props={{ statusUrl: pagePath, pageUrl: pagePath, shownStage: stage }} hydrate="load" />
        )}
      </section>
    </Document>
  );
}
