import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

const base = { UPSTREAM_URL: "http://127.0.0.1:4000/", SESSION_SECRET: "0123456789abcdef" };

describe("environment", () => {
  it("applies the defaults of the README", () => {
    const env = parseEnv(base);
    expect(env).toMatchObject({
      UPSTREAM_URL: "http://127.0.0.1:4000",
      UPSTREAM_TIMEOUT_MS: 60_000,
      TRUST_PROXY: { kind: "none" },
      MAX_FORM_BYTES: 1_048_576,
      CONFIG_TTL_S: 30,
      CONTENT_TTL_S: 30,
      COMPRESSION: true,
      SERVER_TIMING: false,
    });
    expect(env.METRICS_TOKEN).toBeUndefined();
  });

  it("parses switches and numbers", () => {
    const env = parseEnv({ ...base, TRUST_PROXY: "1", COMPRESSION: "0", UPSTREAM_TIMEOUT_MS: "5000", CONFIG_TTL_S: "0", CONTENT_TTL_S: "0" });
    expect(env).toMatchObject({ TRUST_PROXY: { kind: "hops", hops: 1 }, COMPRESSION: false, UPSTREAM_TIMEOUT_MS: 5000, CONFIG_TTL_S: 0, CONTENT_TTL_S: 0 });
  });

  it("SESSION_SECRET is a list: the first writes, every one reads (decision 094); each 16+ characters", () => {
    expect(parseEnv(base).SESSION_SECRET).toEqual(["0123456789abcdef"]);
    expect(parseEnv({ ...base, SESSION_SECRET: "new-secret-0123456789, old-secret-0123456789" }).SESSION_SECRET).toEqual([
      "new-secret-0123456789",
      "old-secret-0123456789",
    ]);
    expect(() => parseEnv({ ...base, SESSION_SECRET: "new-secret-0123456789,short" })).toThrow(/SESSION_SECRET: must be at least 16 characters/);
  });

  it.each([
    [{ UPSTREAM_URL: undefined }, "UPSTREAM_URL"],
    [{ UPSTREAM_URL: "ftp://x" }, "UPSTREAM_URL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET: must be at least 16 characters"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY: must be 0, a number of proxy hops"],
    [{ TRUST_PROXY: "true" }, "TRUST_PROXY: must be 0, a number of proxy hops"],
    [{ TRUST_PROXY: "21" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
    [{ MAX_FORM_BYTES: "abc" }, "MAX_FORM_BYTES"],
    [{ UPSTREAM_TIMEOUT_MS: "90000" }, "UPSTREAM_TIMEOUT_MS"],
    [{ UPSTREAM_TIMEOUT_MS: "abc" }, "UPSTREAM_TIMEOUT_MS"],
    [{ CONTENT_TTL_S: "601" }, "CONTENT_TTL_S"],
    [{ CONTENT_TTL_S: "-1" }, "CONTENT_TTL_S"],
    [{ SERVER_TIMING: "yes" }, "SERVER_TIMING: must be 0 or 1"],
    [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN: must be at least 16 characters"],
    [{ METRICS_TOKEN: "sixteen chars or more" }, "METRICS_TOKEN: must be at least 16 characters, no spaces"],
  ])("stops with a clear message on %j", (override, message) => {
    expect(() => parseEnv({ ...base, ...override })).toThrow(message);
  });
});
