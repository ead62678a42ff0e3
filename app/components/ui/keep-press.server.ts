import { keepPresses } from "~/components/ui/keep-press";

/** The page's inline script that keeps a press on a submit button (keep-press.ts, issue 37 §4): its source, run on the document. */
export const KEEP_PRESSES_SCRIPT = `(${keepPresses.toString()})(document)`;
