import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";

export const handle = { i18n: ["login"] } satisfies RouteHandle;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const i18n = await namespaces(request, handle);
  return { i18n, title: (i18n.bundles.login as { agreement: { title: string } }).agreement.title };
}

/** The user agreement the register form links to (opens in a new window). */
export default function ShowRegisterAgreement() {
  const { i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "login");
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-4 text-2xl font-semibold">{t("agreement.title")}</h1>
      <p className="leading-7">{t("agreement.body")}</p>
    </article>
  );
}
