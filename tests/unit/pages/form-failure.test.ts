import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, byTestId, elements, hrefOf, startTestPortal, text, UPSTREAM_TIMEOUT_FOR_FAULTS, type Client, type Page, type TestPortal } from "../portal";
import { seedCodes, type SeedCodes } from "../sandbox";

// Issue 21 item 2 (decision 042): the call behind a form fails for a reason that is not the student's (the
// upstream answers 500, an unreadable body, or nothing within the timeout: 5 s here, UPSTREAM_TIMEOUT_FOR_FAULTS; decision 065 tried 2 s and 1 s:
// beside Playwright a plain page GET of this file met the 2 s budget in session 10's merged run). Without JavaScript the
// post answers the same page with its form, every value typed (never the password), the message that nothing
// was saved, and an honest status (502, 504 for the timeout). One walk over the forms of the issue.

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal({ env: UPSTREAM_TIMEOUT_FOR_FAULTS });
}, 120_000);
// The timed-out calls leave the sandbox a connection the portal gave up on: its close may wait for it; bounded.
afterAll(() => Promise.race([portal.close(), new Promise((resolve) => setTimeout(resolve, 5_000))]), 10_000);
beforeEach(async () => {
  await portal.reset();
  expect((await fetch(`${portal.sandbox.url}/__sandbox/files/seed`, { method: "POST" })).ok).toBe(true); // the homework users
}, 60_000);

const FAULTS = [
  { name: "HTTP 500", fault: { status: 500 }, status: 502, message: "暂时无法连接学校服务器，本次提交未保存" },
  { name: "a malformed body", fault: { malformed: "truncated" }, status: 502, message: "学校服务器返回了无法识别的结果，本次提交未保存" },
  { name: "a timeout", fault: { latencyMs: 6_000 }, status: 504, message: "学校服务器未能及时响应，本次提交未保存" },
] as const;

/** Typed into every form beside its own fields: never echoed. */
const PASSWORD = "Secr3t-pass!";

type FormCase = {
  name: string;
  account: string;
  /** the page the form is on (GET), the address it posts to */
  page: string | ((b: Client) => Promise<string>);
  /** the upstream path (regex) of the call behind the form */
  upstream: string;
  /** what the student typed (the CSRF token is added) */
  typed: (b: Client, page: string) => Promise<Record<string, string>>;
  multipart?: boolean;
  /** values that must be on the page that comes back (default: every typed value but the hidden ones) */
  shown?: string[];
  /** the form that must be on the page that comes back */
  form: string;
};

const hidden = (html: string, name: string) =>
  elements(html, "input")
    .filter((i) => attr(i, "name") === name)
    .map((i) => attr(i, "value") ?? "");

const FORMS: FormCase[] = [
  {
    name: "personal data: base",
    account: "13800000001",
    page: "/personal/setting/data",
    upstream: "/save/base/info$",
    typed: async () => ({
      section: "base",
      intent: "save",
      df_name: "李新名",
      df_sex: "FEMALE",
      df_birthday: "1999-01-02",
      df_identity_type_code: "ID_PASSPORT",
      df_identity_id: "E12345678",
      df_education_code: "",
    }),
    shown: ["李新名", "1999-01-02", "E12345678"],
    form: 'id="personal-data-base"',
  },
  {
    name: "personal data: contact",
    account: "13800000001",
    page: "/personal/setting/data",
    upstream: "/save/contact/info$",
    typed: async () => ({ section: "contact", intent: "save", df_qq: "123456789", df_address: "深圳市南山区科技园 8 号" }),
    shown: ["123456789", "深圳市南山区科技园 8 号"],
    form: 'id="personal-data-contact"',
  },
  {
    name: "Q&A ask",
    account: "13800000001",
    page: "/answerslist/0",
    upstream: "/question/ask$",
    typed: async () => ({ intent: "ask", title: "劳动合同的试用期最长多久？", content: "三年期合同的试用期上限是多少，请老师解答。" }),
    form: 'id="ask-question"',
  },
  {
    name: "note edit",
    account: "13800000001",
    page: async (b) => {
      const notes = await b.get("/personal/course/note");
      const id = attr(
        elements(notes.html, "li").find((li) => attr(li, "data-testid") === "note"),
        "data-note-id",
      );
      return `/personal/course/note?edit=${id}`;
    },
    upstream: "/note/update$",
    typed: async (_b, page) => ({
      intent: "update",
      noteId: new URL(page, "http://x").searchParams.get("edit")!,
      content: "改过的笔记：试用期不得超过六个月。",
    }),
    shown: ["改过的笔记：试用期不得超过六个月。"],
    form: 'name="content"',
  },
  {
    name: "homework text",
    account: "13700003605",
    page: "/homework/8101",
    upstream: "/saveHomework$",
    multipart: true,
    typed: async () => ({ content: "结构化面试更标准化，评分更客观。" }),
    form: 'data-testid="homework-form"',
  },
];

async function signedIn(account: string): Promise<Client> {
  const browser = portal.client();
  await browser.signIn(portal, account);
  return browser;
}

async function post(b: Client, address: string, fields: Record<string, string>, multipart = false) {
  if (!multipart) return b.submit(address, fields);
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const res = await b.fetch(address, { method: "POST", body });
  return { status: res.status, html: await res.text() };
}

describe("a form whose upstream call fails comes back with what was typed (issue 21 item 2, decision 042)", () => {
  for (const f of FORMS) {
    it(`${f.name}: 500, malformed and timeout each answer the form, the values, the message`, { timeout: 60_000 }, async () => {
      const b = await signedIn(f.account);
      for (const failure of FAULTS) {
        const address = typeof f.page === "string" ? f.page : await f.page(b);
        const csrf = await b.csrf(address);
        const typed = await f.typed(b, address);
        await portal.sandbox.control("DELETE", "/faults");
        await portal.fault({ path: f.upstream, times: 1, ...failure.fault });
        const page = await post(b, address, { csrf, ...typed, password: PASSWORD }, f.multipart);
        const what = `${f.name}, ${failure.name}`;
        expect(page.status, what).toBe(failure.status);
        expect(page.html, what).toContain(f.form);
        for (const value of f.shown ?? Object.values(typed).filter((v) => v !== "ask" && v !== "save")) {
          expect(page.html, `${what}: ${value}`).toContain(value);
        }
        expect(text(page.html), what).toContain(failure.message);
        expect(page.html, what).not.toContain(PASSWORD);
        // the call was made and failed: nothing else was saved in its place
        expect((await portal.calls()).filter((c) => new RegExp(f.upstream).test(c.path)).length, what).toBeGreaterThan(0);
      }
    });
  }

  it("in English, the message is in the page's language", async () => {
    const b = await signedIn("13800000001");
    await b.get("/home/index?lng=en"); // the language choice persists (cookie lng)
    const csrf = await b.csrf("/answerslist/0");
    await portal.fault({ path: "/question/ask$", times: 1, status: 500 });
    const page = await b.submit("/answerslist/0", { csrf, intent: "ask", title: "How long is probation?", content: "For a three-year contract." });
    expect(page.status).toBe(502);
    expect(page.html).toContain("How long is probation?");
    expect(text(page.html)).toContain("The school's server cannot be reached right now: nothing was saved.");
  });

  it(
    "checkout: an order call that times out may have gone through: the page says so, links to my orders, keeps the card code and offers no order button",
    { timeout: 30_000 },
    async () => {
      const b = await signedIn("shop08");
      const card = (await seedCodes(portal.sandbox)).shopCards[0]!; // random-looking since issue 36 §1
      const address = `/payment/order?commodityId=5002&cardCode=${card}`;
      const before = await b.get(address);
      expect(before.status).toBe(200);
      const fields: Record<string, string> = {};
      for (const name of ["csrf", "idempotencyKey", "expectedPayCents", "userCouponId", "points", "useBalance", "cardCode", "seen"])
        fields[name] = hidden(before.html, name)[0] ?? "";
      expect(fields.cardCode).toBe(card);
      await portal.fault({ path: "/definePayOrderCart/createOrder$", times: 1, latencyMs: 6_000 });
      const page = await b.submit(address, fields);
      expect(page.status).toBe(504);
      const notice = byTestId(page.html, "form-failure") ?? "";
      expect(text(notice)).toContain("可能已成功，也可能未成功");
      expect(hrefOf(notice, "查看我的订单")).toBe("/personal/order");
      // the card code is still there, and the order form keeps the key of the post that may have made the order
      expect(hidden(page.html, "cardCode")).toContain(card);
      expect(elements(page.html, "input").some((i) => attr(i, "id") === "cardCode" && attr(i, "value") === card)).toBe(true);
      expect(hidden(page.html, "idempotencyKey")).toEqual([fields.idempotencyKey]);
      // no button that posts the order again blindly
      const orderForm = elements(page.html, "form").find(
        (form) => attr(form, "method") === "post" && (attr(form, "action") ?? "").startsWith("/payment/order"),
      );
      expect(orderForm).toBeDefined();
      expect(elements(orderForm!, "button")).toEqual([]);
    },
  );

  // The remaining forms (the account centre's money pages, account settings, login, register, forgotten
  // password, the question bank): each posted as a browser without JavaScript posts it (the page's own form:
  // its hidden fields, its button), with the sandbox failing the call behind it. A page with several forms
  // answers the one that posted (the failure carries its `intent`, decision 042).
  const UNCERTAIN = "可能已成功，也可能未成功";
  type PageForm = {
    name: string;
    /** the seed user signed in (none: a visitor) */
    account?: string;
    page: string;
    /** the form (`Page.form`), the values typed into it (by name or label) and the button pressed */
    form: Parameters<Page["form"]>[0];
    fill: Record<string, string | boolean>;
    button: string | RegExp;
    upstream: string;
    /** typed values that must come back (the rest are secrets: passwords, codes) */
    shown: string[];
    /** typed values that must not come back */
    secret?: string[];
    /** a seed code typed into the form's `code` field (read from the sandbox: random-looking, issue 36 §1), a secret too */
    seedCode?: (codes: SeedCodes) => string;
    /** the call may take money or make an order: the message says it may have gone through */
    uncertain?: boolean;
  };
  const PAGE_FORMS: PageForm[] = [
    {
      name: "balance: withdraw",
      account: "acct05",
      page: "/personal/accountcenter/balance",
      form: "#balance-withdraw",
      fill: { withdrawAmount: "12.30" },
      button: "申请提现",
      upstream: "/cash/withdraw$",
      shown: ["12.30"],
    },
    {
      name: "balance: recharge online",
      account: "acct05",
      page: "/personal/accountcenter/balance",
      form: "#balance-charge",
      fill: { balance: "88.00" },
      button: "去支付",
      upstream: "/make/order$",
      shown: ["88.00"],
      uncertain: true,
    },
    {
      name: "balance: recharge card (the card's code is a secret)",
      account: "acct05",
      page: "/personal/accountcenter/balance",
      form: "#balance-recharge",
      fill: {},
      seedCode: (c) => c.recharge[30]!,
      button: "充值",
      upstream: "/recharge/charge/card$",
      shown: [],
      uncertain: true,
    },
    {
      name: "coupon: exchange",
      account: "acct06",
      page: "/personal/accountcenter/coupon",
      form: "#coupon-exchange",
      fill: {},
      seedCode: (c) => c.coupons.welcome20,
      button: "兑换",
      upstream: "/exchange/coupons$",
      shown: [],
    },
    {
      name: "study card: check",
      account: "acct06",
      page: "/personal/accountcenter/card",
      form: "#card-check",
      fill: {},
      seedCode: (c) => c.studyCards.package302[1]!,
      button: "查询",
      upstream: "/check/code$",
      shown: [],
    },
    {
      name: "membership: buy",
      account: "acct07",
      page: "/personal/accountcenter/account/member",
      form: { button: "年度会员" },
      fill: {},
      button: /年度会员/,
      upstream: "/make/member/order$",
      shown: [],
      uncertain: true,
    },
    {
      name: "account settings: bind e-mail",
      account: "13800000001",
      page: "/personal/setting/account",
      form: "#account-email",
      fill: { email: "new.mail@example.com" },
      button: "bind-email",
      upstream: "/bind/email$",
      shown: ["new.mail@example.com"],
    },
    {
      name: "account settings: change password",
      account: "13800000001",
      page: "/personal/setting/account",
      form: { field: "oldPassword" },
      fill: { oldPassword: PASSWORD, newPassword: "N3w-pass-99", confirmPassword: "N3w-pass-99" },
      button: "change-password",
      upstream: "/update/password$",
      shown: [],
      secret: [PASSWORD, "N3w-pass-99"],
    },
    {
      name: "login: password",
      page: "/join/login",
      form: { field: "password" },
      fill: { account: "student01", password: PASSWORD },
      button: "登录",
      upstream: "/front/login/$",
      shown: ["student01"],
      secret: [PASSWORD],
    },
    {
      name: "register: send the code",
      page: "/join/register",
      form: { field: "username" },
      fill: { username: "newcomer21", mobile: "13912340021", password: PASSWORD },
      button: "send-code",
      upstream: "/register/checkAccount$|/sendSmsCode$|/checkLimitAndMobile$",
      shown: ["newcomer21", "13912340021"],
      secret: [PASSWORD],
    },
    {
      name: "forgotten password: send the code",
      page: "/login/forget",
      form: { field: "confirmPassword" },
      fill: { mobile: "13800000001", password: PASSWORD, confirmPassword: PASSWORD },
      button: "send-code",
      upstream: "/sendSmsCode$|/checkLimitAndMobile$",
      shown: ["13800000001"],
      secret: [PASSWORD],
    },
  ];

  for (const f of PAGE_FORMS) {
    it(`${f.name}: 500 and timeout answer the page with its form, the values and the message`, { timeout: 60_000 }, async () => {
      const b = portal.client();
      const start = f.account ? await b.signIn(portal, f.account, f.page) : await b.get(f.page);
      expect(start.status, f.name).toBe(200);
      const code = f.seedCode?.(await seedCodes(portal.sandbox));
      const fill = code === undefined ? f.fill : { ...f.fill, code };
      const secret = [...(f.secret ?? []), ...(code === undefined ? [] : [code])];
      for (const failure of [FAULTS[0], FAULTS[2]]) {
        const what = `${f.name}, ${failure.name}`;
        const page = await b.get(f.page);
        await portal.sandbox.control("DELETE", "/faults");
        await portal.fault({ path: f.upstream, times: 1, ...failure.fault });
        const form = page.form(f.form).fill(fill);
        const key = form.html.includes('name="idemKey"') ? form.value("idemKey") : undefined;
        const answer = await form.submit({ button: f.button });
        expect(answer.status, what).toBe(failure.status);
        expect(answer.url, what).toBe(f.page);
        expect(() => answer.form(f.form), what).not.toThrow();
        for (const value of f.shown) expect(answer.form(f.form).html, `${what}: ${value}`).toContain(value);
        for (const value of secret) expect(answer.html, `${what}: ${value}`).not.toContain(value);
        expect(text(answer.form(f.form).html), what).toContain(f.uncertain ? UNCERTAIN : failure.message);
        // an order that may have been made keeps its key: pressing again is the same order upstream, not a second one
        if (f.uncertain && key) expect(answer.form(f.form).value("idemKey"), what).toBe(key);
        // ... and says where to look instead of offering a blind retry
        if (f.uncertain) expect(hrefOf(answer.form(f.form).html, "查看我的订单"), what).toBe("/personal/order");
        expect((await portal.calls()).filter((c) => new RegExp(f.upstream).test(c.path)).length, what).toBeGreaterThan(0);
      }
    });
  }

  // The question bank renders its questions from its own state: the answers typed come back all the same.
  const QB_FAULTS = [FAULTS[0], FAULTS[2]];
  const selected = (html: string, name: string) =>
    elements(html, "input")
      .filter((i) => attr(i, "name") === name && attr(i, "checked") !== undefined)
      .map((i) => attr(i, "value"));

  it("practice doing page: the answer chosen comes back checked, with the message", { timeout: 60_000 }, async () => {
    const b = await signedIn("13700002700");
    const overview = await b.get("/lib/subject/overview/201");
    const startForm = elements(overview.html, "form").find((f) => f.includes('value="paper"') && f.includes('value="2011"'))!;
    const started = await b.post("/lib/subject/overview/201", {
      ...Object.fromEntries(
        elements(startForm, "input")
          .filter((i) => attr(i, "type") === "hidden")
          .map((i) => [attr(i, "name") ?? "", attr(i, "value") ?? ""]),
      ),
      intent: "paper",
    });
    const at = started.headers.get("Location") ?? "";
    expect(at).toMatch(/^\/lib\/subject\/doing\/\d+$/);
    for (const failure of QB_FAULTS) {
      const page = await b.get(`${at}?n=1`);
      await portal.sandbox.control("DELETE", "/faults");
      await portal.fault({ path: "/exercise/session/answer/submit$", times: 1, ...failure.fault });
      const answer = await page
        .form({ "data-testid": "question-form" })
        .fill({ answer: "C" })
        .submit({ button: /下一题/ });
      expect(answer.status, failure.name).toBe(failure.status);
      expect(text(byTestId(answer.html, "form-failure") ?? ""), failure.name).toContain(failure.message);
      expect(selected(byTestId(answer.html, "question-form") ?? "", "answer"), failure.name).toEqual(["C"]);
    }
  });

  it("exam paper: the answers typed come back in the paper, with the message", { timeout: 60_000 }, async () => {
    const b = await signedIn("13700003305");
    const joined = await b.post("/lib/subject/exampaper/examintro/9101", { csrf: await b.csrf("/lib/subject/exampaper/examintro/9101"), intent: "join" });
    const paperAt = joined.headers.get("Location") ?? "";
    expect(paperAt).toMatch(/^\/lib\/subject\/exampaper\/paper\/\d+$/);
    const questions = await portal.sandbox.control<Array<{ questionId: number; kind: string }>>("GET", `/exams/key/${paperAt.split("/").at(-1)}`);
    const short = questions.find((q) => q.kind === "short")!;
    const single = questions.find((q) => q.kind === "single")!;
    for (const failure of QB_FAULTS) {
      const page = await b.get(paperAt);
      const paper = page.form({ "data-testid": "exam-paper" });
      const choice = elements(byTestId(page.html, "exam-paper") ?? "", "input")
        .map((i) => [attr(i, "name"), attr(i, "value")])
        .find(([n]) => n === `answer.${single.questionId}`)![1]!;
      await portal.sandbox.control("DELETE", "/faults");
      await portal.fault({ path: "/exercise/session/batch/submit$", times: 1, ...failure.fault });
      const answer = await paper
        .fill({ [`answer.${short.questionId}`]: "答：岗位分析是人力资源管理的基础。", [`answer.${single.questionId}`]: choice })
        .submit({ button: /保存/ });
      expect(answer.status, failure.name).toBe(failure.status);
      expect(text(byTestId(answer.html, "form-failure") ?? ""), failure.name).toContain(failure.message);
      const back = byTestId(answer.html, "exam-paper") ?? "";
      expect(back, failure.name).toContain("答：岗位分析是人力资源管理的基础。");
      expect(selected(back, `answer.${single.questionId}`), failure.name).toEqual([choice]);
    }
  });

  it("exam fee: a pay order that fails may have been made: the intro says so and links to my orders", { timeout: 60_000 }, async () => {
    const b = await signedIn("13700003306");
    for (const failure of QB_FAULTS) {
      const intro = await b.get("/lib/subject/exampaper/examintro/9103");
      await portal.sandbox.control("DELETE", "/faults");
      await portal.fault({ path: "/makePayOrder/9103$", times: 1, ...failure.fault });
      const answer = await intro.form({ button: "支付考试费" }).submit({ button: /支付考试费/ });
      expect(answer.status, failure.name).toBe(failure.status);
      expect(answer.url, failure.name).toBe("/lib/subject/exampaper/examintro/9103");
      const notice = byTestId(answer.html, "form-failure") ?? "";
      expect(text(notice), failure.name).toContain(UNCERTAIN);
      expect(hrefOf(notice, "查看我的订单"), failure.name).toBe("/personal/order");
    }
  });

  it("invoice: the title, tax number and e-mail typed come back with the message", { timeout: 60_000 }, async () => {
    const b = portal.client({ offsite: true });
    const member = await b.signIn(portal, "acct08", "/personal/accountcenter/account/member");
    const provider = await member.form({ button: "月度会员" }).submit({ button: /^(立即开通|续费)\s*月度会员$/ });
    const paid = await provider.form({ button: "确认支付" }).submit({ button: "确认支付" });
    const orderNo = new URL(paid.url, "http://x").searchParams.get("orderNo");
    const orders = await b.get(`/personal/order?parentId=-1&orderNo=${orderNo}`);
    const address = hrefOf(orders.html, "申请发票") ?? "no link";
    for (const failure of [FAULTS[0], FAULTS[2]]) {
      const page = await b.get(address);
      await portal.sandbox.control("DELETE", "/faults");
      await portal.fault({ path: "/saveCompanyInvoice$", times: 1, ...failure.fault });
      const answer = await page
        .form({ field: "taxNo" })
        .fill({ 单位: true, 发票抬头: "某某科技有限公司", 纳税人识别号: "91110000AB1234567X", 接收邮箱: "fin@example.com" })
        .submit({ button: "提交申请" });
      expect(answer.status, failure.name).toBe(failure.status);
      const form = answer.form({ field: "taxNo" });
      expect([form.value("title"), form.value("taxNo"), form.value("email")], failure.name).toEqual([
        "某某科技有限公司",
        "91110000AB1234567X",
        "fin@example.com",
      ]);
      expect(text(answer.html), failure.name).toContain(failure.message); // the page has one form: its error line is above it
    }
  });
});
