import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

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
  ])("keeps the local path %j as is", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});
