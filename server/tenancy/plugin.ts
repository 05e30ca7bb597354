// Merchant configuration reloads without a restart: on a change under MERCHANTS_DIR
// (debounced, so an editor's or a deployment's burst of writes is one reload) and when
// app.reloadMerchants() is called (main.ts calls it on SIGHUP). The new set is loaded and
// checked whole beside the serving one, then swapped in with one assignment; a set with
// any problem is refused, logged with every problem, and the old set keeps serving.
import { watch, type FSWatcher } from 'node:fs';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { MerchantConfigError } from './errors.ts';
import type { LiveRegistry } from './live.ts';
import { loadMerchants } from './load.ts';
import type { MerchantLinks } from './schema.ts';

/**
 * MERCHANTS_WATCH. `tree`: any file under the folder (a watch per folder: fine for
 * hundreds of merchants, costly for thousands); `root`: the top folder only, which is where
 * a Kubernetes volume swaps in a new version atomically and where folders come and go;
 * `off`: SIGHUP only.
 */
export type WatchMode = AppConfig['merchantsWatch'];

export type ReloadOutcome =
  | { ok: true; merchants: number; added: string[]; removed: string[]; ms: number }
  | { ok: false; problems: readonly string[] };

export interface ReloadOptions {
  live: LiveRegistry;
  dir: string;
  links: MerchantLinks;
  watch: WatchMode;
  /** Quiet time after the last change before reloading. */
  debounceMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** [edge-merchant-reload] Load MERCHANTS_DIR anew and swap it in if it is valid as a whole. */
    reloadMerchants(): Promise<ReloadOutcome>;
  }
}

const DEFAULT_DEBOUNCE_MS = 250;

export const merchantReloadPlugin = fp<ReloadOptions>(
  async (app, { live, dir, links, watch: mode, debounceMs = DEFAULT_DEBOUNCE_MS }) => {
    const log = app.log.child({ component: 'merchants' });
    let running: Promise<ReloadOutcome> | undefined;
    let again = false;

    const reloadOnce = async (): Promise<ReloadOutcome> => {
      const started = performance.now();
      const before = live.current;
      try {
        const next = await loadMerchants(dir, { ...links, previous: before.merchants });
        live.swap(next);
        const ids = new Set(next.byId.keys());
        const added = [...ids].filter((id) => !before.byId.has(id));
        const removed = [...before.byId.keys()].filter((id) => !ids.has(id));
        const ms = Math.round(performance.now() - started);
        log.info({ merchants: next.merchants.length, added, removed, ms }, 'merchants reloaded');
        return { ok: true, merchants: next.merchants.length, added, removed, ms };
      } catch (err) {
        const problems = err instanceof MerchantConfigError ? err.problems : [String(err)];
        log.error({ problems }, 'merchant reload refused: the current merchants keep serving');
        return { ok: false, problems };
      }
    };

    // One load at a time; a change during a load means one more load after it.
    const reload = async (): Promise<ReloadOutcome> => {
      if (running !== undefined) {
        again = true;
        return running;
      }
      running = (async () => {
        let outcome: ReloadOutcome;
        do {
          again = false;
          outcome = await reloadOnce();
        } while (again);
        return outcome;
      })();
      try {
        return await running;
      } finally {
        running = undefined;
      }
    };
    app.decorate('reloadMerchants', reload);

    if (mode === 'off') return;
    let watcher: FSWatcher | undefined;
    let timer: NodeJS.Timeout | undefined;
    const changed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), debounceMs);
      timer.unref();
    };
    // After listening: watching a large tree takes a while, and readiness need not wait.
    app.addHook('onListen', async () => {
      try {
        watcher = watch(dir, { recursive: mode === 'tree', persistent: false }, changed);
        watcher.on('error', (err) => log.error({ err }, 'watching merchants stopped; SIGHUP still reloads'));
      } catch (err) {
        log.error({ err }, 'cannot watch merchants; SIGHUP still reloads');
      }
    });
    app.addHook('onClose', async () => {
      clearTimeout(timer);
      watcher?.close();
      await running;
    });
  },
  { name: 'edge-merchant-reload', fastify: '5.x', dependencies: ['edge-tenancy'] },
);
