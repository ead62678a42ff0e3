import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, element, startTestPortal, type TestPortal } from "../portal";

/**
 * Issue 24's first paint (decision 089): on a slow phone the page's first paint waited for the stylesheet's
 * round trip. A first visit carries the tailwind build's CSS in the page and a script that caches the file
 * for the next page; a browser whose cookie names this build's stylesheet links the cached file as before.
 */

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());
beforeEach(() => portal.reset());

const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));
const stylesheetLink = (html: string) => element(headOf(html), 'link[rel="stylesheet"]');

describe("the stylesheet on a first visit and after (decision 089)", () => {
  it("a first visit has the build's CSS in the head, no stylesheet link, and the nonce'd script that caches the file and sets the cookie", async () => {
    const page = await portal.client().get("/home/index");
    expect(page.status).toBe(200);
    const head = headOf(page.html);
    expect(stylesheetLink(page.html)).toBeUndefined();
    const style = /<style id="page-css">([\s\S]*?)<\/style>/.exec(head);
    expect(style).not.toBeNull();
    // the tailwind build's own file, not a copy: the `/build/_assets/tailwind-*.css` the cache script fetches
    const script = element(head, 'script[id="page-css-cache"]')!;
    const href = /fetch\("(\/build\/_assets\/tailwind-[\w-]+\.css)"\)/.exec(script)?.[1];
    expect(href).toBeDefined();
    const file = readFileSync(path.resolve(__dirname, "../../../public", `.${href}`), "utf8");
    expect(style![1]).toBe(file);
    expect(style![1]).toContain(".btn-primary");
    const nonce = attr(script, "nonce");
    expect(nonce).toBeTruthy();
    expect(page.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonce}'`);
    expect(page.headers.get("Content-Security-Policy")).toMatch(/style-src [^;]*'unsafe-inline'/);
    expect(script).toContain(`portal_css=${path.basename(href!)}; path=/; max-age=31536000`);
  });

  it("a browser whose cookie names this build's stylesheet gets the link (its cached file), not the CSS; another build's name gets the CSS", async () => {
    const first = await portal.client().get("/course/list");
    const href = /fetch\("(\/build\/_assets\/tailwind-[\w-]+\.css)"\)/.exec(first.html)?.[1];
    expect(href).toBeDefined();

    const returning = portal.client();
    returning.cookies.set("portal_css", path.basename(href!));
    const page = await returning.get("/course/list");
    expect(attr(stylesheetLink(page.html), "href")).toBe(href);
    expect(page.html).not.toContain('id="page-css"');
    expect(page.html).not.toContain("portal_css=");

    const stale = portal.client();
    stale.cookies.set("portal_css", "tailwind-OLDBUILD.css");
    const again = await stale.get("/course/list");
    expect(stylesheetLink(again.html)).toBeUndefined();
    expect(again.html).toContain('<style id="page-css">');
  });

  it("a signed-in page follows the same rule", async () => {
    const student = portal.client();
    await student.signIn(portal);
    const page = await student.get("/personal/course/lessons");
    expect(page.status).toBe(200);
    expect(headOf(page.html)).toContain('<style id="page-css">');
  });
});
