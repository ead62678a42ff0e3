import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";

process.env.UPSTREAM_URL ??= "http://127.0.0.1:9";

const { DEFAULT_UPLOAD_BYTES, readCappedForm } = await import("~/lib/security/body-limit.server");
const { requireValidPost } = await import("~/lib/portal.server");
const { csrf } = await import("~/lib/security/csrf.server");

/** A body that counts how much of it was read; `total` bytes in 64 KiB chunks. */
function counted(total: number, byte = "a") {
  const state = { pulled: 0 };
  const chunk = new TextEncoder().encode(byte.repeat(65_536));
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= total) return controller.close();
        const piece = chunk.subarray(0, Math.min(chunk.byteLength, total - state.pulled));
        state.pulled += piece.byteLength;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

function request(body: ReadableStream<Uint8Array>, headers: Record<string, string>) {
  return new Request("http://localhost/join/login", { method: "POST", body, headers: { Host: "localhost", ...headers }, duplex: "half" } as RequestInit);
}

async function status(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status;
  }
  return undefined;
}

describe("readCappedForm (issue 10 §4)", () => {
  it("a declared length over the cap: 413 without reading", async () => {
    const { stream, state } = counted(10 * 1024 * 1024);
    expect(
      await status(
        readCappedForm(request(stream, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(10 * 1024 * 1024) }), 1_048_576),
      ),
    ).toBe(413);
    expect(state.pulled).toBe(0);
  });

  it("a multipart upload over the form's cap (5 MB default) is aborted while streaming", async () => {
    expect(DEFAULT_UPLOAD_BYTES).toBe(5 * 1024 * 1024);
    const { stream, state } = counted(100 * 1024 * 1024);
    const r = request(stream, { "Content-Type": "multipart/form-data; boundary=x" });
    expect(await status(readCappedForm(r))).toBe(413);
    expect(state.pulled).toBeLessThan(DEFAULT_UPLOAD_BYTES + 1_048_576);
  });

  it("a body within the cap is read", async () => {
    const body = new TextEncoder().encode("a=1&b=2");
    const r = new Request("http://localhost/x", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(Object.fromEntries(await readCappedForm(r, 1024))).toEqual({ a: "1", b: "2" });
  });
});

describe("requireValidPost refuses before reading the body", () => {
  const context = () => ({}) as AppLoadContext;

  it("no CSRF cookie: 403, nothing read", async () => {
    const { stream, state } = counted(20 * 1024 * 1024);
    const r = request(stream, { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" });
    expect(await status(requireValidPost({ request: r, context: context() }))).toBe(403);
    expect(state.pulled).toBe(0);
  });

  it("another site's origin: 403, nothing read", async () => {
    const { stream, state } = counted(1024);
    const r = request(stream, { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://evil.example", Cookie: "csrf=abc" });
    expect(await status(requireValidPost({ request: r, context: context() }))).toBe(403);
    expect(state.pulled).toBe(0);
  });

  it("a form over MAX_FORM_BYTES without a declared length (bare remix-serve, chunked): 413 after at most the limit", async () => {
    const [, setCookie] = await csrf(false).commitToken();
    const { stream, state } = counted(20 * 1024 * 1024);
    const r = request(stream, { "Content-Type": "application/x-www-form-urlencoded", Cookie: (setCookie ?? "").split(";")[0] ?? "" });
    expect(await status(requireValidPost({ request: r, context: context() }))).toBe(413);
    expect(state.pulled).toBeLessThan(2 * 1_048_576);
  });
});
