import type { LoaderFunctionArgs } from "@remix-run/node";
import { getCustomFieldData } from "~/services/account-settings.server";
import { getCustomizeInfo } from "~/services/custom-fields.server";
import { attachmentDisposition, fetchTemplateFile, templateUrlOf, TEMPLATE_PAGES, type TemplatePage } from "~/services/field-template.server";
import { requireStudent } from "~/lib/guards/guards.server";

const NO_STORE = { "Cache-Control": "private, no-store" };
const refuse = (status: 404 | 502) =>
  new Response(status === 404 ? "Not Found\n" : "Bad Gateway\n", { status, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });

/**
 * `GET /fields/template/{page}/{fieldCode}`: an annex field's 'download template' (spec 001 §2 "Dynamic custom
 * fields"; decision 076). `page` names the form whose field it is, and the route keeps that page's rules:
 * `complete`, the complete-information dialog (`/info/complete`: a signed-in student; its fields from
 * `customize/info`, associated ones hidden), `data`, the personal data page's custom section
 * (`/personal/setting/data`: the `setting.data` entry; `get/custom/field/data`). The file is the one that
 * page's own data names for that field; any query is ignored (no open proxy). It is streamed with
 * `Content-Disposition: attachment` under the file's name (RFC 5987 for Chinese names).
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = TEMPLATE_PAGES.find((p) => p === args.params.page) as TemplatePage | undefined;
  const code = args.params.field ?? "";
  if (!page || !code || code.length > 200) return refuse(404);
  const portal = await requireStudent(args, page === "data" ? "setting.data" : undefined);
  const fields = page === "data" ? await getCustomFieldData(portal.upstream) : (await getCustomizeInfo(portal.upstream)).fields.filter((f) => !f.associated);
  const address = templateUrlOf(fields, code);
  if (!address) return refuse(404);
  const file = await fetchTemplateFile(portal.upstream, address);
  if (!file) return refuse(502);
  return new Response(file.body, {
    headers: {
      ...NO_STORE,
      "Content-Type": file.type,
      ...(file.length ? { "Content-Length": file.length } : {}),
      "Content-Disposition": attachmentDisposition(file.name),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
