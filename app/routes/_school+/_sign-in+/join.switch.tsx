import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-token";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useNamespaces } from "~/components/use-namespaces";
import { LinkSwitchSchema } from "~/forms/login";
import { namespaces, type RouteHandle } from "~/i18n.server";
import { UpstreamError } from "~/lib/http/upstream.server";
import { getPortal, isLoggedIn, requireValidPost, type Portal } from "~/lib/portal.server";
import { safeRedirect } from "~/lib/security/redirect";
import { applySignIn } from "~/lib/state/session.server";
import { getCurrentUser, userByToken, type CurrentUser } from "~/services/auth.server";
import { expireCsrfCookie } from "~/services/login.server";
import { displayName } from "~/services/shell.server";

export const handle = { i18n: ["login"] } satisfies RouteHandle;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title ?? "" }, { name: "robots", content: "noindex" }];

export const headers = () => ({ "Cache-Control": "private, no-store" });

/** The link's credentials still waiting for the student's answer (issue 36 §2), or null. */
function pendingOf(portal: Portal) {
  const pending = portal.session.get("linkSignIn");
  return pending && pending.expiresAt > Date.now() && isLoggedIn(portal) ? pending : null;
}

/** Where the student goes when there is nothing to ask: the link's page (its address cleaned), else home. */
async function leave(portal: Portal, notice?: string) {
  const to = safeRedirect(portal.session.get("linkSignIn")?.to);
  portal.session.unset("linkSignIn");
  if (notice) portal.session.flash("notice", notice);
  return redirect(to, { headers: { "Set-Cookie": await portal.commitSession() } });
}

/** A name that tells two accounts apart without showing a whole mobile number to whoever holds the screen. */
function shownName(user: CurrentUser): string {
  const name = displayName(user);
  return /^1\d{10}$/.test(name) ? `${name.slice(0, 3)}****${name.slice(7)}` : name;
}

/**
 * `/join/switch` (issue 36 §2, login CSRF): a sign-in link (`?code=` / `?token=`, spec 000 §4) opened while
 * another user is signed in does not switch the session silently. The link's code was exchanged (it is
 * single-use) and its credentials wait in the session (sealed: decision 094); this page says who is signed in
 * and whom the link is for, and asks: continue as the link's user (a CSRF-checked post: a new session, as
 * every login) or stay. Both names come from one parallel round. Works without JavaScript (two submit buttons).
 */
export async function loader(args: LoaderFunctionArgs) {
  const portal = await getPortal(args);
  const pending = pendingOf(portal);
  if (!pending) return leave(portal);
  let linked: CurrentUser;
  let current: CurrentUser;
  let i18n: Awaited<ReturnType<typeof namespaces>>;
  try {
    [current, linked, i18n] = await Promise.all([
      getCurrentUser(portal.upstream),
      userByToken(portal.upstream, pending.token),
      namespaces(args.request, handle),
    ]);
  } catch (error) {
    // the link's token no longer answers: nothing to switch to
    if (error instanceof UpstreamError && error.kind === "business") return leave(portal, "signInLinkInvalid");
    throw error;
  }
  const title = (i18n.bundles.login as { switch: { title: string } }).switch.title;
  return data({ i18n, title, current: shownName(current), linked: shownName(linked) });
}

export async function action(args: ActionFunctionArgs) {
  const { portal, formData } = await requireValidPost(args);
  const submission = parseWithZod(formData, { schema: LinkSwitchSchema });
  if (submission.status !== "success") return data({ error: "malformed" }, { status: 400 });
  const pending = pendingOf(portal);
  if (!pending || submission.value.intent === "stay") return leave(portal);
  applySignIn(portal.session, pending);
  const headers = new Headers({ "Set-Cookie": await portal.commitSession() });
  headers.append("Set-Cookie", expireCsrfCookie(portal.tenant.secure));
  return redirect(safeRedirect(pending.to), { headers });
}

export default function LinkSwitch() {
  const { i18n, current, linked } = useLoaderData<typeof loader>();
  const { t } = useNamespaces(i18n, "login");
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-2xl font-semibold">{t("switch.title")}</h1>
      <p className="mt-4" data-testid="switch-current">
        {t("switch.current", { name: current })}
      </p>
      <p className="mt-2" data-testid="switch-linked">
        {t("switch.linked", { name: linked })}
      </p>
      <p className="mt-2 text-gray-700">{t("switch.warning")}</p>
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        <CsrfInput />
        <SubmitButton name="intent" value="stay">
          {t("switch.stay", { name: current })}
        </SubmitButton>
        <SubmitButton name="intent" value="switch" variant="outline">
          {t("switch.continue", { name: linked })}
        </SubmitButton>
      </Form>
    </div>
  );
}
