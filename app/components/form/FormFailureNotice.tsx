import { Link } from "@remix-run/react";
import { Notice } from "~/components/ui/Notice";
import { formFailureError, isFormFailure, MY_ORDERS_HREF } from "~/forms/form-failure";
import { useTranslation } from "~/i18n-runtime";
import { upstreamErrorText } from "~/lib/http/upstream-messages";

/**
 * Decision 042: the message of a form whose upstream call failed (nothing saved, try again), for a form
 * that does not show its conform form error itself (forms on `useForm` show `result.error[""]` through
 * `errorText` already). An order or payment that may have gone through says so and links to the orders
 * (a real link, not a retry). Renders nothing for any other answer.
 */
export function FormFailureNotice({ answer, className = "" }: { answer: unknown; className?: string }) {
  const { t } = useTranslation("errors");
  if (!isFormFailure(answer)) return null;
  const error = formFailureError(answer.formFailure);
  return (
    <Notice tone="error" data-testid="form-failure" className={className}>
      <p>{upstreamErrorText(t as never, error) ?? error}</p>
      {answer.formFailure.uncertain ? (
        <p className="mt-1">
          <Link to={MY_ORDERS_HREF} className="font-semibold underline" data-testid="check-orders">
            {t("formFailure.checkOrders")}
          </Link>
        </p>
      ) : null}
    </Notice>
  );
}

/**
 * The orders link under a kit form's own error line when that error is an order or payment that may have
 * gone through (`failed:uncertain`, decision 042): check my orders, never a blind retry. Nothing otherwise.
 */
export function CheckOrders({ error }: { error: string | undefined }) {
  const { t } = useTranslation("errors");
  if (error !== formFailureError({ kind: "timeout", uncertain: true })) return null;
  return (
    <p className="mt-1 text-sm">
      <Link to={MY_ORDERS_HREF} className="font-semibold text-red-700 underline" data-testid="check-orders">
        {t("formFailure.checkOrders")}
      </Link>
    </p>
  );
}
