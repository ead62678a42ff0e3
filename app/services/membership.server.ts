import * as z from "zod/v4";
import { UpstreamError, type Upstream } from "~/lib/http/upstream.server";

/**
 * Membership in the account centre (spec 001 §7 "Account: membership, points, coupons"; decision 032):
 * the levels and the membership in force (`/v1/account/member/list`), the purchase records
 * (`charge/history/list`), `refresh/member/status`, and `make/member/order` (mem_id, mem_type), which
 * places an unpaid order of the shop that the student pays at the provider (`/payment/pay`, decision 028).
 */
const BASE = "/saas-business/v1/account";

const Level = z.object({
  id: z.number().int(),
  levelName: z.string(),
  priceCents: z.number().int(),
  durationDays: z.number().int(),
  discount: z.number().nullish(),
  benefits: z.array(z.string()).catch([]),
});
export type MemberLevel = z.infer<typeof Level>;
const Active = z.object({ levelId: z.number().int(), levelName: z.string(), startsAt: z.number(), expiresAt: z.number() });
const MemberList = z.object({ memberFlag: z.number().int(), active: Active.nullish(), levels: z.array(Level) });
export type MemberInfo = z.infer<typeof MemberList>;
const Record_ = z.object({
  id: z.number().int(),
  levelId: z.number().int(),
  levelName: z.string(),
  orderNo: z.string().nullish(),
  payCents: z.number().int(),
  startsAt: z.number(),
  expiresAt: z.number(),
  createdAt: z.number(),
});
export type MemberRecord = z.infer<typeof Record_>;
const History = z.object({ list: z.array(Record_) });
const Status = z.object({ memberFlag: z.number().int(), expiresAt: z.number().nullish(), levelName: z.string().nullish() });
const Made = z.object({ orderNo: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/), status: z.number().int(), payCents: z.number().int() });

/** mem_type: 1 open a membership, 2 renew the one in force (the sandbox extends from its end either way). */
export const MEM_TYPE = { OPEN: 1, RENEW: 2 } as const;

export function getMemberInfo(upstream: Upstream) {
  return upstream.call({ path: `${BASE}/member/list`, schema: MemberList });
}
export async function getMemberHistory(upstream: Upstream) {
  return (await upstream.call({ path: `${BASE}/charge/history/list`, schema: History })).list;
}
export function refreshMemberStatus(upstream: Upstream) {
  return upstream.call({ path: `${BASE}/refresh/member/status`, schema: Status });
}

export type Failure = { ok: false; code: string; message: string };
export const failureOf = (error: unknown): Failure => {
  if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
  return { ok: false, code: error.code ?? "", message: error.upstreamMessage ?? "" };
};

export async function makeMemberOrder(
  upstream: Upstream,
  memId: number,
  memType: number,
  idemKey: string,
): Promise<({ ok: true } & z.infer<typeof Made>) | Failure> {
  try {
    const made = await upstream.call({
      method: "POST",
      path: `${BASE}/make/member/order`,
      body: { mem_id: memId, mem_type: memType, idemKey },
      schema: Made,
      charges: true,
      expect: ["business"],
    });
    return { ok: true, ...made };
  } catch (error) {
    return failureOf(error);
  }
}
