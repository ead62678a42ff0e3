import { describe, expect, it } from "vitest";
import { Client } from "./portal";

/**
 * The page client's form-walker (tests/unit/portal.ts `Form`) on small pages: what a browser without
 * JavaScript sends for a form. A fake handler answers the page and records the submission.
 */

type Sent = { method: string; url: string; contentType: string; body: string; form?: FormData };

function browserOn(html: string): { browser: Client; sent: Sent[] } {
  const sent: Sent[] = [];
  const browser = new Client(async (request) => {
    const url = new URL(request.url);
    if (request.method === "GET" && url.pathname === "/page")
      return new Response(`<!doctype html><body>${html}</body>`, { headers: { "Content-Type": "text/html" } });
    const contentType = request.headers.get("Content-Type") ?? "";
    const entry: Sent = { method: request.method, url: url.pathname + url.search, contentType, body: "" };
    if (contentType.startsWith("multipart/form-data")) entry.form = await request.formData();
    else entry.body = await request.text();
    if (url.pathname !== "/done") sent.push(entry);
    if (request.method === "POST") return new Response(null, { status: 303, headers: { Location: "/done", "Set-Cookie": "flash=1; Path=/" } });
    return new Response(`<p>at ${url.pathname}</p>`, { headers: { "Content-Type": "text/html" } });
  });
  return { browser, sent };
}

describe("form-walker", () => {
  it("hidden inputs and typed text are sent; disabled controls (and a disabled fieldset's) are not; the default button is pressed", async () => {
    const { browser, sent } = browserOn(`
      <form method="post" action="/save">
        <input type="hidden" name="csrf" value="t&amp;1">
        <label for="n">Name</label><input id="n" name="name" value="old">
        <input name="off" value="x" disabled>
        <fieldset disabled><input name="inFieldset" value="y"></fieldset>
        <textarea name="note">
line</textarea>
        <button type="button" name="nope">Not me</button>
        <button name="intent" value="save">Save</button>
        <button name="intent" value="delete">Delete</button>
      </form>`);
    const page = await browser.get("/page?x=1");
    const done = await page.form().fill({ Name: "张三" }).submit();
    expect(sent[0]).toMatchObject({ method: "POST", url: "/save", contentType: expect.stringContaining("application/x-www-form-urlencoded") });
    expect([...new URLSearchParams(sent[0]?.body)]).toEqual([
      ["csrf", "t&1"],
      ["name", "张三"],
      ["note", "line"],
      ["intent", "save"],
    ]);
    // the redirect is followed with GET and the cookie it set is kept
    expect(done.url).toBe("/done");
    expect(done.redirectedFrom).toEqual(["/save"]);
    expect(browser.cookies.get("flash")).toBe("1");
  });

  it("the pressed button's name and value, found by text or name; fill refuses hidden, disabled and unknown names", async () => {
    const { browser, sent } = browserOn(
      `<form method="post"><input type="hidden" name="h" value="1"><input name="d" disabled><button name="intent" value="save">Save</button><button name="intent" value="delete" aria-label="Remove">×</button></form>`,
    );
    const page = await browser.get("/page");
    await page.form().submit({ button: "Remove" });
    expect(sent[0]?.body).toBe("h=1&intent=delete");
    expect(() => page.form().fill({ h: "2" })).toThrow(/hidden/);
    expect(() => page.form().fill({ d: "2" })).toThrow(/disabled/);
    expect(() => page.form().fill({ missing: "2" })).toThrow(/no control/);
    expect(() => page.form().request({ button: "Nope" })).toThrow(/no submit button/);
  });

  it("an empty or missing action is the page itself (its query kept); a relative action resolves against the page", async () => {
    const { browser, sent } = browserOn(
      `<form method="post" action=""><input name="a" value="1"></form><form method="post" action="next?y=2"><input name="b" value="2"></form>`,
    );
    const page = await browser.get("/page?x=1");
    await page.form(0).submit();
    await page.form(1).submit();
    expect(sent.map((s) => s.url)).toEqual(["/page?x=1", "/next?y=2"]);
  });

  it("a GET form replaces the query with its fields", async () => {
    const { browser, sent } = browserOn(
      `<form action="/search"><input name="q"><select name="sort"><option value="new">Newest</option><option value="hot" selected>Hot</option></select><button>Go</button></form>`,
    );
    const page = await browser.get("/page");
    const result = await page.form().fill({ q: "数学" }).submit();
    expect(sent[0]?.method).toBe("GET");
    expect(result.url).toBe(`/search?${new URLSearchParams({ q: "数学", sort: "hot" })}`);
  });

  it("checkboxes and radios: only the checked ones, with 'on' when they have no value", async () => {
    const { browser, sent } = browserOn(`<form method="post">
      <input type="checkbox" name="agree">
      <input type="checkbox" name="tags" value="a" checked><input type="checkbox" name="tags" value="b"><input type="checkbox" name="tags" value="c">
      <input type="radio" name="size" value="s" checked><input type="radio" name="size" value="l">
      <input type="checkbox" name="off" checked disabled></form>`);
    const page = await browser.get("/page");
    await page.form().submit();
    expect(sent[0]?.body).toBe("tags=a&size=s");
    await page
      .form()
      .fill({ agree: true, tags: ["b", "c"], size: "l" })
      .submit();
    expect(sent[1]?.body).toBe("agree=on&tags=b&tags=c&size=l");
    expect(() => page.form().fill({ size: "xl" })).toThrow(/no radio/);
  });

  it("selects: the first enabled option by default, choice by value or text, multiple selects send each, disabled options never", async () => {
    const { browser, sent } = browserOn(`<form method="post">
      <select name="one"><option value="" disabled>Pick</option><option value="1">One</option><option value="2">Two</option></select>
      <select name="many" multiple><option value="a" selected>A</option><option value="b">B</option><option value="c" selected disabled>C</option></select>
      <select name="text"><option>Plain &amp; simple</option></select></form>`);
    const page = await browser.get("/page");
    await page.form().submit();
    expect([...new URLSearchParams(sent[0]?.body)]).toEqual([
      ["one", "1"],
      ["many", "a"],
      ["text", "Plain & simple"],
    ]);
    await page
      .form()
      .fill({ one: "Two", many: ["a", "b"] })
      .submit();
    expect([...new URLSearchParams(sent[1]?.body)]).toEqual([
      ["one", "2"],
      ["many", "a"],
      ["many", "b"],
      ["text", "Plain & simple"],
    ]);
    expect(() => page.form().fill({ one: "Three" })).toThrow(/no option/);
  });

  it("formaction, formmethod and formenctype of the pressed button override the form's", async () => {
    const { browser, sent } = browserOn(
      `<form method="get" action="/a"><input name="f" value="1"><button>Default</button><button formaction="/b" formmethod="post" formenctype="multipart/form-data" name="go" value="b">Other</button></form>`,
    );
    const page = await browser.get("/page");
    await page.form().submit();
    await page.form().submit({ button: "Other" });
    expect(sent[0]).toMatchObject({ method: "GET", url: "/a?f=1" });
    expect(sent[1]).toMatchObject({ method: "POST", url: "/b" });
    expect(sent[1]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect([...(sent[1]?.form?.entries() ?? [])]).toEqual([
      ["f", "1"],
      ["go", "b"],
    ]);
  });

  it("multipart: the files picked with their name, type and bytes; an empty file part when none is picked", async () => {
    const { browser, sent } = browserOn(
      `<form method="post" enctype="multipart/form-data" id="up"><input type="file" name="doc"><input type="file" name="other"><input name="title"></form>`,
    );
    const page = await browser.get("/page");
    await page
      .form("#up")
      .fill({ doc: { name: "a.pdf", mimeType: "application/pdf", buffer: new Uint8Array([37, 80, 68, 70]) }, title: "T" })
      .submit();
    const data = sent[0]?.form;
    const doc = data?.get("doc") as File;
    expect(doc.name).toBe("a.pdf");
    expect(doc.type).toBe("application/pdf");
    expect(new Uint8Array(await doc.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
    // the browser sends filename="" and no bytes; the server's parser reads that part as empty
    const other = data?.get("other");
    expect(data?.has("other")).toBe(true);
    expect(typeof other === "string" ? other : other?.size).toBeFalsy();
    expect(data?.get("title")).toBe("T");
  });

  it("controls outside the form with form=id belong to it; forms are found by id, attributes, a button or a field", async () => {
    const { browser, sent } = browserOn(
      `<form id="a" method="post" action="/a"><input name="x" value="1"></form><input form="a" name="outside" value="2"><form method="post" action="/b"><input name="y"><button>Send</button></form>`,
    );
    const page = await browser.get("/page");
    await page.form("#a").submit();
    expect(sent[0]?.body).toBe("x=1&outside=2");
    expect(page.form({ action: "/b" }).html).toContain('name="y"');
    expect(page.form({ button: "Send" }).html).toContain('name="y"');
    expect(page.form({ field: "outside" }).html).toContain('id="a"');
    expect(() => page.form("#none")).toThrow(/no form/);
  });
});
