// A refusal or failure as a visitor meets it: in the merchant's brand, what went wrong in
// words, and a way back to the start.
import { ROUTES } from '../../checkout/routes.ts';
import { useTexts } from '../../ui/language.tsx';
import { Document } from '../layout/Document.tsx';

export function ErrorPage({ title, message }: { title: string; message: string }) {
  const { ERROR_TEXT } = useTexts();
  return (
    <Document title={title}>
      <section className="card" role="alert">
        <h1>{title}</h1>
        <p>{message}</p>
        <p>
          <a href={ROUTES.home.path}>{ERROR_TEXT.backToStart}</a>
        </p>
      </section>
    </Document>
  );
}
