// Merchant configuration reloads without a restart: on a change under MERCHANTS_DIR
// (debounced, so an editor's or a deployment's burst of writes is one reload) and when
// app.reloadMerchants() is called (main.ts calls it on SIGHUP). The new set is loaded and
// checked whole beside the serving one, then swapped in with one assignment; a set with
// any problem (a production merchant's publication problems included) is refused, logged
// with every problem, and the old set keeps serving. TEST and DEV merchants serving with
// such problems are logged at every load.
import { type FSWatcher, lstatSync, readdirSync, realpathSync, watch } from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import fp from 'fastify-plugin';
import type { MerchantSchemaOptions } from '../../checkout/merchant-schema.ts';
import type { AppConfig } from '../config.ts';
import { MerchantConfigError } from './errors.ts';
import { isHidden } from './files.ts';
import type { LiveRegistry } from './live.ts';
import { type LoadOptions, loadMerchants } from './load.ts';
import type { MerchantRegistry } from './types.ts';

/**
 * MERCHANTS_WATCH. `tree`: any file under the folder (a watch per merchant folder, per legal
 * folder and per legal folder of another language the merchant offers: two per merchant
 * that speaks one language); `root`: the top folder only, which is where a
 * Kubernetes volume swaps in a new version atomically and where folders come and go
 * (either way, a symbolic link on the way to it is watched for relinking: git-sync);
 * `off`: SIGHUP only.
 */
export type WatchMode = AppConfig['merchantsWatch'];

/** Watches set up between two turns of the event loop: probes and requests get theirs. */
const WATCH_BATCH = 500;

/**
 * The folders holding a symbolic link on the way to `dir`, each with the link's name: where
 * a publisher that swaps a new version in at once relinks (git-sync renames a new link over
 * the old; a Kubernetes volume its `..data`), an event no watch below the link sees.
 */
function linkHolders(dir: string): Map<string, string> {
  const holders = new Map<string, string>();
  for (let at = path.resolve(dir); at !== path.dirname(at); at = path.dirname(at)) {
    if (lstatSync(at).isSymbolicLink()) holders.set(realpathSync(path.dirname(at)), path.basename(at));
  }
  return holders;
}

/**
 * The folders a change under MERCHANTS_DIR can happen in, one directory watch each: a
 * directory watch sees its files written, added and removed, so no file is watched or
 * stat'ed on its own (Node's recursive fs.watch on Linux does both for every file: at
 * 10,000 merchants seconds of start-up and tens of MiB). Synced again after each reload,
 * as folders come and go. Folders are watched where they are, past any symbolic link (a
 * Kubernetes volume links each merchant folder into its current version; git-sync links
 * the whole tree), so a new version is watched anew; the relinking itself is seen in the
 * folder that holds the link.
 */
class FolderWatch {
  readonly #watchers = new Map<string, FSWatcher>();
  #closed = false;

  constructor(
    private readonly root: string,
    private readonly mode: 'tree' | 'root',
    /** The languages but its default of the merchant in a folder (its legal/{language}/ folders). */
    private readonly otherLanguages: (id: string) => readonly string[],
    private readonly changed: () => void,
    private readonly failed: (err: unknown) => void,
  ) {}

  /**
   * Each folder with the one name that matters in it (a link's), or undefined for any.
   * Read on the main thread: one folder listing, so the first watches are in place when
   * listen() returns.
   */
  #folders(): Map<string, string | undefined> {
    const root = realpathSync(this.root);
    const folders = new Map<string, string | undefined>([...linkHolders(this.root), [root, undefined]]);
    if (this.mode === 'root') return folders;
    for (const entry of readdirSync(root, { withFileTypes: true })) {
      if (isHidden(entry.name) || !(entry.isDirectory() || entry.isSymbolicLink())) continue;
      const at = path.join(root, entry.name);
      try {
        const folder = entry.isSymbolicLink() ? realpathSync(at) : at;
        folders.set(folder, undefined).set(path.join(folder, 'legal'), undefined);
        // A language's folder that appears later is seen in legal/, and watched after that reload.
        for (const language of this.otherLanguages(entry.name)) folders.set(path.join(folder, 'legal', language), undefined);
      } catch {
        // A dangling link: the reload reports it.
      }
    }
    return folders;
  }

  #watch(folder: string, only: string | undefined): void {
    try {
      const watcher = watch(folder, { persistent: false }, (_event, name) => {
        if (only === undefined || name === only) this.changed();
      });
      // This folder is no longer watched; the next sync (after any reload) tries again.
      watcher.on('error', (err) => {
        this.#unwatch(folder);
        this.failed(err);
      });
      this.#watchers.set(folder, watcher);
    } catch (err) {
      // Not there (a merchant without legal pages), or not a folder: nothing to watch.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') this.failed(err);
    }
  }

  #unwatch(folder: string): void {
    this.#watchers.get(folder)?.close();
    this.#watchers.delete(folder);
  }

  /** Watch what is there now, stop watching what is gone. */
  async sync(): Promise<void> {
    let folders: Map<string, string | undefined>;
    try {
      folders = this.#folders();
    } catch (err) {
      this.failed(err);
      return;
    }
    for (const folder of this.#watchers.keys()) if (!folders.has(folder)) this.#unwatch(folder);
    let added = 0;
    for (const [folder, only] of folders) {
      if (this.#closed) return;
      if (this.#watchers.has(folder)) continue;
      this.#watch(folder, only);
      if (++added % WATCH_BATCH === 0) await yieldToRequests();
    }
  }

  close(): void {
    this.#closed = true;
    for (const folder of [...this.#watchers.keys()]) this.#unwatch(folder);
  }
}

export type ReloadOutcome =
  | { ok: true; merchants: number; added: string[]; removed: string[]; ms: number }
  | { ok: false; problems: readonly string[] };

export interface ReloadOptions {
  live: LiveRegistry;
  dir: string;
  links: MerchantSchemaOptions & Pick<LoadOptions, 'publication'>;
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
    // A TEST or DEV merchant serves with what would refuse it in production: said at every load.
    const warnPublished = (registry: MerchantRegistry) => {
      for (const { id, env, problems } of registry.published) {
        log.warn(
          { merchant: id, env, problems },
          `merchant ${id} (${env}) serves with problems a production publication refuses`,
        );
      }
    };
    warnPublished(live.current);
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
        warnPublished(next);
        app.metrics.merchantReload('reloaded');
        return { ok: true, merchants: next.merchants.length, added, removed, ms };
      } catch (err) {
        const problems = err instanceof MerchantConfigError ? err.problems : [String(err)];
        log.error({ problems }, 'merchant reload refused: the current merchants keep serving');
        app.metrics.merchantReload('refused');
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
    let timer: NodeJS.Timeout | undefined;
    const changed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void reload().then(() => watcher.sync()), debounceMs);
      timer.unref();
    };
    const otherLanguages = (id: string) => live.current.byId.get(id)?.config.languages.slice(1) ?? [];
    const watcher = new FolderWatch(dir, mode, otherLanguages, changed, (err) =>
      log.error({ err }, 'cannot watch merchants; SIGHUP still reloads'),
    );
    // After listening: watching a large tree takes a while, and readiness need not wait.
    app.addHook('onListen', async () => {
      void watcher.sync();
    });
    app.addHook('onClose', async () => {
      clearTimeout(timer);
      watcher.close();
      await running;
    });
  },
  { name: 'edge-merchant-reload', fastify: '5.x', dependencies: ['edge-tenancy', 'edge-metrics'] },
);
