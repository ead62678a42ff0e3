/**
 * The portal's service worker (issue 37 §1, decision 098), bundled by scripts/build-sw.mjs after `remix build`
 * into public/sw.js, its precache list injected by workbox-build (every hashed script and stylesheet of
 * public/build, and the offline page, under this build's revision).
 *
 * - Assets: precached (workbox-precaching), one versioned cache; an activated new build drops the old
 *   entries. Hashed names: a page only ever asks for the assets of its own build.
 * - Navigations: network first, always. A kept page (doing page, exam paper) answered for a signed-in
 *   student is stored in that student's cache of this build; offline, the same page as last fetched by the
 *   same student comes back (its answers are restored by the page from the device, its clock from the
 *   upstream's end time in the page). Any other page offline: the branded offline page.
 * - Private: a document naming another viewer, or none (signed out), empties every other viewer's pages;
 *   so does a POST to /logout. A POST to a kept page (hand-in, a no-JS save) forgets that page.
 * - Updates: skipWaiting + clientsClaim; the page reloads on the new worker only when nothing is lost
 *   (register.client.ts).
 */
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { keptPagePath, OFFLINE_PAGE, PAGES_CACHE_PREFIX, pagesCacheName, VIEWER_HEADER, type WorkerMessage } from "~/sw/offline-pages";

type ExtendableEvent = Event & { waitUntil(p: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(r: Response | Promise<Response>): void };
type MessageEvent = ExtendableEvent & { data: unknown; source: { id?: string } | null };
type WorkerScope = {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: "fetch", l: (e: FetchEvent) => void): void;
  addEventListener(type: "message", l: (e: MessageEvent) => void): void;
  addEventListener(type: "install" | "activate", l: (e: ExtendableEvent) => void): void;
};
declare const self: WorkerScope;
/** This build's version, set by scripts/build-sw.mjs (Remix's manifest version). */
declare const PORTAL_BUILD: string;

const BUILD = PORTAL_BUILD;
const META = "portal-meta";
const VIEWER_URL = "/__sw/viewer";

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** The viewer the last document named (kept in a cache entry: a worker is stopped and restarted at will). */
let viewer: string | null | undefined;
async function currentViewer(): Promise<string | null> {
  if (viewer !== undefined) return viewer;
  const kept = await (await caches.open(META)).match(VIEWER_URL);
  viewer = kept ? (await kept.text()) || null : null;
  return viewer;
}
async function setViewer(next: string | null) {
  if (next === (await currentViewer())) return;
  viewer = next;
  await forgetPages(next);
  await (await caches.open(META)).put(VIEWER_URL, new Response(next ?? ""));
}

/** Deletes every viewer's kept pages but `keep`'s in this build (null: all of them). */
async function forgetPages(keep: string | null) {
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(PAGES_CACHE_PREFIX) && (keep === null || n !== pagesCacheName(BUILD, keep))).map((n) => caches.delete(n)));
}

async function forgetPage(path: string) {
  const who = await currentViewer();
  if (who) await (await caches.open(pagesCacheName(BUILD, who))).delete(path);
}

/** Stores a kept page's answer for its viewer; a full storage keeps nothing (the page stays online-only). */
async function keep(path: string, response: Response) {
  const who = response.headers.get(VIEWER_HEADER);
  if (!who || response.status !== 200 || response.type !== "basic") return;
  try {
    await (await caches.open(pagesCacheName(BUILD, who))).put(path, response);
  } catch {
    // QuotaExceededError: nothing kept; the page says so when it is offline (issue 37 §1)
  }
}

/** What a document says about its viewer: a signed-in page names one, a signed-out page none. */
async function learnViewer(response: Response) {
  if (response.type !== "basic" || response.status !== 200 || !(response.headers.get("content-type") ?? "").startsWith("text/html")) return;
  await setViewer(response.headers.get(VIEWER_HEADER));
}

async function navigate(event: FetchEvent): Promise<Response> {
  const url = new URL(event.request.url);
  const path = keptPagePath(url.pathname);
  try {
    const response = await fetch(event.request);
    event.waitUntil(
      (async () => {
        await learnViewer(response);
        // one copy per page, whatever its query (the doing page's `?n=`): the page reads its state from its data
        if (path) await keep(path, response.clone());
      })(),
    );
    return response;
  } catch (error) {
    if (path) {
      const who = await currentViewer();
      const page = who ? await (await caches.open(pagesCacheName(BUILD, who))).match(path) : undefined;
      if (page) return page;
    }
    const offline = await matchPrecache(OFFLINE_PAGE);
    if (offline) return offline;
    throw error;
  }
}

/** The hand-in of a kept page (the paper's `intent=handin`, the doing page's `intent=submit`): its copy goes. */
const HAND_IN_INTENTS = new Set(["handin", "submit"]);
async function handInOf(request: Request): Promise<boolean> {
  try {
    const intent = (await request.clone().formData()).get("intent");
    return typeof intent === "string" && HAND_IN_INTENTS.has(intent);
  } catch {
    return false;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST") {
    const kept = keptPagePath(url.pathname);
    if (url.pathname === "/logout" || url.pathname === "/logout.data") event.waitUntil(setViewer(null).then(() => forgetPages(null)));
    else if (kept) event.waitUntil(handInOf(request).then((handIn) => (handIn ? forgetPage(kept) : undefined)));
    return; // the post itself goes to the network as the browser sends it
  }
  if (request.mode === "navigate" && request.method === "GET") event.respondWith(navigate(event));
});

self.addEventListener("message", (event) => {
  const message = event.data as WorkerMessage | null;
  if (message?.type === "forget-all") event.waitUntil(setViewer(null).then(() => forgetPages(null)));
  else if (message?.type === "keep") {
    const path = keptPagePath(message.path);
    if (path) event.waitUntil(fetch(path, { credentials: "same-origin" }).then(async (r) => (await learnViewer(r), keep(path, r))));
  }
});

self.addEventListener("activate", (event) => {
  // the pages of an older build point at its assets, gone from the precache now: never shown again
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith(PAGES_CACHE_PREFIX) && !n.startsWith(`${PAGES_CACHE_PREFIX}${BUILD}-`)).map((n) => caches.delete(n))),
      ),
  );
});
