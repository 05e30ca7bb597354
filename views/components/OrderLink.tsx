// The way back to an order from any device: on every page once the order exists, a link to
// the order's own page (rel="bookmark": the page to keep), a line saying why to keep it, the
// full URL to copy, and its QR code for a phone to take along. Nothing without the visitor's
// flow (a completion page opened later).
import { useRenderContext } from '../../server/render/context.tsx';
import { useTexts } from '../../ui/language.tsx';
import { CopyValue } from './CopyValue.tsx';
import { QrCode } from './QrCode.tsx';

export function OrderLink() {
  const link = useRenderContext().orderLink?.();
  const { ORDER_LINK_TEXT, COPY_TEXT } = useTexts();
  if (!link) return null;
  return (
    <aside className="card order-link" aria-labelledby="order-link-heading">
      <div className="order-link-words">
        <h2 id="order-link-heading">{ORDER_LINK_TEXT.heading}</h2>
        <p>{ORDER_LINK_TEXT.keep}</p>
        <p>
          <a rel="bookmark" href={link.path}>
            {ORDER_LINK_TEXT.open}
          </a>
        </p>
        <CopyValue
          value={link.url}
          label={ORDER_LINK_TEXT.copyLink}
          name={COPY_TEXT.copyOf({ what: ORDER_LINK_TEXT.linkName })}
          code
        />
      </div>
      <QrCode text={link.url} label={ORDER_LINK_TEXT.qr} className="order-link-qr" />
    </aside>
  );
}
