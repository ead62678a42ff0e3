import { Redis } from "ioredis";
import { env } from "~/env.server";
import { onProcessReset } from "~/lib/state/process-state.server";

/**
 * THE store for state that several portal processes must share (issue 18, docs/decisions/020): the SMS
 * wrong-code counters, the captcha pending requests, the stored 403 intercept pages. Memory by default
 * (one process: `npm start` needs nothing more); Redis when `REDIS_URL` is set. Every entry carries its
 * time to live; the memory store also caps its number of keys, so nothing grows without bound.
 *
 * Redis down (decision 020): the Redis store answers from a per-process memory store instead (what a
 * single instance would do), logs the outage once, and `/readyz` reports it. Counters then count per
 * instance, and a captcha or an intercept page begun on another instance is not found (the visitor is
 * asked again). The rate limits (`rate-limit.server.ts`) do the same through their insurance limiter.
 */
export interface Store {
  readonly kind: "memory" | "redis";
  /** Adds `by` (may be negative) and returns the new value; a new key starts at 0 and lives `ttlMs`. */
  increment(key: string, by: number, ttlMs: number): Promise<number>;
  /** A counter's value (0 when absent). */
  count(key: string): Promise<number>;
  /** Stores a JSON value for `ttlMs`. */
  put(key: string, value: unknown, ttlMs: number): Promise<void>;
  /** A stored JSON value, undefined when absent or expired. */
  read<T>(key: string): Promise<T | undefined>;
  delete(key: string): Promise<void>;
}

type Entry = { value: string | number; expires: number };

export class MemoryStore implements Store {
  readonly kind = "memory" as const;
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly maxKeys = 50_000) {}

  async increment(key: string, by: number, ttlMs: number): Promise<number> {
    const now = Date.now();
    let entry = this.live(key, now);
    if (!entry || typeof entry.value !== "number") {
      entry = { value: 0, expires: now + ttlMs };
      this.set(key, entry, now);
    }
    entry.value = (entry.value as number) + by;
    return entry.value;
  }

  async count(key: string): Promise<number> {
    const value = this.live(key, Date.now())?.value;
    return typeof value === "number" ? value : 0;
  }

  async put(key: string, value: unknown, ttlMs: number): Promise<void> {
    const now = Date.now();
    this.set(key, { value: JSON.stringify(value), expires: now + ttlMs }, now);
  }

  async read<T>(key: string): Promise<T | undefined> {
    const value = this.live(key, Date.now())?.value;
    return typeof value === "string" ? (JSON.parse(value) as T) : undefined;
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  /** Number of entries held (tests). */
  get size() {
    return this.entries.size;
  }

  private set(key: string, entry: Entry, now: number) {
    this.entries.delete(key);
    if (this.entries.size >= this.maxKeys) this.sweep(now);
    this.entries.set(key, entry);
  }

  private live(key: string, now: number) {
    const entry = this.entries.get(key);
    if (entry && entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(now: number) {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    while (this.entries.size >= this.maxKeys) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

const PREFIX = "portal:";

/** Redis: INCRBY + PEXPIRE NX, SET PX, GET, DEL; a per-process memory store while Redis is unreachable. */
export class RedisStore implements Store {
  readonly kind = "redis" as const;
  private readonly fallback = new MemoryStore(10_000);
  private downLogged = false;
  /** Settles when the first connection is made (or failed): requests made while it is underway wait for it. */
  private readonly firstConnection: Promise<void>;
  private connectedOnce = false;

  constructor(readonly client: Redis) {
    this.firstConnection = new Promise<void>((resolve) => {
      const settle = () => {
        this.connectedOnce = true;
        resolve();
      };
      if (client.status === "ready") settle();
      client.once("ready", settle);
      client.once("error", settle);
      setTimeout(settle, 3_000).unref();
    });
    client.on("error", (error: Error) => this.markDown(error));
    client.on("end", () => this.markDown(new Error("connection closed")));
    client.on("ready", () => {
      if (this.downLogged) console.error(JSON.stringify({ level: "info", msg: "redis reachable again" }));
      this.downLogged = false;
    });
  }

  /** Logs an outage once, until Redis is ready again. */
  private markDown(error: Error) {
    if (this.downLogged) return;
    this.downLogged = true;
    console.error(JSON.stringify({ level: "error", msg: "redis unreachable: shared state falls back to this process's memory", cause: error.message }));
  }

  get up() {
    return this.client.status === "ready";
  }

  /** Waits for the first connection attempt only; later outages fall back at once. */
  async settled(): Promise<void> {
    if (!this.connectedOnce) await this.firstConnection;
  }

  private async run<T>(onRedis: () => Promise<T>, onMemory: () => Promise<T>): Promise<T> {
    await this.settled();
    if (!this.up) return onMemory();
    try {
      return await onRedis();
    } catch (error) {
      this.markDown(error as Error);
      return onMemory();
    }
  }

  increment(key: string, by: number, ttlMs: number) {
    return this.run(
      async () => {
        const [[, value]] = (await this.client
          .multi()
          .incrby(PREFIX + key, by)
          .pexpire(PREFIX + key, ttlMs, "NX")
          .exec()) as [[Error | null, number]];
        return Number(value);
      },
      () => this.fallback.increment(key, by, ttlMs),
    );
  }

  count(key: string) {
    return this.run(
      async () => Number((await this.client.get(PREFIX + key)) ?? 0) || 0,
      () => this.fallback.count(key),
    );
  }

  put(key: string, value: unknown, ttlMs: number) {
    return this.run(
      async () => {
        await this.client.set(PREFIX + key, JSON.stringify(value), "PX", ttlMs);
      },
      () => this.fallback.put(key, value, ttlMs),
    );
  }

  read<T>(key: string) {
    return this.run(
      async () => {
        const raw = await this.client.get(PREFIX + key);
        return raw === null ? undefined : (JSON.parse(raw) as T);
      },
      () => this.fallback.read<T>(key),
    );
  }

  delete(key: string) {
    return this.run(
      async () => {
        await this.client.del(PREFIX + key);
      },
      () => this.fallback.delete(key),
    );
  }

  /** Readiness: a PING answered within `timeoutMs`. */
  async ping(timeoutMs = 1_000): Promise<boolean> {
    await this.settled();
    if (!this.up) return false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const answer = await Promise.race([
        this.client.ping(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("ping timeout")), timeoutMs);
        }),
      ]);
      return answer === "PONG";
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * A Redis client that fails fast while disconnected (no offline queue: callers fall back at once instead
 * of waiting) and keeps reconnecting in the background.
 */
export function redisClient(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
}

let current: Store | undefined;
// a memory store is forgotten (a new one on next use); a Redis store is shared state outside the process
onProcessReset(() => {
  if (current instanceof MemoryStore) current = undefined;
});

/** The process's store: Redis when `REDIS_URL` is set, memory otherwise. */
export function store(): Store {
  if (current) return current;
  const url = env().REDIS_URL;
  current = url ? new RedisStore(redisClient(url)) : new MemoryStore();
  return current;
}

/** The Redis client behind the store, if any (the rate limiters share it). */
export function redisOf(s: Store = store()): Redis | undefined {
  return s instanceof RedisStore ? s.client : undefined;
}

/** Resolves once the store can be used (Redis: its first connection attempt is over). */
export async function storeSettled(s: Store = store()): Promise<void> {
  if (s instanceof RedisStore) await s.settled();
}

/** Replaces the process's store (tests). */
export function useStore(next: Store | undefined) {
  current = next;
}

/** For `/readyz`: `memory` (nothing to check), `up`, or `down`. */
export async function storeHealth(): Promise<"memory" | "up" | "down"> {
  const s = store();
  if (!(s instanceof RedisStore)) return "memory";
  return (await s.ping()) ? "up" : "down";
}
