import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "~/components/form/use-form";
import { FaceCheck, type FaceView } from "~/components/study/face/FaceCheck";
import { facePostSchema, faceSchema } from "~/forms/face";
import { formConstraint } from "~/forms/constraint.server";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { faceIdentity, faceResult, faceScopeOf, faceStatus, updateFaceIdentity } from "~/services/face.server";
import { requireStudent } from "~/lib/guards/guards.server";
import { requireValidPost, type Portal } from "~/lib/portal.server";
import { safeRedirect } from "~/lib/security/redirect";
import { upstreamFormError } from "~/lib/http/upstream-messages.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { formAction } from "~/lib/http/form-failure.server";
import { ownAnswer } from "~/forms/form-failure";

/**
 * The face step (spec 001 §4 "Face verification status", "Face flow", "Face dialog"; §2 dialog 3, width 500,
 * not closable by the mask; §5; §8): `/face/check?backUrl=`.
 * - status 0: on to backUrl;
 * - status 2: the face info form (name, ID number, the binding note; cancel reports failure 2, success goes on
 *   to the verification); an ID number never edited is omitted from the submit;
 * - status 1: the verification window opens in a new tab (`/face/start`, a form with target _blank); 'done'
 *   fetches the result: 1 passes (backUrl), anything else asks 're-verify?' (re-verify opens a new window,
 *   cancel reports failure 2).
 * The order number stays in the session, out of the address.
 */
export const handle = { i18n: ["agreement", "upstream"] } satisfies RouteHandle;

const backUrlOf = (request: Request) => safeRedirect(new URL(request.url).searchParams.get("backUrl"), "/personal/course/lessons");

async function viewOf(portal: Portal, request: Request): Promise<FaceView | null> {
  const status = await faceStatus(portal.upstream, faceScopeOf(new URL(request.url).searchParams.get("scope")));
  if (status === 0) return null;
  if (status === 2) {
    const identity = await faceIdentity(portal.upstream).catch((error) => {
      if (error instanceof UpstreamError && error.kind === "business") return { name: "", identityId: "" };
      throw error;
    });
    return { kind: "info", name: identity.name, identityId: identity.identityId, constraint: formConstraint(faceSchema(identity.identityId)) };
  }
  return { kind: "verify", started: !!portal.session.get("faceOrder") };
}

export async function loader(args: LoaderFunctionArgs) {
  const portal = await requireStudent(args);
  const backUrl = backUrlOf(args.request);
  const [view, i18n] = await Promise.all([viewOf(portal, args.request), namespaces(args.request, handle)]);
  if (!view) throw redirect(backUrl);
  return { view, backUrl, i18n };
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, async () => {
    const { formData } = await requireValidPost(args);
    const portal = await requireStudent(args);
    const backUrl = backUrlOf(args.request);
    const posted = parseWithZod(formData, { schema: facePostSchema() });
    if (posted.status !== "success") return data({ view: (await viewOf(portal, args.request)) ?? ({ kind: "failed" } as FaceView) }, { status: 400 });
    const { intent } = posted.value;
    const here = new URL(args.request.url);
    const cookie = async () => ({ "Set-Cookie": await portal.commitSession() });

    // cancel (face info or the re-verify question) reports failure 2
    if (intent === "cancel") {
      portal.session.unset("faceOrder");
      return data({ view: { kind: "failed" } as FaceView, result: 2 }, { headers: await cookie() });
    }

    if (intent === "done") {
      const orderNo = portal.session.get("faceOrder");
      if (!orderNo) throw redirect(here.pathname + here.search, 303);
      let result: number;
      try {
        result = await faceResult(portal.upstream, orderNo);
      } catch (error) {
        if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
        result = 0;
      }
      if (result === 1) {
        portal.session.unset("faceOrder");
        throw redirect(backUrl, { status: 303, headers: await cookie() });
      }
      // spec 001 §8: 'the system detected that face recognition was not passed, re-verify?'
      return data({ view: { kind: "notPassed" } as FaceView, result });
    }

    // "info": the face info form, its schema built on the identity on file (loaded for this branch only)
    const view = await viewOf(portal, args.request);
    if (!view) throw redirect(backUrl, 303);
    if (view.kind !== "info") throw redirect(here.pathname + here.search, 303);
    const submission = parseWithZod(formData, { schema: faceSchema(view.identityId) });
    if (submission.status !== "success") return data({ view, reply: submission.reply() }, { status: 400 });
    const edited = submission.value.identityId !== view.identityId;
    try {
      await updateFaceIdentity(portal.upstream, { name: submission.value.name, identityId: edited ? submission.value.identityId : undefined });
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.kind !== "business") throw error;
      // spec 001 §8: the server message; none → 'Submit failed'
      return data(
        { view, reply: submission.reply({ formErrors: [upstreamFormError({ code: error.code, message: error.upstreamMessage }, "submitFailed")] }) },
        { status: 400 },
      );
    }
    // success reports 1: on to the verification
    throw redirect(here.pathname + here.search, 303);
  });
}

export default function FaceCheckPage() {
  const { view, backUrl, i18n } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <FaceCheck
      view={ownAnswer(answer)?.view ?? view}
      failure={answer}
      reply={answer && "reply" in answer ? (answer.reply as SubmissionResult<string[]>) : undefined}
      backUrl={backUrl}
      i18n={i18n}
    />
  );
}
