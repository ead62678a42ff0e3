import { expect, test as base, type APIRequestContext, type Page } from "@playwright/test";
import { SANDBOX_URL } from "../../playwright.config";

export type UpstreamCall = { method: string; path: string; query: Record<string, string> };

/** The sandbox's test-control API (sandbox/README.md). */
export class Sandbox {
  constructor(private readonly request: APIRequestContext) {}

  private async send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request.fetch(`${SANDBOX_URL}/__sandbox${path}`, { method, data: body });
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  reset() {
    return this.send("POST", "/reset");
  }
  fault(fault: { path: string; status?: number; code?: string; message?: string; latencyMs?: number; malformed?: string; times?: number; headers?: Record<string, string>; body?: string }) {
    return this.send("POST", "/faults", fault);
  }
  config(companyId: number, patch: Record<string, unknown>) {
    return this.send("PATCH", `/companies/${companyId}/config`, patch);
  }
  schools(companyId: number, count: number) {
    return this.send("POST", `/companies/${companyId}/schools`, { count });
  }
  async ssoCode(account: string): Promise<string> {
    return (await this.send<{ code: string }>("POST", "/sso/code", { account })).code;
  }
  expireTokens(account: string) {
    return this.send("POST", "/tokens/expire", { account });
  }
  /** Makes the user's cart (in the user's school) hold exactly `count` items. */
  cart(account: string, count: number) {
    return this.send("POST", "/cart", { account, count });
  }
  calls(): Promise<UpstreamCall[]> {
    return this.send("GET", "/requests");
  }
  clearCalls() {
    return this.send("DELETE", "/requests");
  }
}

export const test = base.extend<{ sandbox: Sandbox }>({
  // Automatic: every test starts from the seed, whether or not it names the fixture.
  sandbox: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext();
      const sandbox = new Sandbox(request);
      await sandbox.reset();
      await use(sandbox);
      await request.dispose();
    },
    { auto: true },
  ],
});

export { expect };

/** Signs in the way another system links into the portal: a one-time code in the address. */
export async function signInWithCode(page: Page, sandbox: Sandbox, account = "13800000001", path = "/home/index") {
  const code = await sandbox.ssoCode(account);
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}code=${code}`);
}

/** Logs out the way a person does: the user dropdown of the header, then its 'log out' button. */
export async function logOut(page: Page) {
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByRole("button", { name: "退出登录" }).click();
}
