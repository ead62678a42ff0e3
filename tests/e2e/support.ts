import {
  expect,
  test as base,
  type APIRequestContext,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
  type TestInfo,
} from "@playwright/test";
import { cpuByKind, logTestCpu, resetTally, tally } from "./cpu-probe";
import { ContextPool, projectOptionsOnly, REUSE_CONTEXT } from "./reuse";
import { START_TIMEOUT_MS, startServers, type Servers } from "./servers";
import type { SeedCodes } from "../../sandbox/src/seed-codes";

export type UpstreamCall = { method: string; path: string; query: Record<string, string> };

/** The sandbox's test-control API (sandbox/README.md). */
export class Sandbox {
  constructor(
    private readonly request: APIRequestContext,
    /** This worker's sandbox, e.g. http://127.0.0.1:4011 */
    readonly url: string,
  ) {}

  private async send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request.fetch(`${this.url}/__sandbox${path}`, { method, data: body });
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  reset() {
    return this.send("POST", "/reset");
  }
  fault(fault: {
    path: string;
    status?: number;
    code?: string;
    message?: string;
    latencyMs?: number;
    malformed?: string;
    times?: number;
    headers?: Record<string, string>;
    body?: string;
  }) {
    return this.send("POST", "/faults", fault);
  }
  /** Holds every upstream call whose path matches until `release`: "while it is on its way" as a state, not a time. */
  async hold(path: string): Promise<{ release: () => Promise<unknown> }> {
    const { id } = await this.send<{ id: number }>("POST", "/faults", { path, hold: true });
    return { release: () => this.send("DELETE", `/faults/${id}`) };
  }
  config(companyId: number, patch: Record<string, unknown>) {
    return this.send("PATCH", `/companies/${companyId}/config`, patch);
  }
  schools(companyId: number, count: number) {
    return this.send("POST", `/companies/${companyId}/schools`, { count });
  }
  /** The seed's recharge, study-card, checkout-card and coupon codes: random-looking since issue 36 §1, read, never typed. */
  seedCodes(): Promise<SeedCodes> {
    return this.send("GET", "/seed/codes");
  }
  async ssoCode(account: string): Promise<string> {
    return (await this.send<{ code: string }>("POST", "/sso/code", { account })).code;
  }
  /** The user's tokens answer 401 from now on; `backCodes`: the renewal dies too, so the user must log in. */
  expireTokens(account: string, options: { backCodes?: boolean } = {}) {
    return this.send("POST", "/tokens/expire", { account, ...options });
  }
  /** Makes the user's cart (in the user's school) hold exactly `count` items. */
  cart(account: string, count: number) {
    return this.send("POST", "/cart", { account, count });
  }
  /** The last SMS code sent to a mobile ({ code, type, ... }); fails when none was sent. */
  sms(mobile: string): Promise<{ code: string; type: string }> {
    return this.send("GET", `/sms?mobile=${encodeURIComponent(mobile)}`);
  }
  captcha(required: boolean) {
    return this.send("PUT", "/captcha", { required });
  }
  /** The socket servers' state (presence connections and events; sandbox/README.md). */
  realtime<T>(): Promise<T> {
    return this.send("GET", "/realtime");
  }
  /** Drops every exam/live socket connection; `refuseMs`: new ones are refused that long (the socket down). */
  dropRealtime(refuseMs = 0) {
    return this.send("POST", "/realtime/drop", { refuseMs });
  }
  push(userId: number, event: "out_online" | "front_logout"): Promise<{ delivered: number }> {
    return this.send("POST", "/push", { userId, event });
  }
  calls(): Promise<UpstreamCall[]> {
    return this.send("GET", "/requests");
  }
  clearCalls() {
    return this.send("DELETE", "/requests");
  }
}

type ContextArgs = {
  contextPool: ContextPool | null;
  _combinedContextOptions: BrowserContextOptions;
  _contextFactory: () => Promise<{ context: BrowserContext; close: () => Promise<void> }>;
};

export const test = base.extend<{ sandbox: Sandbox; cpuProbe: void }, { servers: Servers; contextPool: ContextPool | null }>({
  // One browser context per worker, kept between tests with its HTTP cache (decision 071, tests/e2e/reuse.ts);
  // E2E_REUSE_CONTEXT=0 turns it off (a fresh context per test, Playwright's default).
  contextPool: [
    async ({ browser }, use) => {
      const pool = REUSE_CONTEXT ? new ContextPool(browser) : null;
      await use(pool);
      pool?.close();
    },
    { scope: "worker" },
  ],
  // Playwright's own `context` and `page`, replaced: the pooled context of the test's options and its one page
  // (decision 091: a test with `test.use` options of its own too), or a fresh context from Playwright's factory
  // (the pool off, a retry: its trace, a clean start).
  // `_combinedContextOptions` and `_contextFactory` are Playwright's internal fixtures (playwright/lib/index.js).
  context: (async (
    { contextPool, _combinedContextOptions, _contextFactory }: ContextArgs,
    use: (context: BrowserContext) => Promise<void>,
    testInfo: TestInfo,
  ) => {
    if (!contextPool || testInfo.retry > 0) {
      if (contextPool && process.env.E2E_REUSE_LOG) process.stderr.write(`[reuse] fresh context for a retry: ${testInfo.title}\n`);
      const { context, close } = await _contextFactory();
      const stop = countRequests(context);
      await use(context);
      stop();
      await close();
      return;
    }
    if (process.env.E2E_REUSE_LOG && !projectOptionsOnly(_combinedContextOptions, testInfo))
      process.stderr.write(`[reuse] options of its own: ${JSON.stringify(_combinedContextOptions)}\n`);
    const context = await contextPool.acquire(_combinedContextOptions);
    const stop = countRequests(context);
    await use(context);
    stop();
    // a skipped test (`test.skip` in its body) is reset like a passed one; a failed one's context is closed
    await contextPool.release(testInfo.status === "passed" || testInfo.status === "skipped");
  }) as never,
  page: async ({ context, contextPool }, use) => {
    await use(contextPool?.owns(context) ? (context.pages()[0] ?? (await context.newPage())) : await context.newPage());
  },
  // This worker's own sandbox and portal (tests/e2e/servers.ts), stopped when the worker ends.
  servers: [
    async ({}, use, workerInfo) => {
      const servers = await startServers(workerInfo.parallelIndex);
      try {
        await use(servers);
      } finally {
        await servers.stop();
      }
    },
    // the start's own limit (E2E_START_TIMEOUT_MS) plus the stop's, never less than the 150 s it always had
    { scope: "worker", timeout: Math.max(150_000, START_TIMEOUT_MS + 30_000) },
  ],
  baseURL: async ({ servers }, use) => {
    await use(servers.portalURL);
  },
  // Automatic: every test starts from the seed, whether or not it names the fixture. A failing test gets
  // what the servers wrote to stderr during it.
  sandbox: [
    async ({ playwright, servers }, use, testInfo) => {
      const dead = servers.deadError();
      if (dead) throw dead;
      const marks = [servers.sandbox, servers.portal].map((server) => ({ server, mark: server.stderrMark() }));
      // A request context per test (decision 066 tried one per worker: a reused keep-alive socket met
      // ECONNRESET on the next test's reset in the merged run, at load 15-25).
      const request = await playwright.request.newContext();
      const sandbox = new Sandbox(request, servers.sandboxURL);
      await sandbox.reset();
      await use(sandbox);
      await request.dispose();
      if (testInfo.status !== testInfo.expectedStatus) {
        for (const { server, mark } of marks) {
          const text = server.stderrSince(mark);
          if (text) await testInfo.attach(`${server.name} stderr`, { body: text, contentType: "text/plain" });
        }
      }
    },
    { auto: true },
  ],
  // E2E_CPU_LOG=<file>: each test's CPU by process (tests/e2e/cpu-probe.ts; `node scripts/e2e-cpu.mjs <file>`).
  // An automatic fixture with no dependency is torn down last: after the test's browser context closed,
  // when Chromium has reaped that context's renderers and their CPU counts in the browser process.
  cpuProbe: [
    async ({}, use, testInfo) => {
      const file = process.env.E2E_CPU_LOG;
      const before = file ? cpuByKind() : null;
      resetTally();
      await use();
      const after = file && before ? cpuByKind() : null;
      if (file && before && after) logTestCpu(file, `${testInfo.file.split("/").pop()} › ${testInfo.title}`, before, after, testInfo.project.name);
    },
    { auto: true },
  ],
});

export { expect };

/** E2E_CPU_LOG: counts the context's document loads and Remix data requests into the probe's line (cpu-probe.ts). */
function countRequests(context: BrowserContext): () => void {
  if (!process.env.E2E_CPU_LOG) return () => {};
  const onRequest = (request: Request) => {
    if (request.resourceType() === "document") tally.documents += 1;
    else if (/[?&]_data=|\.data(\?|$)/.test(request.url())) tally.data += 1;
  };
  context.on("request", onRequest);
  return () => context.off("request", onRequest);
}

/** Waits until Remix has hydrated the page (its router is on `window`): clicks after it are JavaScript's. */
export const hydrated = (page: Page) => page.waitForFunction(() => !!(window as unknown as { __remixRouter?: unknown }).__remixRouter);

/** With JavaScript, waits for hydration; without it, checks that no router ever came (a no-JS run is one). */
export async function ready(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === "js") await hydrated(page);
  else expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
}

/** Signs in the way another system links into the portal: a one-time code in the address. */
export async function signInWithCode(page: Page, sandbox: Sandbox, account = "13800000001", path = "/home/index") {
  const code = await sandbox.ssoCode(account);
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}code=${code}`);
  // signed in as someone else, the link asks first (issue 36 §2): the test means to switch
  if (new URL(page.url()).pathname === "/join/switch") {
    await page.getByRole("button", { name: /^以 .+ 继续$/ }).click();
    await page.waitForURL((url) => url.pathname !== "/join/switch");
  }
}

/** Logs out the way a person does: the user dropdown of the header, then its 'log out' button. */
export async function logOut(page: Page) {
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByRole("button", { name: "退出登录" }).click();
}

/**
 * Without JavaScript the browser checks a form's constraints itself (decision 023: no `noValidate` in
 * the served form): after `submit`, each named control is invalid and nothing was posted. The server's
 * messages for the same empty or malformed post are asserted in tests/unit/pages/forms.test.ts.
 */
export async function expectBrowserRefuses(page: Page, submit: () => Promise<unknown>, invalid: string[]) {
  const posts: string[] = [];
  const onRequest = (request: { method(): string; url(): string }) => {
    if (request.method() === "POST") posts.push(request.url());
  };
  page.on("request", onRequest);
  try {
    await submit();
    for (const name of invalid) {
      const valid = await page
        .locator(`[name="${name}"]`)
        .first()
        .evaluate((el) => (el as HTMLInputElement).validity.valid);
      expect(valid, `${name} is invalid for the browser`).toBe(false);
    }
    await page.waitForTimeout(300);
  } finally {
    page.off("request", onRequest);
  }
  expect(posts, "the browser posted nothing").toEqual([]);
}

/**
 * Waits for the sandbox's payment provider page (`/__pay/{orderNo}`) after the click that places or pays
 * an order. With JavaScript that is a chain of round trips in a row: the post, the discovery of
 * `/payment/pay` (`__manifest`, lazy route discovery), its module and loader (the upstream's order and
 * `payOrder/pay`), then `location.assign` to the provider, another server. On a loaded machine it took 5-6 s
 * (CI's "double click" failure: one order made, the pay page's loader answered, the provider's page
 * not yet loaded when the 5 s assertion gave up), so it is a navigation's wait, bounded by the test's timeout.
 */
export async function toProvider(page: Page) {
  // The URL, polled: `waitForURL` fails with net::ERR_ABORTED when the pay page's own navigation is cut
  // short by its `location.assign` to the provider (session 8's CI-like run, shop-payment, flaky once).
  await expect(page).toHaveURL(/\/__pay\/[A-Za-z0-9_-]+(\?|$)/, { timeout: 25_000 });
  await page.waitForLoadState("domcontentloaded");
}
