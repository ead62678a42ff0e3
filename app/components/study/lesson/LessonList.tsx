import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n-runtime";
import { lessonOpenHref } from "~/services/study-links";
import { Badge } from "~/components/ui/Badge";

export type ListChapter = {
  id: number;
  chapterName: string;
  lessons: Array<{ id: number; lessonName: string; durationS: number; tryFlag: number; type: string }>;
};

const minutes = (s: number) => Math.max(1, Math.round(s / 60));

/**
 * A course's chapters and lessons: a video lesson opens its video page, any other enters the chain
 * (lessonOpenHref, decision 069); trial lessons are marked (the video page opens them for visitors). `currentLessonId` marks the lesson being studied. A lesson is a
 * plain link: the chain answers with a redirect (video page, login, buy, a step page) or its own step page,
 * which with JavaScript opens as a modal (DialogPage, decision 039).
 */
export function LessonList({
  commodityId,
  courseId,
  chapters,
  currentLessonId,
  compact,
}: {
  commodityId: number;
  courseId: number;
  chapters: ListChapter[];
  currentLessonId?: number;
  compact?: boolean;
}) {
  const { t } = useTranslation("lesson");
  return (
    <ol className={compact ? "space-y-3" : "mt-3 space-y-4"} data-testid="lesson-list">
      {chapters.map((chapter) => (
        <li key={chapter.id} className="rounded border border-gray-200 bg-white">
          <h3 className="border-b border-gray-200 bg-gray-50 px-4 py-2 font-medium">{chapter.chapterName}</h3>
          <ol>
            {chapter.lessons.map((lesson) => {
              const current = lesson.id === currentLessonId;
              return (
                <li
                  key={lesson.id}
                  id={`lesson-${lesson.id}`}
                  className={`flex items-center justify-between gap-3 px-4 py-2 text-sm ${current ? "bg-brand/10" : ""}`}
                >
                  <Link to={lessonOpenHref(commodityId, courseId, lesson)} className="text-gray-900 underline-offset-2 hover:underline">
                    {lesson.type === "live" || lesson.type === "meeting" ? (
                      <Badge tone="danger" className="mr-2">
                        {t("video.liveBadge")}
                      </Badge>
                    ) : null}
                    <span aria-current={current ? "page" : undefined} data-testid={current ? "current-lesson" : undefined}>
                      {lesson.lessonName}
                    </span>
                    {lesson.tryFlag === 1 ? (
                      <Badge tone="success" className="ml-2">
                        {t("video.trial")}
                      </Badge>
                    ) : null}
                    {current ? <span className="sr-only"> ({t("video.current")})</span> : null}
                  </Link>
                  {compact ? null : <span className="shrink-0 text-gray-600">{t("video.minutes", { minutes: minutes(lesson.durationS) })}</span>}
                </li>
              );
            })}
          </ol>
        </li>
      ))}
    </ol>
  );
}
