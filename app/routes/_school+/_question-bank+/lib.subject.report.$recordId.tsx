import { useTimes } from "~/components/use-times";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-token";
import { Block, clock } from "~/components/qbank/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { getPortal, isLoggedIn, requireValidPost } from "~/lib/portal.server";
import { doingHref, overviewHref, PREVIEW_KINDS, previewKindOf, reportHref, reportMediaHref } from "~/services/qbank-links";
import { gainPoints, loadMediaPreview, loadReport, notFoundOn, setCollected, startExercise, type MediaPreview, type Report } from "~/services/qbank.server";
import { idOf, notFound, requireSectionAccess } from "~/lib/guards/sections.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { ReportFormSchema } from "~/forms/qbank";
import { formAction } from "~/lib/http/form-failure.server";
import { refused } from "~/lib/http/form-result.server";
import { Button } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";

/**
 * `/lib/subject/report/{recordId}`: the score, the points the practice gained (spec 001 §7 points: incr
 * integral by record id, then the gain; once per record), every question with its explanation, the wrong
 * ones, the record's details, and practising it again (re-examine). An explanation's picture is shown as
 * it is; its audio or video is previewed in place (`?play={questionId}&media=audio|video|short`: the
 * preview call gives a signed address that expires, played by a plain `<audio>`/`<video controls>`;
 * decision 035), so a plain link does it without JavaScript.
 */
export const handle = { i18n: ["qbank"] } satisfies RouteHandle;
export const headers = () => ({ "Cache-Control": "private, no-store" });
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.report.record.title ?? "" }];

export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const recordId = idOf(args.params.recordId);
  if (!recordId) notFound(portal);
  const url = new URL(args.request.url);
  const play = idOf(url.searchParams.get("play"));
  const want = PREVIEW_KINDS.find((k) => k === url.searchParams.get("media"));
  const [, report, preview, i18n] = await Promise.all([
    requireSectionAccess(portal, "question"),
    loadReport(portal, recordId).catch((error: unknown) => {
      if (notFoundOn(error)) notFound(portal);
      // not handed in yet: back to the paper
      if (error instanceof UpstreamError && error.kind === "business" && error.code === "409") throw redirect(doingHref(recordId));
      throw error;
    }),
    // the preview call starts with the report (one round); its refusal is a message beside the question, not an error page
    play && want
      ? loadMediaPreview(portal, recordId, play, want).then(
          // minutes the address plays, counted here (not in the browser: the same text on both sides of hydration)
          (media) => ({ questionId: play, media, minutes: Math.max(1, Math.round((media.expiresAt - Date.now()) / 60_000)), error: null }),
          (error: unknown) => {
            if (error instanceof UpstreamError && error.kind === "business")
              return { questionId: play, media: null, minutes: 0, error: error.upstreamMessage ?? error.code ?? "" };
            throw error;
          },
        )
      : null,
    namespaces(args.request, handle),
  ]);
  const points = await gainPoints(portal, recordId);
  return data({ report, preview, points, logged: isLoggedIn(portal), i18n }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, formData } = await requireValidPost(args);
    const recordId = idOf(args.params.recordId);
    if (!recordId) notFound(portal);
    const submission = parseWithZod(formData, { schema: ReportFormSchema });
    if (submission.status !== "success") return refused(submission, { error: "bad request" });
    const f = submission.value;
    try {
      if ((f.intent === "collect" || f.intent === "uncollect") && isLoggedIn(portal)) {
        await setCollected(portal.upstream, f.questionId, f.intent === "collect");
        return redirect(`/lib/subject/report/${recordId}#q-${f.questionId}`);
      }
      if (f.intent !== "reexamine") return data({ error: "bad request" }, { status: 400 });
      const record = await startExercise(portal, "reexamine", { recordId });
      return redirect(doingHref(record.recordId));
    } catch (error) {
      if (notFoundOn(error)) notFound(portal);
      if (error instanceof UpstreamError && error.kind === "business") return data({ error: error.upstreamMessage ?? "" }, { status: 422 });
      throw error;
    }
  });
}

type Q = Report["questions"][number];
type Preview = { questionId: number; media: MediaPreview | null; minutes: number; error: string | null } | null;

/** An explanation's media: a picture shown; audio or video played in place once its preview address is asked for. */
function ExplanationMedia({
  q,
  n,
  recordId,
  preview,
  t,
}: {
  q: Q;
  n: number;
  recordId: number;
  preview: Preview;
  t: (k: string, o?: Record<string, unknown>) => string;
}) {
  const m = q.media;
  if (!m) return null;
  if (m.kind === "image") {
    return m.url ? (
      <figure className="mt-1 text-sm" data-testid="media-image">
        <img
          src={m.url}
          alt={t("report.media.imageAlt", { n })}
          loading="lazy"
          className="max-w-full rounded border border-gray-200"
          width={420}
          height={120}
        />
        <figcaption>{t("report.media.image")}</figcaption>
      </figure>
    ) : null;
  }
  const call = previewKindOf(q);
  const mine = preview?.questionId === q.id ? preview : null;
  const label = m.kind === "video" ? t("report.video") : t("report.audio");
  return (
    <figure className="mt-1 flex flex-col gap-1 text-sm" data-testid="media">
      <figcaption>
        {label} · {t("report.media.seconds", { count: m.seconds })}
      </figcaption>
      {mine?.media ? (
        <>
          {mine.media.kind === "video" ? (
            <video controls autoPlay preload="metadata" src={mine.media.url} className="max-w-sm" data-testid="media-player" />
          ) : (
            <audio controls autoPlay preload="metadata" src={mine.media.url} data-testid="media-player" />
          )}
          <p className="flex flex-wrap gap-3 text-xs text-gray-600">
            <span>{t("report.media.expires", { minutes: mine.minutes })}</span>
            <a href={mine.media.url} target="_blank" rel="noopener noreferrer" className="text-brand">
              {t("report.media.open")}
            </a>
            <Link to={`${reportHref(recordId)}#q-${q.id}`} preventScrollReset className="text-brand">
              {t("report.media.close")}
            </Link>
          </p>
        </>
      ) : call ? (
        <Link to={reportMediaHref(recordId, q.id, call)} preventScrollReset className="self-start rounded border border-gray-300 px-2 py-0.5 text-brand">
          {m.kind === "video" ? t("report.media.play") : t("report.media.listen")}
        </Link>
      ) : null}
      {mine?.error !== null && mine?.error !== undefined ? (
        <p role="alert" className="text-red-800">
          {t("report.media.failed", { message: mine.error })}
        </p>
      ) : null}
    </figure>
  );
}

function Answer({ q, list }: { q: Q; list: string[] }) {
  if (!list.length) return null;
  return <>{q.kind === "short" ? list[0] : list.join(q.kind === "fill" ? " / " : ", ")}</>;
}

export default function ExerciseReport() {
  const { report, preview, points, logged, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "qbank");
  const times = useTimes();
  const r = report.record;
  const seconds = r.submittedAt ? Math.max(0, Math.round((r.submittedAt - r.startedAt) / 1000)) : 0;
  const wrong = report.questions.filter((q) => !q.right);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4">
      <p>
        <Link to={overviewHref(r.subjectId)} className="text-sm text-brand">
          {t("report.back")}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">
        {t("report.title")} · {r.title}
      </h1>
      <section aria-label={t("report.score")} className="card flex flex-wrap items-center gap-6">
        <p>
          <span className="text-sm text-gray-600">{t("report.score")}</span>{" "}
          <strong className="text-3xl" data-testid="score">
            {t("report.of", { score: r.score ?? 0, total: r.totalScore })}
          </strong>
        </p>
        <p>{t("report.right", { right: r.rightCount ?? 0, total: report.questions.length })}</p>
        <p>{t("report.time", { minutes: Math.floor(seconds / 60), seconds: seconds % 60 })}</p>
        <p data-testid="points">{points ? t("report.points", { points: points.points, total: points.total }) : t("report.noPoints")}</p>
        <Form method="post">
          <CsrfInput />
          <Button type="submit" name="intent" value="reexamine" size="sm">
            {t("report.reexamine")}
          </Button>
        </Form>
      </section>
      <Block title={t("report.detail")} id="qb-detail">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt>{t("report.type")}</dt>
          {/* 1-8 the question bank's kinds, 9 an exam attempt (sandbox EXAM_EXERCISE_TYPE); a kind not known here is named generically */}
          <dd>{t(`report.types.${r.exerciseType}`, { defaultValue: t("report.types.other") })}</dd>
          <dt>{t("report.startedAt")}</dt>
          <dd>
            <time dateTime={times.iso(r.startedAt)}>{times.moment(r.startedAt)}</time>
          </dd>
          {r.submittedAt ? (
            <>
              <dt>{t("report.submittedAt")}</dt>
              <dd>
                <time dateTime={times.iso(r.submittedAt)}>{times.moment(r.submittedAt)}</time> · {clock(seconds)}
              </dd>
            </>
          ) : null}
        </dl>
      </Block>
      <Block title={t("report.wrong")} id="qb-wrong">
        {wrong.length ? (
          <ul className="flex flex-wrap gap-2" data-testid="wrong-list">
            {wrong.map((q) => (
              <li key={q.id}>
                <a className="rounded border border-gray-300 px-2 py-1 text-sm" href={`#q-${q.id}`}>
                  {report.questions.indexOf(q) + 1}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("report.wrongNone")}</p>
        )}
      </Block>
      <Block title={t("report.review")} id="qb-review">
        <p className="mb-2 text-sm text-gray-600">{t("report.keywords")}</p>
        <ol className="flex flex-col gap-4">
          {report.questions.map((q, i) => (
            <li key={q.id} id={`q-${q.id}`} className="rounded border border-gray-200 p-3" data-testid="review-item">
              <p className="text-sm text-gray-600">
                {i + 1}. {t(`doing.kind.${q.kind}`)} ·{" "}
                <strong className={q.right ? "text-green-800" : "text-red-800"}>{t(q.right ? "report.rightMark" : "report.wrongMark")}</strong> ·{" "}
                {t("report.gained", { count: q.gained })}
              </p>
              <p className="font-semibold">{q.stem}</p>
              {logged ? (
                <Form method="post" className="my-1">
                  <CsrfInput />
                  <HiddenInput name="questionId" value={q.id} />
                  <Button type="submit" name="intent" value={q.collected ? "uncollect" : "collect"} variant="outline" size="xs">
                    {t(q.collected ? "book.uncollect" : "book.collect")}
                  </Button>
                </Form>
              ) : null}
              {q.options.length ? (
                <ul className="ml-4 text-sm">
                  {q.options.map((o) => (
                    <li key={o}>{o}</li>
                  ))}
                </ul>
              ) : null}
              <p className="text-sm">
                {t("report.yours")}: {q.mine.length ? <Answer q={q} list={q.mine} /> : t("report.none")}
              </p>
              <p className="text-sm">
                {t("report.answer")}: <Answer q={q} list={q.answer} />
              </p>
              <p className="mt-1 text-sm">
                <strong>{t("report.analysis")}</strong>: {q.analysis}
              </p>
              <ExplanationMedia q={q} n={i + 1} recordId={r.recordId} preview={preview} t={t} />
            </li>
          ))}
        </ol>
      </Block>
    </div>
  );
}
