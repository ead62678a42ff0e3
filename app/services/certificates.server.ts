import * as z from "zod/v4";
import { normaliseCustomFields, type DynamicField, type FieldPayload } from "~/forms/dynamic-fields";
import type { Upstream } from "~/lib/http/upstream.server";

/**
 * Certificates (spec 001 §7 "Certificates"): list by status, count, unread, the train and learn PDFs,
 * and creating one: its unlock fields (`get/unlock/field`), the student's details for it
 * (`update/student` with `relationIds`), then `create/certificate`.
 */
const CER = "/saas-business/v1/certificate";

const Certificate = z.looseObject({
  id: z.number().int(),
  certificateName: z.string(),
  status: z.number().int(),
  type: z.enum(["train", "learn"]).catch("learn"),
  issueTime: z.string().nullish(),
  /** 1: not obtained yet, but its conditions are met: the student can create it (unlock fields first). */
  unlockFlag: z.coerce.number().catch(0),
});

export function listCertificates(upstream: Upstream, status: 0 | 1) {
  return upstream.call({ path: `${CER}/get/cer/list`, query: { status }, schema: z.array(Certificate) });
}

export function certificateCounts(upstream: Upstream) {
  return upstream.call({ path: `${CER}/get/cer/count`, schema: z.object({ obtained: z.number().int(), notObtained: z.number().int() }) });
}

export function unreadCertificates(upstream: Upstream) {
  return upstream.call({ path: `${CER}/get/unread/count`, schema: z.number().int().nonnegative() });
}

export function certificatePdfUrl(upstream: Upstream, id: number, kind: "train" | "learn") {
  return upstream.call({
    path: `${CER}/${kind === "train" ? "getTrainsPdfUrl" : "getLearnPdfUrl"}`,
    query: { id },
    schema: z.object({ url: z.url({ protocol: /^https?$/ }) }),
    expect: ["business"],
  });
}

const Unlock = z.object({
  id: z.number().int(),
  certificateName: z.string().catch(""),
  relationIds: z.union([z.string(), z.number()]).transform(String),
  fields: z.array(z.unknown()).catch([]),
});

/** The fields a certificate needs before it is created (the custom-field shape: decision 017's kit). */
export async function unlockFields(upstream: Upstream, id: number): Promise<{ id: number; name: string; relationIds: string; fields: DynamicField[] }> {
  const answer = await upstream.call({ path: `${CER}/get/unlock/field`, query: { id }, schema: Unlock, expect: ["business"] });
  // every unlock field must be given: it is printed on the certificate
  const fields = normaliseCustomFields(answer.fields).map((f) => ({ ...f, required: true }));
  return { id: answer.id, name: answer.certificateName, relationIds: answer.relationIds, fields };
}

export function updateCertificateStudent(upstream: Upstream, relationIds: string, fields: FieldPayload[]) {
  return upstream.call({ method: "POST", path: `${CER}/update/student`, body: { relationIds, fields }, schema: z.unknown(), expect: ["business"] });
}

export function createCertificate(upstream: Upstream, id: number) {
  return upstream.call({
    method: "POST",
    path: `${CER}/create/certificate`,
    body: { id },
    schema: z.looseObject({ id: z.number().int() }),
    expect: ["business"],
  });
}
