// A step the upstream sent the visitor to that this checkout does not offer online yet:
// say so, and give what support needs to finish the order by hand.

import { useRenderContext } from '../../server/render/context.tsx';
import { useTexts } from '../../ui/language.tsx';
import { BackHome } from '../components/FormParts.tsx';
import { SupportContacts } from '../components/SupportContacts.tsx';
import { Document } from '../layout/Document.tsx';

export function StepUnavailablePage({ refId }: { refId?: string }) {
  const { STEP_UNAVAILABLE_TEXT } = useTexts();
  const { config } = useRenderContext().merchant;
  return (
    <Document title={STEP_UNAVAILABLE_TEXT.pageTitle}>
      <section className="card">
        <h1>{STEP_UNAVAILABLE_TEXT.title}</h1>
        <p>{STEP_UNAVAILABLE_TEXT.body}</p>
        {refId && (
          <p>
            {STEP_UNAVAILABLE_TEXT.reference} <strong className="crypto-address">{refId}</strong>
          </p>
        )}
        <ul>
          <SupportContacts labelled />
          <li>
            <a href={config.siteUrl}>{config.merchantName}</a>
          </li>
        </ul>
        <BackHome>{STEP_UNAVAILABLE_TEXT.newOrder}</BackHome>
      </section>
    </Document>
  );
}
