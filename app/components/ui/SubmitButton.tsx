import { useNavigation } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
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
  const navigation = useNavigation();
  const { t } = useTranslation("common");
  const busy = pending ?? (navigation.state !== "idle" && isOurs(ref.current, navigation.formAction, navigation.formData, name, value));
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

function isOurs(button: HTMLButtonElement | null, action: string | undefined, data: FormData | undefined, name: string | undefined, value: unknown): boolean {
  const form = button?.form;
  if (!form || !action || !data) return false;
  const target = new URL(action, location.href);
  const own = new URL(form.action || location.href, location.href);
  if (target.pathname !== own.pathname) return false;
  return name === undefined || data?.get(name) === String(value ?? "");
}
