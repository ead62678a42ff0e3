import { SubmitButton } from "~/components/ui/SubmitButton";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n-runtime";
import { CsrfInput } from "~/components/csrf-token";
import { buttonClass } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";

/** The live-room entry of an open course (spec 001 §2 `/classModule/toLiveroom`). */
export const openCourseRoomHref = (openCourseId: number) => `/classModule/toLiveroom?openCourseId=${openCourseId}`;

/**
 * An open course's buttons (issue 14): not signed up → 'sign up' (a plain form post: works without JavaScript;
 * a visitor is sent to login and back); signed up → 'enter live' while on air, 'watch the replay' after, in a new
 * tab through the live-room entry; 'signed up' before it starts.
 */
export function OpenCourseActions({
  id,
  status,
  signedUp,
  onEnter,
}: {
  id: number;
  status: string;
  signedUp: boolean;
  /** with JavaScript: the live channel's liveIn / replayIn (decision 069) */
  onEnter?: (place: "live" | "replay") => void;
}) {
  const { t } = useTranslation("lesson");
  if (!signedUp) {
    return (
      <Form method="post" className="mt-3">
        <CsrfInput />
        <HiddenInput name="openCourseId" value={id} />
        <SubmitButton name="intent" value="signup" size="sm" className="font-medium" data-testid="open-signup">
          {t("open.signUp")}
        </SubmitButton>
      </Form>
    );
  }
  if (status === "live" || status === "replay") {
    return (
      <a
        href={openCourseRoomHref(id)}
        target="_blank"
        rel="noopener"
        onClick={onEnter ? () => onEnter(status === "live" ? "live" : "replay") : undefined}
        className={buttonClass({ size: "sm", className: "mt-3 font-medium" })}
        data-testid="open-enter"
      >
        {status === "live" ? t("open.enterLive") : t("open.watchReplay")}
      </a>
    );
  }
  return (
    <p className="mt-3 text-sm font-medium text-green-800" data-testid="open-signed">
      {t("open.signedUp")}
    </p>
  );
}
