import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { Empty } from "~/components/study/courses/parts";
import { useTimes } from "~/components/use-times";
import { useTranslation } from "~/i18n-runtime";
import { detailHref } from "~/services/instead-links";
import { Select } from "~/components/ui/Input";
import { Badge, type BadgeTone } from "~/components/ui/Badge";
import { Notice } from "~/components/ui/Notice";

export type SignUpRow = {
  itemUserId: number;
  itemName: string;
  examName: string;
  provinceName: string;
  examTime: string;
  fee: number;
  status: number;
  reason: string;
  signTime: string;
  placeName: string;
  places: Array<{ placeId: number; placeName: string; remain: number }>;
};

/** a sign-up's status (0 to fill in, 1 waiting for review, 2 in review, 3 refused, 4 passed) as the kit's badge tone */
const TONE: Record<number, BadgeTone> = { 0: "neutral", 1: "warning", 2: "brand", 3: "danger", 4: "success" };

export const fillHref = (itemUserId: number) => `/personal/course/apply/fill/${itemUserId}`;
export const NEW_HREF = "/personal/course/apply/new";

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation("instead");
  return (
    <Badge tone={TONE[status] ?? "neutral"} data-testid="sign-up-status">
      {t(`status.${status}`, { defaultValue: String(status) })}
    </Badge>
  );
}

/** My instead sign-ups (spec 001 §2 `/personal/course/apply`, §7 `myInsteadSignList`), newest first. */
export function SignUpList({ signUps }: { signUps: SignUpRow[] }) {
  const { t } = useTranslation("instead", { keyPrefix: "list" });
  const { moment } = useTimes();
  if (!signUps.length)
    return (
      <Empty href={NEW_HREF} action={t("newSignUp")}>
        {t("empty")}
      </Empty>
    );
  return (
    <ul className="divide-y divide-gray-100">
      {signUps.map((s) => (
        <li key={s.itemUserId} className="py-3" data-testid="sign-up" data-status={s.status} data-item-user-id={s.itemUserId}>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-medium">{s.itemName}</h2>
            <StatusBadge status={s.status} />
          </div>
          <p className="mt-1 text-sm text-gray-700">
            {t("province", { province: s.provinceName })} · {t("examTime", { time: moment(s.examTime) })} · {t("fee", { fee: s.fee })}
          </p>
          {s.placeName ? <p className="mt-0.5 text-sm text-gray-700">{t("place", { place: s.placeName })}</p> : null}
          {s.status === 3 && s.reason ? <p className="mt-0.5 text-sm text-red-700">{t("reason", { reason: s.reason })}</p> : null}
          <p className="mt-0.5 text-xs text-gray-600">{t("signTime", { time: moment(s.signTime) })}</p>
          <p className="mt-1 flex gap-4 text-sm">
            <a href={detailHref(s.itemUserId)} className="text-brand underline">
              {t("detail")}
            </a>
            {s.status === 0 || s.status === 3 ? (
              <a href={fillHref(s.itemUserId)} className="text-brand underline" data-testid="fill-link">
                {s.status === 0 ? t("fill") : t("refill")}
              </a>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The batch exam-place assignment (spec 001 §7 `PUT assign/examine/place/batch`): one select per approved
 * sign-up (places of its session with the seats left; full ones disabled) and one button for them all.
 * A plain post: works without JavaScript.
 */
export function AssignPlaces({ signUps, error, assigned }: { signUps: SignUpRow[]; error?: string; assigned?: number }) {
  const { t } = useTranslation("instead", { keyPrefix: "assign" });
  const approved = signUps.filter((s) => s.status === 2);
  if (!approved.length && !assigned) return null;
  return (
    <section aria-labelledby="assign-title" className="mt-6 rounded border border-gray-200 p-4" data-testid="assign-places">
      <h2 id="assign-title" className="font-medium">
        {t("title")}
      </h2>
      {assigned ? (
        <Notice tone="success" as="p" className="mt-2" data-testid="assign-done">
          {t("done", { count: assigned })}
        </Notice>
      ) : null}
      {approved.length ? (
        <Form method="post" className="mt-2 space-y-3" aria-describedby={error ? "assign-error" : undefined}>
          <AuthenticityTokenInput name="csrf" />
          <p className="text-sm text-gray-700">{t("intro")}</p>
          {error ? (
            <Notice tone="error" as="p" id="assign-error" data-testid="assign-error">
              {error}
            </Notice>
          ) : null}
          {approved.map((s) => (
            <div key={s.itemUserId}>
              <label htmlFor={`place-${s.itemUserId}`} className="field-label">
                {t("label", { name: s.itemName })}
              </label>
              <Select id={`place-${s.itemUserId}`} name={`place_${s.itemUserId}`} defaultValue="">
                <option value="">{t("choose")}</option>
                {s.places.map((p) => (
                  <option key={p.placeId} value={p.placeId} disabled={p.remain <= 0}>
                    {p.remain > 0 ? t("option", { name: p.placeName, remain: p.remain }) : t("optionFull", { name: p.placeName })}
                  </option>
                ))}
              </Select>
            </div>
          ))}
          <SubmitButton name="intent" value="assign" pendingLabel={t("pending")} size="sm" data-testid="assign-submit">
            {t("submit")}
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
