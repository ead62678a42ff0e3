import type { Packed } from "~/lib/packed";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTranslator } from "~/i18n-runtime";
import { serverTiming } from "~/lib/http/upstream.server";
import zhCommon from "~/locales/zh/common.json";
import enCommon from "~/locales/en/common.json";
import zhErrors from "~/locales/zh/errors.json";
import enErrors from "~/locales/en/errors.json";
import { startTestSandbox, type TestSandbox } from "./sandbox";
import { BUDGET_BYTES, pageTest, releasePageWeights, readManifest } from "../../scripts/page-weight.mjs";

// Issue 11 part 2, docs/decisions/015-page-weight.md: what a page sends the browser.
const app = path.resolve(__dirname, "../../app");
// a locale file each, and `upstream` (errors.json's messages by code, its own namespace: decision 075)
const namespaceNames = [...readdirSync(path.join(app, "locales/zh")).map((f) => f.replace(/\.json$/, "")), "upstream"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

describe("the root loader's translations (decision 005)", () => {
  let sandbox: TestSandbox;
  let root: typeof import("~/root");
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    process.env.UPSTREAM_URL = sandbox.url;
    root = await import("~/root");
  });
  afterAll(() => sandbox.close());

  async function rootData(url: string) {
    const result = (await root.loader({ request: new Request(url), context: {}, params: {} })) as unknown as {
      data: { locale: string; resources: Packed<Record<string, unknown>> };
    };
    // the frame's translations travel as one JSON text (decision 093): what the browser parses
    return { ...result.data, resources: JSON.parse(result.data.resources) as Record<string, unknown> };
  }

  it("sends the common and errors namespaces of the visitor's language only (decision 040), errors without the upstream's messages by code (decision 075)", async () => {
    const { upstream: _zhUpstream, ...zhPageErrors } = zhErrors;
    const { upstream: _enUpstream, ...enPageErrors } = enErrors;
    const zh = await rootData("http://localhost:3000/home/index");
    expect(zh.locale).toBe("zh");
    expect(Object.keys(zh.resources)).toEqual(["common", "errors"]);
    expect(zh.resources.common).toEqual(zhCommon);
    expect(zh.resources.errors).toEqual(zhPageErrors);

    const en = await rootData("http://localhost:3000/home/index?lng=en");
    expect(Object.keys(en.resources)).toEqual(["common", "errors"]);
    expect(en.resources.common).toEqual(enCommon);
    expect(en.resources.errors).toEqual(enPageErrors);
  });
});

describe("route namespaces (handle.i18n)", () => {
  const routes = sources(path.join(app, "routes")).filter((f) => !f.endsWith(".test.ts") && !f.endsWith(".test.tsx"));

  it.each(routes.map((f) => [path.relative(app, f), f]))("%s declares the namespaces its loader sends", (_name, file) => {
    const source = readFileSync(file, "utf8");
    const sent = new Set<string>();
    for (const m of source.matchAll(/\bnamespaces\([^,]+,\s*\[([^\]]*)\]/g)) {
      for (const n of m[1]!.matchAll(/"([^"]+)"/g)) sent.add(n[1]!);
    }
    // loadSection / loadSectionItem (services/sections.server.ts) send the catalog namespace
    if (/\bloadSection(Item)?\(/.test(source)) sent.add("catalog");
    const usesBundles = sent.size > 0 || /\buseNamespaces\(/.test(source);
    const handle = source.match(/export const handle\b[^=]*=\s*\{[^}]*\bi18n:\s*\[([^\]]*)\]/);
    if (!usesBundles) return;
    expect(handle, "a route that sends or reads namespaces exports handle = { i18n: [...] }").not.toBeNull();
    const declared = [...handle![1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    for (const name of declared) expect(namespaceNames).toContain(name);
    expect(declared).not.toContain("common"); // the root sends it
    for (const name of sent) expect(declared).toContain(name);
  });
});

describe("client code stays light", () => {
  // every module that can reach the browser bundle: all of app/ but *.server.* modules and tests
  const client = sources(app).filter((f) => !/\.server\.tsx?$|\.test\.tsx?$/.test(f));

  it.each(client.map((f) => [path.relative(app, f), f]))(
    "%s imports neither react-i18next nor i18next's runtime (app/i18n-runtime.ts instead)",
    (_name, file) => {
      const source = readFileSync(file, "utf8");
      expect(source).not.toMatch(/from\s+"react-i18next"/);
      // type-only imports of i18next are erased from the bundle
      for (const m of source.matchAll(/^import\s+(type\s+)?[^;]*from\s+"i18next";/gm)) expect(m[1], m[0]).toBe("type ");
    },
  );
});

describe("forms validate on the server (decision 023)", () => {
  // the browser build's metafile (vitest's globalSetup builds the app first)
  const meta = JSON.parse(readFileSync(path.resolve(__dirname, "../../build/metafile.js.json"), "utf8")) as {
    outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
  };

  it("no browser chunk carries zod or conform (26 KB gzip: a quarter of a page's budget)", () => {
    const shipped = Object.entries(meta.outputs).flatMap(([out, { inputs }]) =>
      Object.entries(inputs)
        .filter(([input, { bytesInOutput }]) => bytesInOutput > 0 && /node_modules\/(zod|@conform-to)\//.test(input))
        .map(([input]) => `${out} ← ${input}`),
    );
    // a form imports useForm from ~/components/form/use-form, constraints come from its loader
    // (formConstraint), constants from zod-free modules (app/forms/limits.ts), and a route builds
    // its schemas inside its action, not at module level
    expect(shipped.slice(0, 5)).toEqual([]);
  });

  it("no browser code reads a value from a .server module (it is undefined in the browser)", () => {
    // Remix puts an empty stand-in in place of a `.server` module in the browser build; since decision 040
    // they are side-effect free, so one stays in a chunk only when code that runs in the browser uses a
    // value from it (a constant, a function): undefined there, a hydration mismatch or worse. Put such
    // values in a module without `.server` (app/forms/limits.ts, app/services/theme.ts).
    const used = new Set(
      Object.values(meta.outputs).flatMap(({ inputs }) =>
        Object.keys(inputs)
          .filter((input) => input.startsWith("empty-module:"))
          .map((input) => input.replace(/^empty-module:(~\/)?/, "").replace(/^services\//, "")),
      ),
    );
    expect([...used]).toEqual([]);
  });

  it("no browser chunk carries a translation file (decision 040: they come with the loaders' data)", () => {
    const shipped = Object.entries(meta.outputs).flatMap(([out, { inputs }]) =>
      Object.entries(inputs)
        .filter(([input, { bytesInOutput }]) => bytesInOutput > 0 && /app\/locales\//.test(input))
        .map(([input]) => `${out} ← ${input}`),
    );
    expect(shipped.slice(0, 5)).toEqual([]);
  });
});

describe("JS on the wire per page (decision 040: at most 100 KB, for a gzip-only client and a brotli one)", () => {
  // The scripts as the release sends them (decision 045): `npm test` makes the test build (no terser, no
  // precompressed copies), so each page script is run through the release's terser, brotli and zopfli
  // here (scripts/page-weight.mjs: the same numbers as `npm run build`'s files, byte for byte, measured
  // on 116 pages). On a release build the terser step is skipped (build/test-build.json is absent).
  const buildDir = path.resolve(__dirname, "../../public/build");
  const metafile = JSON.parse(readFileSync(path.resolve(__dirname, "../../build/metafile.js.json"), "utf8"));
  type PageWeight = { id: string; files: number; gzip: number; br: number; raw: number; scripts: string[] };
  let pages: PageWeight[] = [];
  // about 25 s of CPU on a clean clone (terser and zopfli over 166 scripts; minutes at load average 15),
  // a hash per script once node_modules/.cache/page-weight has them
  beforeAll(async () => {
    pages = (await releasePageWeights({ buildDir, isPage: pageTest(metafile, buildDir) })) as PageWeight[];
  }, 600_000);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);

  it("measures every page route", () => {
    // a page per route that renders (the index, the personal pages, the forms...): not a vacuous loop
    expect(pages.length).toBeGreaterThan(80);
    expect(pages.map((p) => p.id)).toEqual(
      expect.arrayContaining([
        "routes/_school+/_catalogue+/home.[index]",
        "routes/_school+/_sign-in+/join.login",
        "routes/_school+/personal+/setting+/account",
      ]),
    );
  });

  it("no page loads more than 100 KB of scripts, gzip or brotli", () => {
    const over = pages
      .filter((p) => p.gzip > BUDGET_BYTES || p.br > BUDGET_BYTES)
      .map((p) => `${p.id}: ${kb(p.gzip)} KB gzip, ${kb(p.br)} KB brotli, ${p.files} files`);
    const heaviest = pages.slice(0, 3).map((p) => `${p.id} ${kb(p.gzip)} KB gzip / ${kb(p.br)} KB br`);
    expect(over, `over the budget (heaviest: ${heaviest.join("; ")})`).toEqual([]);
  });

  it("React, Remix and the shell come in one chunk (scripts/remix-build.mjs), not one per set of routes", () => {
    const manifest = readManifest(buildDir);
    expect(manifest.entry.imports, "one shell chunk: build with `npm run build` (scripts/remix-build.mjs), not a bare `remix build`").toHaveLength(1);
    // a page then loads its entry, the shell chunk, the root module and its own few files
    const home = pages.find((p) => p.id === "routes/_school+/_catalogue+/home.[index]")!;
    expect(home.files).toBeLessThanOrEqual(12);
  });
});

describe("the page's translator (app/i18n-runtime.ts)", () => {
  const t = createTranslator("en", {
    common: { site: { login: "Log in", points: "{{pointName}}: {{count}}" }, apples_one: "one apple", apples_other: "{{count}} apples" },
    login: { title: "Sign in" },
  });

  it("reads nested keys, namespaces and interpolates as i18next does", () => {
    expect(t.t("site.login")).toBe("Log in");
    expect(t.t("site.points", { pointName: "Coins", count: 12 })).toBe("Coins: 12");
    expect(t.getFixedT(null, "login")("title")).toBe("Sign in");
    expect(t.t("login:title")).toBe("Sign in");
    expect(t.getFixedT(null, "common", "site")("login")).toBe("Log in");
  });

  it("uses plural keys when there is a count, the key when a string is missing", () => {
    expect(t.t("apples", { count: 1 })).toBe("one apple");
    expect(t.t("apples", { count: 3 })).toBe("3 apples");
    expect(t.t("site.nope")).toBe("site.nope");
    expect(t.t("site.nope", { defaultValue: "fallback" })).toBe("fallback");
    expect(t.t("site.points", { pointName: "Coins" })).toBe("Coins: {{count}}");
    // no translation is bundled in the browser's JavaScript: errors come with the root data (decision 040)
    expect(t.getResourceBundle("en", "errors")).toBeUndefined();
  });

  it("answers a key asked again the same, and another bundle object with its own strings (decision 087)", () => {
    for (let i = 0; i < 3; i++) {
      expect(t.t("site.login")).toBe("Log in");
      expect(t.t("site.nope")).toBe("site.nope");
      expect(t.t("apples", { count: i + 1 })).toBe(i === 0 ? "one apple" : `${i + 1} apples`);
      expect(t.t("site.points", { pointName: "Coins", count: i })).toBe(`Coins: ${i}`);
    }
    const other = createTranslator("en", { common: { site: { login: "Sign in now" } } });
    expect(other.t("site.login")).toBe("Sign in now");
    expect(other.t("site.points")).toBe("site.points");
    expect(t.t("site.login")).toBe("Log in");
    expect(t.t("site")).toBe("site"); // an object is not a string
    expect(t.t("site.login.deeper")).toBe("site.login.deeper");
  });

  it("adds the bundles a route's loader sent, for its language only", () => {
    const tr = createTranslator("zh", { common: {} });
    tr.addResourceBundle("en", "catalog", { a: "en" });
    expect(tr.getResourceBundle("zh", "catalog")).toBeUndefined();
    tr.addResourceBundle("zh", "catalog", { a: "甲" });
    expect(tr.getFixedT(null, "catalog")("a")).toBe("甲");
    expect(tr.language).toBe("zh");
  });
});

describe("Server-Timing", () => {
  it("gives each call its start offset from the request's first call, so a waterfall shows", () => {
    const header = serverTiming([
      { method: "GET", path: "/a", ms: 100.04, outcome: "ok", start: 1000 },
      { method: "GET", path: "/b", ms: 12.3, outcome: "ok", start: 1004.1 },
      { method: "GET", path: "/c", ms: 5, outcome: "ok", start: 1100.5 },
      { method: "GET", path: "/d", ms: 0.2, outcome: "ok", cache: "hit", start: 1000.2 },
    ]);
    expect(header).toBe(
      'upstream;desc="GET /a";dur=100.0;start=0.0, upstream;desc="GET /b";dur=12.3;start=4.1, upstream;desc="GET /c";dur=5.0;start=100.5, cache;desc="hit GET /d";dur=0.2;start=0.2',
    );
  });
});

describe("QR code images (qr.server.ts, routes/qr.$size.$file.tsx)", () => {
  it("serves the image its signed address names, and 404 for any other address", async () => {
    const { qrImageUrl } = await import("~/services/qr.server");
    const { loader } = await import("~/routes/qr.$size.$file");
    const url = qrImageUrl("https://m.example.com/school/1", 112);
    expect(url).toMatch(/^\/qr\/112\/[\w-]+\.[\w-]{22}\.svg$/);
    const [, , size, file] = url.split("/");
    const get = (s: string, f: string) => loader({ request: new Request(`http://localhost${url}`), params: { size: s, file: f }, context: {} });

    const ok = await get(size!, file!);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("image/svg+xml");
    expect(ok.headers.get("cache-control")).toContain("immutable");
    expect(await ok.text()).toMatch(/^<svg[^>]+width="112"/);

    // another text with the same signature, another size, a broken signature, garbage: all 404
    const other = `${Buffer.from("https://evil.example").toString("base64url")}.${file!.split(".")[1]}.svg`;
    for (const [s, f] of [
      [size!, other],
      ["128", file!],
      [size!, file!.replace(/\.([\w-])([\w-]{21})\.svg$/, (_m, a: string, rest: string) => `.${a === "A" ? "B" : "A"}${rest}.svg`)],
      ["x", "y"],
      [size!, "..svg"],
    ] as const) {
      expect((await get(s, f)).status, `${s}/${f}`).toBe(404);
    }
    expect(qrImageUrl("", 128)).toBe("");
  });
});
