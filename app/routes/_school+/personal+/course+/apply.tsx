import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AssignPlaces, NEW_HREF, SignUpList } from "~/components/instead/SignUpList";
import { errorText } from "~/components/form/messages";
import { StudyPage } from "~/components/study/courses/parts";
import { useNamespaces } from "~/components/use-namespaces";
import { namespaces, type RouteHandle } from "~/i18n.server";
import * as z from "zod/v4";
import { requireStudent, requireStudentWith } from "~/lib/guards/guards.server";
import { assignPlaces, mySignList } from "~/services/instead.server";
import { requireValidPost } from "~/lib/portal.server";
import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";
import { FormFailureNotice } from "~/components/form/FormFailureNotice";
import { ownAnswer } from "~/forms/form-failure";
import { buttonClass } from "~/components/ui/Button";

export const handle = { i18n: ["instead", "upstream"] } satisfies RouteHandle;

/**
 * Instead sign-up, my list (spec 001 §2 `/personal/course/apply` "proxy exam sign-up", §7 'Instead sign-up'
 * `myInsteadSignList`; decision 036): each sign-up with its status, the way to fill in (or again after a
 * refusal) and its details; the approved ones get their exam places in one batch
 * (`PUT assign/examine/place/batch`), a plain form.
 */
export async function loader(args: LoaderFunctionArgs) {
  // the permission check and the page's calls in one round
  const { loaded } = await requireStudentWith(args, "course.apply", (p) => Promise.all([mySignList(p.upstream), namespaces(args.request, handle)]));
  const [signUps, i18n] = loaded;
  return { signUps, i18n };
}

/**
 * The assign form: `intent=assign` and `place_<itemUserId>` = a place id for each sign-up given a place
 * ("" = none chosen), read as the list to assign. Built in the action (no zod at a route's top level,
 * decision 023).
 */
const assignSchema = () =>
  z
    .object({ intent: z.literal("assign") })
    .catchall(z.unknown())
    .transform((post, ctx) => {
      const list: Array<{ itemUserId: number; placeId: number }> = [];
      for (const [name, value] of Object.entries(post)) {
        const m = /^place_(\d{1,12})$/.exec(name);
        if (!m || value === undefined || value === "") continue;
        if (typeof value !== "string" || !/^\d{1,12}$/.test(value)) {
          ctx.addIssue({ code: "custom", path: [name], message: "malformed" });
          return z.NEVER;
        }
        list.push({ itemUserId: Number(m[1]), placeId: Number(value) });
      }
      return list;
    });

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args, "course.apply");
    const submission = parseWithZod(formData, { schema: assignSchema() });
    // the places come from the page's selects: a refusal of the schema is a post the page does not make
    if (submission.status !== "success") throw data(null, { status: 400 });
    const list = submission.value;
    if (!list.length) return data({ error: "noPlace", assigned: 0 }, { status: 400 });
    try {
      const answer = await assignPlaces(portal.upstream, list);
      return { error: undefined, assigned: answer?.assigned || list.length };
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
      // a full place, a sign-up not approved: the upstream's message; nothing was assigned
      return data({ error: upstreamFormError({ code: error.code, message: error.upstreamMessage }, "failed"), assigned: 0 }, { status: 400 });
    }
  });
}

export default function ApplyPage() {
  const d = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const answer = ownAnswer(failure);
  const { t } = useNamespaces(d.i18n, "instead");
  return (
    <StudyPage title={t("titles.list")} testId="my-sign-ups">
      <p className="-mt-2 mb-3 text-right text-sm">
        <a href={NEW_HREF} className={buttonClass({ variant: "brandOutline", size: "sm" })} data-testid="new-sign-up">
          {t("list.newSignUp")}
        </a>
      </p>
      <SignUpList signUps={d.signUps} />
      <FormFailureNotice answer={failure} className="mt-3" />
      <AssignPlaces signUps={d.signUps} error={errorText(t as never, answer?.error)} assigned={answer?.assigned} />
    </StudyPage>
  );
}
