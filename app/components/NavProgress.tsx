import { useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n-runtime";

/**
 * The thin bar at the top while a page loads or a form posts (issue 12 §2: with a 3 s upstream nothing
 * showed). The animation is CSS only (`.nav-progress` in tailwind.css; it appears after 150 ms so a fast
 * navigation does not flash). Without JavaScript the browser's own indicator shows.
 */
export function NavProgress() {
  const { state } = useNavigation();
  const { t } = useTranslation("common");
  if (state === "idle") return null;
  return <div className="nav-progress" role="progressbar" aria-label={t("feedback.loading")} data-testid="nav-progress" data-state={state} />;
}
