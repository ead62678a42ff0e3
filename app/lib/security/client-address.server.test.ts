import { describe, expect, it } from "vitest";
import { parseTrustProxy, plainAddress, resolveClient, type TrustProxy } from "~/lib/security/client-address.server";

const h = (headers: Record<string, string>) => new Headers(headers);
const resolve = (trust: string, socketAddress: string | undefined, headers: Record<string, string>, secure = false) =>
  resolveClient(parseTrustProxy(trust), { socketAddress, headers: h({ Host: "proxy.internal:3000", ...headers }), secure });

describe("TRUST_PROXY parsing (decision 012)", () => {
  it("0, hop counts and address lists", () => {
    expect(parseTrustProxy(undefined)).toEqual({ kind: "none" });
    expect(parseTrustProxy("0")).toEqual({ kind: "none" });
    expect(parseTrustProxy("1")).toEqual({ kind: "hops", hops: 1 });
    expect(parseTrustProxy("2")).toEqual({ kind: "hops", hops: 2 });
    const list = parseTrustProxy("10.0.0.0/8, 192.168.1.5,::1,fd00::/8") as Extract<TrustProxy, { kind: "list" }>;
    expect(list.kind).toBe("list");
    expect(list.entries).toEqual(["10.0.0.0/8", "192.168.1.5", "::1", "fd00::/8"]);
    expect(["10.1.2.3", "::ffff:10.9.9.9", "192.168.1.5", "::1", "fd00::7"].map(list.trusts)).toEqual([true, true, true, true, true]);
    expect(["11.0.0.1", "192.168.1.6", "fe80::1", "nonsense", ""].map(list.trusts)).toEqual([false, false, false, false, false]);
  });

  it.each(["true", "yes", "21", "10.0.0.0/33", "10.0.0.1/8/2", "example.com", "1.2.3"])("refuses %s", (value) => {
    expect(() => parseTrustProxy(value)).toThrow();
  });

  it("plain addresses", () => {
    expect(plainAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(plainAddress("[::1]:8080")).toBe("::1");
    expect(plainAddress("1.2.3.4:5678")).toBe("1.2.3.4");
  });
});

describe("the client's address, host and protocol", () => {
  const spoofed = {
    "X-Forwarded-For": "6.6.6.6, 7.7.7.7, 203.0.113.9",
    "X-Forwarded-Host": "evil.example, school.example.com",
    "X-Forwarded-Proto": "http, https",
  };

  it("TRUST_PROXY=0: the socket and the Host header, never a forwarded header", () => {
    expect(resolve("0", "198.51.100.1", spoofed)).toEqual({ ip: "198.51.100.1", host: "proxy.internal:3000", proto: "http" });
    expect(resolve("0", "::ffff:198.51.100.1", spoofed, true).proto).toBe("https");
  });

  it("one hop: the entry the proxy appended, never the left-most one the client wrote", () => {
    expect(resolve("1", "10.0.0.2", spoofed)).toEqual({ ip: "203.0.113.9", host: "school.example.com", proto: "https" });
    // rotating the left-most value changes nothing
    for (const fake of ["1.1.1.1", "2.2.2.2", "3.3.3.3"]) {
      expect(resolve("1", "10.0.0.2", { "X-Forwarded-For": `${fake}, 203.0.113.9` }).ip).toBe("203.0.113.9");
    }
    // a proxy that overwrites (one value) and a request without forwarded headers
    expect(resolve("1", "10.0.0.2", { "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Host": "school.example.com" })).toMatchObject({
      ip: "203.0.113.9",
      host: "school.example.com",
    });
    expect(resolve("1", "10.0.0.2", {})).toEqual({ ip: "10.0.0.2", host: "proxy.internal:3000", proto: "http" });
  });

  it("two hops: the second entry from the right", () => {
    expect(resolve("2", "10.0.0.2", spoofed)).toMatchObject({ ip: "7.7.7.7", host: "evil.example", proto: "http" });
    expect(resolve("2", "10.0.0.2", { "X-Forwarded-For": "6.6.6.6, 7.7.7.7, 203.0.113.9, 10.0.0.9" }).ip).toBe("203.0.113.9");
    // a shorter chain ends at its left-most entry
    expect(resolve("5", "10.0.0.2", { "X-Forwarded-For": "203.0.113.9" }).ip).toBe("203.0.113.9");
  });

  it("a list of proxies: walk from the right while the address is ours", () => {
    expect(resolve("10.0.0.0/8", "10.0.0.2", { "X-Forwarded-For": "6.6.6.6, 203.0.113.9, 10.1.1.1" }).ip).toBe("203.0.113.9");
    expect(resolve("10.0.0.0/8,192.168.1.5", "192.168.1.5", { "X-Forwarded-For": "6.6.6.6, 203.0.113.9" }).ip).toBe("203.0.113.9");
    // a peer that is not one of ours: no forwarded header counts
    expect(resolve("10.0.0.0/8", "198.51.100.7", spoofed)).toEqual({ ip: "198.51.100.7", host: "proxy.internal:3000", proto: "http" });
    // a garbage entry where the client should be: the nearest real address
    expect(resolve("10.0.0.0/8", "10.0.0.2", { "X-Forwarded-For": "not-an-ip" }).ip).toBe("10.0.0.2");
  });

  it("without the socket (bare remix-serve): the peer is taken as the nearest trusted hop", () => {
    expect(resolve("1", undefined, spoofed)).toMatchObject({ ip: "203.0.113.9", host: "school.example.com" });
    expect(resolve("0", undefined, spoofed).ip).toBe("unknown");
  });
});
