// A QR code of a text (a wallet link, a page's address), drawn by the server as inline
// SVG: no script, no image request, nothing from a third party, and nothing the page's
// policy refuses (attributes only, no inline style). The white quiet zone is part of the
// drawing, so a dark theme around it does not stop a camera reading it. An accessible
// image: its label says what the code is of; the text itself is always on the page too.
import { qrDrawing } from '../../server/render/qr.ts';

export interface QrCodeProps {
  /** What the code carries, exactly as a reader should get it back. */
  text: string;
  /** The accessible name: what the code is of ("QR code of the wallet link"). */
  label: string;
  className?: string | undefined;
}

export function QrCode({ text, label, className }: QrCodeProps) {
  const { side, path } = qrDrawing(text);
  return (
    <svg
      className={className ? `qr-code ${className}` : 'qr-code'}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
