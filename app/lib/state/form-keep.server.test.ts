import { afterEach, describe, expect, it, vi } from "vitest";
import { isSecretField, keepCookie, keepPostedForm, KEEP_MAX_BYTES, KEEP_TTL_MS, keptFormData, takeKeptForm } from "~/lib/state/form-keep.server";
import { MemoryStore } from "~/lib/state/store.server";

process.env.UPSTREAM_URL ??= "http://127.0.0.1:4000";

// Decision 021 / issue 13 "Session expiry without losing work": the store round trip, what is never kept,
// the TTL, the binding to the browser, the page and the user, and the single take.

const ORIGIN = "http://localhost:3000";
const PAGE = "/personal/setting/data";

function post(path: string, cookie?: string) {
  return new Request(ORIGIN + path, { method: "POST", headers: cookie ? { Cookie: cookie } : {} });
}
function get(path: string, cookie?: string) {
  return new Request(ORIGIN + path, { headers: cookie ? { Cookie: cookie } : {} });
}
/** The `name=value` pair of a Set-Cookie header, as a browser sends it back. */
const pairOf = (setCookie: string) => setCookie.split(";")[0]!;

function form(entries: [string, string | File][]) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

const typed: [string, string][] = [
  ["section", "base"],
  ["intent", "save"],
  ["df_name", "王小明"],
  ["df_c_subjects", "math"],
  ["df_c_subjects", "physics"],
  ["df_identity_type_code", "ID"],
];

afterEach(() => {
  vi.useRealTimers();
});

describe("form keep (decision 021)", () => {
  it("round trip: a kept post comes back once, in order, repeated names repeated, on the same page of the same browser", async () => {
    const store = new MemoryStore();
    const setCookie = await keepPostedForm({ request: post(PAGE), formData: form([["csrf", "t0k3n"], ...typed]), secure: false, userId: 1001, store });
    expect(setCookie).toBeDefined();
    const cookie = pairOf(setCookie!);
    const kept = await takeKeptForm({ request: get(PAGE, cookie), secure: false, userId: 1001, store });
    expect(kept?.fields).toEqual(typed);
    expect(kept?.path).toBe(PAGE);
    expect(keptFormData(kept!).getAll("df_c_subjects")).toEqual(["math", "physics"]);
    // taken once
    expect(await takeKeptForm({ request: get(PAGE, cookie), secure: false, userId: 1001, store })).toBeNull();
    expect(store.size).toBe(0);
  });

  it("a single-fetch post (`.data`) is kept for the page itself", async () => {
    const store = new MemoryStore();
    const setCookie = await keepPostedForm({ request: post(`${PAGE}.data`), formData: form(typed), secure: false, store });
    const kept = await takeKeptForm({ request: get(PAGE, pairOf(setCookie!)), secure: false, userId: 1001, store });
    expect(kept?.fields).toEqual(typed);
  });

  it("the cookie holds only a signed random id: HttpOnly, SameSite=Lax, 30 minutes, __Host- and Secure over https; nothing typed", async () => {
    const store = new MemoryStore();
    const plain = (await keepPostedForm({ request: post(PAGE), formData: form(typed), secure: false, store }))!;
    expect(plain).toMatch(/^keep=/);
    expect(plain).toMatch(/HttpOnly/i);
    expect(plain).toMatch(/SameSite=Lax/i);
    expect(plain).toMatch(new RegExp(`Max-Age=${KEEP_TTL_MS / 1000}`));
    expect(decodeURIComponent(plain)).not.toContain("王小明");
    const id = await keepCookie(false).parse(pairOf(plain));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const secure = (await keepPostedForm({ request: post(PAGE), formData: form(typed), secure: true, store }))!;
    expect(secure).toMatch(/^__Host-keep=/);
    expect(secure).toMatch(/Secure/);
  });

  it("never keeps passwords, SMS or captcha codes, tickets, the CSRF token or files", async () => {
    const store = new MemoryStore();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], "me.jpg", { type: "image/jpeg" });
    const secrets: [string, string | File][] = [
      ["csrf", "t0k3n"],
      ["password", "Passw0rd!"],
      ["oldPassword", "a"],
      ["newPassword", "b"],
      ["confirmPassword", "b"],
      ["smsCode", "123456"],
      ["code", "654321"],
      ["captchaCode", "x"],
      ["verifyCode", "y"],
      ["ticket", "tk"],
      ["randstr", "rs"],
      ["_captcha", "id"],
      ["token", "tok"],
      ["df_c_photo", photo],
    ];
    const setCookie = await keepPostedForm({ request: post(PAGE), formData: form([...secrets, ["email", "a@b.cn"]]), secure: false, store });
    const kept = await takeKeptForm({ request: get(PAGE, pairOf(setCookie!)), secure: false, store });
    expect(kept?.fields).toEqual([["email", "a@b.cn"]]);
    for (const [name] of secrets) if (name !== "df_c_photo") expect(isSecretField(name), name).toBe(true);
    // the kit's own names are user data even when they end in `code` (identity_type_code, education_code)
    expect(isSecretField("df_identity_type_code")).toBe(false);
    expect(isSecretField("email")).toBe(false);
  });

  it("keeps nothing for a post made only of secrets, a GET, a page outside the personal centre, or a post over the size cap", async () => {
    const store = new MemoryStore();
    expect(
      await keepPostedForm({
        request: post(PAGE),
        formData: form([
          ["intent", "password"],
          ["oldPassword", "x"],
          ["newPassword", "y"],
        ]),
        secure: false,
        store,
      }),
    ).toBeUndefined();
    expect(await keepPostedForm({ request: get(PAGE), formData: form(typed), secure: false, store })).toBeUndefined();
    expect(await keepPostedForm({ request: post("/join/login"), formData: form(typed), secure: false, store })).toBeUndefined();
    expect(await keepPostedForm({ request: post(PAGE), formData: undefined, secure: false, store })).toBeUndefined();
    expect(await keepPostedForm({ request: post(PAGE), formData: form([["df_name", "x".repeat(KEEP_MAX_BYTES + 1)]]), secure: false, store })).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it("lives 30 minutes", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    const store = new MemoryStore();
    const cookie = pairOf((await keepPostedForm({ request: post(PAGE), formData: form(typed), secure: false, store }))!);
    vi.setSystemTime(Date.now() + KEEP_TTL_MS - 1_000);
    const second = pairOf(
      (await keepPostedForm({ request: post("/personal/setting/account", cookie), formData: form([["email", "a@b.cn"]]), secure: false, store }))!,
    );
    expect(await takeKeptForm({ request: get(PAGE, cookie), secure: false, store })).not.toBeNull();
    vi.setSystemTime(Date.now() + 2_000);
    expect(await takeKeptForm({ request: get("/personal/setting/account", second), secure: false, store })).not.toBeNull();
    // a third one, read after its 30 minutes
    const third = pairOf((await keepPostedForm({ request: post(PAGE), formData: form(typed), secure: false, store }))!);
    vi.setSystemTime(Date.now() + KEEP_TTL_MS + 1);
    expect(await takeKeptForm({ request: get(PAGE, third), secure: false, store })).toBeNull();
  });

  it("another browser, another page, another user, or a forged cookie cannot read it", async () => {
    const store = new MemoryStore();
    const mine = pairOf((await keepPostedForm({ request: post(PAGE), formData: form(typed), secure: false, userId: 1001, store }))!);
    // another browser (its own keep id, or none)
    const other = pairOf((await keepPostedForm({ request: post("/personal/setting/account"), formData: form([["email", "x@y.cn"]]), secure: false, store }))!);
    expect(other).not.toBe(mine);
    expect(await takeKeptForm({ request: get(PAGE, other), secure: false, userId: 1001, store })).toBeNull();
    expect(await takeKeptForm({ request: get(PAGE), secure: false, userId: 1001, store })).toBeNull();
    // a forged (unsigned) id equal to the real one's value
    const rawId = (await keepCookie(false).parse(mine)) as string;
    expect(await takeKeptForm({ request: get(PAGE, `keep=${rawId}`), secure: false, userId: 1001, store })).toBeNull();
    // another page of the same browser
    expect(await takeKeptForm({ request: get("/personal/setting/account", mine), secure: false, userId: 1001, store })).toBeNull();
    // another user logging in on the same browser: dropped unread, and gone for the first user too
    expect(await takeKeptForm({ request: get(PAGE, mine), secure: false, userId: 1003, store })).toBeNull();
    expect(await takeKeptForm({ request: get(PAGE, mine), secure: false, userId: 1001, store })).toBeNull();
  });
});
