import * as z from "zod/v4";
import { env } from "~/env.server";
import { fetchOutside } from "~/lib/http/outside.server";
import type { Upstream } from "~/lib/http/upstream.server";
import { onProcessReset } from "~/lib/state/process-state.server";

export const CitiesSchema = z.array(z.object({ name: z.string(), cities: z.array(z.object({ name: z.string(), counties: z.array(z.string()) })) }));
export type Cities = z.infer<typeof CitiesSchema>;

const TTL_MS = 60 * 60_000;
let cached: { value: Cities; expires: number } | undefined;
onProcessReset(() => {
  cached = undefined;
});

/**
 * The province/city/county list, a static JSON of the sandbox (`/__static/cities.json`), through `fetchOutside`
 * (decision 082: not an envelope; 5 s, the request's signal, Server-Timing and metrics as `cities`). The spec
 * caches it per session; it is the same for every visitor, so the server keeps one copy for an hour instead.
 */
export async function loadCities(upstream: Upstream): Promise<Cities> {
  if (cached && cached.expires > Date.now()) return cached.value;
  try {
    const response = await fetchOutside(upstream.ctx, `${env().UPSTREAM_URL}/__static/cities.json`, {
      label: "cities",
      accept: "application/json",
      timeoutMs: 5_000,
    });
    const value = CitiesSchema.parse(await response.json());
    cached = { value, expires: Date.now() + TTL_MS };
    return value;
  } catch (error) {
    console.error(JSON.stringify({ level: "warn", msg: "city list failed", error: (error as Error).message }));
    return cached?.value ?? [];
  }
}
