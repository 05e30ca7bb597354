// QR codes drawn on the server (views/components/QrCode.tsx shows them): the symbol's
// modules from `qrcode`, turned into one SVG path of row runs, so the markup stays small.
// Encoding costs more CPU than the rest of a page (choosing the mask dominates), so a
// drawing is kept by its text: the same order's page drawn again costs a lookup. Kept
// here, with the render primitives, so the encoder never reaches an island's bundle.
import QRCode from 'qrcode';
import { ByteCache, stringBytes } from '../ops/byte-cache.ts';

/** The quiet zone the QR standard asks for around the symbol, in modules. */
const QUIET_MODULES = 4;

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** True for a dark module. */
  dark: (x: number, y: number) => boolean;
}

/**
 * The symbol's modules. Level M (15% of it can be lost) is what wallets draw: a smaller
 * symbol than Q or H, so larger modules at phone size, and still read on a worn screen.
 */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (x, y) => modules.get(y, x) === 1 };
}

/** The path of the dark modules, one run of a row at a time, in a box with the quiet zone. */
export function qrPath({ size, dark }: QrMatrix): string {
  let d = '';
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!dark(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && dark(x, y)) x++;
      d += `M${start + QUIET_MODULES} ${y + QUIET_MODULES}h${x - start}v1h${start - x}z`;
    }
  }
  return d;
}

export interface QrDrawing {
  /** The side of the drawing, quiet zone included, in modules. */
  side: number;
  /** The dark modules, as an SVG path. */
  path: string;
}

const drawings = new ByteCache<string, QrDrawing>({
  name: 'qr-codes',
  share: 0.02,
  sizeOf: (drawing, text) => stringBytes(drawing.path) + stringBytes(text),
});

export function qrDrawing(text: string): QrDrawing {
  let drawing = drawings.get(text);
  if (!drawing) {
    const matrix = qrMatrix(text);
    drawing = { side: matrix.size + 2 * QUIET_MODULES, path: qrPath(matrix) };
    drawings.set(text, drawing);
  }
  return drawing;
}
