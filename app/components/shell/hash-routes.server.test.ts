import { describe, expect, it } from "vitest";
import { HASH_ROUTES_SCRIPT } from "./hash-routes.server";

/**
 * The inline script run against a page address: where does it send the browser (undefined = stays)?
 * `location.hash` is what the browser's URL parser makes of the address (tabs and newlines dropped,
 * the fragment otherwise as written), which `new URL` reproduces here.
 */
function run(address: string): string | undefined {
  const url = new URL(address);
  let target: string | undefined;
  const location = {
    hash: url.hash,
    href: url.href,
    origin: url.origin,
    replace: (to: string) => {
      target = to;
    },
  };
  new Function("location", HASH_ROUTES_SCRIPT)(location);
  return target;
}

const SITE = "https://school.example";

describe("the hash-link script", () => {
  it.each([
    ["/course/list#//evil.example/x"],
    ["/course/list#/\\evil.example"],
    ["/course/list#/\t//evil.example"],
    ["/course/list#/%09//evil.example"],
    ["/course/list#/\n/evil.example"],
    ["/course/list#///evil.example"],
    ["/course/list#/.//evil.example"],
    ["/course/list#/..//evil.example"],
    ["/course/list#/%2e//evil.example"],
    ["/course/list#/a/..//evil.example"],
    ["/course/list#/./\\evil.example"],
    ["/#/\\\\evil.example"],
    ["/#/ //evil.example"],
    ["/#/"],
    ["/#"],
    ["/#course/list"],
    ["/#https://evil.example/"],
    ["/#javascript:alert(1)"],
    ["/course/list"],
  ])("stays on %j", (path) => {
    expect(run(`${SITE}${path}`)).toBeUndefined();
  });

  it.each([
    ["/#/course/list", `${SITE}/course/list`],
    ["/s/pc/#/home/choice", `${SITE}/home/choice`],
    ["/#/course/list?courseName=java#top", `${SITE}/course/list?courseName=java#top`],
    ["/#/personal/order?parentId=-1", `${SITE}/personal/order?parentId=-1`],
    ["/#/news/../teachers", `${SITE}/teachers`],
    ["/#/course/list?back=%2F%2Fx", `${SITE}/course/list?back=%2F%2Fx`],
    ["/#/course/list?courseName=a%20b", `${SITE}/course/list?courseName=a%20b`],
  ])("sends %j to %j (same origin)", (path, expected) => {
    const target = run(`${SITE}${path}`);
    expect(target).toBe(expected);
    expect(new URL(target!).origin).toBe(SITE);
  });
});
