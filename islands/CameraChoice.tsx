// Screen 11's camera choice: offered only to a browser that can have a camera. The server
// renders nothing here (without JavaScript the visitor uploads); once hydrated, the link
// appears when the browser has getUserMedia.
import { useEffect, useState } from 'react';

export interface CameraChoiceProps {
  href: string;
  label: string;
  hint: string;
}

export default function CameraChoice({ href, label, hint }: CameraChoiceProps) {
  const [canUseCamera, setCanUseCamera] = useState(false);
  useEffect(() => setCanUseCamera(typeof navigator.mediaDevices?.getUserMedia === 'function'), []);
  if (!canUseCamera) return null;
  return (
    <a className="choice" href={href} data-choice="camera">
      <strong>{label}</strong>
      <span className="hint">{hint}</span>
    </a>
  );
}
