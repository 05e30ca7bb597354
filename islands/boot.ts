// The only script a page loads. No React here: it finds the islands on the page, waits on
// each one's strategy, and only then pulls in React and that island's chunk.
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
      const events = ['pointerdown', 'focusin', 'keydown'] as const;
      const once = () => {
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

const islands = document.querySelectorAll<HTMLElement>('[data-island]');
for (const el of islands) {
  const strategy = (el.dataset.hydrate ?? 'load') as HydrateStrategy;
  whenReady(el, strategy, () => {
    import('./hydrate.ts')
      .then((m) => m.hydrateIsland(el))
      .catch((err: unknown) => console.warn('island failed to load', el.dataset.island, err));
  });
}
