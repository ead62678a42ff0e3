import * as z from "zod/v4";
import { failureOf, type Failure } from "~/services/membership.server";
import type { Upstream } from "~/lib/http/upstream.server";

/**
 * Invoices (spec 001 §7 "Invoices": /v1/invoice/getInvoiceFunction, template, companyInvoice,
 * saveOrUpdateTemplate, saveCompanyInvoice; decision 032): requested from a paid order.
 */
const BASE = "/saas-business/v1/invoice";

const Fn = z.object({ enabled: z.boolean(), titleTypes: z.array(z.string()).catch([]) });
const Template = z.object({ titleType: z.enum(["personal", "company"]), title: z.string(), taxNo: z.string().nullish(), email: z.string() }).nullable();
export type InvoiceTemplate = z.infer<typeof Template>;
const Invoice = z
  .object({
    orderNo: z.string(),
    titleType: z.string(),
    title: z.string(),
    taxNo: z.string().nullish(),
    email: z.string(),
    amountCents: z.number().int(),
    status: z.string(),
    createdAt: z.number(),
  })
  .nullable();
export type Invoice = z.infer<typeof Invoice>;
export type InvoiceInput = { titleType: "personal" | "company"; title: string; taxNo?: string; email: string };

export function getInvoiceFunction(upstream: Upstream) {
  return upstream.call({ path: `${BASE}/getInvoiceFunction`, schema: Fn });
}
export function getInvoiceTemplate(upstream: Upstream) {
  return upstream.call({ path: `${BASE}/template`, schema: Template });
}
export function getOrderInvoice(upstream: Upstream, orderNo: string) {
  return upstream.call({ path: `${BASE}/companyInvoice`, query: { orderNo }, schema: Invoice });
}
const body = (f: InvoiceInput) => ({ titleType: f.titleType, title: f.title, taxNo: f.titleType === "company" ? f.taxNo : null, email: f.email });
export async function saveInvoiceTemplate(upstream: Upstream, f: InvoiceInput): Promise<{ ok: true } | Failure> {
  try {
    await upstream.call({ method: "POST", path: `${BASE}/saveOrUpdateTemplate`, body: body(f), schema: z.unknown(), expect: ["business"] });
    return { ok: true };
  } catch (error) {
    return failureOf(error);
  }
}
export async function requestInvoice(upstream: Upstream, orderNo: string, f: InvoiceInput): Promise<{ ok: true } | Failure> {
  try {
    await upstream.call({ method: "POST", path: `${BASE}/saveCompanyInvoice`, body: { orderNo, ...body(f) }, schema: z.unknown(), expect: ["business"] });
    return { ok: true };
  } catch (error) {
    return failureOf(error);
  }
}
