import { expect, signInWithCode, test } from "./support";

// Certificates (issue 17 A item 4; spec 001 §7 "Certificates"): list by status, counts, unread, the PDF the
// sandbox makes opens. Seed user files08 (13700002907). The same journeys without JavaScript are page tests
// (tests/unit/pages/files.test.ts, "certificates without JavaScript"; issue 22).
test("certificates by status with counts and unread; the train PDF opens", async ({ page, sandbox }) => {
  expect((await page.request.post(`${sandbox.url}/__sandbox/files/seed`)).ok()).toBe(true);
  await signInWithCode(page, sandbox, "13700002907", "/personal/setting/data");
  await page.getByTestId("personal-menu").getByRole("link", { name: "我的证书" }).click();
  await page.waitForURL(/\/certificate\/list$/);
  await expect(page.getByTestId("certificate-unread")).toHaveText("有 2 张新证书");
  await expect(page.getByRole("link", { name: "已获得 (2)" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("certificate-row")).toHaveCount(2);
  await page.getByRole("link", { name: "未获得 (1)" }).click();
  await expect(page.getByTestId("certificate-row")).toHaveCount(1);
  await expect(page.getByTestId("certificate-row").getByRole("link", { name: "查看证书 PDF" })).toHaveCount(0);
  await expect(page.getByTestId("certificate-row").getByRole("link", { name: "领取证书" })).toHaveCount(1); // conditions met
  await page.getByRole("link", { name: "已获得 (2)" }).click();
  await expect(page.getByTestId("certificate-unread")).toHaveCount(0); // read once listed

  const href = await page
    .getByTestId("certificate-row")
    .filter({ hasText: "Training Certificate" })
    .getByRole("link", { name: "查看证书 PDF" })
    .getAttribute("href");
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const body = Buffer.from(await pdf.body());
  expect(body.subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
  expect(body.toString("latin1")).toContain("HR Manager Level 3 - Training Certificate");
  expect(body.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);
  // the xref offset points at the xref table
  const text = body.toString("latin1");
  const start = Number(/startxref\n(\d+)/.exec(text)![1]);
  expect(text.slice(start, start + 4)).toBe("xref");
});

test("a claimable certificate: its unlock fields filled, then created, and its PDF opens", async ({ page, sandbox }) => {
  expect((await page.request.post(`${sandbox.url}/__sandbox/files/seed`)).ok()).toBe(true);
  await signInWithCode(page, sandbox, "13700003606", "/certificate/list?status=0");
  await page.waitForURL(/\/certificate\/list\?status=0$/);
  await page.getByRole("link", { name: "领取证书" }).click();
  await page.waitForURL(/\/certificate\/create\/9103$/);
  await expect(page.getByTestId("certificate-name")).toHaveText("Recruitment Practice - Learning Certificate");
  await page.getByLabel("证书姓名").fill("金同学");
  await page.getByLabel("身份证号").fill("123");
  await page.getByRole("button", { name: "生成证书" }).click();
  await expect(page.getByTestId("certificate-error")).toHaveText("请输入正确的身份证号");
  await expect(page.getByLabel("证书姓名")).toHaveValue("金同学"); // what was typed survives
  await page.getByLabel("身份证号").fill("110105194912310021");
  await page.getByRole("button", { name: "生成证书" }).click();
  await page.waitForURL(/\/certificate\/list\?status=1&created=9103$/);
  await expect(page.getByTestId("certificate-created")).toHaveText("证书已生成：Recruitment Practice - Learning Certificate");
  await expect(page.getByRole("link", { name: "已获得 (3)" })).toBeVisible();
  const href = await page
    .getByTestId("certificate-row")
    .filter({ hasText: "Recruitment Practice" })
    .getByRole("link", { name: "查看证书 PDF" })
    .getAttribute("href");
  const pdf = await page.request.get(href!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(Buffer.from(await pdf.body()).toString("latin1")).toContain("ID number ****0021");
});
