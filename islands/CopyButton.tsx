// Copies a text (the wallet address) to the clipboard. The button appears only once
// hydrated, since it cannot work without JavaScript; the text itself is always on the
// page to copy by hand. The outcome is a toast in the page's shared toast area.
import { useEffect, useState } from 'react';
import { TOAST_MS } from '../checkout/limits.ts';
import { useTexts } from '../ui/language.tsx';

export interface CopyButtonProps {
  text: string;
  label: string;
  /** The accessible name when the label alone does not say what is copied. */
  name?: string;
}

/** Add a toast to the document's live region; CSS hides it after TOAST_MS, this removes it. */
function showToast(kind: 'success' | 'error', text: string): void {
  const area = document.getElementById('toasts');
  if (!area) return;
  const toast = document.createElement('p');
  toast.className = `toast toast-${kind}`;
  toast.textContent = text;
  area.append(toast);
  setTimeout(() => toast.remove(), TOAST_MS + 500);
}

async function copy(text: string): Promise<void> {
  // Missing outside secure contexts; a refused permission rejects.
  if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

export default function CopyButton({ text, label, name }: CopyButtonProps) {
  const { COPY_TEXT, FAILURE_TEXT } = useTexts();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const onClick = () => {
    copy(text).then(
      () => showToast('success', COPY_TEXT.copied),
      () => showToast('error', FAILURE_TEXT.copy),
    );
  };
  return (
    <button type="button" className="button secondary copy-button" hidden={!hydrated} aria-label={name} onClick={onClick}>
      {label}
    </button>
  );
}
