import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { area, authOf, companyNotFound, hashOf, hostOf, query, resolveCompany, resolveSchool, type Ctx } from '../context.js';
import { isObject } from '../config.js';
import type { Json } from '../db.js';
import { ok } from '../envelope.js';

export const SB = '/s/api/saas-business';
export const EXT = '/s/api/external/api/v1';
export const QUESTION = '/s/api/question';

type Handler = (companyId: number, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Wraps a handler that needs the company: unknown company → code '0' 'company not found'. */
export function withCompany(ctx: Ctx, h: Handler) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const companyId = await resolveCompany(ctx, req);
    if (companyId === undefined) return companyNotFound(reply);
    return h(companyId, req, reply);
  };
}

export function registerConfigRoutes(app: FastifyInstance, ctx: Ctx): void {
  const C = (h: Handler) => withCompany(ctx, h);

  app.get(`${EXT}/domains`, async (req) => ok({ netty: { domain: hostOf(req) } }));

  app.get(
    `${SB}/v1/front/login/config`,
    C(async (cid) => ok(await area(ctx, cid, 'loginConfig'))),
  );
  app.get(
    `${SB}/v1/company/register/config`,
    C(async (cid) => {
      // the region flag has its own call (getProvCityCountyFlag)
      const { provCityCountyFlag: _region, ...r } = await area(ctx, cid, 'registerConfig');
      return ok(r);
    }),
  );
  app.get(
    `${SB}/v1/front/login/checkGlobalLogin`,
    C(async (cid) => {
      const g = await area(ctx, cid, 'globalLogin');
      return ok({ openFlag: g.openFlag ?? 0, thirdLoginUrl: g.thirdLoginUrl ?? null });
    }),
  );
  app.get(
    `${SB}/v1/user-center/service/config`,
    C(async (cid) => ok(await area(ctx, cid, 'serviceConfig'))),
  );
  app.get(
    `${SB}/v1/user-center/getPersonConfig`,
    C(async (cid) => {
      const s = await area(ctx, cid, 'serviceConfig');
      return ok({ personConfig: s.personConfig ?? [] });
    }),
  );
  app.get(
    `${SB}/definePayOrderCart/config`,
    C(async (cid) => {
      const s = await area(ctx, cid, 'serviceConfig');
      return ok({ openCart: s.openCart ?? 0 });
    }),
  );

  const baseInfo: Handler = async (cid, req) => {
    const school = await resolveSchool(ctx, req, cid);
    const b = await area(ctx, cid, 'baseInfo', school.id);
    // The company's name and the speed-test switch have their own calls (getCompany, checkHideSppedTest).
    delete b.hideSpeedTest;
    delete b.companyName;
    const domain = query(req).domain ?? (await ctx.db.companyDomains(cid))[0] ?? '';
    return ok({ schoolId: school.id, domain, hash: hashOf(b), unchanged: false, ...b });
  };
  app.get(`${EXT}/share/getBaseInfo`, C(baseInfo));
  app.get(`${EXT}/company/getBaseInfo`, C(baseInfo));

  app.get(
    `${SB}/v1/front/home-page/home-config`,
    C(async (cid, req) => {
      const school = await resolveSchool(ctx, req, cid);
      return ok(await area(ctx, cid, 'homeConfig', school.id));
    }),
  );

  app.get(
    `${SB}/v1/company/getCompanyAlias`,
    C(async (cid, req) => {
      const school = await resolveSchool(ctx, req, cid);
      const a = await area(ctx, cid, 'alias', school.id);
      return ok({ hash: hashOf(a), unchanged: false, ...a });
    }),
  );

  app.get(
    `${SB}/v1/company/config/companyFootInfo/queryCompanyId`,
    C(async (cid, req) => {
      const school = await resolveSchool(ctx, req, cid);
      return ok(await area(ctx, cid, 'footInfo', school.id));
    }),
  );

  app.get(
    `${SB}/v1/company/config/getCompany`,
    C(async (cid) => {
      const b = await area(ctx, cid, 'baseInfo');
      return ok({ companyId: cid, companyName: b.companyName ?? '', companyNameShort: b.companyNameShort ?? '' });
    }),
  );

  app.get(
    `${SB}/v1/company/config/checkHideSppedTest`,
    C(async (cid) => {
      const b = await area(ctx, cid, 'baseInfo');
      return ok({ hide: b.hideSpeedTest === true || b.hideSpeedTest === 1 });
    }),
  );

  app.post(
    `${SB}/v1/companyMarketSet/findMarket`,
    C(async (cid, req) => {
      const school = await resolveSchool(ctx, req, cid);
      return ok({ companyId: cid, ...(await area(ctx, cid, 'market', school.id)) });
    }),
  );

  app.get(
    `${SB}/v1/nodeOnline/getConfig`,
    C(async (cid, req) => {
      const n = await area(ctx, cid, 'nodeOnline');
      const host = hostOf(req);
      const auth = await authOf(ctx, req, cid);
      const sessionId = auth ? hashOf(auth.token.token).slice(0, 16) : '';
      return ok({
        domain: n.domain ?? query(req).domain ?? (await ctx.db.companyDomains(cid))[0] ?? '',
        liveDomain: n.liveDomain ?? '',
        liveYunId: n.liveYunId ?? '',
        _sessionId: n._sessionId ?? sessionId,
        liveSessionId: n.liveSessionId ?? sessionId,
        online_school_nodejs_domain: n.online_school_nodejs_domain ?? host,
      });
    }),
  );

  app.get<{ Params: { companyId: string; code: string } }>(`${SB}/v1/sys/config/:companyId/:code`, async (req, reply) => {
    const cid = Number(req.params.companyId);
    const config = Number.isInteger(cid) ? await ctx.db.getConfig(cid) : undefined;
    if (!config) return companyNotFound(reply);
    const sys = isObject(config.sysConfig) ? config.sysConfig : {};
    const value: Json = sys[req.params.code] ?? null;
    return ok({ code: req.params.code, value });
  });

  app.get<{ Params: { group: string } }>(
    `${QUESTION}/v1/config/byGroup/:group`,
    C(async (cid, req) => {
      const g = await area(ctx, cid, 'groupConfig');
      const list = g[(req.params as { group: string }).group];
      return ok(Array.isArray(list) ? list : []);
    }),
  );
}
