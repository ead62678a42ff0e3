import type { ReactNode } from "react";
import { useTranslation } from "~/i18n-runtime";
import type { Archive } from "~/services/account-settings.server";
import { Table } from "~/components/ui/Table";

/** A table that scrolls sideways on its own on a narrow screen (390 px) instead of widening the page. */
function ArchiveTable({ caption, head, rows, empty }: { caption: string; head: string[]; rows: ReactNode[][]; empty: string }) {
  return (
    <section className="space-y-2">
      <h2 className="text-base font-semibold">{caption}</h2>
      {rows.length ? (
        <Table scroll caption={caption} className="min-w-[32rem]">
          <thead>
            <tr>
              {head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (
                  <td key={j}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <p className="text-sm text-gray-500">{empty}</p>
      )}
    </section>
  );
}

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? "—" : v);

export function ArchiveView({ archive }: { archive: Archive }) {
  const { t } = useTranslation("personal");
  const empty = t("archive.empty");
  return (
    <div className="space-y-6" data-testid="archive">
      <dl className="grid grid-cols-2 gap-4">
        <div className="rounded border border-gray-200 p-3">
          <dt className="text-xs text-gray-600">{t("archive.studyDays")}</dt>
          <dd className="text-2xl font-semibold">{archive.studyDays}</dd>
        </div>
        <div className="rounded border border-gray-200 p-3">
          <dt className="text-xs text-gray-600">{t("archive.studyMinutes")}</dt>
          <dd className="text-2xl font-semibold">{archive.studyMinutes}</dd>
        </div>
      </dl>
      <ArchiveTable
        caption={t("archive.courses")}
        head={[t("archive.courseName"), t("archive.progress"), t("archive.minutes"), t("archive.lastStudy"), t("archive.status")]}
        rows={archive.courses.map((c) => [
          c.courseName,
          c.progress === null || c.progress === undefined ? "—" : `${c.progress}%`,
          dash(c.studyMinutes),
          dash(c.lastStudyTime),
          c.status ? t(`archive.statuses.${c.status}`, { defaultValue: c.status }) : "—",
        ])}
        empty={empty}
      />
      <ArchiveTable
        caption={t("archive.exams")}
        head={[t("archive.examName"), t("archive.score"), t("archive.passed"), t("archive.examTime")]}
        rows={archive.exams.map((e) => [
          e.examName,
          e.score === null || e.score === undefined ? "—" : `${e.score}${e.totalScore ? ` / ${e.totalScore}` : ""}`,
          e.passFlag === 1 ? t("archive.pass") : e.passFlag === 0 ? t("archive.fail") : "—",
          dash(e.examTime),
        ])}
        empty={empty}
      />
      <ArchiveTable
        caption={t("archive.certificates")}
        head={[t("archive.certificateName"), t("archive.number"), t("archive.issueTime")]}
        rows={archive.certificates.map((c) => [c.certificateName, dash(c.number), dash(c.issueTime)])}
        empty={empty}
      />
    </div>
  );
}
