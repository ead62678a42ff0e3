/**
 * Registers the service worker (public/sw.js, issue 37 §1) with workbox-window. Loaded by entry.client after
 * the page's `load` event, by `import()`: none of it is in a page's first-visit scripts (the 100 KB budget).
 *
 * - A kept page (doing page, exam paper) the worker did not fetch itself (the first visit, fetched before any
 *   worker; a client navigation, which fetches data, not the document): the worker is asked to fetch and keep
 *   it, so that a reload offline finds it.
 * - A new build's worker takes over at once (skipWaiting + clientsClaim); the page reloads onto the new
 *   build only when nothing is lost: not on a kept page, no answer waiting on the device, no field being
 *   typed in. Otherwise the next navigation reaches the new build (network first).
 */
import { Workbox } from "workbox-window";
import { guardNetworkForms } from "~/sw/network-needed.client";
import { keptPagePath, type WorkerMessage } from "~/sw/offline-pages";

/** The part of Remix's browser router read here (set by RemixBrowser at hydration). */
type RouterWindow = Window & {
  __remixRouter?: { subscribe(listener: (state: { navigation: { state: string }; location: { pathname: string } }) => void): () => void };
};

const ANSWER_QUEUE_PREFIX = "qbank:answers:";

function answersWaiting(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.startsWith(ANSWER_QUEUE_PREFIX)) return true;
  } catch {
    // storage refused: nothing can be waiting in it
  }
  return false;
}

function safeToReload(): boolean {
  const active = document.activeElement;
  const typing = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || (active as HTMLElement | null)?.isContentEditable === true;
  return !keptPagePath(location.pathname) && !answersWaiting() && !typing;
}

export function post(message: WorkerMessage) {
  navigator.serviceWorker?.controller?.postMessage(message);
}

export function registerServiceWorker(url = "/sw.js") {
  guardNetworkForms();
  if (!("serviceWorker" in navigator)) return;
  const servedByWorker = Boolean(navigator.serviceWorker.controller);
  const wb = new Workbox(url, { scope: "/" });
  wb.addEventListener("controlling", (event) => {
    if (event.isUpdate && safeToReload()) window.location.reload();
  });
  void wb
    .register()
    .then(async () => {
      await wb.controlling;
      // a document the worker did not see (the first visit) and every client navigation to a kept page
      const keep = (pathname: string) => {
        const path = keptPagePath(pathname);
        if (path) post({ type: "keep", path });
      };
      if (!servedByWorker) keep(location.pathname);
      let last = location.pathname;
      (window as RouterWindow).__remixRouter?.subscribe((state) => {
        if (state.navigation.state !== "idle" || state.location.pathname === last) return;
        last = state.location.pathname;
        keep(last);
      });
    })
    // refused (a browser or test that blocks workers, private mode): the portal works as without one
    .catch(() => undefined);
}
