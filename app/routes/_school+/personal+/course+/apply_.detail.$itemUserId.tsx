import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { fillHref, StatusBadge } from "~/components/instead/SignUpList";
import { SignValues } from "~/components/instead/SignValues";
import { StudyPage } from "~/components/study/courses/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { useTimes } from "~/components/use-times";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { requireStudentWith } from "~/lib/guards/guards.server";
import { signDetail } from "~/services/instead.server";
import { buttonClass } from "~/components/ui/Button";

export const handle = { i18n: ["instead", "fields"] } satisfies RouteHandle;

/**
 * One instead sign-up (spec 001 §7 'Instead sign-up' `get/sign/detail`; decision 036): the item and
 * session, the status (refusal reason), the exam place once assigned, and the values as filled in.
 */
export async function loader(args: LoaderFunctionArgs) {
  const raw = args.params.itemUserId ?? "";
  // the login and permission checks answer first; a malformed id is a 404 only for a student who may see the page
  const { loaded } = await requireStudentWith(args, "course.apply", async (p) => {
    if (!/^\d{1,12}$/.test(raw) || Number(raw) === 0) throw data(null, { status: 404 });
    return Promise.all([signDetail(p.upstream, Number(raw)), namespaces(args.request, handle)]);
  });
  const [detail, i18n] = loaded;
  if (!detail) throw data(null, { status: 404 });
  return { detail, i18n };
}

export default function SignDetailPage() {
  const { detail: d, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "instead");
  const { moment } = useTimes();
  useNamespaces(i18n, "fields");
  return (
    <StudyPage title={t("titles.detail")} testId="sign-detail">
      <p className="-mt-2 mb-3 text-sm">
        <a href="/personal/course/apply" className="text-brand underline">
          {t("detail.back")}
        </a>
      </p>
      <h2 className="font-medium">{d.itemName}</h2>
      <p className="mt-1 text-sm text-gray-700">
        {d.examName} · {t("fill.session", { province: d.provinceName, time: moment(d.examTime) })} · {t("list.fee", { fee: d.fee })}
      </p>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-gray-600">{t("detail.status")}</dt>
        <dd>
          <StatusBadge status={d.status} />
        </dd>
        {d.status === 3 && d.reason ? (
          <>
            <dt className="text-gray-600">{t("detail.reason")}</dt>
            <dd className="text-red-700">{d.reason}</dd>
          </>
        ) : null}
        <dt className="text-gray-600">{t("detail.place")}</dt>
        <dd data-testid="sign-place">{d.place ? `${d.place.placeName}（${d.place.address}）` : t("detail.noPlace")}</dd>
        <dt className="text-gray-600">{t("detail.submitTime")}</dt>
        <dd>{moment(d.submitTime) || t("detail.notSubmitted")}</dd>
      </dl>
      {d.status === 0 || d.status === 3 ? (
        <a href={fillHref(d.itemUserId)} className={buttonClass({ size: "sm", className: "mt-3" })}>
          {t("detail.fill")}
        </a>
      ) : null}
      <h3 className="mt-5 mb-2 font-medium">{t("detail.values")}</h3>
      <SignValues fields={d.fields} />
    </StudyPage>
  );
}
