import * as z from "zod/v4";
import { SchoolSchema, SchoolsSchema } from "~/services/config.server";
import { optionalId, text } from "~/lib/http/schemas.server";
import { UpstreamError, type Upstream } from "~/lib/http/upstream.server";

/** `GET /v1/school/info/suffix/?companyId&suffix`: the school of a home-page suffix, or null. */
export async function schoolBySuffix(upstream: Upstream, suffix: string) {
  try {
    return await upstream.call({
      path: "/saas-business/v1/school/info/suffix/",
      query: { suffix, ...(upstream.ctx.companyId ? { companyId: upstream.ctx.companyId } : {}) },
      schema: SchoolSchema,
      auth: "none",
      expect: ["business"],
    });
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") return null;
    throw error;
  }
}

/** `POST /v1/saveSessionSchoolId`: the chosen school is saved for the session (spec 000 section 4). */
export function saveSessionSchool(upstream: Upstream, schoolId: number) {
  return upstream.call({
    method: "POST",
    path: "/saas-business/v1/saveSessionSchoolId",
    body: { schoolId, domain: upstream.ctx.domain },
    schema: z.looseObject({ schoolId: optionalId }).nullable(),
    expect: ["business"],
  });
}

/** Every branch, for /home/choice. */
export async function allSchools(upstream: Upstream) {
  const answer = await upstream.call({
    path: "/external/api/v1/schools/searchMerge",
    query: { page: 1, pageSize: 1000 },
    schema: SchoolsSchema,
    auth: "none",
  });
  return { records: answer.schoolPage.records, defaultId: answer.schoolResp?.id };
}

export const FootDetailSchema = z.looseObject({ id: optionalId, parentId: optionalId, menuName: text, parentName: text, content: text });

/** A footer menu item's page (`sysPageHeadFoot/showDetail/{id}`); null when the upstream has none. */
export async function footDetail(upstream: Upstream, id: number) {
  try {
    return await upstream.call({ path: `/saas-business/v1/sysPageHeadFoot/showDetail/${id}`, schema: FootDetailSchema, auth: "none", expect: ["business"] });
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") return null;
    throw error;
  }
}

/** The target of a LINK_VARIABLE head menu item (its variables filled in by the upstream). */
export async function linkVariable(upstream: Upstream, menuId: number): Promise<string | null> {
  try {
    const answer = await upstream.call({ path: `/saas-business/v1/system/linkVariable/${menuId}`, schema: z.looseObject({ url: text }), expect: ["business"] });
    return answer.url;
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") return null;
    throw error;
  }
}

/** `GET /front/admin/link`: the management-centre URL for staff; a business failure carries the message. */
export function adminLink(upstream: Upstream) {
  return upstream.call({ path: "/saas-business/v1/front/admin/link", schema: z.string(), expect: ["business"] });
}

/** `POST /student/setting/update/password`: clears the forced change upstream. */
export function updatePassword(upstream: Upstream, oldPassword: string, newPassword: string) {
  return upstream.call({
    method: "POST",
    path: "/saas-business/v1/student/setting/update/password",
    body: { oldPassword, newPassword },
    schema: z.unknown(),
    expect: ["business"],
  });
}
