import { fileNameOf, type DynamicField } from "~/forms/dynamic-fields";
import { fetchOutside, OutsideError } from "~/lib/http/outside.server";
import type { Upstream } from "~/lib/http/upstream.server";

/**
 * An annex field's 'download template' (spec 001 §2 "Dynamic custom fields": "Annex fields may offer 'view
 * sample' (image preview) and 'download template'"; decision 076). The upstream names the template's file
 * (`stencilPathUrl` of a custom field) on a CDN of its own; the portal links its own route
 * (`/fields/template/{page}/{fieldCode}`), which finds the field in the data the page itself loads and
 * streams that file as an attachment under the file's name. The address never comes from the request: the
 * route is no proxy for any other file.
 */

/** The pages whose forms offer templates: each with its own data and its own sign-in rules. */
export const TEMPLATE_PAGES = ["complete", "data"] as const;
export type TemplatePage = (typeof TEMPLATE_PAGES)[number];

export function templatePath(page: TemplatePage, fieldCode: string): string {
  return `/fields/template/${page}/${encodeURIComponent(fieldCode)}`;
}

/** The fields as the page sends them: each template's upstream address replaced by the portal's route (sub-fields too). */
export function withTemplateLinks(fields: DynamicField[], page: TemplatePage): DynamicField[] {
  return fields.map((f) => ({
    ...f,
    templateUrl: f.templateUrl ? templatePath(page, f.code) : undefined,
    conditions: f.conditions.map((c) => ({ ...c, fields: withTemplateLinks(c.fields, page) })),
  }));
}

/** The upstream address of the template of the field `code` among `fields` and their sub-fields (the first found). */
export function templateUrlOf(fields: DynamicField[], code: string): string | undefined {
  for (const field of fields) {
    if (field.code === code && (field.type === "annex" || field.type === "image")) return field.templateUrl;
    const nested = templateUrlOf(
      field.conditions.flatMap((c) => c.fields),
      code,
    );
    if (nested) return nested;
  }
  return undefined;
}

/**
 * `attachment` with the file's name: an ASCII `filename` for old clients (anything else becomes `_`) and
 * RFC 5987's `filename*` (UTF-8, percent-encoded) that every current browser prefers (RFC 6266 §4.3).
 */
export function attachmentDisposition(name: string): string {
  const clean = name.replace(/[\r\n"\\/]/g, "_").trim() || "template";
  const ascii = clean.replace(/[^\x20-\x7e]/g, "_");
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export type TemplateFile = { body: ReadableStream<Uint8Array>; type: string; length?: string; name: string };

/**
 * The template's file, fetched from where the upstream keeps it (its answer's absolute http(s) address, as
 * the sandbox's `/__static/files/...`) through `fetchOutside` (decision 082: the upstream's time-out and the
 * request's signal, Server-Timing and metrics under the label `template-file`, no redirect followed).
 * `undefined` when it cannot be had (not http(s), a redirect, an error status, a timeout, the network).
 */
export async function fetchTemplateFile(upstream: Upstream, address: string): Promise<TemplateFile | undefined> {
  let response: Response;
  try {
    response = await fetchOutside(upstream.ctx, address, { label: "template-file" });
  } catch (error) {
    if (error instanceof OutsideError) return undefined;
    throw error; // the visitor went away
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return undefined;
  }
  return {
    body: response.body,
    type: response.headers.get("Content-Type") ?? "application/octet-stream",
    length: response.headers.get("Content-Length") ?? undefined,
    name: fileNameOf(address),
  };
}
