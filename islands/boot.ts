// The only script a page loads. No React here: it finds the islands on the page, waits on
// each one's strategy, and only then pulls in React and that island's chunk.
import { MODULE_PRELOAD_ID } from './protocol.ts';
import type { HydrateStrategy } from './registry.ts';

function whenReady(el: HTMLElement, strategy: HydrateStrategy, run: () => void): void {
  switch (strategy) {
    case 'idle':
      if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
      else setTimeout(run, 200);
      return;
    case 'visible': {
      const io = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          run();
        }
      });
      io.observe(el);
      return;
    }
    case 'interaction': {
      // An activation (a press, or Enter or Space), never a mere focus or Tab: the camera
      // island starts the camera when it hydrates, and only the visitor may ask for that.
      const events = ['pointerdown', 'keydown'] as const;
      const once = (event: Event) => {
        if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
        for (const e of events) el.removeEventListener(e, once);
        run();
      };
      for (const e of events) el.addEventListener(e, once, { passive: true });
      return;
    }
    default:
      run();
  }
}

/** Announce the modules the page's load-time islands need, so they are fetched side by side. */
function preloadModules(): void {
  const list = document.getElementById(MODULE_PRELOAD_ID)?.textContent;
  if (!list) return;
  const nonce = document.querySelector<HTMLScriptElement>('script[type="module"][nonce]')?.nonce;
  for (const href of JSON.parse(list) as string[]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    if (nonce) link.nonce = nonce;
    document.head.append(link);
  }
}

preloadModules();
const islands = document.querySelectorAll<HTMLElement>('[data-island]');
for (const el of islands) {
  const strategy = (el.dataset.hydrate ?? 'load') as HydrateStrategy;
  whenReady(el, strategy, () => {
    import('./hydrate.ts')
      .then((m) => m.hydrateIsland(el))
      .catch((err: unknown) => console.warn('island failed to load', el.dataset.island, err));
  });
}
