import * as z from "zod/v4";
import type { Gate } from "~/services/agreements.server";
import type { Portal } from "~/lib/portal.server";
import { faceCheckHref } from "~/services/study-links";
import type { Upstream } from "~/lib/http/upstream.server";

/**
 * Face verification for studying (spec 001 §4 "Face verification status", "Face flow", "Face dialog"; §7
 * "Face verification", each call with `domain`, which the request function adds).
 *
 * For the lesson entry chain: `faceGate(portal, { backUrl })` answers `{ ok: true }` (status 0) or
 * `{ redirect }` to `/face/check?backUrl=`, which handles status 1 (the verification window) and 2 (the
 * face-info prompt) and returns to `backUrl` once passed.
 */
const FACE = "/saas-business/companyFaceVerify";

export type FaceStatus = 0 | 1 | 2;

/**
 * Which face check (decision 058): "class" the studying one (`check`, `getFaceVerifyUrl`: entering a lesson),
 * "common" the one not bound to a course (`commonCheck`, `commonFaceVerifyUrl`: an exam). Both answer the same
 * shapes; the face page carries the scope in its address (`scope=common`) to the window it opens.
 */
export type FaceScope = "class" | "common";
export const faceScopeOf = (v: string | null | undefined): FaceScope => (v === "common" ? "common" : "class");
const CHECK: Record<FaceScope, string> = { class: "check", common: "commonCheck" };
const VERIFY_URL: Record<FaceScope, string> = { class: "getFaceVerifyUrl", common: "commonFaceVerifyUrl" };

/** `GET check` / `GET commonCheck` → 0 not needed, 1 verify, 2 face info first. */
export async function faceStatus(upstream: Upstream, scope: FaceScope = "class"): Promise<FaceStatus> {
  const answer = await upstream.call({
    path: `${FACE}/${CHECK[scope]}`,
    schema: z.looseObject({ status: z.coerce.number().int().min(0).max(2).catch(1) }),
  });
  return answer.status as FaceStatus;
}

export async function faceGate(portal: Portal, target: { backUrl: string; scope?: FaceScope }): Promise<Gate> {
  const scope = target.scope ?? "class";
  const status = await faceStatus(portal.upstream, scope);
  return status === 0 ? { ok: true } : { redirect: faceCheckHref(target.backUrl, scope === "common" ? { scope } : {}) };
}

/** The personal face info (name, masked ID number) the face dialog loads on open. */
export function faceIdentity(upstream: Upstream) {
  return upstream.call({
    path: `${FACE}/identity`,
    schema: z.looseObject({
      name: z
        .string()
        .nullish()
        .transform((v) => v ?? ""),
      identityId: z
        .string()
        .nullish()
        .transform((v) => v ?? ""),
    }),
    expect: ["business"],
  });
}

/** `POST updateIdentity`: name, ID number (omitted when never edited) and identityTypeCode ID_IDCARD. */
export function updateFaceIdentity(upstream: Upstream, values: { name: string; identityId?: string }) {
  return upstream.call({
    method: "POST",
    path: `${FACE}/updateIdentity`,
    body: { name: values.name, ...(values.identityId === undefined ? {} : { identityId: values.identityId }), identityTypeCode: "ID_IDCARD" },
    schema: z.unknown(),
    expect: ["business"],
  });
}

/** `GET getFaceVerifyUrl` / `GET commonFaceVerifyUrl` → the provider's page (opened in a new tab) and the order number. */
export async function faceVerifyUrl(upstream: Upstream, scope: FaceScope = "class") {
  const answer = await upstream.call({
    path: `${FACE}/${VERIFY_URL[scope]}`,
    schema: z.looseObject({ url: z.string(), orderNo: z.union([z.string(), z.number()]).transform(String) }),
    expect: ["business"],
  });
  let url: URL;
  try {
    url = new URL(answer.url);
  } catch {
    throw new TypeError("face url is not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError("face url is not http(s)");
  return { url: url.toString(), orderNo: answer.orderNo };
}

/** `POST getResult (orderNo)` → 1 passed; anything else not (yet). */
export async function faceResult(upstream: Upstream, orderNo: string): Promise<number> {
  const answer = await upstream.call({
    method: "POST",
    path: `${FACE}/getResult`,
    body: { orderNo },
    schema: z.looseObject({ result: z.coerce.number().catch(0) }),
    expect: ["business"],
  });
  return answer.result;
}
