import { useMerchantWords } from '../../server/render/context.tsx';
import { useTexts } from '../../ui/language.tsx';
import { Document } from '../layout/Document.tsx';

/** Legal pages are the merchant's own HTML, checked at start-up to hold no scripts. */
export function LegalPage({ title, html }: { title: string; html: string }) {
  const { META_TEXT } = useTexts();
  const merchantTitle = useMerchantWords().title;
  return (
    <Document title={title} description={META_TEXT.legal({ title: merchantTitle, page: title })} footer="full">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the merchant's legal page, sanitised once at load (tenancy/) */}
      <article className="card legal" dangerouslySetInnerHTML={{ __html: html }} />
    </Document>
  );
}
