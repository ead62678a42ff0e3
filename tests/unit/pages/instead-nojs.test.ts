import { describe, expect, it } from "vitest";
import { attr, byTestId, element, elements, usePortal, text, type Page } from "../portal";
import { errorFor, linkHref, testText } from "./nojs";

/**
 * Instead sign-up (spec 001 §2 `/personal/course/apply`, §7 'Instead sign-up', §5 dynamic fields and
 * uploads; decision 036) as a browser without JavaScript walks it: the `no-js` run of
 * tests/e2e/instead.test.ts "sign up: province, session, every field type…", moved here (issue 22,
 * decision 064). The page's own forms are read and posted by the form-walker (the files as multipart);
 * the one real multipart post kept in a browser is resources' "the 5 MB limit without JS".
 */

const ctx = usePortal();

const A = "/personal/course/apply";
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 7)]);
const PROOF = { name: "proof.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 proof") };
const fill = (page: Page) => page.form("#instead-fill");
const fieldError = (page: Page, name: string) => errorFor(page, name);

describe("instead sign-up without JavaScript (tests/e2e/instead.test.ts's no-js run)", { timeout: 60_000 }, () => {
  it("sign up: province, session, every field type with the size and image errors fixed; the list shows it under review", async () => {
    const browser = ctx.portal.client();
    const list = await browser.signIn(ctx.portal, "13700003501", A);
    expect(list.url).toBe(A);
    expect(testText(list, "empty")).toContain("暂无代报名记录");
    const start = await browser.get(attr(byTestId(list.html, "new-sign-up"), "href")!);
    expect(start.url).toBe(`${A}/new`);

    // the province: a plain GET form
    const province = await start.form({ field: "provinceCode" }).fill({ 报考省份: "北京市" }).submit();
    expect(province.url).toMatch(/provinceCode=110000$/);
    const session = element(province.html, '[data-item-time-id="7201"]') ?? "";
    expect(text(session)).toContain("2026 年上半年全国计算机等级考试代报名");
    const sessionForm = elements(province.html, "form").findIndex((f) => session.includes(f));
    const form = await province.form(sessionForm).submit({ button: "报名" });
    expect(form.url).toMatch(new RegExp(`^${A}/fill/\\d+$`));
    const fillUrl = form.url;

    // the cascade's next level comes from the server (get/cascade/options): one re-render
    const level2 = await fill(form).fill({ "工作单位所在地 1": "北京市" }).submit({ button: "加载下一级" });
    expect(level2.url).toBe(fillUrl);
    // the sub-field of 'yes': after 'update the form'
    const refreshed = await fill(level2).fill({ "工作单位所在地 2": "海淀区", df_hasCert: "是" }).submit({ button: "更新表单" });
    expect(fill(refreshed).value("证书编号")).toBe("");
    expect(fill(refreshed).value("工作单位所在地 2")).toBe("1101");

    const typed = fill(refreshed).fill({
      真实姓名: "王小明",
      工作年限: "5",
      毕业日期: "2019-06-30",
      证书编号: "NCRE-2024-001",
      学历: "本科",
      "Python 语言程序设计": true,
      "MS Office 高级应用": true,
    });
    // a 6 MB attachment in the form's post: refused with the size message, the values kept
    const proof = Buffer.concat([Buffer.from("%PDF-1.4 proof\n"), Buffer.alloc(6 * 1024 * 1024 - 15, 3)]);
    const tooBig = await typed.fill({ 工作证明: { name: "proof.pdf", mimeType: "application/pdf", buffer: proof } }).submit({ button: "提交报名信息" });
    expect(fieldError(tooBig, "df_workProof")).toBe("上传文件过大，请控制在5M以内");
    expect(tooBig.url).toBe(fillUrl);
    expect(fill(tooBig).value("真实姓名")).toBe("王小明");
    expect(fill(tooBig).value("证书编号")).toBe("NCRE-2024-001");

    // an "image" that is not one (checked by its bytes, not its name): the server's message, values kept
    const notImage = await fill(tooBig)
      .fill({ 工作证明: PROOF, 证件照: { name: "photo.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") } })
      .submit({ button: "提交报名信息" });
    expect(fieldError(notImage, "df_idPhoto")).toBe("上传图片只能是 JPG/PNG 格式");
    expect(notImage.url).toBe(fillUrl);
    expect(fill(notImage).value("真实姓名")).toBe("王小明");
    expect(fill(notImage).value("工作单位所在地 2")).toBe("1101");
    expect(await ctx.portal.calls("saveItemFieldFormData")).toHaveLength(0);

    // fixed: a real PNG, the proof attached again (a file in the form's post is never kept)
    const detail = await fill(notImage)
      .fill({ 证件照: { name: "photo.png", mimeType: "image/png", buffer: PNG }, 工作证明: PROOF })
      .submit({ button: "提交报名信息" });
    expect(detail.url).toMatch(new RegExp(`^${A}/detail/\\d+$`));
    expect(testText(detail, "sign-up-status")).toBe("审核中");
    const values = testText(detail, "sign-values");
    for (const shown of ["王小明", "NCRE-2024-001", "本科", "Python 语言程序设计、MS Office 高级应用", "北京市 / 海淀区", "photo.png", "proof.pdf"])
      expect(values).toContain(shown);
    // the uploaded image is the bytes sent
    const photo = element(element(byTestId(detail.html, "sign-values") ?? "", '[data-field="idPhoto"]') ?? "", "img");
    const served = await fetch(attr(photo, "src")!.replace(/&amp;/g, "&"));
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const back = await browser.get(linkHref(detail, "返回我的代报名")!);
    const rows = elements(back.html, '[data-testid="sign-up"]');
    expect(rows).toHaveLength(1);
    expect(text(byTestId(rows[0]!, "sign-up-status") ?? "")).toBe("审核中");
    expect(text(rows[0]!)).toContain("北京市");
    // under review: the form is locked by the v2 status check
    expect(testText(await browser.get(fillUrl), "fill-locked")).toContain("报名信息审核中，暂不能修改");
  }, 120_000);
});
