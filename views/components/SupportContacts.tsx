// How to reach the merchant's support: its email and toll-free number, where it has them,
// as list items (the footer's and the unavailable step's lists).

import type { MerchantConfig } from '../../checkout/merchant-schema.ts';
import { useRenderContext } from '../../server/render/context.tsx';
import { useTexts } from '../../ui/language.tsx';

/** Whether the merchant gives any way to reach support (so a list of them is not empty). */
export const hasSupportContacts = (config: MerchantConfig) => Boolean(config.etransferEmail || config.audioTollFreeNumber);

export function SupportContacts({ labelled = false }: { labelled?: boolean }) {
  const { config } = useRenderContext().merchant;
  const { FOOTER_TEXT } = useTexts();
  return (
    <>
      {config.etransferEmail && (
        <li>
          {labelled && `${FOOTER_TEXT.email} `}
          <a href={`mailto:${config.etransferEmail}`}>{config.etransferEmail}</a>
        </li>
      )}
      {config.audioTollFreeNumber && (
        <li>
          {labelled && `${FOOTER_TEXT.phone} `}
          <a href={`tel:${config.audioTollFreeNumber}`}>{config.audioTollFreeNumber}</a>
        </li>
      )}
    </>
  );
}
