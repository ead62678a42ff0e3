import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { forwardCacheControl } from "~/components/catalog/headers";
import { sectionMeta } from "~/components/catalog/meta";
import { useNamespaces } from "~/components/use-namespaces";
import { MissingCourseId } from "~/components/catalog/course";
import { loadSection, cacheHeaders } from "~/lib/guards/sections.server";

export const handle = { i18n: ["catalog"] };

export const headers = forwardCacheControl;

export const meta: MetaFunction = ({ matches }) => sectionMeta(matches, "course");

/** `/course/detail` without an id: spec 001's 'loading data error, course id cannot be empty'. */
export async function loader(args: LoaderFunctionArgs) {
  const { portal, i18n } = await loadSection(args, "course", () => null);
  return data({ i18n }, { status: 400, headers: cacheHeaders(portal) });
}

export default function CourseDetailWithoutId() {
  const { i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n);
  return <MissingCourseId t={t} />;
}
