import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { COALESCE_MAX_BYTES, nulFree, withoutNul } from "~/lib/http/nul-free.server";

async function through(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(nulFree())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("nulFree", () => {
  it("drops the 0x00 padding React 18.3 leaves at the end of a view, keeping the characters whole", async () => {
    // "管" (3 bytes) did not fit in the last 2 bytes of a view: the view went out padded, "管" in the next one
    const padded = Buffer.concat([Buffer.from("人力资源"), Buffer.from([0, 0])]);
    expect(await through([padded, Buffer.from("管理")])).toBe("人力资源管理");
  });

  it("passes chunks without 0x00 untouched", async () => {
    expect(await through([Buffer.from("<p>"), Buffer.from("云朵在线学院</p>")])).toBe("<p>云朵在线学院</p>");
  });

  it("drops NUL runs and single NULs anywhere in a chunk, as a per-byte filter would", () => {
    const cases = [[0], [0, 0, 0], [1, 0, 2], [0, 1, 0, 0, 2, 0], [65, 66, 0, 0, 0, 67, 0], [1, 2, 3]];
    for (const bytes of cases) {
      const chunk = Buffer.from(bytes);
      expect([...withoutNul(chunk)]).toEqual(bytes.filter((b) => b !== 0));
    }
    const big = Buffer.alloc(5000, 0x61);
    for (let i = 0; i < big.length; i += 7) big[i] = 0;
    expect(withoutNul(big).equals(Buffer.from([...big].filter((b) => b !== 0)))).toBe(true);
  });

  it("passes what the renderer writes in one go on as one chunk, a later burst as its own (decision 083)", async () => {
    const body = nulFree();
    const out: Buffer[] = [];
    body.on("data", (chunk: Buffer) => out.push(chunk));
    const ended = new Promise((resolve) => body.on("end", resolve));
    // a shell: 40 views of 2 KB written in one turn (one of them padded)
    for (let i = 0; i < 40; i++) body.write(Buffer.alloc(2048, 0x61 + (i % 26)));
    body.write(Buffer.concat([Buffer.from("人力"), Buffer.from([0])]));
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.map((c) => c.length)).toEqual([40 * 2048 + 6]);
    // a deferred part later: sent when its turn ends, not held until the end
    body.write(Buffer.from("<script>late</script>"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.length).toBe(2);
    // the end passes on what is held back first
    body.write(Buffer.from("</html>"));
    body.end();
    await ended;
    expect(Buffer.concat(out).toString("latin1").endsWith("<script>late</script></html>")).toBe(true);
    expect(out.length).toBe(3);
  });

  it("does not hold back more than COALESCE_MAX_BYTES", async () => {
    const body = nulFree();
    const out: Buffer[] = [];
    body.on("data", (chunk: Buffer) => out.push(chunk));
    for (let i = 0; i < (2 * COALESCE_MAX_BYTES) / 2048; i++) body.write(Buffer.alloc(2048, 0x62));
    body.end();
    await new Promise((resolve) => body.on("end", resolve));
    expect(out.map((c) => c.length)).toEqual([COALESCE_MAX_BYTES, COALESCE_MAX_BYTES]);
  });
});
