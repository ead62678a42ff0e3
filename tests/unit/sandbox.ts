// Test helper: a real sandbox upstream in the test process (tests may use the sandbox; portal code never does).
import type { SeedCodes } from "../../sandbox/src/seed-codes";
import { startTestSandbox, type TestSandbox } from "../../sandbox/test/helpers";

export { startTestSandbox, type SeedCodes, type TestSandbox };

/**
 * A sandbox for a unit file that calls the upstream (decision 086), in a worker it shares with the files before
 * it (vitest's `unit` project) instead of a process of its own: `unitSandbox()` in the file's beforeAll,
 * `leaveUnitSandbox()` in its afterAll. For the file's duration UPSTREAM_URL names the sandbox and the process's
 * state (app/lib/state/process-state.server.ts: the parsed environment, caches, limits, the memory store) starts
 * as a fresh process finds it; afterwards the variable is put back, the state forgotten again and the sandbox
 * closed (no sandbox outlives its file: sandbox/test/cleanup.test.ts checks what the process's last one leaves).
 */
const unitShared: { sandbox?: TestSandbox; upstreamBefore?: string } = ((
  globalThis as { __unitSandboxShared?: { sandbox?: TestSandbox; upstreamBefore?: string } }
).__unitSandboxShared ??= {});

export async function unitSandbox(): Promise<TestSandbox> {
  const sandbox = await startTestSandbox();
  unitShared.sandbox = sandbox;
  unitShared.upstreamBefore = process.env.UPSTREAM_URL;
  process.env.UPSTREAM_URL = sandbox.url;
  (await import("~/lib/state/process-state.server")).resetProcessState();
  return sandbox;
}

export async function leaveUnitSandbox(): Promise<void> {
  const { sandbox, upstreamBefore } = unitShared;
  if (upstreamBefore === undefined) delete process.env.UPSTREAM_URL;
  else process.env.UPSTREAM_URL = upstreamBefore;
  unitShared.sandbox = unitShared.upstreamBefore = undefined;
  (await import("~/lib/state/process-state.server")).resetProcessState();
  await sandbox?.close();
}

type Ctx = Parameters<typeof import("~/lib/http/upstream.server").createUpstream>[0];

/** The request context of one portal request (a visitor on /home/index of school 1), for the request layer. */
export function requestCtx(overrides: Partial<Ctx> = {}): Ctx {
  return {
    request: new Request("http://localhost:3000/home/index"),
    domain: "localhost",
    schoolId: 1,
    companyId: 1,
    systemOs: "linux",
    timings: [],
    clearSession: async (mode) => `portal_session=cleared-${mode}`,
    ...overrides,
  };
}

/** What a failing call threw (a redirect Response, `data()` for the error page, an UpstreamError). */
export async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

/**
 * The seed's codes that give money or a coupon (recharge cards, study cards, the checkout's cards, coupon exchange
 * codes): random-looking since issue 36 §1, so a test reads them from the sandbox (`GET /__sandbox/seed/codes`)
 * instead of typing RC0001. The same for the sandbox's whole life (its resets included).
 */
export function seedCodes(sandbox: Pick<TestSandbox, "control">): Promise<SeedCodes> {
  return sandbox.control<SeedCodes>("GET", "/seed/codes");
}
