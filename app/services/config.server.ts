import * as z from "zod/v4";
import { env } from "~/env.server";
import { createSwrCache } from "~/services/cache.server";
import { ALL_FAILURES, SOFT_FAILURES, toResponse, UpstreamError, type Upstream, type UpstreamErrorKind } from "~/services/upstream.server";
import { flag, id, optionalId, stringList, text } from "~/services/schemas.server";

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
    records: z.array(SchoolSchema).nullish().transform((v) => v ?? []),
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
    children: z.array(MenuSchema).nullish().transform((v) => v ?? []),
  }),
) as unknown as z.ZodType<Menu>;

export const MenusSchema = z.looseObject({
  headMenus: z.array(MenuSchema).nullish().transform((v) => v ?? []),
  footMenus: z.array(MenuSchema).nullish().transform((v) => v ?? []),
});

export const BaseInfoSchema = z.looseObject({
  companyId: optionalId,
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
  companyName: text,
  companyNameShort: text,
  companyLogo: text,
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
  rememberMe: flag,
});

export const RegisterConfigSchema = z.looseObject({
  usernameFlag: flag,
  mobileFlag: flag,
  registerAgreementFlag: flag,
  closeFlag: flag,
  provCityCountyFlag: flag,
});

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

type Def<S extends z.ZodType> = { path: string; schema: S; method?: "GET" | "POST"; perSchool?: boolean; body?: (schoolId: string, domain: string) => unknown };

/** Company-wide configuration areas of spec 000 section 7.1 that the shell needs. */
export const SHELL_CONFIG = {
  baseInfo: { path: "/external/api/v1/company/getBaseInfo", schema: BaseInfoSchema },
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
  registerConfig: { path: "/saas-business/v1/company/register/config", schema: RegisterConfigSchema },
  alias: { path: "/saas-business/v1/company/getCompanyAlias", schema: AliasSchema, perSchool: true },
  serviceConfig: { path: "/saas-business/v1/user-center/service/config", schema: ServiceConfigSchema },
  schools: { path: "/external/api/v1/schools/searchMerge", schema: SchoolsSchema, query: { page: 1, pageSize: 100 } },
  globalLogin: { path: "/saas-business/v1/front/login/checkGlobalLogin", schema: GlobalLoginSchema },
} satisfies Record<string, Def<z.ZodType> & { query?: Record<string, number> }>;

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
  const def: Def<z.ZodType> & { query?: Record<string, number> } = SHELL_CONFIG[key];
  const { domain, schoolId } = upstream.ctx;
  const cacheKey = `${domain}|${def.perSchool ? schoolId : "*"}|${key}`;
  try {
    // The load is shared by every request waiting on this key, so it is not tied to the first one's
    // connection (one visitor leaving must not fail the others); the upstream timeout still applies.
    const value = (await cache.get(cacheKey, env().CONFIG_TTL_S * 1000, () =>
      upstream.call({
        method: def.method ?? "GET",
        path: def.path,
        query: { ...def.query, ...(def.perSchool ? { schoolId } : {}) },
        body: def.body?.(String(schoolId), domain),
        schema: def.schema,
        auth: "none",
        signal: null,
        expect: ALL_FAILURES,
      }),
    )) as ShellConfig[K];
    if (key === "baseInfo") rememberCompany(domain, (value as ShellConfig["baseInfo"]).companyId);
    return value;
  } catch (error) {
    if (error instanceof UpstreamError && !(options.expect ?? []).includes(error.kind)) throw await toResponse(error, upstream.ctx);
    throw error;
  }
}

/**
 * The areas without which no page can be drawn (decision 013): who the company is, its theme and header,
 * navigation, services and schools. Only their failure may turn a page into an error page; every other
 * shell area (footer, side bar, alias, login, register and global-login configuration) is `optional`.
 */
export const ESSENTIAL_CONFIG = ["baseInfo", "homeConfig", "menus", "serviceConfig", "schools"] as const satisfies readonly ShellConfigKey[];
type EssentialKey = (typeof ESSENTIAL_CONFIG)[number];

/** The shell's configuration: the essential areas, and the others or null when they failed. */
export type LoadedShellConfig = Pick<ShellConfig, EssentialKey> & { [K in Exclude<ShellConfigKey, EssentialKey>]: ShellConfig[K] | null };

const OPTIONAL_LOG_INTERVAL_MS = 60_000;
const lastLogged = new Map<string, number>();

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
export function rememberCompany(domain: string, companyId: number | undefined) {
  if (companyId !== undefined) companyByDomain.set(domain, companyId);
}
export function knownCompany(domain: string): number | undefined {
  return companyByDomain.get(domain);
}
