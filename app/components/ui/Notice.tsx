import type { HTMLAttributes } from "react";

/**
 * success: saved; info: news about the page (unread answers, an order that changed; the school's colour,
 * decision 081); warning: check this (kept form values, forced offline); error: the call failed.
 */
export type NoticeTone = "success" | "info" | "warning" | "error";

/**
 * THE notice box of the portal (issue 23 step 3): a message about what just happened, announced — `status`
 * (polite) for success and warning, `alert` for an error, unless `role` says otherwise. `banner` draws it
 * edge to edge under the header (the shell's one-time flash messages) instead of as a box in the page. The looks are CSS (app/tailwind.css, `.notice-*`).
 */
export function Notice({
  tone,
  banner,
  as: Tag = "div",
  className = "",
  role,
  ...rest
}: HTMLAttributes<HTMLElement> & { tone: NoticeTone; banner?: boolean; /** a one-line message is a `<p>` */ as?: "div" | "p" | "section" }) {
  return (
    <Tag role={role ?? (tone === "error" ? "alert" : "status")} className={`notice notice-${tone}${banner ? " notice-banner" : ""} ${className}`} {...rest} />
  );
}
