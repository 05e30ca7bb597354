// A part of a page that arrives later in the same response: the fallback goes out with the
// rest of the page, and React streams the part in once `value` settles (the render streams
// only because this boundary waits). Without JavaScript the part stays where React wrote it,
// at the end of <body>, outside <main>: it is a landmark of its own, and the style sheet
// shows it after <main> and hides what is marked `stream-pending`.
import { type ReactNode, Suspense, use } from 'react';
import { useRenderContext } from '../../server/render/context.tsx';
import { safeJson } from '../../server/render/json.ts';

export interface StreamedProps<T> {
  value: Promise<T>;
  /** The landmark's name. */
  label: string;
  className?: string;
  fallback: ReactNode;
  children: (value: T) => ReactNode;
}

function Arrived<T>({ value, label, className, children }: Omit<StreamedProps<T>, 'fallback'>) {
  const result = use(value);
  return (
    <section className={className} aria-label={label}>
      {children(result)}
    </section>
  );
}

export function Streamed<T>({ fallback, ...arrived }: StreamedProps<T>) {
  return (
    <Suspense fallback={fallback}>
      <Arrived {...arrived} />
    </Suspense>
  );
}

/**
 * For a page that streams and has islands above this point. A module script runs only once
 * the whole document has arrived, so the document's boot script would wait for the streamed
 * part; this inline script (the response's nonce) imports the boot module at once. A module
 * runs once however often it is asked for: the boot script later finds it done.
 */
export function BootWhileStreaming() {
  const { nonce, assets } = useRenderContext();
  if (!nonce) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a nonce'd import of the boot module, its URL as safeJson
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `import(${safeJson(assets.boot)})` }} />;
}
