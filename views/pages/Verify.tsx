// Screen 14: documents, the mobile number first. The Uploader island is the form (the plain
// multipart form for one file and its type before hydration); the proof-of-address note
// and, once done, the confirmation are here.

import { ROUTES } from '../../checkout/routes.ts';
import { documentTypeLabels } from '../../checkout/validation/upload.ts';
import { Island } from '../../server/render/island.tsx';
import { useTexts } from '../../ui/language.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { Document } from '../layout/Document.tsx';

export interface VerifyPageProps {
  frame?: FlowFrameProps | undefined;
  /** The path the plain form posts to: /verify, /verify/{country} or /pro/verify. */
  action: string;
  country: string;
  mobile: string;
  errors: Partial<Record<string, string>>;
  messages: string[];
  complete: boolean;
}

export function VerifyPage(props: VerifyPageProps) {
  const texts = useTexts();
  const { IDENTITY_TEXT, UPLOAD_MESSAGES, VERIFY_PAGE } = texts;
  const { frame } = props;
  return (
    <Document title={VERIFY_PAGE.title}>
      <FlowFrame frame={frame}>
        <section className="card">
          <h1>{VERIFY_PAGE.title}</h1>
          {props.complete ? (
            <p className="form-success" role="status">
              {UPLOAD_MESSAGES.complete}
            </p>
          ) : (
            <>
              <p>{VERIFY_PAGE.intro}</p>
              <p className="hint">{IDENTITY_TEXT.proofOfAddress}</p>
              <Island
                name="Uploader"
                hydrate="load"
                props={{
                  action: props.action,
                  fileAction: ROUTES.verify.actions.file,
                  completeAction: ROUTES.verify.actions.complete,
                  country: props.country,
                  labels: documentTypeLabels(props.country, texts),
                  submitLabel: VERIFY_PAGE.upload,
                  mobile: props.mobile,
                  errors: props.errors,
                  messages: props.messages,
                }}
              />
            </>
          )}
        </section>
      </FlowFrame>
    </Document>
  );
}
