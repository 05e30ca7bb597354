// A part of a page that arrives later in the same response: the fallback goes out with the
// rest of the page, and React streams the part in once `value` settles (the render streams
// only because this boundary waits). Without JavaScript the part stays where React wrote it,
// at the end of <body>, outside <main>: it is a landmark of its own, and the style sheet
// shows it after <main> and hides what is marked `stream-pending`.
import { Suspense, use, type ReactNode } from 'react';

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
