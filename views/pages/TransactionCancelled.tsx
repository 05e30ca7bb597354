// Screen 20, cancelled page: nothing was charged; Try Again starts over at home.
import { ROUTES } from '../../checkout/routes.ts';
import { useTexts } from '../../ui/language.tsx';
import { OrderLink } from '../components/OrderLink.tsx';
import { placedText } from '../components/OrderSummary.tsx';
import { Document } from '../layout/Document.tsx';
import type { CompletionProps } from './completion.ts';

export function TransactionCancelledPage({ order, receipt }: CompletionProps) {
  const texts = useTexts();
  const { ACTIONS, CANCELLED_TEXT } = texts;
  return (
    <Document title={CANCELLED_TEXT.title}>
      <section className="card completion">
        <h1>{CANCELLED_TEXT.title}</h1>
        {receipt?.cancelled && (
          <p className="form-error" role="alert">
            {receipt.cancelled}
          </p>
        )}
        <p>{CANCELLED_TEXT.body}</p>
        {order && (
          <p className="hint">
            {CANCELLED_TEXT.reference({ reference: order.refId })}
            {order.placedAt !== undefined && (
              <>
                <br />
                {CANCELLED_TEXT.placed({ date: placedText(order.placedAt, order.fiatCurrency, texts) })}
              </>
            )}
          </p>
        )}
        <a className="button" href={ROUTES.home.path}>
          {ACTIONS.tryAgain}
        </a>
      </section>
      <OrderLink />
    </Document>
  );
}
