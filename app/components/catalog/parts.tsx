import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import type { PagerWords } from "~/components/ui/Pager";

/** Shared pieces of the public sections: images without layout shift, prices, pagination, cards. */

type ImgProps = { src: string; alt: string; width: number; height: number; eager?: boolean; className?: string };

/** An image with its size reserved; lazy unless it is above the fold (`eager`). Empty src: a tinted box. */
export function Img({ src, alt, width, height, eager, className = "" }: ImgProps) {
  if (!src) return <span role="img" aria-label={alt} className={`block bg-gray-200 ${className}`} style={{ aspectRatio: `${width} / ${height}` }} />;
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      {...(eager ? { fetchpriority: "high" } : {})}
      className={`block h-auto w-full bg-gray-200 ${className}`}
    />
  );
}

export const yuan = (n: number) => `¥${Number.isInteger(n) ? n : n.toFixed(2)}`;

type PriceLike = { price: number; memberPrice?: number | null; originalPrice?: number | null; freeFlag?: number };

/** Free, the real price (with the crossed-out original one) and the member price. */
export function Price({ item, t, large }: { item: PriceLike; t: TFunction; large?: boolean }) {
  const free = item.freeFlag === 1 || item.price === 0;
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${large ? "text-lg" : "text-sm"}`}>
      {free ? (
        <span className="font-semibold text-green-700">{t("price.free")}</span>
      ) : (
        <>
          <span className="font-semibold text-red-700">
            <span className="sr-only">{t("price.label")}</span>
            {yuan(item.price)}
          </span>
          {item.originalPrice && item.originalPrice > item.price ? (
            <s className="text-xs text-gray-600">
              <span className="sr-only">{t("price.original")}</span>
              {yuan(item.originalPrice)}
            </s>
          ) : null}
          {item.memberPrice !== null && item.memberPrice !== undefined ? (
            <span className="text-xs text-amber-800">{t("price.member", { price: yuan(item.memberPrice) })}</span>
          ) : null}
        </>
      )}
    </p>
  );
}

/** The public catalogue's pager words (numbered pagers: "第 2/5 页，共 48 条"). */
export function catalogPagerWords(t: TFunction): PagerWords {
  return {
    label: t("pager.label"),
    prev: t("pager.prev"),
    next: t("pager.next"),
    status: ({ current, pages, total }) => t("pager.summary", { current, pages, total, count: total }),
    page: (page) => t("pager.page", { page }),
  };
}

/** A section page: heading, optional intro line, content. */
export function SectionPage({
  title,
  intro,
  children,
  labelId = "section-title",
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  labelId?: string;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 id={labelId} className="text-2xl font-bold">
        {title}
      </h1>
      {intro ? <div className="mt-2 text-gray-700">{intro}</div> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded border border-dashed border-gray-300 px-6 py-10 text-center text-gray-700" role="status">
      {children}
    </p>
  );
}

type CourseCardData = {
  commodityId: number;
  courseName: string;
  cover: string;
  price: number;
  memberPrice: number | null;
  originalPrice: number | null;
  freeFlag: number;
  studyCount: number;
  lessonCount: number;
  categoryName: string;
  teachers: Array<{ teacherName: string }>;
};

export function CourseCard({ course, t, eager, action }: { course: CourseCardData; t: TFunction; eager?: boolean; action?: ReactNode }) {
  return (
    <li className="overflow-hidden rounded-lg border border-gray-200 bg-white">
      <Link to={`/course/detail/${course.commodityId}`} className="block">
        <Img src={course.cover} alt="" width={320} height={180} eager={eager} />
        <div className="p-3">
          <h3 className="line-clamp-2 min-h-[2.5rem] font-medium">{course.courseName}</h3>
          <p className="mt-1 text-xs text-gray-600">
            {[course.categoryName, course.teachers.map((x) => x.teacherName).join("、")].filter(Boolean).join(" · ")}
          </p>
          <p className="mt-1 text-xs text-gray-600">{t("course.stats", { lessons: course.lessonCount, students: course.studyCount })}</p>
          <div className="mt-2">
            <Price item={course} t={t} />
          </div>
        </div>
      </Link>
      {action ? <div className="px-3 pb-3">{action}</div> : null}
    </li>
  );
}

/** `action`: a control under a card, outside its link (the course list's "add to cart"). */
export function CourseGrid({
  courses,
  t,
  eagerCount = 0,
  action,
}: {
  courses: CourseCardData[];
  t: TFunction;
  eagerCount?: number;
  action?: (course: CourseCardData) => ReactNode;
}) {
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
      {courses.map((c, i) => (
        <CourseCard key={c.commodityId} course={c} t={t} eager={i < eagerCount} action={action?.(c)} />
      ))}
    </ul>
  );
}

/** Minutes of a duration in seconds, for lesson lists. */
export function minutes(seconds: number): number {
  return Math.max(1, Math.round(seconds / 60));
}

/** A validity of 36500 days or more is the upstream's way of saying "for life" (issue 12). */
export const LIFETIME_DAYS = 36500;
export function isLifetime(days: number): boolean {
  return days >= LIFETIME_DAYS;
}
