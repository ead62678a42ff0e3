import { Form, useNavigation } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-token";
import { useTranslation } from "~/i18n-runtime";
import { Empty } from "./parts";
import { Button } from "~/components/ui/Button";
import { HiddenInput } from "~/components/ui/Input";
import { FilterLink } from "~/components/ui/FilterLink";
import { SearchForm } from "~/components/ui/SearchForm";

export type FavouriteQuery = { tab: "course" | "package"; categoryId?: number; keyword: string };
type Course = {
  collectId: number;
  commodityId: number;
  courseName: string;
  cover: string;
  price: number;
  categoryName: string;
  lessonCount: number;
  collectTime: string;
};
type Package = { collectId: number; packageId: number; packageName: string; cover: string; price: number; courseCount: number; collectTime: string };

/** The favourites page's address for a query. */
export function favouritesHref(q: Partial<FavouriteQuery>): string {
  const params = new URLSearchParams();
  if (q.tab === "package") params.set("tab", "package");
  if (q.tab !== "package" && q.categoryId) params.set("categoryId", String(q.categoryId));
  if (q.keyword) params.set("keyword", q.keyword);
  const s = params.toString();
  return `/personal/course/collect${s ? `?${s}` : ""}`;
}

/**
 * Favourites (spec 001 §2 `/personal/course/collect`, §7 'Collections'): courses or packages, the course
 * categories (classify), a search, and removal; links and plain forms, so all of it works without JavaScript.
 */
export function Favourites({
  query,
  classify,
  courses,
  packages,
  error,
}: {
  query: FavouriteQuery;
  classify: { courseCount: number; packageCount: number; categories: Array<{ categoryId: number; categoryName: string; count: number }> };
  courses: Course[];
  packages: Package[];
  error?: { key: string; message?: string } | null;
}) {
  const { t } = useTranslation("study", { keyPrefix: "collect" });
  const { t: te } = useTranslation("study", { keyPrefix: "errors" });
  const items = query.tab === "course" ? courses : packages;
  return (
    <div>
      <nav aria-label={t("kinds")} className="flex gap-2 text-sm">
        {(["course", "package"] as const).map((tab) => (
          <FilterLink key={tab} href={favouritesHref({ tab })} current={query.tab === tab} look="tab">
            {t(tab, { count: tab === "course" ? classify.courseCount : classify.packageCount })}
          </FilterLink>
        ))}
      </nav>
      {query.tab === "course" && classify.categories.length ? (
        <nav aria-label={t("categories")} className="mt-3 flex flex-wrap gap-2 text-xs" data-testid="collect-categories">
          <FilterLink href={favouritesHref({ tab: "course", keyword: query.keyword })} current={!query.categoryId} look="chip">
            {t("all")}
          </FilterLink>
          {classify.categories.map((c) => (
            <FilterLink
              key={c.categoryId}
              href={favouritesHref({ tab: "course", categoryId: c.categoryId, keyword: query.keyword })}
              current={query.categoryId === c.categoryId}
              look="chip"
            >
              {c.categoryName} ({c.count})
            </FilterLink>
          ))}
        </nav>
      ) : null}
      <SearchForm
        id="collect-keyword"
        name="keyword"
        label={t("searchLabel")}
        button={t("search")}
        defaultValue={query.keyword}
        className="mt-3 flex gap-2"
        hidden={
          <>
            {query.tab === "package" ? <HiddenInput name="tab" value="package" /> : null}
            {query.tab === "course" && query.categoryId ? <HiddenInput name="categoryId" value={query.categoryId} /> : null}
          </>
        }
      />
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {te(error.key, { message: error.message ?? "" })}
        </p>
      ) : null}
      {items.length === 0 ? (
        <Empty>{query.keyword ? t("emptySearch", { keyword: query.keyword }) : t("empty")}</Empty>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {query.tab === "course"
            ? courses.map((c) => (
                <Item
                  key={c.collectId}
                  kind="course"
                  collectId={c.collectId}
                  name={c.courseName}
                  cover={c.cover}
                  href={`/course/detail/${c.commodityId}`}
                  meta={`${c.categoryName} · ${t("lessonCount", { count: c.lessonCount })} · ${c.price > 0 ? t("price", { price: c.price }) : t("free")}`}
                  time={c.collectTime}
                />
              ))
            : packages.map((p) => (
                <Item
                  key={p.collectId}
                  kind="package"
                  collectId={p.collectId}
                  name={p.packageName}
                  cover={p.cover}
                  href={`/coursePackage/detail/${p.packageId}`}
                  meta={`${t("courseCount", { count: p.courseCount })} · ${t("price", { price: p.price })}`}
                  time={p.collectTime}
                />
              ))}
        </ul>
      )}
    </div>
  );
}

function Item({
  kind,
  collectId,
  name,
  cover,
  href,
  meta,
  time,
}: {
  kind: "course" | "package";
  collectId: number;
  name: string;
  cover: string;
  href: string;
  meta: string;
  time: string;
}) {
  const { t } = useTranslation("study", { keyPrefix: "collect" });
  const navigation = useNavigation();
  const removing = navigation.formData?.get("collectId") === String(collectId) && navigation.formData?.get("kind") === kind;
  if (removing) return null; // optimistic: gone while the removal is on its way
  return (
    <li className="flex gap-3 rounded border border-gray-200 p-3" data-testid="favourite" data-collect-id={collectId} data-kind={kind}>
      <img src={cover} alt="" width={120} height={68} className="h-[68px] w-[120px] shrink-0 rounded bg-gray-100 object-cover" />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-medium">
          <a href={href} className="hover:text-brand">
            {name}
          </a>
        </h2>
        <p className="mt-0.5 text-xs text-gray-600">{meta}</p>
        <p className="mt-0.5 text-xs text-gray-500">{t("collectTime", { time })}</p>
        <Form method="post" className="mt-1">
          <CsrfInput />
          <HiddenInput name="intent" value="remove" />
          <HiddenInput name="kind" value={kind} />
          <HiddenInput name="collectId" value={collectId} />
          <Button type="submit" aria-label={t("removeLabel", { name })} variant="dangerLink" className="text-xs">
            {t("remove")}
          </Button>
        </Form>
      </div>
    </li>
  );
}
