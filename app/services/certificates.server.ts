import * as z from "zod/v4";
import type { Upstream } from "~/services/upstream.server";

/** Certificates (spec 001 §7 "Certificates"): list by status, count, unread, the train and learn PDFs. */
const CER = "/saas-business/v1/certificate";

const Certificate = z.looseObject({
  id: z.number().int(),
  certificateName: z.string(),
  status: z.number().int(),
  type: z.enum(["train", "learn"]).catch("learn"),
  issueTime: z.string().nullish(),
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
