// Reads a QR code drawn by views/components/QrCode.tsx back into its text: the SVG's path
// of module runs is painted into pixels (a few per module, as a screen would) and handed
// to jsQR, a QR reader that knows nothing of how the code was made.
// jsqr is CommonJS: under NodeNext its default export is the module, whose `default` is the reader.
import jsqr from 'jsqr';

const PIXELS_PER_MODULE = 4;

export function decodeQrSvg(svg: string): string | null {
  const box = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const path = /<path d="([^"]*)"/.exec(svg);
  if (!box || !path) return null;
  const side = Number(box[1]);
  const width = side * PIXELS_PER_MODULE;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const run of (path[1] as string).matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x, y, length] = [Number(run[1]), Number(run[2]), Number(run[3])];
    for (let py = y * PIXELS_PER_MODULE; py < (y + 1) * PIXELS_PER_MODULE; py++) {
      for (let px = x * PIXELS_PER_MODULE; px < (x + length) * PIXELS_PER_MODULE; px++) {
        pixels.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
      }
    }
  }
  return jsqr.default(pixels, width, width)?.data ?? null;
}

/** The deposit page's wallet link: where "Open in wallet" goes, and what its QR code reads. */
export function walletLinkOf(html: string): { href: string | undefined; decoded: string | null } {
  const href = /<a class="button secondary wallet-open" href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  const svg = /<svg class="qr-code wallet-qr"[\s\S]*?<\/svg>/.exec(html)?.[0];
  return { href, decoded: svg ? decodeQrSvg(svg) : null };
}
