// The QR code component: what it draws reads back as the text it was given (decoded by a
// QR reader from the SVG's own path, rasterised here), it has an accessible name, and it
// needs nothing the page's policy refuses.

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import t from 'tap';
import { QrCode } from '../../views/components/QrCode.tsx';
import { decodeQrSvg } from '../helpers/qr.ts';

const texts = [
  'bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.00150000',
  'ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=0x52908400098527886E0F7030069857D2E4169EE7&uint256=1500000',
  'https://maple.example/order/ABC123?sig=Zm9vYmFyYmF6',
  'é',
];

t.test('every drawing reads back as its text', async (t) => {
  for (const text of texts) {
    const svg = renderToStaticMarkup(createElement(QrCode, { text, label: 'QR code of the wallet link' }));
    t.equal(decodeQrSvg(svg), text, text);
  }
});

t.test('drawn again from the cache, the same markup', async (t) => {
  const draw = () => renderToStaticMarkup(createElement(QrCode, { text: texts[0] as string, label: 'x' }));
  t.equal(draw(), draw());
});

t.test('an image with a name, and nothing a strict policy refuses', async (t) => {
  const svg = renderToStaticMarkup(
    createElement(QrCode, { text: texts[0] as string, label: 'QR code of the wallet link', className: 'wallet-qr' }),
  );
  t.match(svg, /^<svg class="qr-code wallet-qr" role="img" aria-label="QR code of the wallet link" viewBox="0 0 (\d+) \1"/);
  t.notMatch(svg, /style=|<script|href=|<image/, 'no inline style, script or outside image');
});
