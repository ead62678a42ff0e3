import { describe, expect, it, vi } from "vitest";
import { createSwrCache } from "~/lib/http/cache.server";

describe("the config cache (stale-while-revalidate)", () => {
  it("serves a fresh entry without calling again", async () => {
    let now = 0;
    const cache = createSwrCache({ now: () => now });
    const load = vi.fn(async () => "v1");
    expect(await cache.get("k", 30_000, load)).toBe("v1");
    now = 29_999;
    expect(await cache.get("k", 30_000, load)).toBe("v1");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("serves a stale entry at once and refreshes it once in the background", async () => {
    let now = 0;
    const cache = createSwrCache({ now: () => now });
    let version = 1;
    let release!: () => void;
    const load = vi.fn(async (background: boolean) => {
      if (background) await new Promise<void>((r) => (release = r));
      return `v${version}`;
    });
    await cache.get("k", 1_000, load);
    version = 2;
    now = 1_500;
    expect(await cache.get("k", 1_000, load)).toBe("v1");
    expect(await cache.get("k", 1_000, load)).toBe("v1");
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith(true);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get("k", 1_000, load)).toBe("v2");
  });

  it("keeps the stale value when the refresh fails, and never stores failures", async () => {
    let now = 0;
    const cache = createSwrCache({ now: () => now });
    await cache.get("k", 1_000, async () => "good");
    now = 2_000;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await cache.get("k", 1_000, async () => Promise.reject(new Error("down")))).toBe("good");
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get("k", 1_000, async () => "again")).toBe("good");
    spy.mockRestore();
  });

  it("reloads before answering when the entry is too old, and shares one load between callers", async () => {
    let now = 0;
    const cache = createSwrCache({ now: () => now, maxStaleFactor: 10 });
    await cache.get("k", 1_000, async () => "old");
    now = 10_001;
    const load = vi.fn(async () => "new");
    const [a, b] = await Promise.all([cache.get("k", 1_000, load), cache.get("k", 1_000, load)]);
    expect([a, b]).toEqual(["new", "new"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a failed first load is not cached", async () => {
    const cache = createSwrCache();
    await expect(cache.get("k", 1_000, async () => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(await cache.get("k", 1_000, async () => "ok")).toBe("ok");
  });

  it("TTL 0 turns caching off", async () => {
    const cache = createSwrCache();
    const load = vi.fn(async () => "v");
    await cache.get("k", 0, load);
    await cache.get("k", 0, load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
