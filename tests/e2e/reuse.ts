/**
 * One browser context per worker, kept between tests WITH its HTTP cache (docs/decisions/071-context-reuse.md).
 *
 * Most of a browser test's CPU is a fresh context fetching and compiling the portal's JS again (decision 066);
 * Playwright's own reuse (`PW_TEST_REUSE_CONTEXT`) clears the HTTP cache too, so it saves little. This pool keeps
 * the context and its first page, and between two tests puts back everything a test can change except the HTTP
 * cache, which holds only the portal's immutable, hashed `/build/` files (every page and data answer is
 * `no-store` or revalidated):
 * - pages: every page but the first closed; the first sent to about:blank, its own listeners and routes removed;
 * - the previous test's requests: waited for until every one of them finished or failed (a beacon sent on
 *   `pagehide`, a keepalive fetch), so no answer of one test lands in the next test's cookie jar;
 * - cookies, permissions, extra headers, offline; context routes; localStorage, IndexedDB, Cache Storage and
 *   service workers of every origin a request went to (CDP `Storage.clearDataForOrigin`), sessionStorage of the
 *   page's last origin (the portal uses none; other tabs' die with them);
 * - a viewport changed by the test (`page.setViewportSize`, the 390 px checks) is set back to the context's own
 *   (decision 091: what Playwright's own reuse does; closing the context for it cost the next test a cold cache);
 * - what has no undo (init scripts, exposed bindings, the fake clock, geolocation, emulated media) marks the
 *   context dirty: it is closed and the next test gets a new one. So is the context of a test that failed, and
 *   one whose reset did not finish.
 * A test with options of its own (`test.use`: viewport, isMobile, userAgent…) gets a pooled context of those
 * options, kept beside the project's (at most `MAX_CONTEXTS` a worker, the least recently used closed first;
 * decision 091); a retry gets a fresh context from Playwright's factory, as without the pool.
 * `E2E_REUSE_CONTEXT=0` turns the pool off.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page, Request, TestInfo } from "@playwright/test";

export const REUSE_CONTEXT = process.env.E2E_REUSE_CONTEXT !== "0";

/** Contexts a worker keeps: the project's options and, beside them, the phone files' `test.use` ones. */
const MAX_CONTEXTS = 3;

/** How long a reset may wait for the previous test's last requests; past it the context is closed instead. */
const SETTLE_TIMEOUT_MS = 10_000;

/**
 * Playwright's defaults for the options a project does not set (playwright/lib/index.js, its option fixtures,
 * 1.65). Should a default change, tests only get fresh contexts (and reuse.test.ts fails): never a wrong reuse.
 */
const PLAYWRIGHT_DEFAULTS: Record<string, unknown> = {
  acceptDownloads: true,
  bypassCSP: false,
  colorScheme: "light",
  contrast: "no-preference",
  forcedColors: "none",
  hasTouch: false,
  ignoreHTTPSErrors: false,
  isMobile: false,
  offline: false,
  reducedMotion: "no-preference",
  viewport: { width: 1280, height: 720 },
  serviceWorkers: "allow",
};

/**
 * Whether the test runs with its project's options only: no `test.use` of its own. `baseURL` is the worker's
 * portal (support.ts), the same for every test of the worker.
 */
export function projectOptionsOnly(options: BrowserContextOptions, testInfo: TestInfo): boolean {
  const project = testInfo.project.use as Record<string, unknown>;
  return Object.entries(options).every(
    ([key, value]) => key === "baseURL" || JSON.stringify(value) === JSON.stringify(project[key] ?? PLAYWRIGHT_DEFAULTS[key]),
  );
}

/** Methods whose effect a reset cannot undo: calling one marks the context dirty (closed after the test). */
const CONTEXT_IRREVERSIBLE = ["addInitScript", "exposeBinding", "exposeFunction", "setGeolocation", "setHTTPCredentials", "routeFromHAR", "routeWebSocket"];
const PAGE_IRREVERSIBLE = ["addInitScript", "exposeBinding", "exposeFunction", "emulateMedia", "routeFromHAR", "routeWebSocket"];
const CLOCK_METHODS = ["install", "fastForward", "pauseAt", "resume", "runFor", "setFixedTime", "setSystemTime"];

type Pooled = {
  key: string;
  options: BrowserContextOptions;
  context: BrowserContext;
  /** Requests started and not yet finished or failed, with the page that made them (null: none known). */
  inflight: Map<Request, Page | null>;
  /** Origins a request went to since the last reset: whose storage the reset clears. */
  origins: Set<string>;
  /** Why the context cannot be reset (an irreversible call), or null. */
  dirty: string | null;
  /** The pool's own context listeners (every other one is the test's and is removed). */
  own: Map<string, (...args: never[]) => void>;
  /** The pages whose viewport the test changed, each with how to put the context's own back (the reset does). */
  resized: Map<Page, () => Promise<void>>;
};

/**
 * `page.setViewportSize` is undone by the reset, not a reason to close the context: the page's size goes back
 * to the context's `viewport` option (Playwright's default when none), as a new page of the context would have.
 */
function undoableViewport(page: Page, pooled: Pooled) {
  const original = page.setViewportSize.bind(page);
  const own = pooled.options.viewport === undefined ? (PLAYWRIGHT_DEFAULTS.viewport as { width: number; height: number }) : pooled.options.viewport;
  page.setViewportSize = (size) => {
    if (own) pooled.resized.set(page, () => original(own));
    // a context made without a viewport (`viewport: null`) has no size to go back to: closed instead
    else pooled.dirty ??= "page.setViewportSize";
    return original(size);
  };
}

function markOnCall(target: object, methods: string[], pooled: Pooled, what: string) {
  const object = target as Record<string, unknown>;
  for (const name of methods) {
    const original = object[name];
    if (typeof original !== "function") continue;
    object[name] = (...args: unknown[]) => {
      pooled.dirty ??= `${what}.${name}`;
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

function pageOf(request: Request): Page | null {
  try {
    return request.frame().page();
  } catch {
    return null; // a service worker's request
  }
}

/** Removes every listener but `keep` (the test's `page.on(...)`, `context.on(...)`). */
function removeListeners(emitter: Page | BrowserContext, keep: Map<string, (...args: never[]) => void> = new Map()) {
  const events = emitter as unknown as {
    eventNames(): (string | symbol)[];
    listeners(e: string | symbol): ((...a: never[]) => void)[];
    off(e: string | symbol, l: (...a: never[]) => void): void;
  };
  for (const event of events.eventNames()) {
    for (const listener of events.listeners(event)) if (keep.get(String(event)) !== listener) events.off(event, listener);
  }
}

/** A closed page's requests end with it, whether or not an event says so. */
function forgetOnClose(pooled: Pooled, page: Page) {
  page.once("close", () => {
    for (const [request, owner] of pooled.inflight) if (owner === page) pooled.inflight.delete(request);
  });
}

export class ContextPool {
  /** The context of the test running now (or of the last one), the one `release` resets. */
  private pooled: Pooled | null = null;
  /** Every kept context by its options, the least recently used first. */
  private readonly kept = new Map<string, Pooled>();
  constructor(private readonly browser: Browser) {}

  owns(context: BrowserContext): boolean {
    return this.pooled?.context === context;
  }

  /** The pooled context for these options (a new one when none has them; past MAX_CONTEXTS the oldest is closed). */
  async acquire(options: BrowserContextOptions): Promise<BrowserContext> {
    const key = JSON.stringify(options);
    let pooled = this.kept.get(key);
    if (pooled) {
      this.kept.delete(key);
    } else {
      while (this.kept.size >= MAX_CONTEXTS) await this.discard(this.kept.values().next().value!, "the least recently used of the pool");
      pooled = await this.create(key, options);
    }
    this.kept.set(key, pooled);
    this.pooled = pooled;
    return pooled.context;
  }

  /** After a test: resets the context for the next one, or closes it (the test failed, it is dirty, the reset failed). */
  async release(passed: boolean): Promise<void> {
    const pooled = this.pooled;
    if (!pooled) return;
    if (!passed || pooled.dirty) return this.discard(pooled, passed ? pooled.dirty! : "the test failed");
    try {
      await this.reset(pooled);
    } catch (error) {
      await this.discard(pooled, error instanceof Error ? error.message : String(error));
    }
  }

  /**
   * At the worker's end: forgets the contexts, which the browser fixture's close then closes. Closing them here
   * hangs (Playwright's artifacts hook on a context close waits for a test that is over).
   */
  close() {
    this.pooled = null;
    this.kept.clear();
  }

  private async discard(pooled: Pooled, why?: string) {
    if (why && process.env.E2E_REUSE_LOG) process.stderr.write(`[reuse] context closed: ${why}\n`);
    if (this.pooled === pooled) this.pooled = null;
    if (this.kept.get(pooled.key) === pooled) this.kept.delete(pooled.key);
    // Its pages closed (their renderers, timers and sockets end), then the context's close, not waited for: awaited in
    // a fixture it never returned (Playwright 1.65's close hook for a context its factory did not make); the browser's
    // close at the worker's end finishes it.
    await Promise.all(pooled.context.pages().map((page) => page.close({ runBeforeUnload: false }).catch(() => undefined)));
    void pooled.context.close().catch(() => undefined);
  }

  private async create(key: string, options: BrowserContextOptions): Promise<Pooled> {
    const context = await this.browser.newContext(options);
    const pooled: Pooled = { key, options, context, inflight: new Map(), origins: new Set(), dirty: null, own: new Map(), resized: new Map() };
    const listen = (event: string, listener: (...args: never[]) => void) => {
      pooled.own.set(event, listener);
      context.on(event as "request", listener as (request: Request) => void);
    };
    listen("request", (request: Request) => {
      pooled.inflight.set(request, pageOf(request));
      try {
        const { protocol, origin } = new URL(request.url());
        if (protocol === "http:" || protocol === "https:") pooled.origins.add(origin);
      } catch {
        // not a URL with an origin
      }
    });
    const settled = (request: Request) => void pooled.inflight.delete(request);
    listen("requestfinished", settled);
    listen("requestfailed", settled);
    const watch = (page: Page) => {
      markOnCall(page, PAGE_IRREVERSIBLE, pooled, "page");
      undoableViewport(page, pooled);
      markOnCall(page.clock, CLOCK_METHODS, pooled, "clock");
      forgetOnClose(pooled, page);
    };
    listen("page", watch);
    markOnCall(context, CONTEXT_IRREVERSIBLE, pooled, "context");
    markOnCall(context.clock, CLOCK_METHODS, pooled, "clock");
    watch(await context.newPage());
    return pooled;
  }

  private async reset(pooled: Pooled) {
    const { context, options } = pooled;
    const [first, ...others] = context.pages();
    await Promise.all(others.map((page) => page.close({ runBeforeUnload: false })));
    const page = first ?? (await context.newPage());
    removeListeners(page);
    forgetOnClose(pooled, page);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    if (/^https?:/.test(page.url())) await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
    await page.goto("about:blank", { timeout: SETTLE_TIMEOUT_MS });
    // the previous test's last requests (a beacon on pagehide, a keepalive fetch) reach the portal and come back
    // before its cookies go and the next test resets the sandbox
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    while (pooled.inflight.size > 0) {
      if (Date.now() > deadline) throw new Error(`requests still on their way: ${[...pooled.inflight.keys()].map((r) => r.url()).join(", ")}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (pooled.dirty) throw new Error(pooled.dirty);
    // the kept page's size put back (the other pages are closed above)
    await pooled.resized.get(page)?.();
    pooled.resized.clear();
    removeListeners(context, pooled.own);
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await context.clearCookies();
    await context.clearPermissions();
    await context.setExtraHTTPHeaders(options.extraHTTPHeaders ?? {});
    await context.setOffline(options.offline ?? false);
    if (pooled.origins.size) {
      const cdp = await context.newCDPSession(page);
      try {
        for (const origin of pooled.origins) {
          await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "local_storage,indexeddb,cache_storage,service_workers,file_systems" });
        }
      } finally {
        await cdp.detach().catch(() => undefined);
      }
      pooled.origins.clear();
    }
  }
}
