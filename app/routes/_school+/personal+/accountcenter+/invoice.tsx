import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { InvoicePage } from "~/components/account/InvoicePage";
import { useNamespaces } from "~/components/use-namespaces";
import { formConstraint } from "~/forms/constraint.server";
import { namespaces, type RouteHandle } from "~/i18n.server";
import {
  formFailure,
  InvoicePostSchema,
  InvoiceSchema,
  noticeOf,
  postedIntent,
  replyFor,
  typed,
  upstreamFailure,
  type FormOutcome,
} from "~/services/account-centre.server";
import { requireStudent, requireStudentWith } from "~/lib/guards/guards.server";
import { getInvoiceFunction, getInvoiceTemplate, getOrderInvoice, requestInvoice, saveInvoiceTemplate } from "~/services/invoices.server";
import { getOrder } from "~/services/orders.server";
import { requireValidPost } from "~/lib/portal.server";
import { formAction } from "~/lib/http/form-failure.server";
import { newCreateKey, oneCreate } from "~/lib/state/one-create.server";
import { keptIdemKey } from "~/forms/form-failure";

export const handle = { i18n: ["account", "upstream"] } satisfies RouteHandle;

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const PAGE = "/personal/accountcenter/invoice";
const ORDER_NO = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * `/personal/accountcenter/invoice?orderNo=` (spec 001 §7 "Invoices"), reached from a paid order in order
 * management: the company's invoice switch, the invoice already requested, or the form (personal or
 * company title, tax number, email; filled from the saved template, "save as my template").
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const orderNo = url.searchParams.get("orderNo") ?? "";
  // the login check, then the permission check beside the page's calls (one round); a malformed
  // address is a 404 only for a student who may see the page
  const {
    loaded: [order, fn, template, invoice, i18n],
  } = await requireStudentWith(args, "order.order", async (portal) => {
    if (!ORDER_NO.test(orderNo)) throw data(null, { status: 404 });
    return Promise.all([
      getOrder(portal.upstream, orderNo),
      getInvoiceFunction(portal.upstream),
      getInvoiceTemplate(portal.upstream),
      getOrderInvoice(portal.upstream, orderNo),
      namespaces(args.request, handle),
    ]);
  });
  if (!order) throw data(null, { status: 404 });
  return data({
    order,
    enabled: fn.enabled,
    template,
    invoice,
    i18n,
    notice: noticeOf(url),
    constraint: formConstraint(InvoiceSchema),
    idemKey: newCreateKey(),
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(
    args,
    async () => {
      const { formData } = await requireValidPost(args);
      const portal = await requireStudent(args, "order.order");
      const orderNo = new URL(args.request.url).searchParams.get("orderNo") ?? "";
      const fields = typed(formData, ["titleType", "title", "taxNo", "email", "saveTemplate"]);
      const parsed = parseWithZod(formData, { schema: InvoicePostSchema });
      if (!ORDER_NO.test(orderNo) || !postedIntent(parsed, ["apply"])) return data(formFailure("invoice", fields, { "": ["malformed"] }), { status: 400 });
      if (parsed.status !== "success") return data(replyFor("invoice", parsed), { status: 400 });
      const input = { titleType: parsed.value.titleType, title: parsed.value.title, taxNo: parsed.value.taxNo, email: parsed.value.email };
      return oneCreate(args, "invoice", async () => {
        const r = await requestInvoice(portal.upstream, orderNo, input);
        if (!r.ok) return data(upstreamFailure("invoice", fields, "", r), { status: 400 });
        if (parsed.value.saveTemplate) {
          const saved = await saveInvoiceTemplate(portal.upstream, input);
          if (!saved.ok) return data(upstreamFailure("invoice", fields, "", saved), { status: 400 });
        }
        return redirect(`${PAGE}?orderNo=${encodeURIComponent(orderNo)}&notice=invoiced`, 303);
      });
    },
    "invoice",
  ); // an upstream failure answers this page's form
}

export default function InvoiceRoute() {
  const d = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>() as FormOutcome | undefined;
  useNamespaces(d.i18n, "account");
  return (
    <InvoicePage {...d} idemKey={keptIdemKey(outcome, d.idemKey)} outcome={outcome ?? null} action={`${PAGE}?orderNo=${encodeURIComponent(d.order.orderNo)}`} />
  );
}
