import { useEffect, useState, type ComponentType, type ReactNode } from "react";
import { ArrowUpIcon, CloseIcon, HeadsetIcon, MailIcon, PhoneIcon, QqIcon, WechatIcon, WeiboIcon, type IconProps } from "~/components/icons/icons";
import { ConfigPart } from "~/components/shell/ConfigPart";
import { useTranslation } from "~/i18n-runtime";
import { useRequestInfo } from "~/components/request-info";
import type { ShellView } from "~/services/shell.server";

type Side = NonNullable<ShellView["sidebar"]>;

/** The side bar's icons (inline SVG, app/components/icons); tempType 1 draws them as lines, others on a filled disc. */
const ICONS: Record<"wechat" | "personalWechat" | "qq" | "weibo" | "consult" | "phone" | "email" | "top", ComponentType<IconProps>> = {
  wechat: WechatIcon,
  personalWechat: WechatIcon,
  qq: QqIcon,
  weibo: WeiboIcon,
  consult: HeadsetIcon,
  phone: PhoneIcon,
  email: MailIcon,
  top: ArrowUpIcon,
};
/** Selectors of third-party chat widgets' own floating buttons (the side bar is their entry). */
const CHAT_WIDGETS = "#newBridge, #nb_icon_wrap, .leyu-chat-btn, [data-im-widget]";

/**
 * The floating customer-service bar of spec 000 section 2.4; pop-overs are <details>, so they work without
 * JS. Where a column of buttons would cover the page (issue 12: search, prices, form buttons) the bar folds
 * into one button (decision 022): below 1024 px in the header's bar beside the menu button (the header
 * renders it; it scrolls away with the header and covers nothing), from 1024 px a round button at the
 * bottom corner (the page keeps that corner free at its end); from 1280 px the fold is `display: contents`
 * and the column stands in the page's right margin as before.
 */
export function SideBar({ sidebar }: { sidebar: Side }) {
  const { t } = useTranslation();
  const { nonce } = useRequestInfo();
  const line = sidebar.tempType === 1;
  const labels = sidebar.tempType === 4;
  const scrolled = useScrolled();
  useChatWidgetRule(sidebar.scripts.length > 0);
  const item = (key: keyof typeof ICONS, label: string) => {
    const Icon = ICONS[key];
    return (
      <>
        {line ? (
          <Icon className="text-xl" />
        ) : (
          <span aria-hidden="true" className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-brand text-base text-white">
            <Icon />
          </span>
        )}
        <span className={labels ? "text-[10px] leading-tight" : "sr-only"}>{label}</span>
      </>
    );
  };
  return (
    <aside
      aria-label={t("side.label")}
      className="shell-sidebar absolute right-16 top-2 z-40 lg:fixed lg:bottom-4 lg:right-3 lg:top-auto xl:bottom-auto xl:right-2 xl:top-1/3"
      data-icon-style={line ? "line" : "face"}
      data-temp-type={sidebar.tempType}
    >
      {/* the buttons and pop-overs: the company's configuration alone, drawn once per configuration (decision 093) */}
      <ConfigPart as="details" deps={[sidebar]} className="shell-side" data-testid="side-fold">
        <summary
          className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded border border-gray-200 bg-white text-2xl text-gray-700 lg:h-12 lg:w-12 lg:rounded-full lg:border-0 lg:bg-brand lg:text-white lg:shadow-lg xl:hidden"
          aria-label={t("side.open")}
          title={t("side.open")}
        >
          <HeadsetIcon className="shell-menu-closed" />
          <CloseIcon className="shell-menu-open" />
        </summary>
        <div className="absolute right-0 top-12 flex flex-col gap-1 lg:bottom-14 lg:top-auto xl:static">
          {sidebar.wechat ? (
            <Pop testId="side-wechat" title={t("side.wechat")} summary={item("wechat", t("side.wechat"))}>
              <img src={sidebar.wechat} alt={t("side.wechatQr")} width={128} height={128} loading="lazy" />
              <p>{t("side.followWechat")}</p>
            </Pop>
          ) : null}
          {sidebar.personalWechat ? (
            <Pop testId="side-personal-wechat" title={t("side.personalWechat")} summary={item("personalWechat", t("side.personalWechat"))}>
              <img src={sidebar.personalWechat} alt={t("side.personalWechatQr")} width={128} height={128} loading="lazy" />
              <p>{t("side.scanWechat")}</p>
            </Pop>
          ) : null}
          {sidebar.qq ? (
            <Button testId="side-qq" title={t("side.qq")} href={sidebar.qq.href} external>
              {item("qq", t("side.qq"))}
            </Button>
          ) : null}
          {sidebar.weibo ? (
            <Pop testId="side-weibo" title={t("side.weibo")} summary={item("weibo", t("side.weibo"))}>
              {sidebar.weibo.pic ? <img src={sidebar.weibo.pic} alt={t("side.weiboQr")} width={128} height={128} loading="lazy" /> : null}
              {sidebar.weibo.url ? (
                <a href={sidebar.weibo.url} target="_blank" rel="noopener noreferrer" className="text-brand">
                  {t("side.weiboLink")}
                </a>
              ) : null}
            </Pop>
          ) : null}
          {sidebar.consult ? (
            <Button testId="side-consult" title={t("side.consult")} href={sidebar.consult} external>
              {item("consult", t("side.consult"))}
            </Button>
          ) : null}
          {sidebar.phone ? (
            <Pop testId="side-phone" title={t("side.phone")} summary={item("phone", t("side.phone"))}>
              {sidebar.phone.time ? <p className="text-gray-500">{t("side.hours", { time: sidebar.phone.time })}</p> : null}
              <ul>
                {sidebar.phone.numbers.map((n) => (
                  <li key={n}>
                    <a href={`tel:${n.replace(/[^\d+]/g, "")}`} className="font-medium">
                      {n}
                    </a>
                  </li>
                ))}
              </ul>
            </Pop>
          ) : null}
          {sidebar.emails.length > 0 ? (
            <Pop testId="side-email" title={t("side.email")} summary={item("email", t("side.email"))}>
              <ul>
                {sidebar.emails.map((e) => (
                  <li key={e}>
                    <a href={`mailto:${e}`}>{e}</a>
                  </li>
                ))}
              </ul>
            </Pop>
          ) : null}
          <a
            href="#"
            title={t("side.top")}
            data-testid="side-top"
            className={`${scrolled ? "flex" : "hidden"} h-12 w-12 flex-col items-center justify-center rounded bg-white text-gray-700 shadow`}
          >
            {item("top", t("side.top"))}
          </a>
        </div>
      </ConfigPart>
      {sidebar.scripts.map((src) => (
        <script key={src} src={src} async nonce={nonce} />
      ))}
    </aside>
  );
}

function Pop({ summary, children, testId, title }: { summary: ReactNode; children: ReactNode; testId: string; title: string }) {
  return (
    <details className="shell-dropdown relative" data-testid={testId}>
      <summary
        title={title}
        className="flex h-12 w-12 cursor-pointer list-none flex-col items-center justify-center rounded bg-white text-gray-700 shadow hover:text-brand"
      >
        {summary}
      </summary>
      <div className="absolute right-14 top-0 w-48 lg:bottom-0 lg:top-auto xl:bottom-auto xl:top-0 space-y-2 rounded border border-gray-200 bg-white p-3 text-center text-sm text-gray-800 shadow-lg">
        {children}
      </div>
    </details>
  );
}

function Button({ href, children, testId, external, title }: { href: string; children: ReactNode; testId: string; external?: boolean; title: string }) {
  return (
    <a
      href={href}
      title={title}
      target={external ? "_blank" : undefined}
      rel={external ? "noopener noreferrer" : undefined}
      data-testid={testId}
      className="flex h-12 w-12 flex-col items-center justify-center rounded bg-white text-gray-700 shadow hover:text-brand"
    >
      {children}
    </a>
  );
}

function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 0);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return scrolled;
}

/**
 * Spec 000 section 4: third-party chat widgets are polled every 1 s and hidden after 5 s on the first
 * path check (their own floating buttons; the side bar's consultation entry stays).
 */
export const CHAT_POLL_MS = 1000;
export const CHAT_HIDE_MS = 5000;
function useChatWidgetRule(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      const widgets = document.querySelectorAll<HTMLElement>(CHAT_WIDGETS);
      if (Date.now() - started >= CHAT_HIDE_MS) {
        widgets.forEach((w) => (w.style.display = "none"));
        window.clearInterval(timer);
      }
    }, CHAT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [enabled]);
}
