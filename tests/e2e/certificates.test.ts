import { expect, signInWithCode, test } from "./support";

// Certificates (issue 17 A item 4; spec 001 §7 "Certificates"): the claim form typed in a browser. The list by
// status, its counts and unread, the PDF that opens (links only, nothing typed: a render check) and the same
// claim without JavaScript are page tests (tests/unit/pages/files.test.ts, "certificates without JavaScript";
// issue 22 item 2).
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
