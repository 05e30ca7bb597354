// A quote failed without a message: say so and try again on a timer (the server's Refresh
// header, no JavaScript needed); after the last attempt the server sends the visitor home.
import { ROUTES } from '../../checkout/routes.ts';
import { Document } from '../layout/Document.tsx';

export function QuoteRetryPage(props: { retryUrl: string; seconds: number; attempt: number; attempts: number; title?: string }) {
  const title = props.title ?? 'Getting your quote';
  return (
    <Document title={title}>
      <section className="card" aria-live="polite">
        <h1>{title}</h1>
        <p>
          The service is temporarily unavailable. Trying again in {props.seconds} seconds (attempt {props.attempt} of{' '}
          {props.attempts}).
        </p>
        <p>
          <a href={props.retryUrl}>Try again now</a> · <a href={ROUTES.home.path}>Start over</a>
        </p>
      </section>
    </Document>
  );
}
