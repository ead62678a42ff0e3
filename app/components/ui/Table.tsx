import type { ReactNode, TableHTMLAttributes } from "react";

/**
 * THE table of the portal (issue 23 step 3, decision 056): full width, left-aligned small text, a ruled
 * head and rows (`.table` in app/tailwind.css; a cell's own utilities win). `caption` names it for screen
 * readers (a visually hidden `<caption>`). `scroll` wraps it in a focusable region that scrolls sideways
 * on a phone (axe's scrollable-region-focusable), named by the caption; `minWidth` is then its width
 * below which it scrolls. A raw `<table>` lives only inside the kit (eslint.config.js).
 */
export function Table({
  caption,
  scroll,
  className,
  children,
  ...rest
}: TableHTMLAttributes<HTMLTableElement> & { caption?: string; scroll?: boolean; children: ReactNode }) {
  const table = (
    <table className={className ? `table ${className}` : "table"} {...rest}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      {children}
    </table>
  );
  if (!scroll) return table;
  return (
    <div className="overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      {table}
    </div>
  );
}
