import * as z from "zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { namespaces } from "~/i18n.server";
import { requireStudentWith } from "~/lib/guards/guards.server";
import type { Portal } from "~/lib/portal.server";
import { safeRedirect } from "~/lib/security/redirect";
import { agreementHref, contentsHref, myAgreementsHref } from "~/services/study-links";
import { UpstreamError, type Upstream } from "~/lib/http/upstream.server";

/**
 * Agreements (spec 001 §4 "Agreement status", "Agreement signing"; §7 "Agreements and profile completion").
 *
 * For the lesson entry chain (issue 14): `agreementGate(portal, { commodityId, courseId, backUrl })` answers
 * `{ ok: true }` or `{ redirect }` to the signing page of the first agreement still to sign; the signing page
 * itself checks the student info first (the personal information form) and comes back to `backUrl` after.
 */
const SB = "/saas-business";

/** Spec 001 §4: 0/1 pending, 2/3 signed, 4 invalid, 5 no signing needed. */
export type AgreementStatus = 0 | 1 | 2 | 3 | 4 | 5;
export const isPending = (s: number) => s === 0 || s === 1;
export const isSigned = (s: number) => s === 2 || s === 3;

const Id = z.union([z.string(), z.number()]).transform(String);
const OptId = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? undefined : String(v)));

export const Agreement = z.looseObject({
  id: Id,
  protocolId: Id,
  protocolName: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  protocolType: z.coerce
    .number()
    .nullish()
    .transform((v) => v ?? 0),
  targetType: z.enum(["course", "classpackage"]).catch("course"),
  commodityId: OptId,
  courseId: OptId,
  classPackageId: OptId,
  targetName: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  agreementStatus: z.coerce.number().int().min(0).max(5).catch(4),
  signTime: z.number().nullish(),
});
export type Agreement = z.infer<typeof Agreement>;

const Flag = z
  .union([z.number(), z.string(), z.boolean()])
  .nullish()
  .transform((v) => v === 1 || v === "1" || v === true);

/** `GET /company/checkCompanyFunctionSet?functionCode=STUDENT_PROTOCOL_TYPE` → `{ functionCode, status }`: 1 when every agreement must be signed. */
const FunctionSet = z
  .object({ status: Flag })
  .nullish()
  .transform((v) => v?.status ?? false);
export function protocolAllRequired(upstream: Upstream): Promise<boolean> {
  return upstream.call({ path: `${SB}/company/checkCompanyFunctionSet`, query: { functionCode: "STUDENT_PROTOCOL_TYPE" }, schema: FunctionSet });
}

export const MY_AGREEMENTS_PAGE_SIZE = 50;

/** `POST /course/protocol/user/rel/find/myProtocol?page&pageSize` → the student's agreements. */
export async function myAgreements(upstream: Upstream, page = 1): Promise<{ list: Agreement[]; total: number }> {
  const answer = await upstream.call({
    method: "POST",
    path: `${SB}/course/protocol/user/rel/find/myProtocol`,
    query: { page, pageSize: MY_AGREEMENTS_PAGE_SIZE },
    body: {},
    schema: z.looseObject({
      total: z.coerce.number().nullish(),
      list: z
        .array(Agreement)
        .nullish()
        .transform((v) => v ?? []),
    }),
  });
  return { list: answer.list, total: answer.total ?? answer.list.length };
}

/** What the status control of one entry shows (spec 001 §4 and §2 dialog 4). */
export type AgreementAction =
  { kind: "sign"; andStudy: boolean; href: string } | { kind: "signed" } | { kind: "study"; href: string } | { kind: "invalid" } | { kind: "none" };

/** Where "enter study" goes for an entry: the course contents or the package's first course. */
export type StudyHref = (a: Agreement) => string;

export function agreementAction(a: Agreement, all: boolean, studyHref: StudyHref): AgreementAction {
  const status = a.agreementStatus;
  // "sign agreement and study" (one suffices) goes on to the course after signing; otherwise back to the list
  if (isPending(status))
    return { kind: "sign", andStudy: !all, href: agreementHref("edit", a.id, a.protocolId, { backUrl: all ? myAgreementsHref() : studyHref(a) }) };
  if (isSigned(status)) return all ? { kind: "signed" } : { kind: "study", href: studyHref(a) };
  if (status === 4) return { kind: "invalid" };
  return { kind: "none" };
}

/** The my-agreements list's loader part (spec 001 §2: `/personal/order?OrderTabIndex=2`), one parallel round. */
export async function loadMyAgreements(portal: Portal) {
  const [page, all] = await Promise.all([myAgreements(portal.upstream), protocolAllRequired(portal.upstream)]);
  return { agreements: page.list, total: page.total, all };
}

/** `POST /course/protocol/user/rel/getProtocolInfo`: one agreement with its text. */
export function agreementInfo(upstream: Upstream, id: string, protocolId: string) {
  return upstream.call({
    method: "POST",
    path: `${SB}/course/protocol/user/rel/getProtocolInfo`,
    body: { id, protocolId },
    schema: Agreement.extend({
      content: z
        .string()
        .nullish()
        .transform((v) => v ?? ""),
      signContent: z.string().nullish(),
    }),
    expect: ["business"],
  });
}

/** `POST /course/protocol/user/rel/checkProtocol`: the agreements governing a course (its own and its packages'). */
export function checkProtocol(upstream: Upstream, target: { commodityId: string | number; courseId?: string | number }) {
  return upstream.call({
    method: "POST",
    path: `${SB}/course/protocol/user/rel/checkProtocol`,
    body: { commodityId: String(target.commodityId), courseId: target.courseId === undefined ? undefined : String(target.courseId) },
    schema: z.looseObject({
      protocolAll: Flag,
      list: z
        .array(Agreement)
        .nullish()
        .transform((v) => v ?? []),
    }),
  });
}

export type Gate = { ok: true } | { redirect: string };

/**
 * The agreement step of the lesson entry chain (spec 001 §4 "Entering a lesson" 2): with "all agreements"
 * (STUDENT_PROTOCOL_TYPE) every pending one is signed in turn; otherwise one signed agreement (or one that
 * needs no signing) suffices. The redirect opens the first pending one's signing page, which returns to
 * `backUrl` (the chain) after.
 */
export async function agreementGate(portal: Portal, target: { commodityId: string | number; courseId?: string | number; backUrl: string }): Promise<Gate> {
  const { list, protocolAll } = await checkProtocol(portal.upstream, target);
  return gateOf(list, protocolAll, target.backUrl);
}

export function gateOf(list: Agreement[], all: boolean, backUrl: string): Gate {
  const relevant = list.filter((a) => a.agreementStatus !== 4);
  if (!relevant.length) return { ok: true };
  const pending = relevant.filter((a) => isPending(a.agreementStatus));
  if (!pending.length) return { ok: true };
  if (!all && relevant.some((a) => !isPending(a.agreementStatus))) return { ok: true };
  const first = pending[0]!;
  return { redirect: agreementHref("edit", first.id, first.protocolId, { backUrl }) };
}

/** `POST /coursePotocolUserRelation/insertProtocol` (form-encoded): the agree box was ticked. */
export function insertProtocol(upstream: Upstream, a: Agreement, signContent: string) {
  const productId = a.targetType === "classpackage" ? a.classPackageId : a.commodityId;
  return upstream.call({
    method: "POST",
    path: `${SB}/coursePotocolUserRelation/insertProtocol`,
    body: new URLSearchParams({ productId: productId ?? "", potocolId: a.protocolId, type: a.targetType, signContent }),
    schema: z.unknown(),
    expect: ["business"],
  });
}

const ResultForm = z.looseObject({
  action: z.string(),
  method: z.string().nullish(),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]).transform(String))
    .nullish()
    .transform((v) => v ?? {}),
});

/**
 * `POST /coursePotocolUserRelation/prepareAgreement` (protocolId, type PC, comId, classTypeId or
 * classPackageId, masterId): the e-sign provider's form; `returnUrl` is where the provider sends the student back.
 */
export async function prepareAgreement(upstream: Upstream, a: Agreement, companyId: string | number | undefined, returnUrl: string) {
  const answer = await upstream.call({
    method: "POST",
    path: `${SB}/coursePotocolUserRelation/prepareAgreement`,
    body: {
      protocolId: a.protocolId,
      type: "PC",
      comId: companyId === undefined ? undefined : String(companyId),
      ...(a.targetType === "classpackage" ? { classPackageId: a.classPackageId } : { classTypeId: a.courseId }),
      masterId: a.id,
      returnUrl,
    },
    schema: z.looseObject({ result: z.coerce.number().nullish(), resultForm: ResultForm.nullish(), msg: z.string().nullish() }),
  });
  if (answer.result === 1 && answer.resultForm) {
    const action = httpUrl(answer.resultForm.action);
    if (action) return { ok: true as const, action, params: answer.resultForm.params };
  }
  return { ok: false as const, message: answer.msg ?? "" };
}

function httpUrl(v: string): string | undefined {
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** "Enter study": a course's contents; a package's courses are on my packages page. */
export const studyHrefOf: StudyHref = (a) =>
  a.targetType === "classpackage" || !a.commodityId || !a.courseId ? "/personal/course/package" : contentsHref(a.commodityId, a.courseId);

/**
 * The my-agreements part of `/personal/order` (`?OrderTabIndex=2`; with `dialog=1&backUrl=` the same list in
 * the dialog of spec 001 §2 dialog 4). The route file dispatches on the query and calls this.
 */
export async function myAgreementsLoader(args: { request: Request; context: AppLoadContext }) {
  // the permission check runs in the same round as the list (one round per page)
  const {
    loaded: [{ agreements, all }, i18n],
  } = await requireStudentWith(args, "order.agreement", (portal) => Promise.all([loadMyAgreements(portal), namespaces(args.request, ["agreement"])]));
  const url = new URL(args.request.url);
  const entries = agreements.map((agreement) => ({ agreement, action: agreementAction(agreement, all, studyHrefOf) }));
  const dialog = url.searchParams.get("dialog") === "1" ? { closeHref: safeRedirect(url.searchParams.get("backUrl"), myAgreementsHref()) } : null;
  return { view: "agreements" as const, entries, all, dialog, i18n };
}

const AgreementParams = z.object({
  mode: z.enum(["check", "edit"]),
  curId: z.string().regex(/^\d{1,15}$/),
  protocolId: z.string().regex(/^\d{1,15}$/),
});

function agreementNotFound(): never {
  throw data({ kind: "notFound" }, { status: 404, headers: { "Cache-Control": "private, no-store" } });
}

/**
 * The agreement of `/agreement/{check|edit}/{curId}/{protocolId}` (and of the e-sign hand-over, `mode`
 * "edit"), with the safe `backUrl` (my agreements when none): 404 for ids that are not numbers or name no
 * agreement of this student.
 */
export async function loadAgreement(args: { request: Request; params: Record<string, string | undefined> }, portal: Portal, mode?: "edit") {
  const params = AgreementParams.safeParse({ mode: mode ?? args.params.mode, curId: args.params.curId, protocolId: args.params.protocolId });
  if (!params.success) agreementNotFound();
  // curId 0 (spec 001 §2): the student's relation is not known yet; `commodityId` in the query names the
  // course, whose agreement check gives the relation of this protocol
  if (params.data.curId === "0") {
    const url = new URL(args.request.url);
    const commodityId = url.searchParams.get("commodityId");
    if (!commodityId || !/^\d{1,15}$/.test(commodityId)) agreementNotFound();
    const { list } = await checkProtocol(portal.upstream, { commodityId });
    const found = list.find((a) => a.protocolId === params.data.protocolId);
    if (!found) agreementNotFound();
    const query = Object.fromEntries([...url.searchParams].filter(([k]) => k !== "commodityId"));
    throw redirect(agreementHref(params.data.mode, found.id, found.protocolId, query));
  }
  let agreement;
  try {
    agreement = await agreementInfo(portal.upstream, params.data.curId, params.data.protocolId);
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === "business") agreementNotFound();
    throw error;
  }
  const url = new URL(args.request.url);
  return { mode: params.data.mode, agreement, backUrl: safeRedirect(url.searchParams.get("backUrl"), myAgreementsHref()), url };
}
