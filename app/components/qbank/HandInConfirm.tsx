import { CsrfInput } from "~/components/csrf-token";
import { DialogPage } from "~/components/ui/Dialog";
import type { T } from "~/components/qbank/parts";
import { Button, buttonClass } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";

/**
 * "Hand in with N questions unanswered?" (issue 21): the exam paper's and the practice page's hand-in asks
 * first when questions are unanswered, in the one dialog (decision 039, DialogPage). Without JavaScript the
 * hand-in post answers this as a page (the answers sent with it were saved): "hand in anyway" posts `fields`
 * with `confirm=1`, "go back" is a link to `backHref`. With JavaScript the page opens it itself: `onConfirm`
 * hands in, `onBack` closes it in place. `t` is the qbank namespace's.
 */
export function HandInConfirm({
  unanswered,
  total,
  t,
  backHref,
  fields,
  onConfirm,
  onBack,
}: {
  unanswered: number;
  total: number;
  t: T;
  backHref: string;
  fields?: Record<string, string>;
  onConfirm?: () => void;
  onBack?: () => void;
}) {
  return (
    <DialogPage title={t("handIn.title")} width={500} closeHref={backHref} onClose={onBack} testId="hand-in-confirm">
      <p className="mb-2 font-semibold" data-testid="hand-in-unanswered">
        {t("handIn.unanswered", { count: unanswered, total })}
      </p>
      <p className="mb-4 text-sm text-gray-600">{t("doing.submitConfirm")}</p>
      <div className="flex flex-wrap gap-2">
        {onConfirm ? (
          <Button type="button" variant="danger" onClick={onConfirm}>
            {t("handIn.anyway")}
          </Button>
        ) : (
          <form method="post">
            <CsrfInput />
            {Object.entries(fields ?? {}).map(([name, value]) => (
              <HiddenInput key={name} name={name} value={value} />
            ))}
            <HiddenInput name="confirm" value="1" />
            <Button type="submit" variant="danger">
              {t("handIn.anyway")}
            </Button>
          </form>
        )}
        {onBack ? (
          <Button type="button" variant="outline" onClick={onBack}>
            {t("handIn.back")}
          </Button>
        ) : (
          <a href={backHref} className={buttonClass({ variant: "outline" })}>
            {t("handIn.back")}
          </a>
        )}
      </div>
    </DialogPage>
  );
}
