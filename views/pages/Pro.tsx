// Screen 3, Pro entry: the invitation's promise above the amount form, restricted to what
// Pro allows (CAD, e-transfer, BTC/BCH/LTC/ETH). The form is the home form's island.

import type { AmountFormProps } from '../../islands/AmountForm.tsx';
import { Island } from '../../server/render/island.tsx';
import { useTexts } from '../../ui/language.tsx';
import { Modal } from '../components/Modal.tsx';
import { Document } from '../layout/Document.tsx';

export function ProPage({ form, feeText, modal }: { form: AmountFormProps; feeText: string | null; modal?: string | undefined }) {
  const { PRO_TEXT } = useTexts();
  return (
    <Document title={PRO_TEXT.heading} footer="full">
      <section className="pro-intro">
        <h1>{PRO_TEXT.heading}</h1>
        <p>{PRO_TEXT.note}</p>
        {feeText && (
          <p className="hint">
            {PRO_TEXT.fee}: <strong>{feeText}</strong>
          </p>
        )}
      </section>
      <Island name="AmountForm" props={form} />
      {modal && <Modal text={modal} />}
    </Document>
  );
}
