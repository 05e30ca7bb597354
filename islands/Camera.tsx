// Screen 12: the selfie by camera, on react-webcam. Hydrated on interaction, so the browser
// asks for the camera only after the visitor's click on "Start camera". Capture, retake,
// a device selector when there is more than one camera, and submit: the picture goes to
// the edge as the same multipart form as an upload (the edge checks it and builds the
// base64 payload), with imageSource WEBCAM. A refused, missing or busy camera says so.
import { type ComponentType, type Ref, useCallback, useEffect, useRef, useState } from 'react';
import type { WebcamProps } from 'react-webcam';
import * as webcamModule from 'react-webcam';
import { FormErrors } from '../ui/Field.tsx';
import { useTexts } from '../ui/language.tsx';
import { UploadProgress } from './UploadProgress.tsx';
import { sendUpload } from './upload-request.ts';

export interface CameraProps {
  action: string;
  uploadHref: string;
  labels: { start: string; capture: string; retake: string; submit: string; upload: string };
}

interface WebcamHandle {
  getScreenshot(): string | null;
}

/**
 * react-webcam is CommonJS: Node, esbuild and TypeScript's two module modes each nest its
 * default export differently, so the component is the first function down the chain.
 */
function defaultExport<T>(module: unknown): T {
  let value = module as { default?: unknown } | undefined;
  while (value && typeof value !== 'function' && 'default' in value) value = value.default as typeof value;
  return value as T;
}
const Webcam = defaultExport<ComponentType<Partial<WebcamProps> & { ref?: Ref<WebcamHandle> }>>(webcamModule);

type CameraProblem = 'cameraDenied' | 'cameraMissing' | 'cameraBusy' | 'cameraFailed';

/** getUserMedia's error names, in plain words. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = typeof error === 'object' && error !== null ? String((error as { name?: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'cameraDenied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'cameraMissing';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'cameraBusy';
  return 'cameraFailed';
}

/** A data: URL's bytes as a Blob, without fetch (the CSP's connect-src has no data:). */
function dataUrlToBlob(dataUrl: string): Blob {
  const [head, base64 = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;]+)/.exec(head ?? '')?.[1] ?? 'image/jpeg';
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

export default function Camera({ action, uploadHref, labels }: CameraProps) {
  const { IDENTITY_TEXT, UPLOAD_MESSAGES, CAMERA_TEXT, VERIFY_PAGE } = useTexts();
  const webcam = useRef<WebcamHandle>(null);
  // The server renders the start button; hydration only happens after an interaction.
  const [started, setStarted] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [deviceId, setDeviceId] = useState<string | undefined>(undefined);
  const [picture, setPicture] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [messages, setMessages] = useState<string[]>([]);

  useEffect(() => setStarted(true), []);

  const onUserMedia = useCallback(() => {
    setProblem(null);
    void navigator.mediaDevices.enumerateDevices().then((all) => setDevices(all.filter((d) => d.kind === 'videoinput')));
  }, []);

  const capture = () => {
    const shot = webcam.current?.getScreenshot() ?? null;
    if (shot) setPicture(shot);
  };

  const submit = async () => {
    if (!picture || progress !== null) return;
    const form = new FormData();
    form.append('file', dataUrlToBlob(picture), 'selfie.jpg');
    setProgress(0);
    setMessages([]);
    const answer = await sendUpload(action, form, setProgress, UPLOAD_MESSAGES.unfinished);
    if (answer.ok) return window.location.assign(answer.location);
    setProgress(null);
    setMessages(answer.messages);
  };

  if (!started) {
    return (
      <div className="camera">
        <button type="button" className="button">
          {labels.start}
        </button>
      </div>
    );
  }
  if (problem) {
    return (
      <div className="camera" data-camera="problem">
        <p className="form-error" role="alert">
          {IDENTITY_TEXT[problem]}
        </p>
        <a className="button" href={uploadHref}>
          {labels.upload}
        </a>
      </div>
    );
  }
  return (
    <div className="camera" data-camera={picture ? 'captured' : 'live'}>
      <FormErrors messages={messages} />
      {devices.length > 1 && !picture && (
        <div className="field">
          <label htmlFor="camera-device">Camera</label>
          <select id="camera-device" value={deviceId ?? ''} onChange={(e) => setDeviceId(e.target.value || undefined)}>
            {devices.map((d, i) => (
              <option key={d.deviceId || i} value={d.deviceId}>
                {d.label || `Camera ${i + 1}`}
              </option>
            ))}
          </select>
        </div>
      )}
      {picture ? (
        <img className="camera-view" src={picture} alt={CAMERA_TEXT.taken} />
      ) : (
        <Webcam
          ref={webcam}
          className="camera-view"
          audio={false}
          screenshotFormat="image/jpeg"
          screenshotQuality={0.9}
          videoConstraints={deviceId ? { deviceId: { exact: deviceId } } : { facingMode: 'user' }}
          onUserMedia={onUserMedia}
          onUserMediaError={(error: unknown) => setProblem(cameraProblem(error))}
          aria-label={CAMERA_TEXT.preview}
        />
      )}
      {progress !== null && <UploadProgress fraction={progress} label={VERIFY_PAGE.progress} />}
      <div className="actions">
        {picture ? (
          <>
            <button type="button" className="button secondary" onClick={() => setPicture(null)} disabled={progress !== null}>
              {labels.retake}
            </button>
            <button type="button" className="button" onClick={submit} disabled={progress !== null}>
              {labels.submit}
            </button>
          </>
        ) : (
          <button type="button" className="button" onClick={capture}>
            {labels.capture}
          </button>
        )}
      </div>
    </div>
  );
}
