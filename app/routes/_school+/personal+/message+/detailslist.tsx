import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod/v4";
import { MessageList } from "~/components/personal/messages/MessageList";
import { requireStudent } from "~/lib/guards/guards.server";
import { deleteMessage, MESSAGE_PAGE_SIZE, messageCount, messagePage, readMessage } from "~/services/messages.server";
import { requireValidPost } from "~/lib/portal.server";
import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { ownAnswer } from "~/forms/form-failure";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type NamespaceParts, type RouteHandle } from "~/i18n.server";

/** The upstream's messages by code: a read or a delete may answer one (decision 075). */
export const handle = { i18n: ["upstream", "personal"] } as const satisfies RouteHandle;
// of those namespaces, the groups the page reads (decision 090); the loader's only, not in the browser's route module
const PARTS = { personal: ["messages"] } as const satisfies NamespaceParts;

/** `?page=`: a whole number from 1; anything else is page 1 (never a 500). */
function pageOf(url: URL): number {
  const n = Number(url.searchParams.get("page") ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** Messages (spec 001 §7 "Messages"): the count, a page of messages, read and delete. */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args, "message.detailslist");
  const page = pageOf(new URL(args.request.url));
  const [count, list, i18n] = await Promise.all([
    messageCount(portal.upstream),
    messagePage(portal.upstream, { page, pageSize: MESSAGE_PAGE_SIZE }),
    namespaces(args.request, handle, PARTS),
  ]);
  return { count, list, page, i18n };
}

// a function, not a module-level schema: a top-level zod call stays in the page's browser bundle (decision 023)
const messageAction = () => {
  const id = z.string().regex(/^[0-9A-Za-z_-]{1,40}$/);
  return z.discriminatedUnion("intent", [z.object({ intent: z.literal("read"), id }), z.object({ intent: z.literal("delete"), id })]);
};

/**
 * Read or delete as plain form posts: 303 back to the same page (`?page=` kept), so a reload never
 * posts again; with JavaScript the same forms go through a fetcher and the school loader revalidates
 * (the header's unread dot follows).
 */
export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args, "message.detailslist");
    const url = new URL(args.request.url);
    const back = `${url.pathname}${pageOf(url) > 1 ? `?page=${pageOf(url)}` : ""}`;
    const submission = parseWithZod(formData, { schema: messageAction() });
    // the message id comes from the row's buttons: a refusal of the schema is a post no button makes
    if (submission.status !== "success") return data({ error: "badRequest" }, { status: 400 });
    const { intent, id } = submission.value;
    try {
      if (intent === "read") await readMessage(portal.upstream, id);
      else await deleteMessage(portal.upstream, id);
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
      // a code the portal knows in the page's language (upstream-messages.ts), any other message as it is
      return data({ error: upstreamFormError({ code: error.code, message: error.upstreamMessage }, "server:") }, { status: 400 });
    }
    return redirect(back, { status: 303 });
  });
}

export default function MessagesPage() {
  const d = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  useNamespaces(d.i18n, "personal");
  return (
    <>
      <FormFailureNotice answer={failed} className="mb-3" />
      <MessageList count={d.count} list={d.list} page={d.page} error={ownAnswer(failed)?.error} />
    </>
  );
}
