// A step the upstream sent the visitor to that this checkout does not offer online yet:
// say so, and give what support needs to finish the order by hand.
import { Document } from '../layout/Document.tsx';
import { STEP_UNAVAILABLE_TEXT } from '../../checkout/messages.ts';
import { useRenderContext } from '../../server/render/context.tsx';
import { SupportContacts } from '../components/SupportContacts.tsx';
import { BackHome } from '../components/FormParts.tsx';

export function StepUnavailablePage({ refId }: { refId?: string }) {
  const { config } = useRenderContext().merchant;
  return (
    <Document title="Almost there">
      <section className="card">
        <h1>{STEP_UNAVAILABLE_TEXT.title}</h1>
        <p>{STEP_UNAVAILABLE_TEXT.body}</p>
        {refId && (
          <p>
            Reference ID: <strong className="crypto-address">{refId}</strong>
          </p>
        )}
        <ul>
          <SupportContacts labelled />
          <li>
            <a href={config.siteUrl}>{config.merchantName}</a>
          </li>
        </ul>
        <BackHome>Start a new order</BackHome>
      </section>
    </Document>
  );
}
