import { useNavigation } from "@remix-run/react";
import { useRef, type ReactNode, type RefObject } from "react";
import { Button, type ButtonProps } from "~/components/ui/Button";
import { useTranslation } from "~/i18n-runtime";

type Props = Omit<ButtonProps, "type"> & {
  children: ReactNode;
  /** the label while the form posts (default: common `feedback.pending`, "提交中…") */
  pendingLabel?: ReactNode;
  /** a fetcher form's own state (`fetcher.state !== "idle"`); by default the page navigation's */
  pending?: boolean;
};

/**
 * A form's submit button that, with JavaScript, is disabled and says so while ITS form posts (issue 12
 * §2): the navigation is a submission (posting, or loading what the post answered) to this button's form's action and, when the button has a
 * `name`, with this button's `value` (a form with two submit intents shows only the pressed one busy).
 * Without JavaScript it is a plain submit button. Fetcher forms pass `pending` themselves.
 */
export function SubmitButton({ children, pendingLabel, pending, disabled, name, value, ...rest }: Props) {
  const ref = useRef<HTMLButtonElement>(null);
  const { t } = useTranslation("common");
  const busy = useBusy(ref, name, value, pending);
  return (
    <Button
      ref={ref}
      type="submit"
      name={name}
      value={value}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      data-pending={busy || undefined}
      {...rest}
    >
      {busy ? (pendingLabel ?? t("feedback.pending")) : children}
    </Button>
  );
}

/**
 * A form's DEFAULT action (decision 085). Enter in a form's field (a text field, and in Chromium a checkbox or
 * radio too) clicks the form's default button: HTML's implicit submission, with or without JavaScript. The
 * default button is the form's FIRST submit button in tree order, whatever it looks like; in a form whose
 * first submit is a second action (send the SMS code, load the next level's options, cancel, the previous
 * question, remove an item) Enter did that instead of the form's main action. This is the form's first child:
 * a submit button with the main action's `name` and `value`, so it is the default button and posts what the
 * main button posts (the page's navigation shows the main button busy, decision 082's blur post carries its
 * intent). It is out of sight (`sr-only`), out of the tab order (`tabIndex=-1`) and out of the accessibility
 * tree (`aria-hidden`): a screen reader announces one button, the visible one. Disabled while its form posts,
 * as the main button is (a second Enter sends nothing), and when `disabled` says so.
 *
 * Every form whose first submit is not its main action starts with one (tests/unit/pages/default-action.test.ts
 * lists them): register, login by SMS, forgot password, account settings' mobile and SMS-password forms,
 * personal information, complete information, face information, every form drawing `DynamicFields`, the cart,
 * the practice question.
 */
export function DefaultSubmit({
  name,
  value,
  pending,
  disabled,
}: {
  /** the main button's name and value (none when the main button has none) */
  name?: string;
  value?: string;
  /** a fetcher form's own state, as SubmitButton's */
  pending?: boolean;
  disabled?: boolean;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const busy = useBusy(ref, name, value, pending);
  return (
    <button
      ref={ref}
      type="submit"
      name={name}
      value={value}
      disabled={busy || disabled}
      tabIndex={-1}
      aria-hidden="true"
      className="sr-only"
      data-default-submit=""
    />
  );
}

/** Whether a submit button's post is on its way: `pending` (a fetcher's), else the page navigation's. */
function useBusy(ref: RefObject<HTMLButtonElement | null>, name: string | undefined, value: unknown, pending: boolean | undefined): boolean {
  const navigation = useNavigation();
  return pending ?? (navigation.state !== "idle" && isOurs(ref.current, navigation.formAction, navigation.formData, name, value));
}

function isOurs(button: HTMLButtonElement | null, action: string | undefined, data: FormData | undefined, name: string | undefined, value: unknown): boolean {
  const form = button?.form;
  if (!form || !action || !data) return false;
  const target = new URL(action, location.href);
  const own = new URL(form.action || location.href, location.href);
  if (target.pathname !== own.pathname) return false;
  return name === undefined || data?.get(name) === String(value ?? "");
}
