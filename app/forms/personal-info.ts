/**
 * The personal information form (spec 001 §2 dialog 2, §4 "Personal form", §5 "Personal form required
 * fields and messages" and "checks"): which fields it shows comes from the deficiency info; the schema
 * (`personal-info-schema.ts`, server side: decision 023) is built for exactly those. Error keys resolve in the
 * `agreement` namespace under `info.errors`. No zod here: the component imports this module.
 */
export type InfoFieldName = "name" | "identityTypeCode" | "identityId" | "mobile" | "sex" | "educationCode" | "address";

/** Spec 001 §5: 15 or 18 digits, the last of 18 may be X or x. */
export const ID_CARD_RE = /^(\d{15}|\d{17}[\dXx])$/;
/** Spec 001 §5 / §9: 11 digits starting with 1. */
export const MOBILE_11_RE = /^1\d{10}$/;
export const SEXES = ["MALE", "FEMALE"] as const;

/** The form's parsed values (`personalSchema`'s output). */
export type PersonalParsed = {
  name?: string;
  identityTypeCode?: string;
  identityId?: string;
  mobile?: string;
  smsCode?: string;
  sex?: string;
  educationCode?: string;
  province?: string;
  city?: string;
  county?: string;
  addressDetail?: string;
};

export type FormShape = {
  /** The deficient fields, in the form's order. */
  fields: InfoFieldName[];
  /** The current (maybe masked) ID number and mobile: left unchanged they are sent as SRC. */
  identityIdNow: string;
  mobileNow: string;
  /** mobileFlag 1 and a phone exists: the phone cannot be edited. */
  mobileLocked: boolean;
};

/** The mobile was edited (so an SMS code must come with it). */
export function mobileChanged(shape: FormShape, mobile: string | undefined): boolean {
  return shape.fields.includes("mobile") && !shape.mobileLocked && !!mobile && mobile !== shape.mobileNow;
}

/**
 * What `perfectStudentInfo` gets: the asked fields; a deficient ID number or mobile left unchanged as the
 * marker SRC (spec 001 §5).
 */
export function toPayload(shape: FormShape, v: PersonalParsed): Record<string, string> {
  const out: Record<string, string> = {};
  const has = (f: InfoFieldName) => shape.fields.includes(f);
  if (has("name")) out.name = v.name ?? "";
  if (has("identityTypeCode")) out.identityTypeCode = v.identityTypeCode ?? "";
  if (has("identityId")) out.identityId = shape.identityIdNow && v.identityId === shape.identityIdNow ? "SRC" : (v.identityId ?? "");
  if (has("mobile")) {
    if (shape.mobileLocked || !v.mobile || v.mobile === shape.mobileNow) out.mobile = "SRC";
    else {
      out.mobile = v.mobile;
      out.smsCode = v.smsCode ?? "";
    }
  }
  if (has("sex")) out.sex = v.sex ?? "";
  if (has("educationCode")) out.educationCode = v.educationCode ?? "";
  if (has("address")) {
    out.province = v.province ?? "";
    out.city = v.city ?? "";
    out.county = v.county ?? "";
    out.addressDetail = v.addressDetail ?? "";
  }
  return out;
}

export type Region = { name: string; cities: Array<{ name: string; counties: string[] }> };

/** Spec 001 §4: changing the province clears city and county; changing the city clears the county. */
export function keepRegion(regions: Region[], province: string, city: string, county: string) {
  const p = regions.find((r) => r.name === province);
  const c = p?.cities.find((x) => x.name === city);
  return { province: p ? province : "", city: c ? city : "", county: c?.counties.includes(county) ? county : "" };
}
