import { Form, Link } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-token";
import type { T } from "~/components/qbank/parts";
import { doingHref } from "~/services/qbank-links";
import { Button } from "~/components/ui/Button";
import { Notice } from "~/components/ui/Notice";

/** The chapter and section pages' shared parts (decision 035). */

type Progress = { questionCount: number; doneCount: number; rightCount: number; wrongCount: number };

/** Done / right / wrong of a chapter or section, with a bar (a <progress>: readable without styles). */
export function ProgressLine({ p, t, testId }: { p: Progress; t: T; testId?: string }) {
  const percent = p.questionCount ? Math.round((p.doneCount * 100) / p.questionCount) : 0;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700" data-testid={testId}>
      <span>{t("chapter.progress", { done: p.doneCount, total: p.questionCount, right: p.rightCount, wrong: p.wrongCount })}</span>
      <progress max={100} value={percent} className="h-2 w-32" aria-label={t("chapter.percent", { percent })}>
        {percent}%
      </progress>
    </p>
  );
}

/** The start form of a chapter or section page (a plain post: works without JavaScript). */
export function PractiseForm({ label, t, error }: { label: string; t: T; error?: string }) {
  return (
    <Form method="post" className="flex flex-col gap-2">
      <CsrfInput />
      {error !== undefined ? (
        <Notice as="p" tone="error">
          {t("chapter.startFailed", { message: error })}
        </Notice>
      ) : null}
      <Button type="submit" name="intent" value="practise" size="sm" className="self-start">
        {label}
      </Button>
    </Form>
  );
}

/** "Continue" the chapter practice of this chapter or section that is not handed in. */
export function ContinueLink({ u, t }: { u: { recordId: number; answered: number; total: number; currentIndex: number } | null; t: T }) {
  if (!u) return null;
  return (
    <Notice tone="warning" as="p" role="note" data-testid="continue">
      <Link className="text-brand" to={doingHref(u.recordId, u.currentIndex + 1)}>
        {t("chapter.continue", { answered: u.answered, total: u.total })}
      </Link>
    </Notice>
  );
}

/** The number of questions of each kind. */
export function KindCounts({ kinds, t }: { kinds: Record<string, number | undefined>; t: T }) {
  const entries = Object.entries(kinds).filter((e): e is [string, number] => (e[1] ?? 0) > 0);
  if (!entries.length) return null;
  return (
    <p className="text-sm text-gray-700">
      {t("chapter.kinds")}: {entries.map(([k, n]) => t("chapter.kindCount", { kind: t(`doing.kind.${k}`), count: n })).join(" · ")}
    </p>
  );
}
