// Test helper: a browser's document navigation through the portal's loaders, without a build. Like Remix,
// the root loader, the school layout's and the page's loader run in parallel on one request context; the first redirect in
// route order answers, else the first error (its status), else 200. Set-Cookie goes into a cookie jar, and
// redirects are followed (at most `max`), so a redirect loop shows up as a long chain.
import { unpack, type Packed } from "~/lib/packed";
import type { SchoolData } from "~/services/shell.server";
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";

type Loader = (args: LoaderFunctionArgs) => unknown;
type Route = { pattern: RegExp; load: () => Promise<{ loader: Loader; action?: Loader }>; param?: string; outsideSchool?: boolean };

const ROUTES: Route[] = [
  { pattern: /^\/upgrade\/token$/, load: () => import("~/routes/_school+/_sign-in+/upgrade.token") },
  { pattern: /^\/home\/index$/, load: () => import("~/routes/_school+/_catalogue+/home.[index]") },
  { pattern: /^\/home\/index\/([^/]+)$/, load: () => import("~/routes/_school+/_catalogue+/home.index_.$suffix"), param: "suffix" },
  { pattern: /^\/join\/login$/, load: () => import("~/routes/_school+/_sign-in+/join.login") },
  { pattern: /^\/course\/list$/, load: () => import("~/routes/_school+/_catalogue+/course.list") },
  { pattern: /^\/news$/, load: () => import("~/routes/_school+/_catalogue+/news") },
  { pattern: /^\/personal\/setting\/account$/, load: () => import("~/routes/_school+/personal+/setting+/account") },
  { pattern: /^\/captcha$/, load: () => import("~/routes/captcha"), outsideSchool: true },
];

export type Hop = { path: string; status: number; location?: string; data?: unknown; root?: unknown; error?: unknown };

export class Browser {
  readonly jar = new Map<string, string>();
  /** `cookies: false`: a crawler or cookie-less browser (Set-Cookie is ignored). */
  constructor(
    readonly host = "localhost:3000",
    readonly options: { cookies?: boolean } = {},
  ) {}

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keep(setCookies: string[]) {
    if (this.options.cookies === false) return;
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** One request: root + page loader in parallel. */
  async request(path: string, init: { headers?: Record<string, string> } = {}): Promise<Hop> {
    const url = new URL(path, `http://${this.host}`);
    const route = ROUTES.find((r) => r.pattern.test(url.pathname));
    if (!route) throw new Error(`navigate: no route for ${url.pathname}`);
    const match = route.pattern.exec(url.pathname)!;
    const params = route.param ? { [route.param]: decodeURIComponent(match[1]!) } : {};
    const request = new Request(url, { headers: { Host: this.host, Cookie: this.cookieHeader(), ...init.headers } });
    const context = {} as AppLoadContext;
    // root → the `_school` layout (docs/decisions/014-route-tree.md) → the page, all at once as Remix runs them
    const [root, school, page] = await Promise.all([import("~/root"), import("~/routes/_school+/_layout"), route.load()]);
    const loaders = route.outsideSchool ? [root.loader, page.loader] : [root.loader, school.loader, page.loader];
    const results = await Promise.allSettled(loaders.map((loader) => (loader as Loader)({ request, context, params })));
    for (const result of results) {
      const value = result.status === "fulfilled" ? result.value : result.reason;
      this.keep(setCookiesOf(value));
    }
    for (const result of results) {
      const value = result.status === "fulfilled" ? result.value : result.reason;
      if (value instanceof Response && value.status >= 300 && value.status < 400) {
        return { path, status: value.status, location: value.headers.get("Location") ?? undefined };
      }
    }
    const failed = results.find((r) => r.status === "rejected") as PromiseRejectedResult | undefined;
    if (failed) {
      const reason = failed.reason as { init?: { status?: number } | null; status?: number };
      const status = reason instanceof Response ? reason.status : (reason?.init?.status ?? 500);
      return { path, status, error: reason };
    }
    // a loader answers `data(value, init)` or the plain value
    const dataOf = (i: number) => {
      const value = (results[i] as PromiseFulfilledResult<unknown>).value as { data?: unknown; init?: unknown } | null;
      return value && typeof value === "object" && "init" in value ? value.data : value;
    };
    const rootData = dataOf(0) as { shell?: Packed<object> } | undefined;
    // `root`: the shell as the header reads it, both halves (root's company-wide one, the school's); their
    // company-wide parts come as JSON texts (decision 093)
    const schoolShell = route.outsideSchool ? undefined : (dataOf(1) as { shell?: SchoolData } | undefined)?.shell;
    if (rootData?.shell) {
      const school = schoolShell ? { ...schoolShell, headMenus: unpack(schoolShell.headMenus), schools: unpack(schoolShell.schools) } : {};
      Object.assign(rootData, { shell: { ...unpack(rootData.shell), ...school } });
    }
    const pageResult = (results[results.length - 1] as PromiseFulfilledResult<unknown>).value as { data?: unknown; init?: { status?: number } } | Response;
    if (pageResult instanceof Response) return { path, status: pageResult.status, root: rootData };
    return { path, status: pageResult?.init?.status ?? 200, data: pageResult?.data ?? pageResult, root: rootData };
  }

  /**
   * A form post (same origin, with the page's CSRF token from the jar unless `fields.csrf` is given) to the
   * route's action; a thrown or returned redirect is the answer, as Remix does with a document post.
   */
  async post(path: string, fields: Record<string, string>): Promise<Hop> {
    const url = new URL(path, `http://${this.host}`);
    const route = ROUTES.find((r) => r.pattern.test(url.pathname));
    const page = await route!.load();
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const request = new Request(url, {
      method: "POST",
      body,
      headers: { Host: this.host, Cookie: this.cookieHeader(), Origin: `http://${this.host}`, "Sec-Fetch-Site": "same-origin" },
    });
    let value: unknown;
    try {
      value = await page.action!({ request, context: {} as AppLoadContext, params: {} });
    } catch (error) {
      value = error;
    }
    this.keep(setCookiesOf(value));
    if (value instanceof Response && value.status >= 300 && value.status < 400) {
      return { path, status: value.status, location: value.headers.get("Location") ?? undefined };
    }
    const result = value as { data?: unknown; init?: { status?: number } | null };
    return { path, status: result?.init?.status ?? 200, data: result?.data };
  }

  /** A navigation: the request and every redirect after it (at most `max` redirects). */
  async navigate(path: string, max = 20): Promise<Hop[]> {
    const hops: Hop[] = [];
    let next: string | undefined = path;
    while (next !== undefined) {
      const hop = await this.request(next);
      hops.push(hop);
      next = hop.location;
      if (hops.length > max) break;
    }
    return hops;
  }
}

function setCookiesOf(value: unknown): string[] {
  if (value instanceof Response) return value.headers.getSetCookie();
  const init = (value as { init?: { headers?: HeadersInit } | null } | null)?.init;
  return init?.headers ? new Headers(init.headers).getSetCookie() : [];
}
