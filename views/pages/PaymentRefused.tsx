// A payment address from the upstream that failed the checks of
// checkout/payment-url.ts: say so plainly, with the request id support can look up.

import { useTexts } from '../../ui/language.tsx';
import { BackHome } from '../components/FormParts.tsx';
import { Document } from '../layout/Document.tsx';

export function PaymentRefusedPage({ reference }: { reference: string }) {
  const { BACK_TO_START, PAYMENT_REFUSED_TEXT } = useTexts();
  return (
    <Document title={PAYMENT_REFUSED_TEXT.pageTitle}>
      <section className="card">
        <h1>{PAYMENT_REFUSED_TEXT.title}</h1>
        <p>{PAYMENT_REFUSED_TEXT.body}</p>
        <p>
          {PAYMENT_REFUSED_TEXT.reference} <strong className="crypto-address">{reference}</strong>
        </p>
        <BackHome>{BACK_TO_START}</BackHome>
      </section>
    </Document>
  );
}
