/**
 * After a login merged the visitor's anonymous exercise records (spec 001), an address of the exercise
 * doing or report page that names an old record id is rewritten to the new one. The question-bank issue
 * builds those pages; this hook is what the login flow applies to `backUrl`.
 */
export function rewriteExerciseUrl(path: string, merged: Array<{ oldRecordId: number; recordId: number }>): string {
  if (merged.length === 0) return path;
  const url = new URL(path, "http://portal.invalid");
  const byOld = new Map(merged.map((m) => [String(m.oldRecordId), String(m.recordId)]));
  for (const key of ["recordId", "unLoginRecordId"]) {
    const value = url.searchParams.get(key);
    const next = value ? byOld.get(value) : undefined;
    if (next) {
      url.searchParams.delete("unLoginRecordId");
      url.searchParams.set("recordId", next);
    }
  }
  url.pathname = url.pathname.replace(/\/(doing|report)\/(\d+)(?=\/|$)/, (whole, page: string, id: string) => {
    const next = byOld.get(id);
    return next ? `/${page}/${next}` : whole;
  });
  return url.pathname + url.search + url.hash;
}
