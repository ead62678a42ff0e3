import { afterEach, describe, expect, it, vi } from "vitest";
import type { Portal } from "~/lib/portal.server";
import { resumeAfterCaptcha, storePending, takePending, type Pending } from "~/lib/security/captcha.server";

process.env.UPSTREAM_URL ??= "http://127.0.0.1:4000";

// Issue 10 part 6c: a pending captcha id is checked against the session before it is consumed.

function visitor(sid?: string): Portal {
  const values = new Map<string, unknown>(sid ? [["sid", sid]] : []);
  return {
    session: { get: (k: string) => values.get(k), set: (k: string, v: unknown) => void values.set(k, v) },
    tenant: { origin: "http://127.0.0.1:3000" },
  } as unknown as Portal;
}

const fields = { intent: "password", account: "13800000000" };
const back = (query: Record<string, string>) => new URL(`http://127.0.0.1:3000/join/login?${new URLSearchParams(query)}`);

afterEach(() => {
  vi.useRealTimers();
});

describe("pending captcha ids belong to their session", () => {
  it("another session presenting the victim's id burns nothing: the victim still resumes", async () => {
    const victim = visitor();
    const id = await storePending(victim, { form: "login", fields, secret: "enc" });
    for (const attacker of [visitor(), visitor("another-sid"), visitor("")]) {
      expect(await takePending(attacker, id, "login")).toBeUndefined();
      const on = { failed: vi.fn(() => "failed"), retry: vi.fn(async () => "retried") };
      await expect(resumeAfterCaptcha(attacker, back({ captcha: id, captchaFailed: "1" }), "login", on)).resolves.toBeUndefined();
      expect(on.failed).not.toHaveBeenCalled();
    }
    const taken = await takePending(victim, id, "login");
    expect(taken?.fields).toEqual(fields);
    expect(taken?.secret).toBe("enc");
    // single use for its owner
    expect(await takePending(victim, id, "login")).toBeUndefined();
  });

  it("the owner asking for another form does not burn it either", async () => {
    const owner = visitor();
    const id = await storePending(owner, { form: "register", fields });
    expect(await takePending(owner, id, "login")).toBeUndefined();
    expect((await takePending(owner, id, "register"))?.form).toBe<Pending["form"]>("register");
  });

  it("an expired id is gone for everyone, its owner included", async () => {
    vi.useFakeTimers();
    const owner = visitor();
    const id = await storePending(owner, { form: "login", fields });
    vi.advanceTimersByTime(5 * 60_000 + 1);
    expect(await takePending(visitor("x"), id, "login")).toBeUndefined();
    expect(await takePending(owner, id, "login")).toBeUndefined();
  });
});
