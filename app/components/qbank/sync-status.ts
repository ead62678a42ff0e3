import type { SessionStatus } from "~/components/qbank/exam-session.client";
import type { T } from "~/components/qbank/parts";

/**
 * The status line of a record's answers with JavaScript (the doing page and the exam paper; issue 37 §1, §2):
 * honest about where the answers are. Until the socket is first up it says "connecting" (not "connected", not
 * "saved on this device", even with answers waiting on the device); after a hand-in (here or in another tab)
 * it says so. `t` is the qbank namespace's. Null: nothing to say (no session: the page without JavaScript).
 */
export function syncStatusText(status: SessionStatus | null, t: T): string | null {
  if (status === null) return null;
  if (status.handedIn) return t("doing.handedInStatus");
  if (status.connecting) return t("doing.connecting");
  if (status.offline && !status.local.length) return t("doing.offline");
  if (status.local.length) return t("doing.localSaved", { count: status.local.length });
  if (status.resent) return t("doing.resent");
  return status.connected ? t("doing.online") : t("doing.connecting");
}
