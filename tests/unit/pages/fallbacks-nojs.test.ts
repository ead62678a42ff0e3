import { describe, expect, it } from "vitest";
import { attr, byTestId, element, elements, usePortal, text, type Page } from "../portal";
import { errorFor, inputNamed, linkHref, testText } from "./nojs";

/**
 * What the `no-js` browser runs dropped in issue 22 (decision 064) checked that the server decides: the
 * markup a browser without JavaScript acts on (a form's `target`, a `required` attribute, a CSS checkbox,
 * a plain link) and the journeys behind it, walked by the form-walker. The browser's own part stays in one
 * kept `@nojs` test per kind (login's "the browser refuses them first", tab-bar's zh run, phone's
 * `<details>` menus, resources' 5 MB post); the JavaScript runs of the same e2e tests keep the layout.
 */

const ctx = usePortal();

describe("management centre without JavaScript (tests/e2e/admin-link.test.ts's no-js run)", { timeout: 60_000 }, () => {
  it("a plain form post to a new tab (target=_blank) that lands on the management centre, one link fetched", async () => {
    const browser = ctx.portal.client({ offsite: true });
    const home = await browser.signIn(ctx.portal, "13800000009");
    const form = home.form({ button: "管理中心" });
    expect(attr(form.html, "method")).toBe("post");
    expect(attr(form.html, "action")).toBe("/admin-link");
    expect(attr(form.html, "target")).toBe("_blank"); // the browser opens it in a new tab, without an opener
    expect(form.controls.filter((c) => c.name === "csrf")).toHaveLength(1);
    await ctx.portal.clearCalls();
    const tab = await form.submit({ button: "管理中心" });
    expect(tab.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__sandbox\/admin\?company=1$/);
    expect(tab.html).toContain("管理中心");
    expect((await ctx.portal.calls()).filter((c) => c.path.endsWith("front/admin/link"))).toHaveLength(1);
  });
});

describe("community without JavaScript (tests/e2e/community.test.ts's no-js run)", { timeout: 60_000 }, () => {
  it("the question's title is `required` (the browser refuses an empty one itself); posted anyway, the server says so", async () => {
    const browser = ctx.portal.client();
    const page = await browser.signIn(ctx.portal, "13700003001", "/answerslist/0");
    expect(page.url).toBe("/answerslist/0");
    const ask = page.form("#ask-question");
    const title = ask.controls.find((c) => c.name === "title");
    expect(attr(title?.html, "required")).toBeDefined();
    const refused = await ask.submit({ button: "发布问题" });
    expect(errorFor(refused, "title")).toBe("请输入标题");
  });
});

describe("personal data without JavaScript (tests/e2e/personal-data.test.ts's no-js runs)", { timeout: 60_000 }, () => {
  it("the contact section: the QQ's digits `pattern` (the browser refuses first); posted anyway, the message and the values kept; then saved", async () => {
    const browser = ctx.portal.client();
    const page = await browser.signIn(ctx.portal, "13800000001", "/personal/setting/data");
    const contact = page.form("#personal-data-contact");
    expect(attr(contact.controls.find((c) => c.labels.includes("QQ"))?.html, "pattern")).toBeDefined();
    const refused = await contact.fill({ QQ: "12a45", 联系地址: "上海市" }).submit({ button: "保存" });
    expect(errorFor(refused, "df_qq")).toBe("只能输入数字");
    expect(errorFor(refused, "df_address")).toBe("");
    expect(refused.form("#personal-data-contact").value("QQ")).toBe("12a45");
    const saved = await refused.form("#personal-data-contact").fill({ QQ: "12345", 联系地址: "上海市浦东新区某路 1 号" }).submit({ button: "保存" });
    expect(text(element(element(saved.html, 'form[id="personal-data-contact"]') ?? "", '[role="status"]') ?? "")).toBe("保存成功");
    expect((await browser.get("/personal/setting/data")).form("#personal-data-contact").value("QQ")).toBe("12345");
  });

  it("a chooseRelList sub-field after 'update the form', values kept, then `required` (the browser refuses first); saved once filled", async () => {
    const browser = ctx.portal.client();
    const page = await browser.signIn(ctx.portal, "13800000001", "/personal/setting/data");
    const other = (p: Page) => p.form("#personal-data-other");
    expect(inputNamed(page, "df_hobby_other")).toBeUndefined();
    const shown = await other(page).fill({ 毕业时间: "2020-07-01T09:30", 其他: true }).submit({ button: "更新表单" });
    const sub = inputNamed(shown, "df_hobby_other");
    expect(sub).toBeDefined();
    expect(attr(sub, "required")).toBeDefined();
    expect(other(shown).controls.find((c) => c.name === "df_hobby" && c.value === "其他")?.checked).toBe(true);
    expect(other(shown).value("毕业时间")).toMatch(/^2020-07-01[T ]09:30/);
    // posted without it anyway: the server's message
    const refused = await other(shown).submit({ button: "保存" });
    expect(errorFor(refused, "df_hobby_other")).toBe("必填，请输入相关信息");
    const saved = await other(refused).fill({ 其他爱好: "摄影" }).submit({ button: "保存" });
    expect(text(element(element(saved.html, 'form[id="personal-data-other"]') ?? "", '[role="status"]') ?? "")).toBe("保存成功");
    expect((await browser.get("/personal/setting/data")).form("#personal-data-other").value("其他爱好")).toBe("摄影");
  });
});

describe("the shell's CSS-only parts (tests/e2e/shell.test.ts's and tab-bar.test.ts's no-js runs)", { timeout: 60_000 }, () => {
  it("the test-domain banner closes by a checkbox and its label, no script: the banner hides when it is checked", async () => {
    await ctx.portal.config(1, { showDomainWarn: 1 });
    const page = await ctx.portal.client().get("/home/index");
    const box = elements(page.html, "input").find((i) => attr(i, "id") === "domain-warn-close");
    expect(attr(box, "type")).toBe("checkbox");
    expect(attr(box, "class")).toContain("peer");
    expect(attr(byTestId(page.html, "domain-warn"), "class")).toContain("peer-checked:hidden");
    expect(attr(byTestId(page.html, "domain-warn-close"), "for")).toBe("domain-warn-close");
    // the checkbox comes right before the banner (a CSS sibling: `peer-checked`), no script needed
    expect(page.html.indexOf('id="domain-warn-close"')).toBeLessThan(page.html.indexOf('data-testid="domain-warn"'));
  });

  it("a tab is a plain link: the bank's tab leads there and is the current one", async () => {
    const browser = ctx.portal.client();
    const home = await browser.get("/home/index");
    const bar = { html: byTestId(home.html, "tab-bar") ?? "" };
    expect(
      attr(
        elements(bar.html, "a").find((a) => text(a) === "首页"),
        "aria-current",
      ),
    ).toBe("page");
    const bank = await browser.get(linkHref(bar, "题库")!);
    expect(bank.url).toMatch(/^\/lib\/subject/);
    expect(
      attr(
        elements(byTestId(bank.html, "tab-bar") ?? "", "a").find((a) => text(a) === "题库"),
        "aria-current",
      ),
    ).toBe("page");
    expect(testText(bank, "tab-bar")).toContain("题库");
  });
});
