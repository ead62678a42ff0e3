import * as z from "zod/v4";
import { failureOf, type Failure } from "~/services/membership.server";
import type { Upstream } from "~/lib/http/upstream.server";

/**
 * Study cards (spec 001 §7 "Study cards": POST /v1/study/card/check/code (code), POST create/order,
 * GET get/return/info, GET get/class/package/info; decision 032): a card opens a package or a course;
 * redeeming it places an order the card pays, and enrols.
 */
const BASE = "/saas-business/v1/study/card";

const Card = z.object({
  code: z.string(),
  kind: z.enum(["package", "course"]),
  targetId: z.number().int(),
  name: z.string(),
  expiresAt: z.number(),
  courses: z.array(z.object({ commodityId: z.number().int(), courseName: z.string(), priceCents: z.number().int(), bought: z.boolean() })),
});
export type StudyCard = z.infer<typeof Card>;
const Made = z.object({ orderNo: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });
const Return = z.object({
  orderNo: z.string(),
  code: z.string(),
  usedAt: z.number(),
  name: z.string(),
  courses: z.array(z.object({ commodityId: z.number().int(), courseName: z.string(), enrolled: z.boolean() })),
});
export type CardReturn = z.infer<typeof Return>;

export async function checkCardCode(upstream: Upstream, code: string): Promise<{ ok: true; card: StudyCard } | Failure> {
  try {
    return { ok: true, card: await upstream.call({ method: "POST", path: `${BASE}/check/code`, body: { code }, schema: Card, expect: ["business"] }) };
  } catch (error) {
    return failureOf(error);
  }
}
export async function createCardOrder(upstream: Upstream, code: string): Promise<({ ok: true } & z.infer<typeof Made>) | Failure> {
  try {
    return {
      ok: true,
      ...(await upstream.call({ method: "POST", path: `${BASE}/create/order`, body: { code }, schema: Made, charges: true, expect: ["business"] })),
    };
  } catch (error) {
    return failureOf(error);
  }
}
/** The redemption's result; undefined when the upstream does not know it (or it is another student's). */
export async function getCardReturnInfo(upstream: Upstream, orderNo: string): Promise<CardReturn | undefined> {
  try {
    return await upstream.call({ path: `${BASE}/get/return/info`, query: { orderNo }, schema: Return, expect: ["business"] });
  } catch (error) {
    failureOf(error);
    return undefined;
  }
}
