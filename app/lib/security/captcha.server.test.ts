import { describe, expect, it, vi } from "vitest";
import type { Portal } from "~/lib/portal.server";
import { resumeAfterCaptcha, storePending, type CaptchaAnswer, type Pending } from "~/lib/security/captcha.server";

process.env.UPSTREAM_URL ??= "http://127.0.0.1:4000";

/** A visitor: only the session the pending store reads (its `sid`). */
function visitor(): Portal {
  const values = new Map<string, unknown>();
  return {
    session: { get: (k: string) => values.get(k), set: (k: string, v: unknown) => void values.set(k, v) },
    tenant: { origin: "http://127.0.0.1:3000" },
  } as unknown as Portal;
}

function back(query: Record<string, string>): URL {
  return new URL(`http://127.0.0.1:3000/join/login?${new URLSearchParams(query)}`);
}

const fields = { intent: "password", account: "13800000000" };

type Result = { failed: Record<string, string> } | { retried: CaptchaAnswer & { secret?: string } };

function handlers() {
  return {
    failed: vi.fn((pending: Pending): Result => ({ failed: pending.fields })),
    retry: vi.fn(async (pending: Pending, answer: CaptchaAnswer): Promise<Result> => ({ retried: { ...answer, secret: pending.secret } })),
  };
}

describe("resumeAfterCaptcha (the visitor back from a captcha challenge)", () => {
  it("fails the pending form when the visitor gave up (captchaFailed), without retrying", async () => {
    const portal = visitor();
    const id = await storePending(portal, { form: "login", fields, secret: "enc" });
    const on = handlers();
    await expect(resumeAfterCaptcha(portal, back({ captcha: id, captchaFailed: "1", ticket: "t" }), "login", on)).resolves.toEqual({ failed: fields });
    expect(on.retry).not.toHaveBeenCalled();
  });

  it("fails the pending form when no ticket came back", async () => {
    const portal = visitor();
    const id = await storePending(portal, { form: "forget", fields });
    const on = handlers();
    await expect(resumeAfterCaptcha(portal, back({ captcha: id, randstr: "r" }), "forget", on)).resolves.toEqual({ failed: fields });
    expect(on.retry).not.toHaveBeenCalled();
  });

  it("retries the pending call with ticket and randstr (and the kept secret), once", async () => {
    const portal = visitor();
    const id = await storePending(portal, { form: "register", fields, secret: "enc" });
    const on = handlers();
    const url = back({ captcha: id, ticket: "tk-1", randstr: "rs-1" });
    await expect(resumeAfterCaptcha(portal, url, "register", on)).resolves.toEqual({ retried: { ticket: "tk-1", randstr: "rs-1", secret: "enc" } });
    expect(on.retry).toHaveBeenCalledTimes(1);
    expect(on.retry.mock.calls[0]?.[0].fields).toEqual(fields);
    expect(on.failed).not.toHaveBeenCalled();
    // Single use: the same address a second time finds nothing.
    await expect(resumeAfterCaptcha(portal, url, "register", on)).resolves.toBeUndefined();
    expect(on.retry).toHaveBeenCalledTimes(1);
  });

  it("sends an empty randstr when none came back", async () => {
    const portal = visitor();
    const id = await storePending(portal, { form: "login", fields });
    const on = handlers();
    await resumeAfterCaptcha(portal, back({ captcha: id, ticket: "tk" }), "login", on);
    expect(on.retry.mock.calls[0]?.[1]).toEqual({ ticket: "tk", randstr: "" });
  });

  it("throws a Response the retry answers with (a login that went through)", async () => {
    const portal = visitor();
    const id = await storePending(portal, { form: "login", fields });
    const redirect = new Response(null, { status: 302, headers: { Location: "/" } });
    const thrown = await resumeAfterCaptcha(portal, back({ captcha: id, ticket: "tk", randstr: "rs" }), "login", {
      failed: () => "failed",
      retry: async () => redirect,
    }).then(
      () => "resolved",
      (e: unknown) => e,
    );
    expect(thrown).toBe(redirect);
  });

  it("does nothing without a pending form: no captcha id, an unknown id, another form or another visitor", async () => {
    const on = handlers();
    const portal = visitor();
    await expect(resumeAfterCaptcha(portal, back({ ticket: "tk" }), "login", on)).resolves.toBeUndefined();
    await expect(resumeAfterCaptcha(portal, back({ captcha: crypto.randomUUID(), ticket: "tk" }), "login", on)).resolves.toBeUndefined();
    const forRegister = await storePending(portal, { form: "register", fields });
    await expect(resumeAfterCaptcha(portal, back({ captcha: forRegister, ticket: "tk" }), "login", on)).resolves.toBeUndefined();
    const ofAnother = await storePending(visitor(), { form: "login", fields });
    await expect(resumeAfterCaptcha(portal, back({ captcha: ofAnother, captchaFailed: "1" }), "login", on)).resolves.toBeUndefined();
    expect(on.failed).not.toHaveBeenCalled();
    expect(on.retry).not.toHaveBeenCalled();
  });
});
