// The order has ended upstream (SYSTEM on a requote, too many wrong codes): the upstream's
// message, the notice that the visitor is taken away in 5 seconds (the server's Refresh
// header does it, no JavaScript needed), the reference ID to quote if they get in touch,
// and a link to where the notice takes them, to go now.

import { useRenderContext } from '../../server/render/context.tsx';
import { useTexts } from '../../ui/language.tsx';
import { Document } from '../layout/Document.tsx';

export interface FlowEndedProps {
  title: string;
  message: string;
  notice: string;
  /** The ended order's reference ID, when the visitor's flow named it. */
  reference?: string | undefined;
  /** Where the Refresh takes the visitor: the merchant's error URL. */
  leaveTo: string;
}

export function FlowEndedPage({ title, message, notice, reference, leaveTo }: FlowEndedProps) {
  const { FLOW_ENDED } = useTexts();
  const { merchantName } = useRenderContext().merchant.config;
  return (
    <Document title={title}>
      <section className="card" role="alert">
        <h1>{title}</h1>
        <p className="form-error">{message}</p>
        {reference && <p>{FLOW_ENDED.reference({ reference })}</p>}
        <p>{notice}</p>
        <p>
          <a href={leaveTo}>{FLOW_ENDED.goTo({ site: merchantName })}</a>
        </p>
      </section>
    </Document>
  );
}
