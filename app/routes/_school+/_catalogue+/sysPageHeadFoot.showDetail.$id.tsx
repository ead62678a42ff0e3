import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getPortal } from "~/lib/portal.server";
import { footDetail } from "~/services/school.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.page.menuName ?? "" }];

/** `sysPageHeadFoot/showDetail/{id}?pid={parentId}`: the page of a footer menu item (spec 000 section 2.1). */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const id = Number(args.params.id);
  const page = Number.isInteger(id) ? await footDetail(portal.upstream, id) : null;
  if (!page) throw data({ kind: "notFound" }, { status: 404 });
  return { page: { menuName: page.menuName, parentName: page.parentName, paragraphs: page.content.split("\n").filter(Boolean) } };
}

export default function FootDetail() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      {page.parentName ? <p className="text-sm text-gray-500">{page.parentName}</p> : null}
      <h1 className="text-2xl font-bold">{page.menuName}</h1>
      <div className="mt-6 space-y-3 leading-relaxed">
        {page.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
    </article>
  );
}
