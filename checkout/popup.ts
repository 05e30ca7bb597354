// The e-transfer payment popup (docs/spec.md section 2, screen 9): centred on the visitor's
// window, at most 900x760 and at most 80% of the window, whichever is smaller. Pure, so
// the island and its unit test share it.
import { PAYMENT_POPUP } from './limits.ts';

/** The browser window the popup is centred on (window.outerWidth/outerHeight/screenX/screenY). */
export interface HostWindow {
  outerWidth: number;
  outerHeight: number;
  screenX: number;
  screenY: number;
}

export interface PopupGeometry {
  width: number;
  height: number;
  left: number;
  top: number;
}

export function popupGeometry(host: HostWindow): PopupGeometry {
  const width = Math.floor(Math.min(PAYMENT_POPUP.maxWidth, host.outerWidth * PAYMENT_POPUP.windowFraction));
  const height = Math.floor(Math.min(PAYMENT_POPUP.maxHeight, host.outerHeight * PAYMENT_POPUP.windowFraction));
  return {
    width,
    height,
    left: Math.round(host.screenX + (host.outerWidth - width) / 2),
    top: Math.round(host.screenY + (host.outerHeight - height) / 2),
  };
}

/** The window.open features string for a geometry. */
export function popupFeatures(g: PopupGeometry): string {
  return `popup=yes,width=${g.width},height=${g.height},left=${g.left},top=${g.top}`;
}
