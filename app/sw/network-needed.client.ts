/**
 * Issue 37 §1: starting an exam, handing in, paying and signing in need the network and say so plainly.
 * Offline, such a post is stopped before it leaves (a failed post would end on the browser's error or an
 * error page) and a message says why; everything else (answers: the socket and the device) goes on.
 * Installed by the registration module after `load` (outside the page's first scripts).
 */
import { forgetGiven } from "~/components/offline/given-answers.client";

const NEEDS_NETWORK = [/^\/join\//, /^\/login\//, /^\/lib\/subject\/exampaper\/examintro\//, /^\/payment\//, /^\/shoppingcart/, /^\/logout/];
/** The hand-in buttons of the exam paper (`handin`) and the doing page (`submit`). */
const HAND_IN = new Set(["handin", "submit"]);
const NOTICE_ID = "network-needed";

const MESSAGE = {
  zh: "需要网络：开始考试、交卷、支付和登录需要联网，请连接网络后再试。",
  en: "This needs the network: starting an exam, handing in, paying and signing in need a connection. Try again when you are online.",
};

export function needsNetwork(action: string, intent: string | null): boolean {
  return (intent !== null && HAND_IN.has(intent)) || NEEDS_NETWORK.some((re) => re.test(action));
}

function showNotice() {
  let notice = document.getElementById(NOTICE_ID);
  if (!notice) {
    notice = document.createElement("p");
    notice.id = NOTICE_ID;
    notice.setAttribute("role", "alert");
    notice.dataset.testid = NOTICE_ID;
    notice.className = "notice notice-warning fixed inset-x-2 bottom-16 z-50 mx-auto max-w-md rounded p-3 text-sm shadow";
    document.body.append(notice);
  }
  notice.textContent = document.documentElement.lang.startsWith("en") ? MESSAGE.en : MESSAGE.zh;
}

function onSubmit(event: SubmitEvent) {
  if (navigator.onLine) {
    // signing out: the answers this device noted for offline use go with the session
    if (event.target instanceof HTMLFormElement && /^\/logout/.test(new URL(event.target.action, location.href).pathname)) forgetGiven(localStorage);
    // a hand-in: this record's noted answers go (the worker forgets its copy of the page)
    const submitter = event.submitter as HTMLButtonElement | null;
    const recordId = /\/(\d+)$/.exec(location.pathname)?.[1];
    if (submitter?.name === "intent" && HAND_IN.has(submitter.value) && recordId) forgetGiven(localStorage, Number(recordId));
    return;
  }
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  const submitter = event.submitter as HTMLButtonElement | HTMLInputElement | null;
  const method = (submitter?.getAttribute("formmethod") ?? form.getAttribute("method") ?? "get").toLowerCase();
  if (method !== "post") return;
  const action = new URL(submitter?.getAttribute("formaction") ?? form.getAttribute("action") ?? location.pathname, location.href).pathname;
  const intent = submitter?.name === "intent" ? submitter.value : null;
  if (!needsNetwork(action, intent)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  showNotice();
}

export function guardNetworkForms() {
  // capture on window: before React's own listeners on the document
  window.addEventListener("submit", onSubmit, true);
  window.addEventListener("online", () => document.getElementById(NOTICE_ID)?.remove());
}
