// Screens 11-13: how the selfie with photo ID is taken. The choice (camera only where the
// browser can have one), the camera, and the single-file upload.

import { selfieInstructionsOf } from '../../checkout/identity.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { Island } from '../../server/render/island.tsx';
import { useTexts } from '../../ui/language.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { Document } from '../layout/Document.tsx';

/** The selfie's steps, the first naming the photo IDs of the buyer's country. */
function Instructions({ country }: { country: string }) {
  const { holdId, ids, after } = selfieInstructionsOf(country, useTexts());
  return (
    <ol className="instructions">
      <li>
        {holdId}
        <ul className="photo-ids">
          {ids.map((id) => (
            <li key={id}>{id}</li>
          ))}
        </ul>
      </li>
      {after.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ol>
  );
}

export function ImageInputChoicePage({ country, frame }: { country: string; frame?: FlowFrameProps | undefined }) {
  const { IDENTITY_ACTIONS, IDENTITY_PAGE } = useTexts();
  return (
    <Document title={IDENTITY_PAGE.choiceTitle}>
      <FlowFrame frame={frame}>
        <section className="card">
          <h1>{IDENTITY_PAGE.choiceTitle}</h1>
          <p>{IDENTITY_PAGE.choiceIntro}</p>
          <Instructions country={country} />
          <div className="choices">
            <Island
              name="CameraChoice"
              hydrate="load"
              shared
              props={{
                href: ROUTES.imageInputCamera.path,
                label: IDENTITY_ACTIONS.camera,
                hint: IDENTITY_PAGE.cameraHint,
              }}
            />
            <a className="choice" href={ROUTES.imageInputUpload.path} data-choice="upload">
              <strong>{IDENTITY_ACTIONS.upload}</strong>
              <span className="hint">{IDENTITY_PAGE.uploadHint}</span>
            </a>
          </div>
        </section>
      </FlowFrame>
    </Document>
  );
}

export function ImageInputCameraPage({ country, frame }: { country: string; frame?: FlowFrameProps | undefined }) {
  const { IDENTITY_ACTIONS, IDENTITY_PAGE } = useTexts();
  return (
    <Document title={IDENTITY_PAGE.cameraTitle}>
      <FlowFrame frame={frame}>
        <section className="card">
          <h1>{IDENTITY_PAGE.cameraHeading}</h1>
          <Instructions country={country} />
          <Island
            name="Camera"
            hydrate="interaction"
            shared
            props={{
              action: ROUTES.imageInputCamera.path,
              uploadHref: ROUTES.imageInputUpload.path,
              labels: {
                start: IDENTITY_ACTIONS.start,
                capture: IDENTITY_ACTIONS.capture,
                retake: IDENTITY_ACTIONS.retake,
                submit: IDENTITY_ACTIONS.submit,
                upload: IDENTITY_ACTIONS.uploadInstead,
              },
            }}
          />
          <noscript>
            <p>{IDENTITY_PAGE.cameraNeedsJs}</p>
          </noscript>
          {/* Revealed by CSS after CAMERA_FALLBACK_MS (identity.css), with or without JavaScript. */}
          <p className="camera-fallback">
            {IDENTITY_PAGE.cameraTrouble} <a href={ROUTES.imageInputUpload.path}>{IDENTITY_ACTIONS.uploadInstead}</a>
          </p>
        </section>
      </FlowFrame>
    </Document>
  );
}

export function ImageInputUploadPage({
  country,
  messages,
  frame,
}: {
  country: string;
  messages: string[];
  frame?: FlowFrameProps | undefined;
}) {
  const { IDENTITY_ACTIONS, IDENTITY_PAGE } = useTexts();
  return (
    <Document title={IDENTITY_PAGE.uploadTitle}>
      <FlowFrame frame={frame}>
        <section className="card">
          <h1>{IDENTITY_PAGE.uploadHeading}</h1>
          <Instructions country={country} />
          <Island
            name="SelfieUpload"
            hydrate="visible"
            props={{ action: ROUTES.imageInputUpload.path, submitLabel: IDENTITY_ACTIONS.submit, messages }}
          />
        </section>
      </FlowFrame>
    </Document>
  );
}
