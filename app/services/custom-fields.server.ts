import * as z from "zod/v4";
import { cascadeParents, normaliseCustomFields, type DynamicField, type FieldOption, type FieldPayload, type FieldValues } from "~/forms/dynamic-fields";
import { env } from "~/env.server";
import { createSwrCache } from "~/lib/http/cache.server";
import type { Upstream } from "~/lib/http/upstream.server";

/**
 * Customizable fields (spec 001 §7): the company's custom-field definitions, the user's custom info with
 * the student group and proxy organisation (complete-information dialog), cascade options, saving.
 */
const STUDENT = "/saas-business/student";

const List = z
  .array(z.unknown())
  .nullish()
  .transform((v) => v ?? []);

/** `GET /student/getCustomizeFields?schoolId` → the definitions (no values), normalised. */
export async function getCustomizeFields(upstream: Upstream, schoolId: number | string): Promise<DynamicField[]> {
  return normaliseCustomFields(await upstream.call({ path: `${STUDENT}/getCustomizeFields`, query: { schoolId }, schema: List }));
}

/** A student group: a tree of up to five levels (spec 001 §3). */
export type StudentGroup = { id: string; groupName: string; children: StudentGroup[] };
type RawGroup = { id: string | number; groupName: string; studentGroupRespList?: RawGroup[] | null };
const GroupSchema: z.ZodType<RawGroup> = z.lazy(() =>
  z.looseObject({ id: z.union([z.string(), z.number()]), groupName: z.string(), studentGroupRespList: z.array(GroupSchema).nullish() }),
);
/** Spec 001 §9: student group levels, up to 5 (groupOneId … groupFiveId). */
export const GROUP_LEVELS = 5;
function groups(list: RawGroup[], depth = 1): StudentGroup[] {
  return list.map((g) => ({ id: String(g.id), groupName: g.groupName, children: depth < GROUP_LEVELS ? groups(g.studentGroupRespList ?? [], depth + 1) : [] }));
}

const CustomizeInfo = z.looseObject({
  customFieldList: List,
  studentGroupList: z
    .array(GroupSchema)
    .nullish()
    .transform((v) => v ?? []),
  proxyOrgList: z
    .array(z.looseObject({ id: z.union([z.string(), z.number()]).transform(String), name: z.string() }))
    .nullish()
    .transform((v) => v ?? []),
  studentGroupValue: z
    .array(z.union([z.string(), z.number()]).transform(String))
    .nullish()
    .transform((v) => v ?? []),
  proxyId: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? undefined : String(v))),
  completeFlag: z
    .union([z.number(), z.boolean()])
    .nullish()
    .transform((v) => v === 1 || v === true),
});

/** `GET /student/customize/info` → custom fields with values, student groups, proxy organisations, chosen ones. */
export async function getCustomizeInfo(upstream: Upstream) {
  const info = await upstream.call({ path: `${STUDENT}/customize/info`, schema: CustomizeInfo });
  return {
    fields: normaliseCustomFields(info.customFieldList),
    groups: groups(info.studentGroupList),
    proxyOrgs: info.proxyOrgList.map((p) => ({ id: p.id, name: p.name })),
    groupValue: info.studentGroupValue,
    proxyId: info.proxyId,
    complete: info.completeFlag,
  };
}

const CascadeOption = z.looseObject({ id: z.union([z.string(), z.number()]).transform(String), content: z.string() });

/**
 * Cascade options are company configuration (the option tree of a company's custom field, the same for
 * every student): cached per domain and school like the shell's configuration (config.server.ts,
 * CONFIG_TTL_S, stale-while-revalidate), so that on a warm server the levels of the stored cascade values
 * need no second upstream round (issue 13, decision 041). Only the option lists are kept, never a value.
 */
export const cascadeOptionCache = createSwrCache({ name: "cascade options", maxEntries: 2_000 });

async function loadCascadeOptions(upstream: Upstream, fieldId: string, pid: string, shared: boolean): Promise<FieldOption[]> {
  const list = await upstream.call({
    path: `${STUDENT}/customize/option/${encodeURIComponent(fieldId)}/${encodeURIComponent(pid)}`,
    schema: z
      .array(CascadeOption)
      .nullish()
      .transform((v) => v ?? []),
    // a shared load is not tied to the request that started it (one student leaving must not fail the others)
    ...(shared ? { signal: null } : {}),
  });
  return Object.freeze(list.map((o) => Object.freeze({ value: o.id, id: o.id, label: o.content }))) as FieldOption[];
}

/**
 * A cascade level's options through the per-domain cache: `load(shared)` asks the upstream (`shared`: the
 * load serves other students too, so it is not tied to this request). `source` names the option call.
 */
export async function cachedCascadeOptions(
  upstream: Upstream,
  source: string,
  fieldId: string,
  pid: string,
  load: (shared: boolean) => Promise<FieldOption[]>,
): Promise<FieldOption[]> {
  const { domain, schoolId } = upstream.ctx;
  let mine = false;
  try {
    return await cascadeOptionCache.get(`${source}|${domain}|${schoolId}|${fieldId}|${pid}`, env().CONFIG_TTL_S * 1000, (background) => {
      mine = !background;
      return load(true);
    });
  } catch (error) {
    // Another student's load failed (their token, their session): this request asks with its own.
    if (mine) throw error;
    return load(false);
  }
}

/** `GET /student/customize/option/{fieldId}/{pid}` → a cascade level's options (posted value: the option id). */
export function getCascadeOptions(upstream: Upstream, fieldId: string, pid: string): Promise<FieldOption[]> {
  return cachedCascadeOptions(upstream, "customize", fieldId, pid, (shared) => loadCascadeOptions(upstream, fieldId, pid, shared));
}

/**
 * Fills `cascadeLevels` of each cascade field for the current values (kit: `cascadeParents`), all levels
 * of all fields in one parallel round; a level without options ends the path.
 */
export async function withCascadeLevels(
  upstream: Upstream,
  fields: DynamicField[],
  values?: FieldValues | null,
  /** where a level's options come from (the instead sign-up has its own call, `get/cascade/options`) */
  load: (upstream: Upstream, fieldId: string, pid: string) => Promise<FieldOption[]> = getCascadeOptions,
): Promise<DynamicField[]> {
  return Promise.all(
    fields.map(async (field) => {
      const conditions = await Promise.all(field.conditions.map(async (c) => ({ ...c, fields: await withCascadeLevels(upstream, c.fields, values, load) })));
      if (field.type !== "cascade") return { ...field, conditions };
      const parents = cascadeParents(field, values ?? { [field.name]: field.value });
      const levels = await Promise.all(parents.map((pid) => load(upstream, field.id, pid)));
      // a level ends the path when it is empty, or when the next parent is not one of its options (an
      // earlier level changed without JS: the later choices are stale)
      let end = 0;
      while (end < levels.length && levels[end]!.length > 0) {
        const next = parents[end + 1];
        end++;
        if (next === undefined || !levels[end - 1]!.some((o) => (o.id ?? o.value) === next)) break;
      }
      return { ...field, conditions, cascadeLevels: levels.slice(0, end) };
    }),
  );
}

/** `PUT /student/improve/custom/info`: userId, companyId, schoolId and the field list (spec 001 §3). */
export function improveCustomInfo(
  upstream: Upstream,
  who: { userId: number | string; companyId: number | string; schoolId: number | string },
  fieldList: CustomFieldPayload[],
) {
  return upstream.call({ method: "PUT", path: `${STUDENT}/improve/custom/info`, body: { ...who, fieldList }, schema: z.unknown(), expect: ["business"] });
}

/** A field of the custom-info payload: an image field also carries `imageInfoList` and `resourceId` (spec 001 §3). */
export type CustomFieldPayload = FieldPayload & { imageInfoList?: Array<{ url: string; resourceId?: string }>; resourceId?: string[] };

/**
 * Spec 001 §3 custom-info payload: "Images also carry imageInfoList and resourceId values." The shape is
 * chosen (sandbox/README.md): each image field's entry gets one `{ url, resourceId }` per value, in order
 * (`resourceId`: the fileId the sign-up upload answered for a file uploaded with this save; an image kept
 * from before has none), and `resourceId`, the list of those ids. `uploaded`: address → fileId
 * (`signUpUploader`).
 */
export function withImageInfo(fields: DynamicField[], payload: FieldPayload[], uploaded: ReadonlyMap<string, string>): CustomFieldPayload[] {
  const images = new Set<string>();
  const walk = (list: DynamicField[]) =>
    list.forEach((field) => {
      if (field.type === "image") images.add(field.code);
      field.conditions.forEach((condition) => walk(condition.fields));
    });
  walk(fields);
  return payload.map((entry) => {
    if (!images.has(entry.fieldCode)) return entry;
    const imageInfoList = entry.fieldValues.map((value) => {
      const url = String(value);
      const resourceId = uploaded.get(url);
      return resourceId ? { url, resourceId } : { url };
    });
    return { ...entry, imageInfoList, resourceId: imageInfoList.flatMap((info) => (info.resourceId ? [info.resourceId] : [])) };
  });
}

const GROUP_KEYS = ["groupOneId", "groupTwoId", "groupThreeId", "groupFourId", "groupFiveId"] as const;

/** `PUT studentGroupAndProxyOrg/info`: the chosen group path (up to five levels) and proxy organisation. */
export function saveStudentGroupAndProxy(upstream: Upstream, groupPath: string[], proxyId: string) {
  const body: Record<string, string> = { proxyId };
  groupPath.slice(0, GROUP_LEVELS).forEach((id, i) => (body[GROUP_KEYS[i]!] = id));
  return upstream.call({ method: "PUT", path: `${STUDENT}/studentGroupAndProxyOrg/info`, body, schema: z.unknown(), expect: ["business"] });
}
