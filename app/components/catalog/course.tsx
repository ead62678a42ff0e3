import { Link } from "@remix-run/react";
import { minutes, SectionPage } from "~/components/catalog/parts";
import { Badge } from "~/components/ui/Badge";

type ChapterData = { id: number; chapterName: string; lessons: Array<{ id: number; lessonName: string; durationS: number; tryFlag: number; type: string }> };

export function ChapterList({ chapters, t }: { chapters: ChapterData[]; t: (k: string, o?: Record<string, unknown>) => string }) {
  return (
    <ol className="mt-3 space-y-4">
      {chapters.map((chapter) => (
        <li key={chapter.id} className="rounded border border-gray-200 bg-white">
          <h3 className="border-b border-gray-200 bg-gray-50 px-4 py-2 font-medium">{chapter.chapterName}</h3>
          <ol>
            {chapter.lessons.map((lesson) => (
              <li key={lesson.id} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
                <span>
                  {lesson.type === "live" ? (
                    <Badge tone="danger" className="mr-2">
                      {t("course.live")}
                    </Badge>
                  ) : null}
                  {lesson.lessonName}
                  {lesson.tryFlag === 1 ? (
                    <Badge tone="success" className="ml-2">
                      {t("course.tryFlag")}
                    </Badge>
                  ) : null}
                </span>
                <span className="shrink-0 text-gray-600">{t("course.minutes", { minutes: minutes(lesson.durationS) })}</span>
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}

/** Spec 001: 'loading data error, course id cannot be empty'. */
export function MissingCourseId({ t }: { t: (k: string) => string }) {
  return (
    <SectionPage title={t("contents.errorTitle")}>
      <p role="alert" className="text-red-700">
        {t("contents.missingId")}
      </p>
      <Link to="/course/list" className="mt-4 inline-block text-brand-strong underline">
        {t("courseList.title")}
      </Link>
    </SectionPage>
  );
}
