// A server-rendered modal's keyboard rules (dialog.ts): focus stays inside it, Escape
// follows its way out (the Close or No link). Without JavaScript the modal still opens on
// its first action (autoFocus) and its links and forms work.
import { useEffect, useRef } from 'react';
import { trapFocus } from './dialog.ts';

export interface DialogKeysProps {
  /** Where Escape goes: the href of the dialog's close or No link. */
  escapeHref: string;
}

export default function DialogKeys({ escapeHref }: DialogKeysProps) {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const dialog = marker.current?.closest<HTMLElement>('[aria-modal="true"]');
    if (!dialog) return undefined;
    return trapFocus(dialog, () => window.location.assign(escapeHref));
  }, [escapeHref]);
  return <span ref={marker} hidden />;
}
