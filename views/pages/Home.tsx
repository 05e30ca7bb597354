// Screen 1: amount input.
import { Document } from '../layout/Document.tsx';
import { Island } from '../../server/render/island.tsx';
import { useRenderContext } from '../../server/render/context.tsx';
import type { AmountFormProps } from '../../islands/AmountForm.tsx';
import type { TickerProps } from '../../islands/Ticker.tsx';
import { Modal } from '../components/Modal.tsx';
import { OTC_TEXT } from '../../server/checkout/messages.ts';
import { ROUTES } from '../../server/checkout/routes.ts';
import type { Toast } from '../components/Toasts.tsx';

/** A form with nothing typed and no messages looks the same for every visitor. */
const isUntouched = (form: AmountFormProps) => Object.keys(form.values).length === 0 && Object.keys(form.errors).length === 0;

export function HomePage({
  form,
  modal,
  toasts,
  ticker,
}: {
  form: AmountFormProps | null;
  modal?: string | undefined;
  toasts?: Toast[] | undefined;
  /** showTicker, with rows to show. */
  ticker?: TickerProps | undefined;
}) {
  const { merchant } = useRenderContext();
  const { psa } = merchant.config;
  return (
    <Document title="Buy and sell crypto" toasts={toasts}>
      {form && <h1 className="visually-hidden">{merchant.config.title}</h1>}
      {ticker && <Island name="Ticker" props={ticker} hydrate="idle" />}
      {psa && (
        <aside className="psa" role="note">
          {psa}
        </aside>
      )}
      {form ? (
        <Island name="AmountForm" props={form} shared={isUntouched(form)} />
      ) : (
        <section className="card">
          <h1>Checkout unavailable</h1>
          <p>This checkout is not taking new orders right now. Please come back later.</p>
        </section>
      )}
      {merchant.config.paymentMethods.some((m) => m.name === 'OTC') && (
        <p className="cash-in-link">
          <a href={ROUTES.cashInLocations.path}>{OTC_TEXT.mapLink}</a>
        </p>
      )}
      {modal && <Modal text={modal} />}
    </Document>
  );
}
