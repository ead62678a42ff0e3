import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startTestSandbox, type TestSandbox } from "./sandbox";

// Issue 10 part 1: every place that sends the browser somewhere taken from outside (query parameters,
// upstream answers, company configuration), called as Remix calls it, against the in-process sandbox.
// Where the sandbox cannot be made to answer a hostile value (a menu's link, the logout answer, the
// third-party authorise URL), that one service call is replaced; the route code around it is real.

vi.mock("~/services/school.server", async (original) => {
  const real = await original<typeof import("~/services/school.server")>();
  return { ...real, linkVariable: vi.fn(real.linkVariable) };
});
vi.mock("~/services/auth.server", async (original) => {
  const real = await original<typeof import("~/services/auth.server")>();
  return { ...real, logout: vi.fn(real.logout), thirdLoginUrl: vi.fn(real.thirdLoginUrl) };
});

let sandbox: TestSandbox;
process.env.CONFIG_TTL_S = "0";
process.env.CONTENT_TTL_S = "0";

const ORIGIN = "http://localhost:3000";

beforeAll(async () => {
  sandbox = await startTestSandbox();
  process.env.UPSTREAM_URL = sandbox.url;
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await sandbox.control("POST", "/reset");
});

async function sessionCookie(values: Record<string, unknown>): Promise<string> {
  const { commitSession, getSession } = await import("~/lib/state/session.server");
  const session = await getSession(new Request(ORIGIN), false);
  for (const [key, value] of Object.entries(values)) session.set(key as "token", value as string);
  return (await commitSession(session, false)).split(";")[0] ?? "";
}

async function loggedIn(): Promise<string> {
  const { token, userId } = await sandbox.control<{ token: string; userId: number }>("POST", "/tokens", { account: "student01" });
  return sessionCookie({ token, userId });
}

function args(path: string, cookie = "", params: Record<string, string> = {}): LoaderFunctionArgs {
  const request = new Request(`${ORIGIN}${path}`, { headers: { Host: "localhost:3000", Cookie: cookie } });
  return { request, context: {} as AppLoadContext, params };
}

/** The Location a loader answers (returned or thrown redirect), or null when it renders. */
async function locationOf(run: () => Promise<unknown>): Promise<string | null> {
  let result: unknown;
  try {
    result = await run();
  } catch (error) {
    result = error;
  }
  if (result instanceof Response) return result.status >= 300 && result.status < 400 ? result.headers.get("Location") : null;
  return null;
}

// The query strings of the issue, as the browser sends them (the route decodes them once).
const HOSTILE_QUERY = ["%2F.%2F%2Fevil.example", "/..//x", "/%252e//x", "/%2e//x", "/.//evil.example", "%2F%5C%2Fevil.example", "/a/..//evil.example"];

describe("GET /school/switch", () => {
  it.each(HOSTILE_QUERY)("unknown school, from=%s: back to the home page, never //host", async (from) => {
    const { loader } = await import("~/routes/_school+/_catalogue+/school.switch");
    const location = await locationOf(() => loader(args(`/school/switch?schoolId=999&from=${from}`)));
    expect(location).toBe("/home/index");
  });

  it.each(HOSTILE_QUERY)("known school, from=%s: the Cancel link goes to the home page", async (from) => {
    const { loader } = await import("~/routes/_school+/_catalogue+/school.switch");
    const answer = (await loader(args(`/school/switch?schoolId=2&from=${from}`))) as { from: string };
    expect(answer.from).toBe("/home/index");
  });

  it("keeps a good from, with query and hash", async () => {
    const { loader } = await import("~/routes/_school+/_catalogue+/school.switch");
    const from = encodeURIComponent("/course/list?courseName=java#top");
    expect(await locationOf(() => loader(args(`/school/switch?schoolId=999&from=${from}`)))).toBe("/course/list?courseName=java#top");
    const answer = (await loader(args(`/school/switch?schoolId=2&from=${from}`))) as { from: string };
    expect(answer.from).toBe("/course/list?courseName=java#top");
  });
});

describe("GET /join/login and /join/register when already logged in", () => {
  it.each(HOSTILE_QUERY)("backUrl=%s goes to the home page", async (backUrl) => {
    const cookie = await loggedIn();
    const login = await import("~/routes/_school+/_sign-in+/join.login");
    const register = await import("~/routes/_school+/_sign-in+/join.register");
    expect(await locationOf(() => login.loader(args(`/join/login?backUrl=${backUrl}`, cookie)))).toBe("/home/index");
    expect(await locationOf(() => register.loader(args(`/join/register?backUrl=${backUrl}`, cookie)))).toBe("/home/index");
  });

  it("a good backUrl survives with its query and hash", async () => {
    const cookie = await loggedIn();
    const login = await import("~/routes/_school+/_sign-in+/join.login");
    const back = encodeURIComponent("/personal/order?parentId=-1#list");
    expect(await locationOf(() => login.loader(args(`/join/login?backUrl=${back}`, cookie)))).toBe("/personal/order?parentId=-1#list");
  });
});

describe("GET /upgrade/token?callback=", () => {
  it.each(HOSTILE_QUERY)("callback=%s: the page's way back is the home page", async (callback) => {
    const { loader } = await import("~/routes/_school+/_sign-in+/upgrade.token");
    const answer = (await loader(args(`/upgrade/token?callback=${callback}`))) as unknown as { data: { callback: string } };
    expect(answer.data.callback).toBe("/home/index");
  });

  it("with a back-login code, the fresh token goes back to callback, never //host", async () => {
    const { code } = await sandbox.control<{ code: string }>("POST", "/tokens", { account: "student01" });
    const cookie = await sessionCookie({ backCode: code });
    const { loader } = await import("~/routes/_school+/_sign-in+/upgrade.token");
    expect(await locationOf(() => loader(args("/upgrade/token?callback=/.//evil.example", cookie)))).toBe("/home/index");
    expect(await locationOf(() => loader(args(`/upgrade/token?callback=${encodeURIComponent("/course/list?x=1")}`, cookie)))).toBe("/course/list?x=1");
  });
});

describe("GET /linkVariableRedirect/{menuId}", () => {
  it("follows the seeded variable link (filled by the upstream)", async () => {
    const { loader } = await import("~/routes/linkVariableRedirect.$menuId");
    const location = await locationOf(() => loader(args("/linkVariableRedirect/143", "", { menuId: "143" })));
    expect(location).toBe("https://partner.yunduo.example/sso?uid=&school=");
  });

  it.each([
    ["http://evil.example\\@good.example", "/home/index"],
    ["https://evil.example\\@good.example/sso", "/home/index"],
    ["https://user:pw@good.example/", "/home/index"],
    ["javascript:alert(1)", "/home/index"],
    ["//evil.example/x", "/home/index"],
    ["/.//evil.example", "/home/index"],
    ["/\\evil.example", "/home/index"],
    ["https://good.example/a b", "/home/index"],
    ["HTTPS://Good.Example/sso?uid=7", "https://good.example/sso?uid=7"],
    ["/course/list?x=1#h", "/course/list?x=1#h"],
  ])("the upstream's %j → Location %j", async (url, expected) => {
    const school = await import("~/services/school.server");
    vi.mocked(school.linkVariable).mockResolvedValueOnce(url);
    const { loader } = await import("~/routes/linkVariableRedirect.$menuId");
    expect(await locationOf(() => loader(args("/linkVariableRedirect/143", "", { menuId: "143" })))).toBe(expected);
  });
});

describe("home page template link (homePageTemplateRsp, redirectType 1)", () => {
  async function homeWith(templateLink: string): Promise<string | null> {
    await sandbox.control("PATCH", "/companies/1/config", { homeConfig: { homePageTemplateRsp: { redirectType: "1", templateLink } } });
    const { loader } = await import("~/routes/_school+/_catalogue+/home.[index]");
    return locationOf(() => loader(args("/home/index")));
  }

  it.each([
    "/\\evil.example",
    "/\t/evil.example",
    "http://evil.example\\@good.example",
    "//evil.example",
    "/.//evil.example",
    "javascript:alert(1)",
    "/./home/index",
    "/home/index?x=1",
  ])("%j: the home page renders, no redirect", async (link) => {
    expect(await homeWith(link)).toBeNull();
  });

  it.each([
    ["https://campaign.example/spring?x=1", "https://campaign.example/spring?x=1"],
    ["/course/list?courseName=java#top", "/course/list?courseName=java#top"],
    ["/news/../teachers", "/teachers"],
  ])("%j → Location %j", async (link, expected) => {
    expect(await homeWith(link)).toBe(expected);
  });
});

describe("third-party login start, the face step and logout", () => {
  it.each([
    ["http://evil.example\\@open.weixin.qq.com/connect", true],
    ["javascript:alert(1)", true],
    ["/.//evil.example", true],
    // a provider address carries client id, redirect address, response type and scope (else "Missing parameters", decision 060)
    [
      "https://open.weixin.qq.com/connect/qrconnect?client_id=1&redirect_uri=https%3A%2F%2Fportal.example%2Fjoin%2Fthird&response_type=code&scope=snsapi_login&state=s",
      false,
    ],
  ])("the authorise URL %j (refused: %s)", async (url, refused) => {
    const auth = await import("~/services/auth.server");
    vi.mocked(auth.thirdLoginUrl).mockResolvedValueOnce({ url });
    const { loader } = await import("~/routes/join.third.$type");
    const location = await locationOf(() => loader(args("/join/third/weixin?backUrl=/course/list", "", { type: "weixin" })));
    if (refused) expect(location).toBe("/join/login?third=failed&backUrl=%2Fcourse%2Flist");
    else expect(location).toBe(url);
  });

  it("the face page: only an absolute http(s) URL, else 'face verification failed' on the login page", async () => {
    const { faceRedirectUrl } = await import("~/services/login.server");
    const portal = { tenant: { origin: ORIGIN } } as Parameters<typeof faceRedirectUrl>[0];
    for (const bad of ["javascript:alert(1)", "http://evil.example\\@face.example/", "//evil.example", "/.//evil.example"]) {
      expect(faceRedirectUrl(portal, bad, "/..//x"), bad).toBe("/join/login?face=failed&backUrl=%2Fhome%2Findex");
    }
    const good = new URL(faceRedirectUrl(portal, "https://face.example/verify?o=1", "/course/list"));
    expect(good.origin).toBe("https://face.example");
    expect(good.searchParams.get("return")).toBe(`${ORIGIN}/join/face?backUrl=%2Fcourse%2Flist`);
  });

  it.each([
    ["/..//evil.example", "/home/index"],
    ["/%2e//evil.example", "/home/index"],
    ["/home/index/branch01?x=1", "/home/index/branch01?x=1"],
  ])("logout: the upstream's loginSchoolPath %j → Location %j", async (loginSchoolPath, expected) => {
    const auth = await import("~/services/auth.server");
    vi.mocked(auth.logout).mockResolvedValueOnce(loginSchoolPath);
    const { csrf } = await import("~/lib/security/csrf.server");
    const [token, csrfCookie] = await csrf(false).commitToken();
    const body = new FormData();
    body.set("csrf", token);
    const cookie = `${await loggedIn()}; ${(csrfCookie ?? "").split(";")[0]}`;
    const request = new Request(`${ORIGIN}/logout`, {
      method: "POST",
      body,
      headers: { Host: "localhost:3000", Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", Cookie: cookie },
    });
    const { action } = await import("~/routes/logout");
    expect(await locationOf(() => action({ request, context: {} as AppLoadContext, params: {} }))).toBe(expected);
  });
});
