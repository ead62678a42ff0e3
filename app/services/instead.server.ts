import * as z from "zod/v4";
import { normaliseStudentInfoFields, type DynamicField, type FieldOption, type FieldPayload, type FieldValues } from "~/forms/dynamic-fields";
import { cachedCascadeOptions, withCascadeLevels } from "~/services/custom-fields.server";
import { flag, id, text } from "~/lib/http/schemas.server";
import type { Upstream } from "~/lib/http/upstream.server";
// the server side of a page reaches the sign-up addresses through here: its browser script loads no address module
export { detailHref } from "~/services/instead-links";

/**
 * Instead sign-up (spec 001 §1 "sign up for exams through a proxy", §2 `/personal/course/apply`, §7
 * 'Instead sign-up' and 'Account settings' `v2/check/instead/sign/status`; decision 036): the student
 * chooses a province and one of its item sessions (`saveUserItemRel` → an `itemUserId`), fills in the
 * item's field form (the dynamic-field kit, annex/image files uploaded first after the flow space check),
 * the school reviews it, and an approved sign-up gets an exam place (several at once: the batch call).
 *
 * Status (chosen): 0 to fill in, 1 under review, 2 approved (choose an exam place), 3 refused (fill in
 * again), 4 exam place assigned.
 */
const FRONT = "/saas-business/v1/front/instead";
const STUDENT = "/saas-business/v1/student/instead";
const STATUS_CHECK = "/saas-business/v1/student/setting/v2/check/instead/sign/status";

export const INSTEAD_STATUSES = [0, 1, 2, 3, 4] as const;
export const STATUS = { toFill: 0, review: 1, approved: 2, refused: 3, placed: 4 } as const;

const Place = z.looseObject({ placeId: id, placeName: text, address: text, capacity: z.coerce.number().catch(0), remain: z.coerce.number().catch(0) });
export type Place = z.infer<typeof Place>;

const SignUp = z.looseObject({
  itemUserId: id,
  itemId: id,
  itemTimeId: id,
  itemName: text,
  examName: text,
  provinceName: text,
  examTime: text,
  fee: z.coerce.number().catch(0),
  status: flag,
  reason: text,
  signTime: text,
  placeName: text,
  places: z
    .array(Place)
    .nullish()
    .transform((v) => v ?? []),
});
export type SignUp = z.infer<typeof SignUp>;

/** `GET /v1/front/instead/myInsteadSignList`: my sign-ups, newest first. */
export function mySignList(upstream: Upstream) {
  return upstream.call({
    path: `${FRONT}/myInsteadSignList`,
    schema: z
      .array(SignUp)
      .nullish()
      .transform((v) => v ?? []),
  });
}

const Province = z.looseObject({ provinceCode: text, provinceName: text });
export type Province = z.infer<typeof Province>;

/** `GET /v1/student/instead/get/sign/province`: the provinces with sessions. */
export function signProvinces(upstream: Upstream) {
  return upstream.call({
    path: `${STUDENT}/get/sign/province`,
    schema: z
      .array(Province)
      .nullish()
      .transform((v) => v ?? []),
  });
}

const ItemTime = z.looseObject({
  itemTimeId: id,
  itemId: id,
  itemName: text,
  examName: text,
  fee: z.coerce.number().catch(0),
  provinceCode: text,
  provinceName: text,
  examTime: text,
  signStart: text,
  signEnd: text,
  open: flag,
  signed: flag,
});
export type ItemTime = z.infer<typeof ItemTime>;

/** `GET /v1/front/instead/getItemTimeByProvinceCode`: a province's sessions (open: inside the sign window). */
export function itemTimesOf(upstream: Upstream, provinceCode: string) {
  return upstream.call({
    path: `${FRONT}/getItemTimeByProvinceCode`,
    query: { provinceCode },
    schema: z
      .array(ItemTime)
      .nullish()
      .transform((v) => v ?? []),
    expect: ["business"],
  });
}

/** `POST saveUserItemRel { itemTimeId }` → the new sign-up's `itemUserId` (business refusals: the caller's form error). */
export async function saveUserItemRel(upstream: Upstream, itemTimeId: number): Promise<number> {
  const answer = await upstream.call({
    method: "POST",
    path: `${STUDENT}/saveUserItemRel`,
    body: { itemTimeId },
    schema: z.looseObject({ itemUserId: id }),
    expect: ["business"],
  });
  return answer.itemUserId;
}

const FieldList = z
  .array(z.unknown())
  .nullish()
  .transform((v) => v ?? []);
const ItemHead = {
  itemUserId: id,
  status: flag,
  reason: text,
  itemId: id,
  itemName: text,
  examName: text,
  fee: z.coerce.number().catch(0),
  provinceName: text,
  examTime: text,
  signStart: text,
  signEnd: text,
};
const ItemInfo = z.object({ ...ItemHead, fields: FieldList });
export type ItemInfo = Omit<z.infer<typeof ItemInfo>, "fields"> & { fields: DynamicField[] };

/** `GET /v1/student/instead/get/cascade/options ?fieldId&pid` → a cascade level (posted value: the option id). */
export function insteadCascadeOptions(upstream: Upstream, fieldId: string, pid: string): Promise<FieldOption[]> {
  // company configuration, cached per domain and school like the personal data's (decision 041): the detail
  // page's stored cascade values need no second round on a warm server
  return cachedCascadeOptions(upstream, "instead", fieldId, pid, async (shared) => {
    const list = await upstream.call({
      path: `${STUDENT}/get/cascade/options`,
      query: { fieldId, pid },
      schema: z
        .array(z.looseObject({ id: z.union([z.string(), z.number()]).transform(String), content: text }))
        .nullish()
        .transform((v) => v ?? []),
      ...(shared ? { signal: null } : {}),
    });
    return Object.freeze(list.map((o) => Object.freeze({ value: o.id, id: o.id, label: o.content }))) as FieldOption[];
  });
}

/**
 * `GET /v1/front/instead/getItemInfoByItemUserId`: the sign-up's item, session and field form, normalised
 * by the kit with every cascade level loaded for `values` (or the stored ones). `null`: no such sign-up of mine.
 */
export async function itemInfo(upstream: Upstream, itemUserId: number, values?: FieldValues | null): Promise<ItemInfo | null> {
  const answer = await upstream
    .call({ path: `${FRONT}/getItemInfoByItemUserId`, query: { itemUserId }, schema: ItemInfo, expect: ["business"] })
    .catch(notFoundAsNull);
  if (!answer) return null;
  const fields = await withCascadeLevels(upstream, normaliseStudentInfoFields(answer.fields), values, insteadCascadeOptions);
  return { ...answer, fields };
}

const Detail = z.object({
  ...ItemHead,
  submitTime: text,
  place: z
    .object({ placeId: id, placeName: text, address: text })
    .nullish()
    .transform((v) => v ?? null),
  fields: FieldList,
});
export type SignDetail = Omit<z.infer<typeof Detail>, "fields"> & { fields: DynamicField[] };

/** `GET /v1/student/instead/get/sign/detail`: status, refusal reason, exam place and the values as filled. */
export async function signDetail(upstream: Upstream, itemUserId: number): Promise<SignDetail | null> {
  const answer = await upstream.call({ path: `${STUDENT}/get/sign/detail`, query: { itemUserId }, schema: Detail, expect: ["business"] }).catch(notFoundAsNull);
  if (!answer) return null;
  const fields = await withCascadeLevels(upstream, normaliseStudentInfoFields(answer.fields), undefined, insteadCascadeOptions);
  return { ...answer, fields };
}

/** `GET v2/check/instead/sign/status ?itemUserId`: whether the form may be filled in now, else the upstream's reason. */
export async function signStatus(upstream: Upstream, itemUserId: number): Promise<{ editable: boolean; status: number; message: string } | null> {
  const answer = await upstream
    .call({ path: STATUS_CHECK, query: { itemUserId }, schema: z.looseObject({ editable: flag, status: flag, msg: text }), expect: ["business"] })
    .catch(notFoundAsNull);
  return answer ? { editable: answer.editable === 1, status: answer.status, message: answer.msg } : null;
}

/** The flow space check (spec 001 §7, path chosen `check/flow/space ?size`): whether `size` more bytes fit. */
export async function flowSpace(upstream: Upstream, size: number): Promise<{ enough: boolean; message: string }> {
  const answer = await upstream.call({ path: `${STUDENT}/check/flow/space`, query: { size }, schema: z.looseObject({ enough: flag, msg: text }) });
  return { enough: answer.enough === 1, message: answer.msg };
}

/** `POST saveItemFieldFormData { itemUserId, fieldList }`: the form (status becomes 1, under review). */
export function saveItemFieldFormData(upstream: Upstream, itemUserId: number, fieldList: FieldPayload[]) {
  return upstream.call({
    method: "POST",
    path: `${STUDENT}/saveItemFieldFormData`,
    body: { itemUserId, fieldList },
    schema: z.unknown(),
    expect: ["business"],
  });
}

/** `PUT assign/examine/place/batch { list: [{ itemUserId, placeId }] }`: all or nothing, seats counted upstream. */
export function assignPlaces(upstream: Upstream, list: Array<{ itemUserId: number; placeId: number }>) {
  return upstream.call({
    method: "PUT",
    path: `${STUDENT}/assign/examine/place/batch`,
    body: { list },
    schema: z.looseObject({ assigned: z.coerce.number().catch(0) }).nullish(),
    expect: ["business"],
  });
}

/** The upstream's 'no such sign-up' (another student's id, a deleted one): the page's 404. */
export const NOT_FOUND_CODE = "150010001";

function notFoundAsNull(error: unknown): null {
  if (
    error &&
    typeof error === "object" &&
    "kind" in error &&
    (error as { kind: string }).kind === "business" &&
    (error as { code?: string }).code === NOT_FOUND_CODE
  )
    return null;
  throw error;
}
