import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getPortal } from "~/lib/portal.server";
import { saveSessionSchool, schoolBySuffix } from "~/services/school.server";
import HomeIndex, { handle, headers, loader as homeLoader, meta } from "~/routes/_school+/_catalogue+/home.[index]";

export { handle, headers, meta };

/** Marks the one reload after the school was saved (issue 10 part 5: no redirect loop without cookies). */
export const SCHOOL_SAVED = "schoolSaved";

/**
 * `/home/index/{suffix}`: the home page of a branch school (spec 000 section 2.1). Arriving with another
 * school than the session's saves that school and reloads once, so the shell renders the branch's data;
 * the default school's home is /home/index; an unknown suffix is a 404 page in the shell. Once the
 * school is the session's, the page is the home page itself (same loader, same single round).
 *
 * The reload carries `?schoolSaved=1`. Back with the school in the session, the marker is dropped by one
 * more redirect; back WITHOUT it (a browser or crawler that keeps no cookies), the page is rendered as it
 * is instead of saving and reloading forever (decision 013).
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const suffix = args.params.suffix ?? "";
  const school = await schoolBySuffix(portal.upstream, suffix);
  if (!school) throw data({ kind: "notFound" }, { status: 404 });
  const url = new URL(args.request.url);
  const pathname = url.pathname.replace(/\.data$/, "");
  const marked = url.searchParams.has(SCHOOL_SAVED);
  if (school.id === portal.schoolId) {
    if (school.defaultFlag === 1) throw redirect("/home/index");
    if (marked) {
      url.searchParams.delete(SCHOOL_SAVED);
      url.searchParams.delete("_routes");
      throw redirect(pathname + (url.searchParams.size ? `?${url.searchParams.toString()}` : ""));
    }
    return homeLoader(args);
  }
  if (marked) return homeLoader(args);
  await saveSessionSchool(portal.upstream, school.id).catch(() => null);
  portal.session.set("schoolId", school.id);
  const target = school.defaultFlag === 1 ? "/home/index" : `${pathname}?${SCHOOL_SAVED}=1`;
  throw redirect(target, { headers: { "Set-Cookie": await portal.commitSession() } });
}

export default HomeIndex;
