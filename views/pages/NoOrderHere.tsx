// What a page that states how an order went (success, cancelled, in review, a thanks page)
// shows when it has no order to speak of: a fresh browser, an expired flow, the order not
// loaded. It claims nothing: it says so, and offers the order's lookup by its Reference ID
// (/state, then the question whether the order is the visitor's) and the home page.
import { LOOKUP_PARAM, ROUTES } from '../../checkout/routes.ts';
import { useTexts } from '../../ui/language.tsx';
import { BackHome, SubmitButton } from '../components/FormParts.tsx';
import { Document } from '../layout/Document.tsx';

export function NoOrderHere({ unavailable = false }: { unavailable?: boolean }) {
  const { ERROR_TEXT, NO_ORDER_TEXT, SUMMARY_TEXT } = useTexts();
  return (
    <Document title={NO_ORDER_TEXT.title}>
      <section className="card completion no-order">
        <h1>{NO_ORDER_TEXT.title}</h1>
        <p>{unavailable ? NO_ORDER_TEXT.unavailable : NO_ORDER_TEXT.body}</p>
        <form method="get" action={ROUTES.stateMissing.path} className="order-lookup">
          <div className="field">
            <label htmlFor="lookup-reference">{SUMMARY_TEXT.reference}</label>
            <input
              id="lookup-reference"
              type="text"
              name={LOOKUP_PARAM}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              translate="no"
            />
          </div>
          <SubmitButton>{NO_ORDER_TEXT.lookup}</SubmitButton>
        </form>
        <div className="secondary-actions">
          <BackHome>{ERROR_TEXT.backToStart}</BackHome>
        </div>
      </section>
    </Document>
  );
}
