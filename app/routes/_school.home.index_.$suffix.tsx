import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getPortal } from "~/services/portal.server";
import { saveSessionSchool, schoolBySuffix } from "~/services/school.server";
import HomeIndex, { handle, headers, loader as homeLoader, meta } from "~/routes/_school.home.index";

export { handle, headers, meta };

/**
 * `/home/index/{suffix}`: the home page of a branch school (spec 000 section 2.1). Arriving with another
 * school than the session's saves that school and reloads once, so the shell renders the branch's data;
 * the default school's home is /home/index; an unknown suffix is a 404 page in the shell. Once the
 * school is the session's, the page is the home page itself (same loader, same single round).
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const suffix = args.params.suffix ?? "";
  const school = await schoolBySuffix(portal.upstream, suffix);
  if (!school) throw data({ kind: "notFound" }, { status: 404 });
  if (school.id === portal.schoolId) {
    if (school.defaultFlag === 1) throw redirect("/home/index");
    return homeLoader(args);
  }
  await saveSessionSchool(portal.upstream, school.id).catch(() => null);
  portal.session.set("schoolId", school.id);
  const url = new URL(args.request.url);
  const target = school.defaultFlag === 1 ? "/home/index" : url.pathname.replace(/\.data$/, "");
  throw redirect(target, { headers: { "Set-Cookie": await portal.commitSession() } });
}

export default HomeIndex;
