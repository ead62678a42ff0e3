import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AvatarForm } from "~/components/personal/data/AvatarForm";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type NamespaceParts, type RouteHandle } from "~/i18n.server";
import { getAccountInfo, setAvatar } from "~/services/account-settings.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { readImageUpload, type ImageUpload } from "~/services/image-upload.server";
import { requireValidUpload } from "~/lib/portal.server";
import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { ownAnswer } from "~/forms/form-failure";

export const handle = { i18n: ["personal", "fields", "upstream"] } as const satisfies RouteHandle;
// of those namespaces, the groups the page reads (decision 090); the loader's only, not in the browser's route module
const PARTS = { personal: ["avatar"] } as const satisfies NamespaceParts;

/**
 * The avatar (spec 001 §5 "Uploads", §7 `PUT head/portrait`): JPG/PNG only, at most 5 MB. Without
 * JavaScript a multipart post streamed to a temporary file and cut off past 5 MB (`readImageUpload`), the
 * CSRF token checked on its small text parts (`requireValidUpload`); with JavaScript the same post after a
 * preview. After a save the school loader runs again, so the header shows the new avatar at once.
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args, "setting.avatar");
  const [account, i18n] = await Promise.all([getAccountInfo(portal.upstream), namespaces(args.request, handle, PARTS)]);
  return { headPic: account.headPic ?? null, i18n };
}

export type AvatarAnswer = { error?: string; saved?: boolean };

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { upload } = await requireValidUpload<ImageUpload>(args, (request) => readImageUpload(request, { field: "avatar" }));
    try {
      const portal = await requireStudent(args, "setting.avatar");
      if (upload.error === "malformed") return data<AvatarAnswer>({ error: "malformed" }, { status: 400 });
      if (upload.error || !upload.image) return data<AvatarAnswer>({ error: upload.error ?? "required" }, { status: 400 });
      try {
        await setAvatar(portal.upstream, await upload.image.read());
      } catch (error) {
        if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
        return data<AvatarAnswer>({ error: upstreamFormError({ code: error.code, message: error.upstreamMessage }, "server:") }, { status: 400 });
      }
      return data<AvatarAnswer>({ saved: true });
    } finally {
      await upload.image?.remove();
    }
  });
}

export default function AvatarPage() {
  const { headPic, i18n } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "personal");
  useNamespaces(i18n, "fields");
  const answer = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-bold">{t("avatar.title")}</h1>
      <FormFailureNotice answer={answer} />
      <AvatarForm headPic={headPic} answer={ownAnswer(answer)} />
    </div>
  );
}
