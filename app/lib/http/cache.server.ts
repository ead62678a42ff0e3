/**
 * A small in-process cache for company-wide configuration and visitors' public content (two instances),
 * per domain, with stale-while-revalidate:
 * a fresh entry is served as is; a stale one is served at once while one background refresh runs;
 * an entry older than `maxStaleMs` is reloaded before answering. Only good answers are stored.
 * Per-user data never goes through here.
 */
import { metrics } from "~/lib/http/metrics.server";
import { onProcessReset } from "~/lib/state/process-state.server";

type Entry<T> = { value: T; storedAt: number; refreshing?: Promise<void> };

export type SwrCache = {
  get<T>(key: string, ttlMs: number, load: (background: boolean) => Promise<T>): Promise<T>;
  clear(): void;
  size(): number;
};

export function createSwrCache(options: { maxEntries?: number; maxStaleFactor?: number; now?: () => number; name?: string } = {}): SwrCache {
  const name = options.name ?? "config";
  const maxEntries = options.maxEntries ?? 5_000;
  const maxStaleFactor = options.maxStaleFactor ?? 20;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<unknown>>();
  const inflight = new Map<string, Promise<unknown>>();
  // every cache of the process is forgotten with the rest of its state (process-state.server.ts)
  onProcessReset(() => {
    entries.clear();
    inflight.clear();
  });

  function store(key: string, value: unknown) {
    entries.delete(key);
    entries.set(key, { value, storedAt: now() });
    while (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  }

  async function loadOnce<T>(key: string, load: () => Promise<T>): Promise<T> {
    const pending = inflight.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const promise = load()
      .then((value) => {
        store(key, value);
        return value;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, promise);
    return promise;
  }

  return {
    async get<T>(key: string, ttlMs: number, load: (background: boolean) => Promise<T>): Promise<T> {
      const entry = entries.get(key) as Entry<T> | undefined;
      if (ttlMs <= 0) return load(false);
      if (entry) {
        const age = now() - entry.storedAt;
        if (age < ttlMs) {
          metrics().countCache(name, "hit");
          return entry.value;
        }
        if (age < ttlMs * maxStaleFactor) {
          metrics().countCache(name, "stale");
          if (!entry.refreshing) {
            entry.refreshing = loadOnce(key, () => load(true))
              .then(() => undefined)
              .catch((error: unknown) => {
                entry.refreshing = undefined;
                console.error(JSON.stringify({ level: "warn", msg: `${name} refresh failed`, key, error: String(error) }));
              });
          }
          return entry.value;
        }
      }
      metrics().countCache(name, "miss");
      return loadOnce(key, () => load(false));
    },
    clear() {
      entries.clear();
      inflight.clear();
    },
    size() {
      return entries.size;
    },
  };
}
