// Screen 15: consent, then the identity provider's frame; without a configured provider,
// a clear message and the way back.

import { Island } from '../../server/render/island.tsx';
import { useTexts } from '../../ui/language.tsx';
import { Unavailable } from '../components/FormParts.tsx';
import { Document } from '../layout/Document.tsx';

export type VerifyIdenfyProps =
  | { available: false }
  | { available: true; frameUrl: string; origin: string; consentHref: string; consented: boolean };

export function VerifyIdenfyPage(props: VerifyIdenfyProps) {
  const { BACK_TO_START, IDENTITY_TEXT, IDENFY_PAGE } = useTexts();
  return (
    <Document title={IDENFY_PAGE.title}>
      <section className="card identity">
        <h1>{IDENFY_PAGE.title}</h1>
        {props.available ? (
          <Island
            name="IdentityFrame"
            hydrate="load"
            props={{
              frameUrl: props.frameUrl,
              origin: props.origin,
              consentHref: props.consentHref,
              consented: props.consented,
              labels: {
                consent: IDENFY_PAGE.consent,
                agree: IDENFY_PAGE.agree,
              },
            }}
          />
        ) : (
          <Unavailable message={IDENTITY_TEXT.frameUnavailable} back={BACK_TO_START} />
        )}
      </section>
    </Document>
  );
}
