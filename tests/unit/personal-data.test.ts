import { describe, expect, it } from "vitest";
import { element, elements, keepCookies, LOCAL_ORIGIN as ORIGIN, text, usePortal } from "./portal";

// Personal data, avatar and archive (spec 001 §2, §5, §7, issue 13) through the built server's own request
// handler against the in-process sandbox: what a browser without JavaScript gets.

const ctx = usePortal({ env: { CONFIG_TTL_S: "30", UPSTREAM_TIMEOUT_MS: "60000" } });

/** A browser: keeps cookies, does not follow redirects (the pattern of personal-frame.test.ts). */
function browser() {
  const jar = new Map<string, string>();
  return {
    async get(pathname: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      if (jar.size) headers.set("Cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
      const res = await ctx.handle(new Request(ORIGIN + pathname, { ...init, headers, redirect: "manual" }));
      keepCookies(jar, res);
      return res;
    },
  };
}
type Browser = ReturnType<typeof browser>;

async function loggedIn(account = "student01") {
  const { token } = await ctx.sandbox.control<{ token: string }>("POST", "/tokens", { account });
  const b = browser();
  expect((await b.get(`/home/index?token=${token}`)).status).toBe(302);
  return b;
}

const calls = (filter = "") => ctx.sandbox.control<{ path: string }[]>("GET", `/requests${filter}`);
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
// React 18.3.1's renderToPipeableStream can put NUL bytes into CJK text at its 2 KB chunk boundaries
// (facebook/react#31134; seen here in the custom-field errors). A product-wide matter of entry.server,
// reported to the lead; these helpers drop them so they test the page's own content.
const decode = (s: string) =>
  s
    .replace(/\0/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
/** The error shown for the control named `name` (the kit's `data-error-for`). */
function errorFor(html: string, name: string): string | undefined {
  const m = new RegExp(`data-error-for="${name}"[^>]*>([^<]*)<`).exec(html);
  return m ? decode(m[1]!) : undefined;
}
/** The value attribute of the input named `name`. */
function inputValue(html: string, name: string): string | undefined {
  const tag = new RegExp(`<input[^>]*name="${name.replace(/[[\]]/g, "\\$&")}"[^>]*>`).exec(html)?.[0];
  return tag ? decode(/value="([^"]*)"/.exec(tag)?.[1] ?? "") : undefined;
}

const PAGE = "/personal/setting/data";
const postHeaders = { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Host: "localhost:3000" };

async function postData(b: Browser, fields: Array<[string, string]>, csrf?: string) {
  const token = csrf ?? csrfOf(await (await b.get(PAGE)).text());
  const body = new URLSearchParams([["csrf", token], ...fields]);
  return b.get(PAGE, { method: "POST", body, headers: postHeaders });
}

describe("personal data page (spec 001 §2, §7)", () => {
  it("renders the four sections and the custom fields from their definitions, read-only fields as text", async () => {
    const b = await loggedIn();
    const res = await b.get(PAGE);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const section of ["base", "contact", "other", "register", "custom"]) expect(html).toContain(`data-section="${section}"`);
    // one control of each of the 11 types
    for (const name of [
      "df_name",
      "df_qq",
      "df_c_exam_date",
      "df_c_appointment",
      "df_c_study_period[0]",
      "df_c_study_period[1]",
      "df_c_diploma",
      "df_c_photo",
    ]) {
      expect(html, name).toContain(`name="${name}"`);
    }
    expect(html).toMatch(/type="radio"[^>]*name="df_sex"|name="df_sex"[^>]*type="radio"/);
    expect(html).toMatch(/type="checkbox"[^>]*name="df_c_subjects"|name="df_c_subjects"[^>]*type="checkbox"/);
    expect(html).toMatch(/<select[^>]*name="df_c_level"/);
    expect(html).toMatch(/<select[^>]*name="df_c_region"/);
    // frontUpdateFlag 1: mobile and register_source are not inputs
    expect(html).not.toContain('name="df_mobile"');
    expect(html).not.toContain('name="df_register_source"');
    // a stored value (1001's birthday, a timestamp upstream) shown as the day
    expect(inputValue(html, "df_birthday")).toBe("2000-05-20");
    // the chooseRelList sub-field is not shown until its option is chosen
    expect(html).not.toContain('name="df_hobby_other"');
  });

  it("in English the kit's words read as sentences: Male, Female, Please select (issue 39 §7)", async () => {
    const b = await loggedIn();
    const html = text(await (await b.get(`${PAGE}?lng=en`)).text());
    expect(html).toContain("Male");
    expect(html).toContain("Female");
    expect(html).toContain("Please select");
    expect(html).not.toMatch(/\bmale\b|please select/);
  });

  it("saves a section (save/base/info) and shows the stored values", async () => {
    const b = await loggedIn();
    const res = await postData(b, [
      ["section", "base"],
      ["intent", "save"],
      ["df_name", "王小明"],
      ["df_sex", "FEMALE"],
      ["df_birthday", "1999-01-02"],
      ["df_identity_type_code", "ID_PASSPORT"],
      ["df_identity_id", "E12345678"],
      ["df_education_code", ""],
    ]);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("保存成功");
    expect((await calls("?path=save%2Fbase%2Finfo")).length).toBe(1);
    const again = await (await b.get(PAGE)).text();
    expect(inputValue(again, "df_name")).toBe("王小明");
    expect(inputValue(again, "df_birthday")).toBe("1999-01-02");
    expect(inputValue(again, "df_identity_id")).toBe("E12345678");
  });

  it("shows one spec message per field type, keeps every typed value and saves nothing", async () => {
    const b = await loggedIn();
    const res = await postData(b, [
      ["section", "custom"],
      ["intent", "save"],
      ["df_c_nickname", "一二三四五六七八九十十"], // text, length 10
      ["df_c_years", "3a"], // number
      ["df_c_exam_date", "1899-12-31"], // date range
      ["df_c_appointment", "2025-01-01 25:00"], // dateTime format
      ["df_c_study_period[0]", "2025-01-01"],
      ["df_c_study_period[1]", ""], // period pair
      // radio, checkbox, cascade, annex, image: nothing chosen (all required)
      ["df_c_level", "博士"], // select: not an option
    ]);
    expect(res.status).toBe(400);
    const html = await res.text();
    const expected: Record<string, string> = {
      df_c_nickname: "输入长度不能超过10",
      df_c_years: "只能输入数字",
      df_c_exam_date: "",
      df_c_appointment: "",
      df_c_study_period: "",
      df_c_channel: "必填，请输入相关信息",
      df_c_subjects: "必填，请输入相关信息",
      df_c_level: "",
      df_c_region: "必填，请输入相关信息",
      df_c_diploma: "必填，请输入相关信息",
      df_c_photo: "必填，请输入相关信息",
    };
    for (const [name, text] of Object.entries(expected)) {
      const shown = errorFor(html, name);
      expect(shown, name).toBeTruthy();
      if (text) expect(shown, name).toContain(text);
    }
    // values kept
    expect(inputValue(html, "df_c_nickname")).toBe("一二三四五六七八九十十");
    expect(inputValue(html, "df_c_years")).toBe("3a");
    expect(inputValue(html, "df_c_study_period[0]")).toBe("2025-01-01");
    expect(await calls("?path=improve%2Fcustom")).toEqual([]);
  });

  it("saves the custom fields with an annex and an image (multipart): files uploaded first, then improve/custom/info", async () => {
    const b = await loggedIn();
    const page = await (await b.get(PAGE)).text();
    const region = /<select[^>]*name="df_c_region"[^>]*>[\s\S]*?<option[^>]*value="([^"]+)"/.exec(page)?.[1];
    expect(region).toBeTruthy();
    const form = new FormData();
    const fields: Array<[string, string]> = [
      ["csrf", csrfOf(page)],
      ["section", "custom"],
      ["intent", "save"],
      ["df_c_nickname", "小明"],
      ["df_c_years", "5"],
      ["df_c_exam_date", "2026-05-01"],
      ["df_c_appointment", "2026-01-02 10:00:00"],
      ["df_c_study_period[0]", "2026-01-01"],
      ["df_c_study_period[1]", "2026-06-30"],
      ["df_c_channel", "朋友推荐"],
      ["df_c_subjects", "会计"],
      ["df_c_subjects", "税法"],
      ["df_c_level", "中级"],
      ["df_c_region", region!],
    ];
    for (const [k, v] of fields) form.append(k, v);
    const photo = (head: number[]) => new File([image(2048, head)], "photo.png", { type: "image/png" });
    form.append("df_c_diploma", new File([new TextEncoder().encode("%PDF-1.4 diploma")], "diploma.pdf", { type: "application/pdf" }));
    // a GIF named .png in the image field: refused by its content, nothing uploaded or saved
    form.append("df_c_photo", photo([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]));
    const refused = await b.get(PAGE, { method: "POST", body: form, headers: { Origin: ORIGIN, Host: "localhost:3000" } });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(errorFor(refusedHtml, "df_c_photo")).toBe("上传图片只能是 JPG/PNG 格式");
    expect(inputValue(refusedHtml, "df_c_nickname")).toBe("小明");
    expect(await calls("?path=sign%2Fsource%2Fupload|improve%2Fcustom")).toEqual([]);

    form.set("df_c_photo", photo(PNG));
    const res = await b.get(PAGE, { method: "POST", body: form, headers: { Origin: ORIGIN, Host: "localhost:3000" } });
    const html = await res.text();
    expect(res.status, html.slice(0, 300)).toBe(200);
    expect(html).toContain("保存成功");
    expect((await calls("?path=sign%2Fsource%2Fupload")).length).toBe(2);
    expect((await calls("?path=improve%2Fcustom")).length).toBe(1);
    expect(html).toContain("diploma.pdf"); // the stored annex is listed as a kept file

    // issue 21 item 5, decision 043: the owner's page links the annex through a fresh signed link that opens,
    // named by its file name (not the link's query); the bare address the upload answered is 403
    const page2 = await (await b.get(PAGE)).text();
    const link = /<a href="([^"]*\/__files\/[^"]*)"[^>]*>([^<]*)<\/a>/.exec(page2);
    expect(link, "a link to the kept annex").toBeTruthy();
    expect(decode(link![2]!)).toBe("diploma.pdf");
    const signed = new URL(decode(link![1]!));
    expect(signed.searchParams.get("Signature")).toBeTruthy();
    const file = await fetch(signed);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe("%PDF-1.4 diploma");
    expect((await fetch(`${signed.origin}${signed.pathname}`)).status).toBe(403);
    // saved again as shown (the kept files' signed links posted back): the upstream keeps the bare address,
    // and the page signs it afresh
    const kept = [...page2.matchAll(/<input[^>]*type="checkbox"[^>]*name="(df_c_(?:diploma|photo))"[^>]*value="([^"]*)"/g)];
    expect(kept.map((m) => m[1])).toEqual(["df_c_diploma", "df_c_photo"]);
    const again = new FormData();
    for (const [k, v] of fields) again.append(k, k === "csrf" ? csrfOf(page2) : v);
    for (const m of kept) again.append(m[1]!, decode(m[2]!));
    const res2 = await b.get(PAGE, { method: "POST", body: again, headers: { Origin: ORIGIN, Host: "localhost:3000" } });
    const html2 = await res2.text();
    expect(res2.status, html2.slice(0, 300)).toBe(200);
    expect(html2).toContain("保存成功");
    const link2 = new URL(decode(/<a href="([^"]*\/__files\/[^"]*)"/.exec(await (await b.get(PAGE)).text())![1]!));
    expect(link2.pathname).toBe(signed.pathname);
    expect((await fetch(link2)).status).toBe(200);
  });

  it("shows the upstream's message when it refuses, with the values kept", async () => {
    const b = await loggedIn();
    await ctx.sandbox.control("POST", "/faults", { path: "save/contact/info", code: "0", message: "QQ 已被占用", times: 1 });
    const res = await postData(b, [
      ["section", "contact"],
      ["intent", "save"],
      ["df_qq", "12345"],
      ["df_address", "上海市某路 1 号"],
    ]);
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(html).toContain("QQ 已被占用");
    expect(inputValue(html, "df_address")).toBe("上海市某路 1 号");
  });

  it("intent=refresh shows the chosen option's sub-field and keeps every typed value, saving nothing", async () => {
    const b = await loggedIn();
    const res = await postData(b, [
      ["section", "other"],
      ["intent", "refresh"],
      ["df_hobby", "其他"],
      ["df_graduate_time", "2020-07-01 09:30:00"],
      ["df_work_period[0]", "2019-01-01"],
      ["df_work_period[1]", "2020-01-01"],
    ]);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('name="df_hobby_other"');
    expect(inputValue(html, "df_graduate_time")).toMatch(/^2020-07-01[ T]09:30(:00)?$/);
    expect(inputValue(html, "df_work_period[0]")).toBe("2019-01-01");
    expect(errorFor(html, "df_hobby_other")).toBeUndefined(); // required, but a refresh shows no error
    expect(await calls("?path=save%2Fother")).toEqual([]);
  });

  it("a user without the data entry gets the 403 page and none of the data, though the page's calls ran in the permission's round", async () => {
    await ctx.sandbox.control("POST", "/permissions", {
      account: "student01",
      permissions: { course: [], setting: ["account"], message: [], order: [], accountcenter: [] },
    });
    const b = await loggedIn();
    const res = await b.get(PAGE);
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).not.toContain('name="df_');
    expect(html).not.toContain(`data-section="base"`);
  });

  it("refuses a post without the CSRF token (403) before any save", async () => {
    const b = await loggedIn();
    await b.get(PAGE);
    const res = await b.get(PAGE, { method: "POST", body: new URLSearchParams({ section: "base", intent: "save", df_name: "x" }), headers: postHeaders });
    expect(res.status).toBe(403);
    expect(await calls("?path=save%2F")).toEqual([]);
  });

  it("answers an unknown section with a 400, not a 500", async () => {
    const b = await loggedIn();
    const res = await postData(b, [
      ["section", "nope"],
      ["intent", "save"],
    ]);
    expect(res.status).toBe(400);
  });
});

/* ---------- avatar ---------- */

const AVATAR = "/personal/setting/avatar";
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
function image(bytes: number, head: number[] = PNG): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(bytes);
  data.set(head);
  return data;
}

async function postAvatar(b: Browser, file: Uint8Array<ArrayBuffer>, name: string, type: string, csrf?: string) {
  const token = csrf ?? csrfOf(await (await b.get(AVATAR)).text());
  const form = new FormData();
  form.set("csrf", token);
  form.set("avatar", new File([file], name, { type }));
  return b.get(AVATAR, { method: "POST", body: form, headers: { Origin: ORIGIN, Host: "localhost:3000" } });
}

describe("avatar (spec 001 §5, §7 head/portrait)", () => {
  it("accepts a 200 KB PNG, and the header shows the new avatar at once", async () => {
    const b = await loggedIn();
    const res = await postAvatar(b, image(200 * 1024), "me.png", "image/png");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("头像已更新");
    expect((await calls("?path=head%2Fportrait")).length).toBe(1);
    // the document answer ran the loaders again: the header and the page show the stored image
    expect(html).toMatch(/\/__avatar\/1001-\d+\.png/);
  });

  it("refuses 6 MB with 'image size cannot exceed 5MB!' without calling the upstream", async () => {
    const b = await loggedIn();
    const res = await postAvatar(b, image(6 * 1024 * 1024), "big.png", "image/png");
    expect(res.status).toBe(400);
    expect(errorFor(await res.text(), "avatar")).toBe("上传图片大小不能超过 5MB!");
    expect(await calls("?path=head%2Fportrait")).toEqual([]);
  });

  it("refuses a GIF named .png by its content", async () => {
    const b = await loggedIn();
    const res = await postAvatar(b, image(1024, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]), "cat.png", "image/png");
    expect(res.status).toBe(400);
    expect(errorFor(await res.text(), "avatar")).toBe("上传图片只能是 JPG/PNG 格式");
    expect(await calls("?path=head%2Fportrait")).toEqual([]);
  });

  it("refuses an upload with a wrong CSRF token (403) and never calls the upstream", async () => {
    const b = await loggedIn();
    await b.get(AVATAR);
    const res = await postAvatar(b, image(1024), "me.png", "image/png", "forged");
    expect(res.status).toBe(403);
    expect(await calls("?path=head%2Fportrait")).toEqual([]);
  });
});

describe("learning archive", () => {
  it("shows 1001's courses, exams and certificates from the sandbox", async () => {
    const b = await loggedIn();
    const res = await b.get("/personal/setting/archives");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="archive"');
    for (const text of ["人力资源管理师（三级）精讲班", "62%", "学习中", "初级会计实务 模拟考试（一）", "86 / 100", "通过", "YD-2024-1001", ">46<", ">1835<"])
      expect(html, text).toContain(text);
    expect((await calls("?path=setting%2Farchives")).length).toBe(1);
  });

  it("shows 'nothing yet' for a user without an archive", async () => {
    const b = await loggedIn("teacher01");
    const html = await (await b.get("/personal/setting/archives")).text();
    expect(html.match(/>暂无<\/p>/g)?.length).toBe(3);
    expect(html).not.toContain("YD-2024-");
  });
});

// The `no-js` re-run of tests/e2e/personal-data.test.ts "each of the 11 types once" (issue 22): the custom
// fields' form as a browser without JavaScript fills and posts it (the form-walker: multipart, both files).
describe("without JavaScript (the no-js journey of tests/e2e/personal-data.test.ts)", () => {
  const clean = (s: string) => s.replace(/\0/g, "");
  const inForm = (html: string) => element(html, 'form[id="personal-data-custom"]') ?? "";
  const files = () => ({
    毕业证书: { name: "diploma.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 diploma") },
    证件照: { name: "photo.png", mimeType: "image/png", buffer: Buffer.from(image(2048, PNG)) },
  });

  it("each of the 11 types once: the rule the browser cannot check comes back with every value kept, then fixed and saved with the files", async () => {
    const b = ctx.portal.client();
    const page = await b.signIn(ctx.portal, "13800000001", PAGE);
    expect(page.url).toMatch(/\/personal\/setting\/data$/);
    // without JavaScript the browser enforces required, ranges and patterns itself (the @nojs browser tests
    // keep that); the rule it cannot check (the period's order) comes back from the server, values kept
    const refused = await page
      .form("#personal-data-custom")
      .fill({
        工作年限: "5",
        计划考试日期: "2026-05-01",
        预约咨询时间: "2026-01-02T10:00:00",
        开始日期: "2026-06-30",
        结束日期: "2026-01-01",
        报考级别: "中级",
        朋友推荐: true,
        会计: true,
        "所在地区 1": "上海市",
        ...files(),
      })
      .submit({ button: "保存" });
    expect(clean(text(element(inForm(refused.html), '[data-error-for="df_c_study_period"]') ?? ""))).toBe("开始日期不能晚于结束日期");
    expect(refused.form("#personal-data-custom").value("工作年限")).toBe("5");
    expect(await calls("?path=improve%2Fcustom")).toHaveLength(0);

    // fixed: every type with a valid value, the two files attached
    const saved = await refused
      .form("#personal-data-custom")
      .fill({
        昵称: "小明",
        工作年限: "5",
        计划考试日期: "2026-05-01",
        预约咨询时间: "2026-01-02T10:00:00",
        开始日期: "2026-01-01",
        结束日期: "2026-06-30",
        朋友推荐: true,
        会计: true,
        报考级别: "中级",
        "所在地区 1": "上海市",
        ...files(),
      })
      .submit({ button: "保存" });
    expect(clean(text(element(inForm(saved.html), '[role="status"]') ?? ""))).toBe("保存成功");
    expect(elements(inForm(saved.html), "[data-error-for]")).toHaveLength(0);
    const again = await b.get(PAGE);
    const form = again.form("#personal-data-custom");
    expect(form.value("工作年限")).toBe("5");
    expect(form.controls.find((c) => c.type === "checkbox" && c.labels.includes("会计"))?.checked).toBe(true);
    expect(form.value("所在地区 1")).toBe("31");
    expect(clean(text(inForm(again.html)))).toContain("diploma.pdf");
  });
});
