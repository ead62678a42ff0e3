import * as z from "zod/v4";
import { parseTrustProxy, type TrustProxy } from "~/lib/security/client-address.server";
import { onProcessReset } from "~/lib/state/process-state.server";

const flag = (fallback: "0" | "1") =>
  z
    .enum(["0", "1"], { error: "must be 0 or 1" })
    .default(fallback)
    .transform((v) => v === "1");

const int = (fallback: number, min: number, max: number) => z.coerce.number({ error: "must be a number" }).int().min(min).max(max).default(fallback);

/** Every environment variable the portal reads, documented in README.md. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  UPSTREAM_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://127.0.0.1:4000" }).transform((u) => u.replace(/\/+$/, "")),
  UPSTREAM_TIMEOUT_MS: int(60_000, 100, 60_000),
  /**
   * The portal's secrets (decision 094): a comma-separated list; the first signs and seals what is written now,
   * every one still reads (rotation: the new secret first, the old one dropped after 30 days).
   */
  SESSION_SECRET: z
    .string()
    .transform((v) => v.split(",").map((secret) => secret.trim()))
    .refine((list) => list.every((secret) => secret.length >= 16), { error: "must be at least 16 characters (each, in a comma-separated list)" }),
  /** `0`, a number of proxy hops, or a list of proxy addresses / CIDR ranges (decision 012). */
  TRUST_PROXY: z
    .string()
    .default("0")
    .transform((value, ctx): TrustProxy => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: `must be 0, a number of proxy hops (1-20) or a list of proxy addresses: ${(error as Error).message}` });
        return z.NEVER;
      }
    }),
  /** The largest url-encoded form body accepted (HTTP 413 beyond); decision 012. */
  MAX_FORM_BYTES: int(1_048_576, 1024, 64 * 1_048_576),
  CONFIG_TTL_S: int(30, 0, 3600),
  /** Seconds visitors' public content answers are cached per domain and school; 0 turns it off (decision 011). */
  CONTENT_TTL_S: int(30, 0, 600),
  COMPRESSION: flag("1"),
  LOG_REQUESTS: flag("1"),
  /**
   * `1`: every page and data answer carries `Server-Timing` (the upstream paths a view called, how many, how
   * long: decision 057); the bench and the page tests set it. Off by default: that is the operators' view,
   * not the public's (issue 36 §4); a request with the metrics token gets it anyway (server-timing.server.ts).
   */
  SERVER_TIMING: flag("0"),
  /** The operators' bearer: `GET /metrics` (scripts/serve.mjs, same rule) and one request's Server-Timing (issue 36 §4). */
  METRICS_TOKEN: z
    .string()
    .min(16, { error: "must be at least 16 characters, no spaces" })
    .regex(/^\S+$/, { error: "must be at least 16 characters, no spaces" })
    .optional(),
  /** Login attempts per visitor address per 10 minutes; SMS sends per address per hour. */
  RATE_LIMIT_LOGIN_PER_IP: int(30, 1, 1_000_000),
  RATE_LIMIT_SMS_PER_IP: int(20, 1, 1_000_000),
  /** Login attempts per account per 10 minutes. */
  RATE_LIMIT_LOGIN_PER_ACCOUNT: int(10, 1, 1_000_000),
  /** Wrong money codes (recharge card, study card, coupon exchange: issue 36 §1) per account, and per address, per hour. */
  RATE_LIMIT_CODES_PER_ACCOUNT: int(10, 1, 1_000_000),
  RATE_LIMIT_CODES_PER_IP: int(30, 1, 1_000_000),
  /** `sandbox`: the sandbox's challenge page (works without JS); `cloud`: the cloud provider's JS widget. */
  CAPTCHA_PROVIDER: z.enum(["sandbox", "cloud"]).default("sandbox"),
  /** Base URL of the sandbox challenge page (default UPSTREAM_URL). */
  CAPTCHA_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The cloud captcha's app id (CAPTCHA_PROVIDER=cloud). */
  CAPTCHA_APP_ID: z.string().optional(),
  /** Shared state for several instances (decision 020): `redis://host:port/db`; unset keeps it in memory. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
  /** Worker processes `scripts/serve.mjs` starts with node:cluster (decision 020). */
  WEB_CONCURRENCY: int(1, 1, 64),
  /**
   * The operator's mobile site (spec 000 section 1): a path on this host or an http(s) URL. Unset (or `0`),
   * the portal serves phones itself; set, a phone on a public page goes there (path and query kept) when
   * the company's `pc.wap.redirect` is on (decision 022).
   */
  WAP_URL: z
    .string()
    .regex(/^(0|\/(?!\/)[^\s?#]*|https?:\/\/[^\s/?#]+(\/[^\s?#]*)?)$/, { error: "must be 0, a path or an http(s) URL without query" })
    .optional()
    .transform((v) => (v === "0" ? undefined : v)),
});

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`);
  throw new Error(`Invalid environment configuration:\n${lines.join("\n")}\nSee README.md, "Environment".`);
}

let cached: Env | undefined;
// read again at the next call: a unit file sharing its vitest worker names its own upstream (tests/unit/sandbox.ts,
// decision 086); a page-test build copy is reused only for the same environment, so it reads the same again
onProcessReset(() => {
  cached = undefined;
});

/** The parsed environment, checked once; a bad value stops the server with a clear message. */
export function env(): Env {
  if (cached) return cached;
  try {
    cached = parseEnv(process.env);
  } catch (error) {
    if (process.env.VITEST) throw error;
    console.error(`[portal] ${(error as Error).message}`);
    process.exit(1);
  }
  return cached;
}
