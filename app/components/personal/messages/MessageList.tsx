import { useFetcher } from "@remix-run/react";
import { useTranslation } from "~/i18n-runtime";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { upstreamErrorText } from "~/lib/http/upstream-messages";
import { Button } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";
import { Pager, pagerWords } from "~/components/ui/Pager";
import { Badge } from "~/components/ui/Badge";

type T = (key: string, options?: Record<string, unknown>) => string;

/** A failed read or delete: the upstream's message in the page's language (a known code) or as it is; else a generic text. */
function failureText(t: T, errors: T, error: string): string {
  const text = upstreamErrorText(errors, error);
  return text ? t("failed", { message: text }) : t("failedUnknown");
}

type Message = { id: string; title: string; content: string; readFlag: boolean; createTime?: string | null };

/** The message list (spec 001 §7): count, the page's messages with read and delete, page links. */
export function MessageList({
  count,
  list,
  page,
  error,
}: {
  count: { unReadNum: number; total?: number | null };
  list: { records: Message[]; total: number; size: number };
  page: number;
  error?: string;
}) {
  const { t } = useTranslation("personal", { keyPrefix: "messages" });
  const { t: te } = useTranslation("errors");
  const pages = Math.max(1, Math.ceil(list.total / Math.max(1, list.size)));
  const href = (p: number) => (p > 1 ? `?page=${p}` : "?");
  return (
    <section aria-labelledby="messages-title" className="rounded border border-gray-200 bg-white p-5" data-testid="messages-page">
      <h1 id="messages-title" className="text-xl font-semibold">
        {t("title")}
      </h1>
      <p className="mt-1 text-sm text-gray-600" data-testid="message-count">
        {t("summary", { total: count.total ?? list.total, unread: count.unReadNum })}
      </p>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {failureText(t as T, te as T, error)}
        </p>
      ) : null}
      {list.records.length === 0 ? (
        <p className="mt-6 text-sm text-gray-600">{t("empty")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-100">
          {list.records.map((m) => (
            <MessageItem key={m.id} message={m} />
          ))}
        </ul>
      )}
      <Pager current={page} pages={pages} href={href} reloadDocument className="mt-4" words={pagerWords(t as T, { label: "pages" })} />
    </section>
  );
}

function MessageItem({ message }: { message: Message }) {
  const { t } = useTranslation("personal", { keyPrefix: "messages" });
  const { t: te } = useTranslation("errors");
  const fetcher = useFetcher<{ error?: string }>();
  const busy = fetcher.state !== "idle" ? String(fetcher.formData?.get("intent") ?? "") : null;
  // Optimistic: a message being deleted is hidden; one being read shows as read.
  if (busy === "delete") return null;
  const read = message.readFlag || busy === "read";
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
      data-testid="message"
      data-message-id={message.id}
      data-read={read ? "1" : "0"}
    >
      <div>
        <p className="font-medium">
          {read ? null : (
            <Badge tone="danger" className="mr-2">
              {t("unread")}
            </Badge>
          )}
          {message.title}
        </p>
        <p className="mt-1 text-sm text-gray-700">{message.content}</p>
        {fetcher.state === "idle" && fetcher.data?.error ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {failureText(t as T, te as T, fetcher.data.error)}
          </p>
        ) : null}
        {message.createTime ? <p className="mt-1 text-xs text-gray-500">{message.createTime}</p> : null}
      </div>
      <div className="flex shrink-0 gap-2">
        {read ? null : (
          <fetcher.Form method="post">
            <AuthenticityTokenInput name="csrf" />
            <HiddenInput name="id" value={message.id} />
            <Button type="submit" name="intent" value="read" aria-label={t("readLabel", { title: message.title })} variant="outline" size="sm">
              {t("markRead")}
            </Button>
          </fetcher.Form>
        )}
        <fetcher.Form method="post">
          <AuthenticityTokenInput name="csrf" />
          <HiddenInput name="id" value={message.id} />
          <Button type="submit" name="intent" value="delete" aria-label={t("deleteLabel", { title: message.title })} variant="dangerOutline" size="sm">
            {t("delete")}
          </Button>
        </fetcher.Form>
      </div>
    </li>
  );
}
