import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import enErrors from "~/locales/en/errors.json";
import zhErrors from "~/locales/zh/errors.json";
import { rootResources, serverResources } from "~/i18n.server";

/**
 * Loader data: only what the page renders or the browser needs (issue 24, decision 075). The upstream's
 * messages by code (errors.json's `upstream`, 4.4 KB zh / 5.4 KB en) are their own namespace, sent by the
 * routes whose forms can answer one, not with every page's root data.
 */
describe("the root's i18n", () => {
  it("carries `common` and `errors` without the upstream's messages by code; `upstream` is its own namespace with all of them", () => {
    for (const [lng, all] of [
      ["zh", zhErrors],
      ["en", enErrors],
    ] as const) {
      expect(Object.keys(rootResources[lng]).sort()).toEqual(["common", "errors"]);
      expect(rootResources[lng].errors).not.toHaveProperty("upstream");
      const { upstream, ...rest } = all;
      expect(rootResources[lng].errors).toEqual(rest);
      expect(serverResources[lng].upstream).toEqual(upstream);
      // what the split saves on every page: the codes were more than half of the `errors` bundle
      expect(JSON.stringify(rootResources[lng].errors).length).toBeLessThan(JSON.stringify(all).length / 2);
    }
  });
});

const ROUTES = path.resolve(__dirname, "../../app/routes");
function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/**
 * A form whose action answers `upstream:<key>` (upstreamFormError, directly or through the send-code answer,
 * the account centre's or the community's services) is translated in the browser from the `upstream`
 * namespace: its route names it in `handle.i18n`, which its loader sends.
 */
describe("routes whose actions can answer an upstream message by code", () => {
  const makesUpstreamErrors = /upstreamFormError|sendCodeOutcome|services\/account-centre\.server|services\/community\.server/;
  const files = routeFiles(ROUTES).filter((f) => {
    const source = fs.readFileSync(f, "utf8");
    return /export (async function|const|function) action\b/.test(source) && makesUpstreamErrors.test(source);
  });

  it("are found (the sign-in pages, the personal settings, the account centre, the community forms, checkout)", () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  it.each(files.map((f) => [path.relative(ROUTES, f)]))("%s names `upstream` in handle.i18n and sends it", (file) => {
    const source = fs.readFileSync(path.join(ROUTES, file), "utf8");
    const handle = /export const handle = \{ i18n: \[([^\]]*)\]/.exec(source);
    expect(handle?.[1], "handle.i18n").toContain('"upstream"');
    expect(source).toMatch(/namespaces\((args\.)?request, handle(, PARTS)?\)/);
    expect(source).toMatch(/useNamespaces\(|i18n=\{i18n\}|<(AccountSettings|RegisterPanel|PersonalInfoForm|FaceCheck)\b/);
  });
});
