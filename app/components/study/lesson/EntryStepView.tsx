import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n-runtime";
import { applyHref } from "~/services/instead-links";
import { contentsHref } from "~/services/study-links";
import { buttonClass } from "~/components/ui/Button";
import { Badge } from "~/components/ui/Badge";

/** The steps of the entry chain that show something (the others are redirects); shared by the page and the dialog. */
export type ShownStep =
  | { kind: "missingId" }
  | { kind: "replayUnavailable"; lesson: StepLesson }
  | { kind: "proxyExam"; message: string; submitTimeType: 1 | 2; lesson: StepLesson }
  | { kind: "live"; lesson: StepLesson; roomHref: string; meetingPassword: string };

export type StepLesson = {
  commodityId: number;
  courseId: number;
  lessonId: number;
  courseName: string;
  lessonName: string;
  chapterName: string;
  type: string;
  liveStatus: number | null;
  startTime: string;
};

/** The heading of a step (the page's h1, the dialog's title). */
export function stepTitle(step: ShownStep, t: (k: string) => string): string {
  if (step.kind === "missingId") return t("entry.missingIdTitle");
  if (step.kind === "proxyExam") return t("entry.proxyExamTitle");
  if (step.kind === "live") return t("entry.liveTitle");
  return step.lesson.lessonName;
}

/** The body of a step: the spec's message, the lesson, and the way on (the live room in a new tab) or back. */
export function EntryStepBody({ step, onEnterLive }: { step: ShownStep; onEnterLive?: () => void }) {
  const { t } = useTranslation("lesson");
  if (step.kind === "missingId") {
    return (
      <p role="alert" className="text-red-700" data-testid="entry-message">
        {t("entry.missingId")}
      </p>
    );
  }
  const { lesson } = step;
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700">
        <Badge tone="danger" className="mr-2">
          {lesson.type === "meeting" ? t("entry.meeting") : t("entry.live")}
        </Badge>
        {t("entry.course", { name: lesson.courseName })} · {t("entry.chapter", { name: lesson.chapterName })}
      </p>
      {step.kind === "replayUnavailable" ? (
        <p role="alert" className="font-medium text-red-700" data-testid="entry-message">
          {t("entry.replayUnavailable")}
        </p>
      ) : null}
      {step.kind === "proxyExam" ? (
        <>
          <p role="alert" className="font-medium text-red-700" data-testid="entry-message">
            {step.message || t(`entry.proxyExam.${step.submitTimeType}`)}
          </p>
          {step.submitTimeType === 1 ? (
            <p>
              <Link to={applyHref} className={buttonClass({ className: "font-medium" })} data-testid="proxy-exam-sign-up">
                {t("entry.proxyExam.signUp")}
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
      {step.kind === "live" ? (
        <>
          <p className="font-medium">{lesson.lessonName}</p>
          {lesson.liveStatus !== null ? <p className="text-sm text-gray-700">{t(`entry.liveStatus.${lesson.liveStatus}`)}</p> : null}
          {step.meetingPassword ? (
            <p className="text-sm" data-testid="meeting-password">
              {t("entry.meetingPassword", { password: step.meetingPassword })}
            </p>
          ) : null}
          <p className="text-sm text-gray-700">{t("entry.liveIntro")}</p>
          <a
            href={step.roomHref}
            target="_blank"
            rel="noopener"
            onClick={onEnterLive}
            className={buttonClass({ className: "font-medium" })}
            data-testid="enter-live"
          >
            {t("entry.enterLive")}
          </a>
        </>
      ) : null}
      <p>
        <Link to={contentsHref(lesson.commodityId, lesson.courseId)} className="text-brand-strong underline">
          {t("entry.backToContents")}
        </Link>
      </p>
    </div>
  );
}
