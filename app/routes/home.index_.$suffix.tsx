import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getPortal } from "~/services/portal.server";
import { saveSessionSchool, schoolBySuffix } from "~/services/school.server";
import HomeIndex, { meta } from "~/routes/home.index";

export { meta };

/**
 * `/home/index/{suffix}`: the home page of a branch school (spec 000 section 2.1). Arriving with another
 * school than the session's saves that school and reloads once, so the shell renders the branch's data;
 * the default school's home is /home/index; an unknown suffix goes there too.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const suffix = args.params.suffix ?? "";
  const school = await schoolBySuffix(portal.upstream, suffix);
  if (!school) throw redirect("/home/index");
  if (school.id === portal.schoolId) {
    return school.defaultFlag === 1 ? redirect("/home/index") : null;
  }
  await saveSessionSchool(portal.upstream, school.id).catch(() => null);
  portal.session.set("schoolId", school.id);
  const url = new URL(args.request.url);
  const target = school.defaultFlag === 1 ? "/home/index" : url.pathname.replace(/\.data$/, "");
  return redirect(target, { headers: { "Set-Cookie": await portal.commitSession() } });
}

export default HomeIndex;
