// Screen 1: amount input.

import { allowedKinds, coinsFor } from '../../checkout/offer.ts';
import type { AmountFormProps } from '../../islands/AmountForm.tsx';
import type { TickerProps } from '../../islands/Ticker.tsx';
import { useMerchantWords, useRenderContext } from '../../server/render/context.tsx';
import { Island } from '../../server/render/island.tsx';
import { useTexts } from '../../ui/language.tsx';
import { Modal } from '../components/Modal.tsx';
import type { Toast } from '../components/Toasts.tsx';
import { Document } from '../layout/Document.tsx';

/** A form with nothing typed and no messages looks the same for every visitor. */
const isUntouched = (form: AmountFormProps) => Object.keys(form.values).length === 0 && Object.keys(form.errors).length === 0;

export function HomePage({
  form,
  links,
  modal,
  toasts,
  ticker,
}: {
  form: AmountFormProps | null;
  /** Links the merchant's payment methods add (the cash-in map). */
  links: readonly { label: string; path: string }[];
  modal?: string | undefined;
  toasts?: Toast[] | undefined;
  /** showTicker, with rows to show. */
  ticker?: TickerProps | undefined;
}) {
  const { HOME_TEXT, META_TEXT, TAB_LABELS } = useTexts();
  const { merchant } = useRenderContext();
  const { config } = merchant;
  const { title, psa } = useMerchantWords();
  const description = META_TEXT.home(
    title,
    allowedKinds(config),
    coinsFor(config).map((coin) => coin.name),
  );
  return (
    <Document title={HOME_TEXT.heading} description={description} footer="full" toasts={toasts}>
      {form && <h1 className="page-title">{form.tabs.length === 1 ? TAB_LABELS[form.tabs[0]!.kind] : HOME_TEXT.heading}</h1>}
      {ticker && <Island name="Ticker" props={ticker} hydrate="idle" />}
      {psa && (
        <aside className="psa" role="note">
          {psa}
        </aside>
      )}
      {form ? (
        <Island name="AmountForm" props={ticker ? { ...form, prices: ticker.rows } : form} shared={isUntouched(form)} />
      ) : (
        <section className="card">
          <h1>{HOME_TEXT.unavailableTitle}</h1>
          <p>{HOME_TEXT.unavailableBody}</p>
        </section>
      )}
      {links.map((link) => (
        <p className="cash-in-link" key={link.path}>
          <a href={link.path}>{link.label}</a>
        </p>
      ))}
      {modal && <Modal text={modal} />}
    </Document>
  );
}
