import { isRouteErrorResponse, Link } from "@remix-run/react";
import { useEffect } from "react";
import { COURSE_NAME_MAX } from "~/forms/course-query";
import { useTranslation } from "~/i18n-runtime";
import { Button, buttonClass } from "~/components/ui/Button";
import { Input } from "~/components/ui/Input";

type ErrorData = { kind?: string; message?: string; pageId?: string };

/**
 * The branded error page: the status, the spec's message where it names one, and a way back.
 * Never a stack trace; an upstream message is shown as text (React escapes it).
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation("errors");
  let status = 500;
  let body: ErrorData = {};
  if (isRouteErrorResponse(error)) {
    status = error.status;
    body = typeof error.data === "object" && error.data !== null ? (error.data as ErrorData) : {};
  }
  const kind = body.kind ?? (status === 404 ? "notFound" : status === 405 ? "methodNotAllowed" : "unexpected");
  const interceptHref = body.kind === "intercepted" && body.pageId ? `/security-check/${encodeURIComponent(body.pageId)}` : undefined;

  // With JavaScript the security check opens in a new window by itself (spec 000 section 8).
  useEffect(() => {
    if (interceptHref) window.open(interceptHref, "_blank", "noopener");
  }, [interceptHref]);

  let message: string;
  switch (kind) {
    case "timeout":
    case "unavailable":
    case "bad-response":
    case "captcha":
    case "intercepted":
    case "forbidden":
    case "unauthorized":
    case "conflict":
    case "notFound":
    case "methodNotAllowed":
    case "siteNotFound":
    case "malformedBody":
      message = t(kind);
      break;
    case "business":
      message = t("business", { message: body.message ?? "" });
      break;
    case "blocked":
      message = body.message ? t("blocked", { message: body.message }) : t("blockedDefault");
      break;
    default:
      message = t("unexpected");
  }

  // A missing page or a request the address does not take (issue 12 §2): say so in words and offer
  // the home page and a course search; trying again could not help.
  if (kind === "notFound" || kind === "methodNotAllowed") {
    return (
      <section className="mx-auto max-w-xl px-6 py-20 text-center" aria-labelledby="error-title" data-error-kind={kind}>
        <h1 id="error-title" className="text-2xl font-semibold">
          {t(`${kind}Title`)}
        </h1>
        <p className="mt-4 text-gray-700" role="alert">
          {message}
        </p>
        <p className="mt-6 text-sm text-gray-600">{t("nextSteps")}</p>
        <form action="/course/list" method="get" role="search" className="mx-auto mt-3 flex max-w-sm gap-2" data-testid="error-search">
          <label htmlFor="error-search" className="sr-only">
            {t("searchLabel")}
          </label>
          <Input
            id="error-search"
            name="courseName"
            type="search"
            maxLength={COURSE_NAME_MAX}
            placeholder={t("searchPlaceholder")}
            className="min-w-0 flex-1"
          />
          <Button type="submit">{t("search")}</Button>
        </form>
        <p className="mt-6">
          <Link className="inline-block rounded border border-gray-300 px-4 py-2" to="/home/index" reloadDocument>
            {t("backHome")}
          </Link>
        </p>
        <p className="mt-8 text-xs text-gray-500">{t("status", { status })}</p>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-xl px-6 py-20 text-center" aria-labelledby="error-title" data-error-kind={kind}>
      <p className="text-5xl font-bold text-brand">{status}</p>
      <h1 id="error-title" className="mt-4 text-2xl font-semibold">
        {t("title")}
      </h1>
      <p className="mt-2 text-sm text-gray-500">{t("status", { status })}</p>
      <p className="mt-6 text-gray-700" role="alert">
        {message}
      </p>
      <div className="mt-8 flex justify-center gap-4">
        {interceptHref ? (
          <a className={buttonClass()} href={interceptHref} target="_blank" rel="noopener noreferrer">
            {t("openCheck")}
          </a>
        ) : null}
        <a className="rounded border border-gray-300 px-4 py-2" href="">
          {t("retry")}
        </a>
        <Link className={buttonClass()} to="/home/index" reloadDocument>
          {t("backHome")}
        </Link>
      </div>
    </section>
  );
}
