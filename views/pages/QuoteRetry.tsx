// A quote failed without a message: say so and try again on a timer (the server's Refresh
// header, no JavaScript needed); after the last attempt the server sends the visitor home.
import { ROUTES } from '../../checkout/routes.ts';
import { useTexts } from '../../ui/language.tsx';
import { Document } from '../layout/Document.tsx';

export function QuoteRetryPage(props: { retryUrl: string; seconds: number; attempt: number; attempts: number; title?: string }) {
  const { QUOTE_RETRY } = useTexts();
  const title = props.title ?? QUOTE_RETRY.title;
  return (
    <Document title={title}>
      <section className="card" aria-live="polite">
        <h1>{title}</h1>
        <p>{QUOTE_RETRY.body({ seconds: props.seconds, attempt: props.attempt, attempts: props.attempts })}</p>
        <p>
          <a href={props.retryUrl}>{QUOTE_RETRY.now}</a> · <a href={ROUTES.home.path}>{QUOTE_RETRY.startOver}</a>
        </p>
      </section>
    </Document>
  );
}
