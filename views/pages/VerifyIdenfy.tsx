// Screen 15: consent, then the identity provider's frame; without a configured provider,
// a clear message and the way back.
import { Document } from '../layout/Document.tsx';
import { Island } from '../../server/render/island.tsx';
import { BACK_TO_START, IDENTITY_TEXT } from '../../checkout/messages.ts';
import { Unavailable } from '../components/FormParts.tsx';

export type VerifyIdenfyProps =
  | { available: false }
  | { available: true; frameUrl: string; origin: string; consentHref: string; consented: boolean };

export function VerifyIdenfyPage(props: VerifyIdenfyProps) {
  return (
    <Document title="Identity verification">
      <section className="card identity">
        <h1>Identity verification</h1>
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
                consent:
                  'Our identity verification partner will ask for your photo ID and a picture of your face, using your camera. By continuing you agree that they process these to verify your identity.',
                agree: 'I agree, continue',
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
