import { describe, expect, it } from "vitest";
import { loginHref, safeExternalUrl, safeRedirect } from "~/lib/security/redirect";

describe("safeRedirect", () => {
  it.each([
    "//evil.example",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "%2F%2Fevil.example",
    "/%2F%2Fevil.example".replace(/^\//, ""),
    "%252F%252Fevil.example",
    "/%5Cevil.example",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "https://evil.example/",
    "http://evil.example",
    "data:text/html,<script>alert(1)</script>",
    "/\t/evil.example",
    "/\n/evil.example",
    "evil.example",
    "",
  ])("refuses %j", (target) => {
    expect(safeRedirect(target)).toBe("/home/index");
  });

  // Issue 10 part 1: values that passed the raw-string check and came out as `//host` once `new URL`
  // collapsed their dot segments. Each is the value the route reads (query parameters decoded once).
  it.each([
    ["from=%2F.%2F%2Fevil.example", "/.//evil.example"],
    ["from=/..//x", "/..//x"],
    ["from=/%252e//x", "/%2e//x"],
    ["backUrl=/..//x", "/..//x"],
    ["backUrl=/%2e//x", "/%2e//x"],
    ["upper-case %2E", "/%2E//x"],
    ["double dot encoded", "/%2e%2e//x"],
    ["mixed", "/.%2e//x"],
    ["after a segment", "/a/..//evil.example"],
    ["deeper", "/a/b/../..//evil.example/x?y=1#z"],
    ["dot then backslash", "/./\\evil.example"],
    ["encoded once more", "/%252e%252e//x"],
    ["encoded dot, encoded slashes", "/%2e/%2F%2Fevil.example"],
    ["dot segment with a tab", "/.\t//evil.example"],
  ])("refuses the normalised-to-//host value (%s): %j", (_vector, target) => {
    expect(safeRedirect(target)).toBe("/home/index");
    expect(safeRedirect(target, "/join/login")).toBe("/join/login");
  });

  it("refuses non-strings and uses the given fallback", () => {
    expect(safeRedirect(undefined)).toBe("/home/index");
    expect(safeRedirect(null, "/join/login")).toBe("/join/login");
    expect(safeRedirect(["/a"])).toBe("/home/index");
  });

  it.each([
    ["/course/list?courseName=java", "/course/list?courseName=java"],
    ["/personal/order?parentId=-1", "/personal/order?parentId=-1"],
    ["/course/detail/12#lessons", "/course/detail/12#lessons"],
    ["/course/list?courseName=%E4%BC%9A%E8%AE%A1", "/course/list?courseName=%E4%BC%9A%E8%AE%A1"],
    ["/a?next=%26b%3D1", "/a?next=%26b%3D1"],
    ["/course/list?page=2&courseName=a#top", "/course/list?page=2&courseName=a#top"],
    ["/a/./b", "/a/b"],
    ["/a/../course/list?x=1#h", "/course/list?x=1#h"],
    ["/personal/order?back=%2Fcourse%2Flist", "/personal/order?back=%2Fcourse%2Flist"],
    ["/home/index", "/home/index"],
  ])("keeps the local path %j (normalised: %j)", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each(["/course/list?x=1#h", "/a/../b", "/.//evil.example", "/%2e//x", "/a?q=%2F%2F"])("is a fixed point for %j", (target) => {
    const once = safeRedirect(target);
    expect(safeRedirect(once)).toBe(once);
  });

  it("survives the login link round trip (loginHref encodes, the route decodes once)", () => {
    for (const back of ["/.//evil.example", "/course/list?x=1#h"]) {
      const href = new URL(loginHref(safeRedirect(back)), "http://portal.invalid");
      const read = safeRedirect(href.searchParams.get("backUrl"));
      expect(read.startsWith("//")).toBe(false);
      expect(read).toBe(safeRedirect(back));
    }
  });
});

describe("safeExternalUrl", () => {
  it.each([
    ["http://evil.example\\@good.example", "backslash before @: browsers read evil.example as the host"],
    ["https://evil.example\\@good.example/x", "same, https"],
    ["http://user:pass@good.example/", "credentials"],
    ["http://evil.example@good.example/", "user name only"],
    ["https://good.example%2F@evil.example/", "encoded slash in the user name"],
    ["javascript:alert(1)", "script"],
    ["data:text/html,x", "data"],
    ["ftp://good.example/", "other scheme"],
    ["//evil.example", "protocol-relative"],
    ["/\\evil.example", "backslash path"],
    ["/.//evil.example", "dot segments to //host"],
    ["/..//x", "dot segments to //host"],
    ["http:/\\evil.example", "slash-backslash"],
    ["http:\\\\evil.example", "backslashes"],
    ["https://good.example/a b", "space"],
    ["https://good.example/\tx", "tab"],
    ["https://good.example/\nx", "newline"],
    ["http://", "no host"],
    ["good.example/x", "relative"],
    ["", "empty"],
  ])("refuses %j (%s)", (target) => {
    expect(safeExternalUrl(target)).toBeUndefined();
  });

  it("refuses non-strings", () => {
    expect(safeExternalUrl(undefined)).toBeUndefined();
    expect(safeExternalUrl(null)).toBeUndefined();
    expect(safeExternalUrl(42)).toBeUndefined();
  });

  it.each([
    ["https://good.example/a?b=1#c", "https://good.example/a?b=1#c"],
    ["http://good.example", "http://good.example/"],
    ["HTTPS://Good.Example/Path", "https://good.example/Path"],
    ["https://good.example:8443/x", "https://good.example:8443/x"],
    ["https://good.example/a/../b", "https://good.example/b"],
    ["https://xn--fiqs8s.example/", "https://xn--fiqs8s.example/"],
    ["/course/list?x=1#h", "/course/list?x=1#h"],
    ["  https://good.example/x  ", "https://good.example/x"],
  ])("keeps %j as the re-serialised %j", (target, expected) => {
    expect(safeExternalUrl(target)).toBe(expected);
  });
});
