import { useEffect } from "react";

/**
 * Presence for a logged-in user (rendered by root.tsx only then). After hydration it asks the portal for
 * the presence settings and loads the socket.io client with a dynamic import: visitors' pages and
 * pages without JavaScript load nothing. A submitted logout form sends log off first.
 */
export function Presence({ userId }: { userId: number }) {
  useEffect(() => {
    let stopped = false;
    let presence: import("~/services/presence.client").Presence | undefined;

    void (async () => {
      try {
        const res = await fetch("/realtime/presence", { headers: { Accept: "application/json" }, credentials: "same-origin" });
        if (res.status !== 200 || stopped) return;
        const settings = (await res.json()) as import("~/services/presence.client").PresenceSettings;
        const { connectPresence } = await import("~/services/presence.client");
        if (stopped) return;
        presence = connectPresence(settings);
      } catch {
        // presence is best effort: the page works without it
      }
    })();

    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (form instanceof HTMLFormElement && new URL(form.action, window.location.href).pathname === "/logout") presence?.logOff();
    };
    document.addEventListener("submit", onSubmit, true);
    return () => {
      stopped = true;
      document.removeEventListener("submit", onSubmit, true);
      presence?.close();
    };
  }, [userId]);
  return null;
}
