import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attr, element, elements, startTestPortal, title, type TestPortal } from "../portal";

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

describe("the largest paint's image first (decision 089)", () => {
  const preloads = (html: string) => elements(headOf(html), 'link[rel="preload"]').filter((l) => attr(l, "as") === "image");

  it("home: the first course's cover is preloaded from the head at high priority, before the CSS; the card's own image is high priority too", async () => {
    const page = await portal.client().get("/home/index");
    const covers = elements(element(page.html, "main") ?? "", "img");
    const first = covers[0]!;
    expect(attr(first, "src")).toMatch(/\/__static\/covers\/course-\d+\.svg$/);
    expect(attr(first, "fetchpriority")).toBe("high");
    const [preload, ...others] = preloads(page.html);
    expect(others).toEqual([]);
    expect(attr(preload, "href")).toBe(attr(first, "src"));
    expect(attr(preload, "fetchpriority")).toBe("high");
    expect(page.html.indexOf(preload!)).toBeLessThan(page.html.indexOf('<style id="page-css">'));
  });

  it("a course's detail preloads its cover", async () => {
    const page = await portal.client().get("/course/detail/5019");
    const cover = elements(element(page.html, "main") ?? "", "img").find((img) => attr(img, "alt") === "Python 编程从入门到实践")!;
    expect(attr(cover, "fetchpriority")).toBe("high");
    expect(preloads(page.html).map((l) => attr(l, "href"))).toEqual([attr(cover, "src")]);
  });

  it("my courses: the first cover preloaded, the first two high priority, the rest lazy; the page keeps its layout's title", async () => {
    const student = portal.client();
    await student.signIn(portal);
    const page = await student.get("/personal/course/lessons");
    const covers = elements(element(page.html, "main") ?? "", "li")
      .filter((li) => li.includes('data-testid="my-course"'))
      .map((li) => element(li, "img")!);
    expect(covers.length).toBeGreaterThan(2);
    expect(covers.map((img) => attr(img, "fetchpriority") ?? attr(img, "loading"))).toEqual(covers.map((_, i) => (i < 2 ? "high" : "lazy")));
    expect(preloads(page.html).map((l) => attr(l, "href"))).toEqual([attr(covers[0], "src")]);
    expect(title(page.html)).toBe("云朵在线学院 - 职业技能在线学习平台");
  });

  it("the shell's pictures out of sight (the header's and side bar's QR pop-ups, the footer) load when shown", async () => {
    const page = await portal.client().get("/home/index");
    const shell = page.html.slice(0, page.html.indexOf("<main")) + page.html.slice(page.html.indexOf("</main>"));
    const pictures = elements(shell, "img");
    expect(pictures.length).toBeGreaterThanOrEqual(6);
    for (const img of pictures) expect(attr(img, "loading"), img).toBe("lazy");
  });
});
