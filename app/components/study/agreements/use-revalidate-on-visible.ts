import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * Spec 001 §2 dialog 4: the agreement list reloads whenever the page becomes visible again (the student
 * comes back from the e-sign tab or another window). Without JavaScript every visit loads it anew (the
 * personal frame answers `private, no-store`).
 */
export function useRevalidateOnVisible() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState === "visible") revalidate();
    };
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  }, [revalidate]);
}
