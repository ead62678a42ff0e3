import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { UPSTREAM_OUTCOMES } from "~/lib/http/upstream-kinds";
import { onProcessReset } from "~/lib/state/process-state.server";

/**
 * What operators see (issue 24, decision 057): one Prometheus registry per process, served by
 * scripts/serve.mjs at /metrics (METRICS_TOKEN bearer) or on METRICS_PORT. Each process counts its own
 * requests: nothing here goes through THE store (Redis is shared by every instance; a counter there
 * would add up every instance's traffic under each one's name). Prometheus adds `instance` per target.
 *
 * Labels are bounded: a route label is a Remix route id (or one of a few fixed words), an upstream path
 * is its template (ids and codes replaced, no query), a status is a number. Never a token, a query
 * string, a user or an address.
 */
export type PortalMetrics = {
  registry: Registry;
  /** A finished portal request: its route id (or static, refused, unmatched), method, status and seconds. */
  observeRequest(labels: { route: string; method: string; status: number }, seconds: number): void;
  /** One upstream call through THE request function: its path template, outcome and seconds. */
  observeUpstream(labels: { method: string; path: string; outcome: string }, seconds: number): void;
  /** A cache lookup: `hit` (fresh), `stale` (served while refreshing) or `miss` (loaded first). */
  countCache(cache: string, result: "hit" | "stale" | "miss"): void;
  /** The Prometheus text of this process's metrics. */
  text(): Promise<string>;
};

/** Seconds buckets for page views (the goal: under 1.3 rounds of 100 ms upstream). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10];
const UPSTREAM_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60];

export function createMetrics({ defaults = true }: { defaults?: boolean } = {}): PortalMetrics {
  const registry = new Registry();
  // process memory, CPU, event-loop lag (nodejs_eventloop_lag_*), GC, handles: prom-client's own names
  if (defaults) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new Histogram({
    name: "portal_http_request_duration_seconds",
    help: "Portal requests by Remix route id, method and status, until the answer was sent.",
    labelNames: ["route", "method", "status"] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const upstream = new Histogram({
    name: "portal_upstream_request_duration_seconds",
    help: "Upstream calls by path template, method and outcome (ok, or the error kind).",
    labelNames: ["path", "method", "outcome"] as const,
    buckets: UPSTREAM_BUCKETS,
    registers: [registry],
  });
  const upstreamErrors = new Counter({
    name: "portal_upstream_errors_total",
    help: "Upstream calls that failed, by path template, method and error kind.",
    labelNames: ["path", "method", "kind"] as const,
    registers: [registry],
  });
  const cache = new Counter({
    name: "portal_cache_lookups_total",
    help: "Cache lookups by cache (content, config, page, ...) and result (hit, stale, miss).",
    labelNames: ["cache", "result"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "portal_info",
    help: "1, with the Node.js version of this process.",
    labelNames: ["node"] as const,
    registers: [registry],
  }).set({ node: process.version }, 1);

  return {
    registry,
    observeRequest({ route, method, status }, seconds) {
      requests.observe({ route, method: methodLabel(method), status: String(status) }, seconds);
    },
    observeUpstream({ method, path, outcome }, seconds) {
      const labels = { path: pathTemplate(path), method: methodLabel(method) };
      upstream.observe({ ...labels, outcome: outcomeLabel(outcome) }, seconds);
      if (outcome !== "ok") upstreamErrors.inc({ ...labels, kind: outcomeLabel(outcome) });
    },
    countCache(name, result) {
      cache.inc({ cache: name, result });
    },
    text() {
      return registry.metrics();
    },
  };
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);
const methodLabel = (method: string) => (METHODS.has(method.toUpperCase()) ? method.toUpperCase() : "OTHER");
const OUTCOMES = new Set<string>(UPSTREAM_OUTCOMES);
const outcomeLabel = (outcome: string) => (OUTCOMES.has(outcome) ? outcome : "other");

/**
 * An upstream path as a label: the query dropped, and every segment that is an id, a code or a token
 * (digits, long hex or base64-ish runs, anything with a digit that is not a version like v1) replaced by `:id`.
 * `/question/v1/exercise/paper/generate/2012?x=1` → `/question/v1/exercise/paper/generate/:id`.
 */
export function pathTemplate(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? "";
  let template = templates.get(bare);
  if (template === undefined) {
    if (templates.size >= TEMPLATES_MAX) templates.clear();
    templates.set(bare, (template = templateOf(bare)));
  }
  return template;
}

/** Paths already turned into templates (decision 070: a page view makes ~7 calls, each was split and tested anew). */
const templates = new Map<string, string>();
const TEMPLATES_MAX = 2_000;

function templateOf(bare: string): string {
  return (
    bare
      .split("/")
      .map((segment) => {
        if (segment === "") return segment;
        if (/^v\d{1,2}$/i.test(segment)) return segment; // an API version
        if (/\d/.test(segment) || segment.length > 40 || /[^A-Za-z0-9._-]/.test(segment)) return ":id";
        return segment;
      })
      .join("/") || "/"
  );
}

let current: PortalMetrics | undefined;
onProcessReset(() => {
  current = undefined;
});

/** This process's metrics (made on first use). */
export function metrics(): PortalMetrics {
  current ??= createMetrics();
  return current;
}
