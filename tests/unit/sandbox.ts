// Test helper: a real sandbox upstream in the test process (tests may use the sandbox; portal code never does).
export { startTestSandbox, type TestSandbox } from "../../sandbox/test/helpers";

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
