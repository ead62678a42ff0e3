import * as z from "zod/v4";
import { env } from "~/env.server";
import { createSwrCache } from "~/lib/http/cache.server";
import { onProcessReset } from "~/lib/state/process-state.server";
import { ALL_FAILURES, SOFT_FAILURES, toResponse, UpstreamError, type Upstream, type UpstreamErrorKind } from "~/lib/http/upstream.server";
import { flag, id, optionalId, stringList, text } from "~/lib/http/schemas.server";

/* ---------- Schemas of spec 000 section 3 (company-wide configuration) ---------- */

export const SchoolSchema = z.looseObject({
  id,
  schoolName: text,
  suffix: text,
  companyId: optionalId,
  defaultFlag: flag,
});
export type School = z.infer<typeof SchoolSchema>;

export const SchoolsSchema = z.looseObject({
  schoolPage: z.looseObject({
    records: z
      .array(SchoolSchema)
      .nullish()
      .transform((v) => v ?? []),
    total: z.number().nullish(),
  }),
  schoolResp: SchoolSchema.nullish(),
});

export type Menu = {
  id: number;
  parentId?: number;
  menuName: string;
  menuUrl: string;
  urlType: string;
  pageHeadType: string;
  openType: string;
  children: Menu[];
};
export const MenuSchema: z.ZodType<Menu> = z.lazy(() =>
  z.looseObject({
    id,
    parentId: optionalId,
    menuName: text,
    menuUrl: text,
    urlType: text,
    pageHeadType: text,
    openType: text,
    children: z
      .array(MenuSchema)
      .nullish()
      .transform((v) => v ?? []),
  }),
) as unknown as z.ZodType<Menu>;

export const MenusSchema = z.looseObject({
  headMenus: z
    .array(MenuSchema)
    .nullish()
    .transform((v) => v ?? []),
  footMenus: z
    .array(MenuSchema)
    .nullish()
    .transform((v) => v ?? []),
});

/** Base info of spec 000 section 3 (`getBaseInfo`: schoolId, domain, hash and the listed fields). */
export const BaseInfoSchema = z.looseObject({
  schoolId: optionalId,
  domain: text,
  useLoginPage: flag,
  companyIco: text,
  siteTitle: text,
  seo: z
    .array(z.looseObject({ pageType: text, title: text, keywords: text, description: text }))
    .nullish()
    .transform((v) => v ?? []),
  companyCodeInfo: z.looseObject({ statKey: text, statType: text }).nullish(),
  schoolIndependence: flag,
  showDomainWarn: flag,
  domainWarnMsg: text,
  companyLogoType: text,
  companyNameShort: text,
  companyLogo: text,
  /** the company's time zones (spec 000 section 3): the timetable's and the live lessons' */
  classTableZone: text,
  liveTimeZone: text,
  appConfig: z
    .looseObject({
      appConfigStatus: flag,
      scanDownURL: text,
      androidDownURL: text,
      iosDownURL: text,
      schoolURL: text,
    })
    .nullish(),
});
export type BaseInfo = z.infer<typeof BaseInfoSchema>;

export const HomeConfigSchema = z.looseObject({
  homePageTemplateRsp: z.looseObject({ globalTheme: text, redirectType: text, templateLink: text }).nullish(),
  headCfRsp: z
    .looseObject({
      headTemplateId: flag,
      headTemplateName: text,
      redirectLogin: flag,
      redirectConfig: z.looseObject({ field2: text, field3: text }).nullish(),
      headTheme: text,
    })
    .nullish(),
  themeColor: text,
});
export type HomeConfig = z.infer<typeof HomeConfigSchema>;

export const LoginConfigSchema = z.looseObject({
  webVerifyCodeLogin: flag,
  thirdLoginFlag: flag,
  wechatLogin: flag,
  qqLogin: flag,
  weiboLogin: flag,
  wechatWorkLogin: flag,
  wechatWorkRegLogin: flag,
  ddLoginFlag: flag,
});

/** `openThirdlogin` (spec 000 section 7.2): the third-party login switches. */
export const ThirdLoginSchema = z.looseObject({
  thirdLoginFlag: flag,
  wechatLogin: flag,
  qqLogin: flag,
  weiboLogin: flag,
  wechatWorkLogin: flag,
  wechatWorkRegLogin: flag,
  ddLoginFlag: flag,
});
export type ThirdLogin = z.infer<typeof ThirdLoginSchema>;

export const RegisterConfigSchema = z.looseObject({
  usernameFlag: flag,
  mobileFlag: flag,
  registerAgreementFlag: flag,
  closeFlag: flag,
});

/** `getProvCityCountyFlag?domain` (spec 000 section 7.2): 1 when the register form asks for the region. */
export const RegionFlagSchema = flag;

/** `getCompany` (spec 000 section 7.1, company info): the domain's company. */
export const CompanySchema = z.looseObject({ companyId: optionalId, companyName: text, companyNameShort: text });

/** `checkHideSppedTest` (spec 000 section 7.1): whether the company hides the network speed test. */
export const HideSpeedTestSchema = z
  .looseObject({ hide: z.union([z.boolean(), z.number(), z.string()]).nullish() })
  .nullish()
  .transform((v) => v?.hide === true || Number(v?.hide) === 1);

/** `getPersonConfig` (spec 000 section 7.1): the personal config list (HEAD_APP, USER_REGISTER, USER_LOGIN, USER_LOGOUT). */
export const PersonConfigSchema = z.looseObject({ personConfig: stringList });

/** The cart config (spec 000 section 7.1: reads data.openCart). */
export const CartConfigSchema = z.looseObject({ openCart: flag });

const configValue = z
  .union([z.string(), z.number(), z.boolean()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v)));

/** `sys/config/{companyId}/{code}` (spec 000 section 7.1): one system configuration value, null when unset. */
export const SysConfigSchema = z
  .looseObject({ code: text, value: configValue })
  .nullish()
  .transform((v) => v?.value ?? null);

/** `config/byGroup/{group}` (spec 000 section 7.1): the group's `{ code, value }` list as a map. */
export const GroupConfigSchema = z
  .array(z.looseObject({ code: text, value: configValue }))
  .nullish()
  .transform((list) => Object.fromEntries((list ?? []).map((item) => [item.code, item.value])) as Record<string, string | null>);

export const ServiceConfigSchema = z.looseObject({
  openCart: flag,
  openIntegral: flag,
  personConfig: stringList,
  perShow: flag,
  perShowInit: flag,
  perShowItem: stringList,
  personalUrl: text,
  userAdminLogo: flag,
});
export type ServiceConfig = z.infer<typeof ServiceConfigSchema>;

export const AliasSchema = z.looseObject({ pointName: text });

export const GlobalLoginSchema = z.looseObject({ openFlag: flag, thirdLoginUrl: text }).nullable();

/**
 * The global login check of spec 000 section 4: a company with central sign-on (openFlag 1 and an
 * http(s) thirdLoginUrl) logs visitors in there instead of the portal's login page or pop-up.
 */
export function centralLoginUrl(globalLogin: z.infer<typeof GlobalLoginSchema>): string | null {
  const url = (globalLogin?.thirdLoginUrl ?? "").trim();
  return globalLogin?.openFlag === 1 && /^https?:\/\/[^/\s]+\S*$/i.test(url) ? url : null;
}

export const FootInfoSchema = z.looseObject({
  templateId: flag,
  themes: text,
  logoType: text,
  logoPic: text,
  logoText: text,
  overview: text,
  companyAddress: text,
  companyAddressFlag: flag,
  companyName: text,
  companyNameFlag: flag,
  copyright: text,
  copyrightFlag: flag,
  icpNo: text,
  icpNoFlag: flag,
  securityIco: text,
  securityLink: text,
  securityRegno: text,
  securityFlag: flag,
  tencentWeibo: text,
  tencentWeiboFlag: flag,
  sinaWeibo: text,
  sinaWeiboFlag: flag,
  tencentWechat: text,
  tencentWechatFlag: flag,
});
export type FootInfo = z.infer<typeof FootInfoSchema>;

/** Side layer info of spec 000 section 3 (the floating customer-service bar). */
export const MarketSchema = z.looseObject({
  schoolHide: flag,
  leyuFlag: flag,
  leyuNo: text,
  bdsqFlag: flag,
  bdsqType: flag,
  bdsqJsUrl: text,
  otherImFlag: flag,
  otherImJs: text,
  qqFlag: flag,
  qqType: text,
  qqNum: text,
  personalqqNum: text,
  weixinFlag: flag,
  weixinPic: text,
  personalWeixinFlag: flag,
  personalWeixinPic: text,
  weiboFlag: flag,
  weiboPic: text,
  weiboUrl: text,
  tempType: flag,
  serviceFlag: flag,
  serviceTime: text,
  servicePhone: text,
  servicePhone1: text,
  servicePhone2: text,
  serviceEmailFlag: flag,
  serviceEmails: stringList,
});
export type Market = z.infer<typeof MarketSchema>;

export const DomainsSchema = z.looseObject({ netty: z.looseObject({ domain: text }).nullish() });

/* ---------- Loading, one parallel round, cached per domain ---------- */

const cache = createSwrCache();
export const configCache = cache;

type Def<S extends z.ZodType> = {
  /** the path; `{companyId}` is filled with the domain's company (from the cached `company` area) */
  path: string;
  schema: S;
  method?: "GET" | "POST";
  perSchool?: boolean;
  /** `domain` in the query */
  withDomain?: boolean;
  body?: (schoolId: string, domain: string) => unknown;
  query?: Record<string, number>;
};

/** System configuration codes the portal reads (spec 000 section 7.1 `sys/config/{companyId}/{code}`). */
export const SYS_CODES = {
  /** spec 000 section 4: "the number of connections in the pool is configurable" */
  socketPoolSize: "pc.socket.pool.size",
  /** spec 000 section 1: whether a phone is sent to the mobile site */
  wapRedirect: "pc.wap.redirect",
} as const;
const sys = (code: string) => ({ path: `/saas-business/v1/sys/config/{companyId}/${encodeURIComponent(code)}`, schema: SysConfigSchema });

/** Company-wide configuration areas of spec 000 section 7.1 that the shell needs. */
export const SHELL_CONFIG = {
  baseInfo: { path: "/external/api/v1/company/getBaseInfo", schema: BaseInfoSchema },
  /** the current school's shared base info: what the shell shows (title, seo, logo, icon, statistics, login page) */
  schoolBaseInfo: { path: "/external/api/v1/share/getBaseInfo", schema: BaseInfoSchema, perSchool: true },
  company: { path: "/saas-business/v1/company/config/getCompany", schema: CompanySchema },
  hideSpeedTest: { path: "/saas-business/v1/company/config/checkHideSppedTest", schema: HideSpeedTestSchema },
  homeConfig: { path: "/saas-business/v1/front/home-page/home-config", schema: HomeConfigSchema, perSchool: true },
  menus: { path: "/external/api/v1/system/querySysMenuHeadAndFoot", schema: MenusSchema, perSchool: true },
  footInfo: { path: "/saas-business/v1/company/config/companyFootInfo/queryCompanyId", schema: FootInfoSchema },
  market: {
    path: "/saas-business/v1/companyMarketSet/findMarket",
    schema: MarketSchema,
    method: "POST",
    perSchool: true,
    body: (schoolId: string, domain: string) => ({ domain, schoolId }),
  },
  loginConfig: { path: "/saas-business/v1/front/login/config", schema: LoginConfigSchema },
  thirdLogin: { path: "/saas-business/v1/front/register/openThirdlogin", schema: ThirdLoginSchema },
  registerConfig: { path: "/saas-business/v1/company/register/config", schema: RegisterConfigSchema },
  regionFlag: { path: "/saas-business/v1/front/register/getProvCityCountyFlag", schema: RegionFlagSchema, withDomain: true },
  alias: { path: "/saas-business/v1/company/getCompanyAlias", schema: AliasSchema, perSchool: true },
  serviceConfig: { path: "/saas-business/v1/user-center/service/config", schema: ServiceConfigSchema },
  personConfig: { path: "/saas-business/v1/user-center/getPersonConfig", schema: PersonConfigSchema },
  cartConfig: { path: "/saas-business/definePayOrderCart/config", schema: CartConfigSchema },
  schools: { path: "/external/api/v1/schools/searchMerge", schema: SchoolsSchema, query: { page: 1, pageSize: 100 } },
  globalLogin: { path: "/saas-business/v1/front/login/checkGlobalLogin", schema: GlobalLoginSchema, withDomain: true },
  pcGroup: { path: "/question/v1/config/byGroup/pc", schema: GroupConfigSchema },
  socketPoolSize: sys(SYS_CODES.socketPoolSize),
  wapRedirect: sys(SYS_CODES.wapRedirect),
} satisfies Record<string, Def<z.ZodType>>;

type ShellConfigKey = keyof typeof SHELL_CONFIG;
export type ShellConfig = { [K in ShellConfigKey]: z.infer<(typeof SHELL_CONFIG)[K]["schema"]> };

/**
 * One company-wide area, cached per domain (and school where it varies per school). The shared load
 * keeps the upstream's typed error (not tied to the first request that asked); each caller maps it to
 * its own redirect or error page unless it `expect`s that kind, as `upstream.call` does.
 */
export async function loadConfig<K extends ShellConfigKey>(
  upstream: Upstream,
  key: K,
  options: { expect?: UpstreamErrorKind[] } = {},
): Promise<ShellConfig[K]> {
  const def: Def<z.ZodType> = SHELL_CONFIG[key];
  const { domain, schoolId } = upstream.ctx;
  const cacheKey = `${domain}|${def.perSchool ? schoolId : "*"}|${key}`;
  try {
    // The load is shared by every request waiting on this key, so it is not tied to the first one's
    // connection (one visitor leaving must not fail the others); the upstream timeout still applies.
    const value = (await cache.get(cacheKey, env().CONFIG_TTL_S * 1000, async () => {
      // A path with the company id waits for the (cached, shared) company area: in the same round once
      // it is cached, right after it on a cold cache.
      const path = def.path.includes("{companyId}")
        ? def.path.replace("{companyId}", String((await loadConfig(upstream, "company", { expect: ALL_FAILURES })).companyId ?? ""))
        : def.path;
      return upstream.call({
        method: def.method ?? "GET",
        path,
        query: { ...def.query, ...(def.perSchool ? { schoolId } : {}), ...(def.withDomain ? { domain } : {}) },
        body: def.body?.(String(schoolId), domain),
        schema: def.schema,
        auth: "none",
        signal: null,
        expect: ALL_FAILURES,
      });
    })) as ShellConfig[K];
    if (key === "company") rememberCompany(domain, (value as ShellConfig["company"]).companyId);
    return value;
  } catch (error) {
    if (error instanceof UpstreamError && !(options.expect ?? []).includes(error.kind)) throw await toResponse(error, upstream.ctx);
    throw error;
  }
}

/**
 * The areas without which no page can be drawn (decision 013): who the company is, its theme and header,
 * navigation, services and schools. Only their failure may turn a page into an error page; every other
 * shell area (footer, side bar, alias, login, register and global-login configuration, the spec-000
 * switches of decision 018) is `optional`.
 */
export const ESSENTIAL_CONFIG = [
  "baseInfo",
  "schoolBaseInfo",
  "company",
  "homeConfig",
  "menus",
  "serviceConfig",
  "schools",
] as const satisfies readonly ShellConfigKey[];
type EssentialKey = (typeof ESSENTIAL_CONFIG)[number];

/** The shell's configuration: the essential areas, and the others or null when they failed. */
export type LoadedShellConfig = Pick<ShellConfig, EssentialKey> & { [K in Exclude<ShellConfigKey, EssentialKey>]: ShellConfig[K] | null };

const OPTIONAL_LOG_INTERVAL_MS = 60_000;
const lastLogged = new Map<string, number>();
onProcessReset(() => lastLogged.clear());

/**
 * A non-essential part of a page: its failure (anything but a session error: 401/403/409, which still
 * lead to the token upgrade or logout) leaves the part out (null) and is logged once a minute per part.
 */
export async function optional<T>(part: string, load: (expect: UpstreamErrorKind[]) => Promise<T>): Promise<T | null> {
  try {
    return await load(SOFT_FAILURES);
  } catch (error) {
    if (!(error instanceof UpstreamError) || !SOFT_FAILURES.includes(error.kind)) throw error;
    const now = Date.now();
    if (now - (lastLogged.get(part) ?? 0) >= OPTIONAL_LOG_INTERVAL_MS) {
      lastLogged.set(part, now);
      console.error(JSON.stringify({ level: "warn", msg: "optional part left out", part, kind: error.kind, path: error.path }));
    }
    return null;
  }
}

/** Every area of the shell's configuration, in one parallel round of upstream calls. */
export async function loadShellConfig(upstream: Upstream): Promise<LoadedShellConfig> {
  const keys = Object.keys(SHELL_CONFIG) as ShellConfigKey[];
  const essential = new Set<ShellConfigKey>(ESSENTIAL_CONFIG);
  const values = await Promise.all(
    keys.map((key) => (essential.has(key) ? loadConfig(upstream, key) : optional(`config ${key}`, (expect) => loadConfig(upstream, key, { expect })))),
  );
  return Object.fromEntries(keys.map((key, i) => [key, values[i]])) as LoadedShellConfig;
}

/** The company id the upstream resolved for a domain, learnt from its cached base info. */
const companyByDomain = new Map<string, number>();
onProcessReset(() => companyByDomain.clear());
export function rememberCompany(domain: string, companyId: number | undefined) {
  if (companyId !== undefined) companyByDomain.set(domain, companyId);
}
export function knownCompany(domain: string): number | undefined {
  return companyByDomain.get(domain);
}
