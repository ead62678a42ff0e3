/**
 * The management-centre button's request (spec 000 section 2.2, app/routes/admin-link.tsx), loaded on the
 * first click only (decision 068: most views never show the button, only staff see it). `tab` was opened
 * at the click (so no pop-up blocker stops it). Resolves with nothing when the tab (or this page) goes on,
 * with the message to show otherwise ("" for the generic failure).
 */
export async function followAdminLink(form: HTMLFormElement, tab: Window | null): Promise<string | undefined> {
  try {
    const res = await fetch("/admin-link", { method: "POST", body: new FormData(form), headers: { Accept: "application/json" } });
    const answer = (await res.json()) as { url?: string; message?: string; redirect?: string };
    if (res.ok && answer.url && /^https?:\/\//i.test(answer.url)) {
      if (tab) tab.location.href = answer.url;
      else window.location.href = answer.url;
      return undefined;
    }
    tab?.close();
    // The session has to be renewed first: go where the server says (a path of this site).
    if (answer.redirect?.startsWith("/") && !answer.redirect.startsWith("//")) {
      window.location.href = answer.redirect;
      return undefined;
    }
    return answer.message ?? "";
  } catch {
    tab?.close();
    return "";
  }
}
