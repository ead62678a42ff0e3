import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { Img } from "~/components/catalog/parts";
import { SectionList } from "~/components/catalog/SectionList";
import { OpenCourseActions } from "~/components/study/lesson/OpenCourseActions";
import { useOpenCourseChannel } from "~/components/study/lesson/use-lesson-channel";
import { socketBootstrap } from "~/services/realtime.server";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { listOpenCourses } from "~/services/catalog.server";
import { openCourseSignups, signUpOpenCourse } from "~/services/live.server";
import { isLoggedIn, requireValidPost } from "~/lib/portal.server";
import { loginHref } from "~/lib/security/redirect";
import { loadSection, cacheHeaders, idOf, titleOf } from "~/lib/guards/sections.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { OpenCourseSignUpSchema } from "~/forms/catalogue";
import { formAction } from "~/lib/http/form-failure.server";
import { refused } from "~/lib/http/form-result.server";
import { Notice } from "~/components/ui/Notice";

export const handle = { i18n: ["catalog", "lesson"] } satisfies RouteHandle;
export const headers = forwardCacheControl;
export const meta: MetaFunction<typeof loader> = ({ matches, data: d }) => sectionMeta(matches, "openCourse", d?.title);

/** The open courses with their 'sign up' / 'enter live' buttons (issue 14); a student's sign-ups come in the same round. */
export async function loader(args: LoaderFunctionArgs) {
  const [{ portal, value, i18n }, lesson] = await Promise.all([
    loadSection(args, "openCourse", (p) =>
      Promise.all([listOpenCourses(p.upstream), isLoggedIn(p) ? openCourseSignups(p.upstream) : Promise.resolve([] as number[])]),
    ),
    namespaces(args.request, handle),
  ]);
  const [courses, signups] = value;
  const signedUp = idOf(new URL(args.request.url).searchParams.get("signedUp"));
  // the live channel (spec 000 §7.3, decisions 059 and 069): only when a signed-up course can be entered
  const enterable = courses.some((c) => signups.includes(c.id) && (c.status === "live" || c.status === "replay"));
  const socket = enterable ? await socketBootstrap(portal, "yunduo", { optional: true }) : null;
  return data(
    {
      courses,
      signups,
      socket,
      justSignedUp: signedUp && signups.includes(signedUp) ? signedUp : null,
      i18n: { ...i18n, bundles: { ...i18n.bundles, ...lesson.bundles } },
      title: titleOf(i18n, "openCourse.title"),
    },
    { headers: cacheHeaders(portal) },
  );
}

/** 'Sign up' (a plain form post): a visitor goes to login and comes back; a student is signed up and sees the list again. */
export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { portal, formData } = await requireValidPost(args);
    if (!isLoggedIn(portal)) throw redirect(loginHref("/openCourse"));
    const submission = parseWithZod(formData, { schema: OpenCourseSignUpSchema });
    if (submission.status !== "success") return refused(submission, { error: "invalid" });
    const id = submission.value.openCourseId;
    try {
      await signUpOpenCourse(portal.upstream, id);
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === "business") return data({ error: error.upstreamMessage ?? "" }, { status: 400 });
      throw error;
    }
    throw redirect(`/openCourse?signedUp=${id}`, 303);
  });
}

export default function OpenCourses() {
  const { courses, signups, justSignedUp, i18n, socket } = useLoaderData<typeof loader>();
  const enterChannel = useOpenCourseChannel(socket);
  const { t } = useNamespaces(i18n, "catalog");
  const { t: tl } = useNamespaces(i18n, "lesson");
  return (
    <SectionList title={t("openCourse.title")} intro={t("openCourse.intro")} items={courses} empty={t("openCourse.empty")} t={t}>
      {(list) => (
        <>
          {justSignedUp ? (
            <Notice tone="success" as="p" className="mb-4 text-base">
              {tl("open.signUpDone")}
            </Notice>
          ) : null}
          <ul className="grid gap-4 md:grid-cols-3">
            {list.map((c, i) => (
              <li key={c.id} className="overflow-hidden rounded-lg border border-gray-200 bg-white" data-testid={`open-${c.id}`}>
                <Img src={c.cover} alt="" width={320} height={180} eager={i < 3} />
                <div className="p-3">
                  <p className="text-xs font-medium text-brand-strong">
                    {t(`openCourse.status.${c.status === "live" || c.status === "replay" ? c.status : "upcoming"}`)}
                  </p>
                  <h2 className="mt-1 font-semibold">{c.title}</h2>
                  <p className="mt-1 text-sm text-gray-700">
                    {c.teacher ? <Link to={`/teachersdetail?id=${c.teacher.id}`}>{c.teacher.teacherName}</Link> : null} · {c.startTime}
                  </p>
                  <p className="mt-1 text-xs text-gray-600">{t("openCourse.signUps", { count: c.signUpCount, minutes: c.durationMin })}</p>
                  <p className="mt-2 text-sm">{c.summary}</p>
                  <OpenCourseActions id={c.id} status={c.status} signedUp={signups.includes(c.id)} onEnter={(place) => enterChannel(c.id, place)} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </SectionList>
  );
}
