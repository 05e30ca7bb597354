// Toasts sit top-right and leave after 3000 ms by a CSS animation, so server-sent notices
// need no JavaScript; islands add theirs to the same live region.
export interface Toast {
  kind: 'info' | 'error' | 'success';
  text: string;
}

export function Toasts({ toasts }: { toasts: Toast[] }) {
  return (
    <div className="toasts" id="toasts" role="status" aria-live="polite">
      {toasts.map((t, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list rendered once, never reordered
        <p key={i} className={`toast toast-${t.kind}`}>
          {t.text}
        </p>
      ))}
    </div>
  );
}
