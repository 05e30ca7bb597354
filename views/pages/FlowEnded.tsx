// The order has ended upstream (SYSTEM on a requote, too many wrong codes): the upstream's
// message, the notice that the visitor goes home in 5 seconds (the server's Refresh
// header does it, no JavaScript needed), and a link to go now.
import { ROUTES } from '../../checkout/routes.ts';
import { Document } from '../layout/Document.tsx';
import { useTexts } from '../language.tsx';

export interface FlowEndedProps {
  title: string;
  message: string;
  notice: string;
}

export function FlowEndedPage({ title, message, notice }: FlowEndedProps) {
  const { FLOW_ENDED } = useTexts();
  return (
    <Document title={title}>
      <section className="card" role="alert">
        <h1>{title}</h1>
        <p className="form-error">{message}</p>
        <p>{notice}</p>
        <p>
          <a href={ROUTES.home.path}>{FLOW_ENDED.homeNow}</a>
        </p>
      </section>
    </Document>
  );
}
