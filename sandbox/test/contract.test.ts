import { describe, expect, it } from 'vitest';
import { start, useSandbox } from './helpers.js';

const { c, sandbox } = useSandbox();

const keys = (o: object) => Object.keys(o).sort();

describe('envelope and company resolution', () => {
  it('answers the envelope with a string code', async () => {
    const r = await c.api('/saas-business/v1/company/config/getCompany');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      code: '1',
      message: 'success',
      data: { companyId: 1, companyName: '云朵在线学院', companyNameShort: '云朵职业教育在线学院' },
    });
  });

  it.each([
    ['localhost', 1],
    ['127.0.0.1', 1],
    ['single.localhost', 2],
    ['company4.localhost', 4],
    ['LOCALHOST', 1],
  ])('domain %s -> company %i', async (domain, id) => {
    const r = await c.api('/saas-business/v1/company/config/getCompany', { domain });
    expect(r.json.data.companyId).toBe(id);
  });

  it('falls back to the companyId header, then to the token user', async () => {
    let r = await c.api('/saas-business/v1/company/config/getCompany', { domain: null, headers: { companyId: '4' } });
    expect(r.json.data.companyId).toBe(4);
    const { token } = await c.token('student04');
    r = await c.api('/saas-business/v1/company/config/getCompany', { domain: null, token });
    expect(r.json.data.companyId).toBe(4);
    // domain wins over the header
    r = await c.api('/saas-business/v1/company/config/getCompany', { domain: 'single.localhost', headers: { companyId: '4' } });
    expect(r.json.data.companyId).toBe(2);
  });

  it('unknown domain (or no hint at all) -> code 0 company not found', async () => {
    for (const domain of ['nope.example', null]) {
      const r = await c.api('/saas-business/v1/front/login/config', { domain });
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ code: '100000001', message: '公司不存在', data: null });
    }
  });

  it('unknown /s/api path -> HTTP 404 with an envelope', async () => {
    const r = await c.api('/saas-business/v1/nothing-here');
    expect(r.status).toBe(404);
    expect(r.json.code).toBe('404');
  });

  it('company 5 has central sign-on, company 2 one school', async () => {
    expect((await c.api('/saas-business/v1/front/login/checkGlobalLogin', { domain: 'sso.localhost' })).json.data).toEqual({
      openFlag: 1,
      thirdLoginUrl: 'https://sso.yunduo.example/cas/login?service=portal',
    });
    expect((await c.api('/saas-business/v1/front/login/checkGlobalLogin')).json.data).toEqual({ openFlag: 0, thirdLoginUrl: null });
    const s = await c.api('/external/api/v1/schools/searchMerge', { domain: 'single.localhost', headers: { schoolId: '1' } });
    expect(s.json.data.schoolPage.total).toBe(1);
    expect(s.json.data.schoolResp).toMatchObject({ id: 22, defaultFlag: 1, companyId: 2 });
  });
});

describe('every §7.1 call answers code 1 with the documented shape (company 1)', () => {
  const SCHOOL = { id: expect.any(Number), schoolName: expect.any(String), suffix: expect.any(String), companyId: 1, defaultFlag: expect.any(Number) };

  it('domains', async () => {
    const r = await c.api('/external/api/v1/domains');
    expect(r.json.code).toBe('1');
    expect(r.json.data).toEqual({ netty: { domain: `127.0.0.1:${sandbox().port}` } });
  });

  it('login config', async () => {
    const d = (await c.api('/saas-business/v1/front/login/config')).json.data;
    expect(keys(d)).toEqual(
      keys({
        webVerifyCodeLogin: 0,
        publicKey: 0,
        thirdLoginFlag: 0,
        wechatLogin: 0,
        qqLogin: 0,
        weiboLogin: 0,
        wechatWorkLogin: 0,
        wechatWorkRegLogin: 0,
        ddLoginFlag: 0,
      }),
    );
    expect(d).toMatchObject({
      webVerifyCodeLogin: 1,
      thirdLoginFlag: 1,
      wechatLogin: 1,
      qqLogin: 1,
      weiboLogin: 1,
      wechatWorkLogin: 1,
      wechatWorkRegLogin: 1,
      ddLoginFlag: 1,
    });
    expect(d.publicKey).toMatch(/^MI[A-Za-z0-9+/=]+$/);
  });

  it('register config', async () => {
    const d = (await c.api('/saas-business/v1/company/register/config')).json.data;
    expect(d).toEqual({ usernameFlag: 1, mobileFlag: 1, registerAgreementFlag: 1, closeFlag: 0 });
    expect((await c.api('/saas-business/v1/front/register/getProvCityCountyFlag', { query: { domain: 'localhost' } })).json.data).toBe(1);
  });

  it('global login check', async () => {
    const r = await c.api('/saas-business/v1/front/login/checkGlobalLogin');
    expect(r.json).toEqual({ code: '1', message: 'success', data: { openFlag: 0, thirdLoginUrl: null } });
  });

  it('service config, person config, cart config', async () => {
    const d = (await c.api('/saas-business/v1/user-center/service/config')).json.data;
    expect(d).toEqual({
      openCart: 1,
      openIntegral: 1,
      personConfig: ['HEAD_APP', 'USER_REGISTER', 'USER_LOGIN', 'USER_LOGOUT'],
      perShow: 1,
      perShowInit: 1,
      perShowItem: ['course', 'setting', 'order', 'message'],
      personalUrl: null,
      userAdminLogo: 1,
    });
    expect((await c.api('/saas-business/v1/user-center/getPersonConfig')).json.data).toEqual({ personConfig: d.personConfig });
    expect((await c.api('/saas-business/definePayOrderCart/config')).json.data).toEqual({ openCart: 1 });
  });

  it('searchMerge: 21 schools, paging, name filter, default school', async () => {
    let d = (await c.api('/external/api/v1/schools/searchMerge', { query: { page: 1, pageSize: 100 } })).json.data;
    expect(d.schoolPage).toMatchObject({ total: 21, current: 1, size: 100 });
    expect(d.schoolPage.records).toHaveLength(21);
    expect(d.schoolPage.records[0]).toEqual({ id: 1, schoolName: '云朵在线学院总校', suffix: 'main', companyId: 1, defaultFlag: 1 });
    for (const s of d.schoolPage.records) expect(s).toEqual(SCHOOL);
    expect(d.schoolResp).toEqual({ id: 1, schoolName: '云朵在线学院总校', suffix: 'main', companyId: 1, defaultFlag: 1 });
    d = (await c.api('/external/api/v1/schools/searchMerge', { query: { page: 2, pageSize: 8 } })).json.data;
    expect(d.schoolPage.records).toHaveLength(8);
    expect(d.schoolPage.current).toBe(2);
    d = (await c.api('/external/api/v1/schools/searchMerge', { query: { schoolName: '北京' } })).json.data;
    expect(d.schoolPage.records).toEqual([{ id: 2, schoolName: '北京分校', suffix: 'beijing', companyId: 1, defaultFlag: 0 }]);
  });

  it('menus: two levels, every urlType, pageHeadType and openType', async () => {
    const d = (await c.api('/external/api/v1/system/querySysMenuHeadAndFoot', { query: { schoolId: 1 } })).json.data;
    const flat = (ms: any[]): any[] => ms.flatMap((m) => [m, ...flat(m.children)]);
    const head = flat(d.headMenus);
    for (const m of [...head, ...flat(d.footMenus)]) {
      expect(keys(m)).toEqual(['children', 'id', 'menuName', 'menuUrl', 'openType', 'pageHeadType', 'parentId', 'urlType']);
    }
    expect(new Set(head.map((m) => m.urlType))).toEqual(new Set(['LINK_DEFAULT', 'LINK_VARIABLE']));
    expect(new Set(head.map((m) => m.openType))).toEqual(new Set(['self', 'blank']));
    expect(new Set(head.map((m) => m.pageHeadType))).toEqual(
      new Set([
        'SYS_PAGE_HEAD_INDEX',
        'SYS_PAGE_HEAD_COURSE',
        'SYS_PAGE_HEAD_PACKAGE',
        'SYS_PAGE_HEAD_NEWS',
        'SYS_PAGE_HEAD_QUESTION',
        'SYS_PAGE_HEAD_TEACHER',
        'SYS_PAGE_HEAD_CUSTOM',
        'SYS_PAGE_HEAD_OTHER',
      ]),
    );
    expect(head.some((m) => m.menuUrl.includes('http'))).toBe(true);
    expect(head.some((m) => m.menuUrl.includes('/s/pc/#'))).toBe(true);
    expect(d.headMenus.some((m: any) => m.children.length > 0)).toBe(true);
    expect(d.footMenus.every((m: any) => m.children.length > 0)).toBe(true);
    expect(d.headMenus[1].children[0].parentId).toBe(d.headMenus[1].id);
    // school 2 has its own head menu; a school of another company falls back to the default school
    const b = (await c.api('/external/api/v1/system/querySysMenuHeadAndFoot', { query: { schoolId: 2 } })).json.data;
    expect(b.headMenus[0].menuUrl).toBe('/home/index/beijing');
    const x = (await c.api('/external/api/v1/system/querySysMenuHeadAndFoot', { query: { schoolId: 23 } })).json.data;
    expect(x.headMenus).toEqual(d.headMenus);
  });

  it.each(['/external/api/v1/share/getBaseInfo', '/external/api/v1/company/getBaseInfo'])('base info %s', async (path) => {
    const d = (await c.api(path, { headers: { schoolId: '3' } })).json.data;
    expect(keys(d)).toEqual(
      keys({
        schoolId: 0,
        domain: 0,
        hash: 0,
        unchanged: 0,
        useLoginPage: 0,
        companyIco: 0,
        siteTitle: 0,
        seo: 0,
        classTableZone: 0,
        liveTimeZone: 0,
        companyCodeInfo: 0,
        schoolIndependence: 0,
        showDomainWarn: 0,
        domainWarnMsg: 0,
        companyLogoType: 0,
        companyNameShort: 0,
        companyLogo: 0,
        appConfig: 0,
      }),
    );
    expect(d).toMatchObject({
      schoolId: 3,
      domain: 'localhost',
      unchanged: false,
      useLoginPage: 0,
      showDomainWarn: 0,
      domainWarnMsg: '',
      companyLogoType: 'word',
      companyCodeInfo: { statKey: '', statType: '' },
      companyNameShort: '云朵职业教育在线学院',
      appConfig: { appConfigStatus: 1 },
    });
    expect(d.companyNameShort.length).toBeGreaterThan(8);
    expect(d.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(d.seo[0]).toEqual({ pageType: expect.any(String), title: expect.any(String), keywords: expect.any(String), description: expect.any(String) });
    expect(keys(d.appConfig)).toEqual(['androidDownURL', 'appConfigStatus', 'iosDownURL', 'scanDownURL', 'schoolURL']);
  });

  it('home config', async () => {
    const d = (await c.api('/saas-business/v1/front/home-page/home-config', { query: { schoolId: 1 } })).json.data;
    expect(d).toEqual({
      homePageTemplateRsp: { globalTheme: '', redirectType: expect.anything(), templateLink: '' },
      headCfRsp: {
        headTemplateId: 1,
        headTemplateName: expect.any(String),
        redirectLogin: 0,
        redirectConfig: { field2: '', field3: '' },
        headTheme: expect.any(String),
      },
      themeColor: '#008AFF',
    });
  });

  it('alias', async () => {
    const d = (await c.api('/saas-business/v1/company/getCompanyAlias', { query: { schoolId: 1 } })).json.data;
    expect(d).toEqual({ hash: expect.any(String), unchanged: false, pointName: '学分' });
  });

  it('foot info', async () => {
    const d = (await c.api('/saas-business/v1/company/config/companyFootInfo/queryCompanyId')).json.data;
    expect(keys(d)).toEqual(
      keys({
        templateId: 0,
        themes: 0,
        logoType: 0,
        logoPic: 0,
        logoText: 0,
        overview: 0,
        companyAddress: 0,
        companyAddressFlag: 0,
        companyName: 0,
        companyNameFlag: 0,
        copyright: 0,
        copyrightFlag: 0,
        icpNo: 0,
        icpNoFlag: 0,
        securityIco: 0,
        securityLink: 0,
        securityRegno: 0,
        securityFlag: 0,
        tencentWeibo: 0,
        tencentWeiboFlag: 0,
        sinaWeibo: 0,
        sinaWeiboFlag: 0,
        tencentWechat: 0,
        tencentWechatFlag: 0,
      }),
    );
    expect(d).toMatchObject({ templateId: 1, icpNo: '京ICP备12345678号', icpNoFlag: 1, securityFlag: 1, copyrightFlag: 1, companyAddressFlag: 1 });
    for (const [k, v] of Object.entries(d)) if (k.endsWith('Flag')) expect(v).toBe(1);
  });

  it('hide speed test', async () => {
    expect((await c.api('/saas-business/v1/company/config/checkHideSppedTest')).json.data).toEqual({ hide: false });
  });

  it('findMarket (POST body domain + schoolId)', async () => {
    const r = await c.api('/saas-business/v1/companyMarketSet/findMarket', { domain: null, body: { domain: 'localhost', schoolId: 1 } });
    const d = r.json.data;
    expect(r.json.code).toBe('1');
    expect(keys(d)).toEqual(
      keys({
        companyId: 0,
        schoolHide: 0,
        leyuFlag: 0,
        leyuNo: 0,
        bdsqFlag: 0,
        bdsqType: 0,
        bdsqJsUrl: 0,
        otherImFlag: 0,
        otherImJs: 0,
        qqFlag: 0,
        qqType: 0,
        qqNum: 0,
        personalqqNum: 0,
        weixinFlag: 0,
        weixinPic: 0,
        personalWeixinFlag: 0,
        personalWeixinPic: 0,
        weiboFlag: 0,
        weiboPic: 0,
        weiboUrl: 0,
        serviceFlag: 0,
        serviceTime: 0,
        servicePhone: 0,
        servicePhone1: 0,
        servicePhone2: 0,
        serviceEmailFlag: 0,
        serviceEmails: 0,
        tempType: 0,
      }),
    );
    expect(d).toMatchObject({
      companyId: 1,
      weixinFlag: 1,
      personalWeixinFlag: 1,
      qqFlag: 1,
      weiboFlag: 1,
      leyuFlag: 1,
      bdsqFlag: 1,
      otherImFlag: 1,
      serviceFlag: 1,
      serviceEmailFlag: 1,
      tempType: 1,
    });
    expect(d.serviceEmails).toHaveLength(2);
    expect(d.servicePhone && d.servicePhone1 && d.servicePhone2 && d.serviceTime).toBeTruthy();
    expect(d.bdsqJsUrl).toMatch(/^https:/);
  });

  it('nodeOnline config', async () => {
    const d = (await c.api('/saas-business/v1/nodeOnline/getConfig')).json.data;
    expect(keys(d)).toEqual(['_sessionId', 'domain', 'liveDomain', 'liveSessionId', 'liveYunId', 'online_school_nodejs_domain']);
    expect(d.online_school_nodejs_domain).toBe(`127.0.0.1:${sandbox().port}`);
    expect(d.domain).toBe('localhost');
  });

  it('school by suffix (trailing slash), not found', async () => {
    let r = await c.api('/saas-business/v1/school/info/suffix/', { domain: null, query: { companyId: 1, suffix: 'shanghai' } });
    expect(r.json.data).toEqual({ id: 3, schoolName: '上海分校', suffix: 'shanghai', companyId: 1, defaultFlag: 0 });
    r = await c.api('/saas-business/v1/school/info/suffix/', { query: { companyId: 1, suffix: 'atlantis' } });
    expect(r.json).toEqual({ code: '100000002', message: '分校不存在', data: null });
  });

  it('saveSessionSchoolId updates the session school', async () => {
    const { token } = await c.token('student01');
    let r = await c.api('/saas-business/v1/saveSessionSchoolId', { token, body: { schoolId: 5, domain: 'localhost' } });
    expect(r.json).toEqual({ code: '1', message: 'success', data: { schoolId: 5 } });
    expect((await c.api('/external/api/v1/usersfront/getCurrentUser', { token })).json.data.schoolId).toBe(5);
    r = await c.api('/saas-business/v1/saveSessionSchoolId', { body: { schoolId: 23, domain: 'localhost' } });
    expect(r.json.code).toBe('100000002');
  });

  it('sys config and group config', async () => {
    expect((await c.api('/saas-business/v1/sys/config/1/pc.captcha.enable')).json.data).toEqual({ code: 'pc.captcha.enable', value: '0' });
    expect((await c.api('/saas-business/v1/sys/config/1/unknown.code')).json.data).toEqual({ code: 'unknown.code', value: null });
    const g = (await c.api('/question/v1/config/byGroup/question')).json;
    expect(g.code).toBe('1');
    expect(g.data[0]).toEqual({ code: expect.any(String), value: expect.any(String) });
    expect((await c.api('/question/v1/config/byGroup/none')).json.data).toEqual([]);
  });

  it('current user, sso user, last learn, cart list (logged in)', async () => {
    const { token } = await c.token('13800000001');
    const USER = {
      userId: 1001,
      companyId: 1,
      schoolId: 1,
      nickName: '张同学',
      mobile: '13800000001',
      username: 'student01',
      email: expect.any(String),
      memberFlag: 0,
      memberIco: null,
      headPicMax: expect.any(String),
      unReadNum: expect.any(Number),
      integralRemaining: expect.any(Number),
      changePasswordConfig: 0,
      staffFlag: 0,
    };
    expect((await c.api('/external/api/v1/usersfront/getCurrentUser', { token })).json).toEqual({ code: '1', message: 'success', data: USER });
    expect((await c.api('/saas-business/sso/user', { query: { access_token: token } })).json.data).toEqual(USER);
    expect((await c.api('/saas-business/v1/front/learn/lastLearn', { token })).json.data).toEqual({
      courseId: expect.any(Number),
      courseName: expect.any(String),
      lessonId: expect.any(Number),
      lessonName: expect.any(String),
    });
    const cart = (await c.api('/saas-business/definePayOrderCart/list', { token, query: { schoolId: 1 } })).json.data;
    expect(cart.length).toBeGreaterThanOrEqual(2);
    // issue 16: the cart's items carry the commodity's type, price in cents and state (routes/shop.ts)
    expect(keys(cart[0])).toEqual([
      'buySource',
      'commodityCode',
      'commodityId',
      'commodityName',
      'commodityType',
      'cover',
      'id',
      'memberPriceCents',
      'price',
      'priceCents',
      'protocolId',
      'status',
    ]);
    const m = await c.token('member01');
    expect((await c.api('/external/api/v1/usersfront/getCurrentUser', { token: m.token })).json.data).toMatchObject({
      memberFlag: 1,
      memberIco: expect.stringMatching(/^https:/),
    });
    const f = await c.token('student02');
    expect((await c.api('/external/api/v1/usersfront/getCurrentUser', { token: f.token })).json.data.changePasswordConfig).toBe(1);
    expect((await c.api('/saas-business/v1/front/learn/lastLearn', { token: f.token })).json.data).toBeNull();
  });

  it('admin link: staff get a URL, others code 0', async () => {
    const staff = await c.token('teacher01');
    let r = await c.api('/saas-business/v1/front/admin/link', { token: staff.token });
    expect(r.json).toEqual({ code: '1', message: 'success', data: `127.0.0.1:${sandbox().port}`.replace(/^/, 'http://') + '/__sandbox/admin?company=1' });
    const page = await fetch(r.json.data);
    expect(page.status).toBe(200);
    const st = await c.token('student01');
    r = await c.api('/saas-business/v1/front/admin/link', { token: st.token });
    expect(r.json).toEqual({ code: '120050001', message: '没有权限', data: null });
  });
});

describe('auth', () => {
  it.each([
    ['/external/api/v1/usersfront/getCurrentUser'],
    ['/saas-business/v1/front/learn/lastLearn'],
    ['/saas-business/definePayOrderCart/list'],
    ['/saas-business/v1/front/admin/link'],
  ])('%s answers 401 without / with a bad token', async (path) => {
    for (const token of [undefined, '', 'not-a-token']) {
      const r = await c.api(path, { token });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ code: '401', message: 'unauthorized' });
    }
  });

  it('sso/user with a bad access_token -> 401', async () => {
    expect((await c.api('/saas-business/sso/user', { query: { access_token: 'x' } })).status).toBe(401);
  });

  it('a token of company 4 is not valid on company 1', async () => {
    const { token } = await c.token('student04');
    expect((await c.api('/external/api/v1/usersfront/getCurrentUser', { token })).status).toBe(401);
    expect((await c.api('/external/api/v1/usersfront/getCurrentUser', { token, domain: 'company4.localhost' })).status).toBe(200);
  });

  it('expired tokens answer 401 (by token and by account)', async () => {
    const a = await c.token('student01');
    const b = await c.token('student01');
    expect((await c.control('POST', '/tokens/expire', { token: a.token })).json).toEqual({ expired: 1 });
    expect((await c.api('/external/api/v1/usersfront/getCurrentUser', { token: a.token })).status).toBe(401);
    expect((await c.api('/external/api/v1/usersfront/getCurrentUser', { token: b.token })).status).toBe(200);
    expect((await c.control('POST', '/tokens/expire', { account: '13800000001' })).json).toEqual({ expired: 1 });
    expect((await c.api('/external/api/v1/usersfront/getCurrentUser', { token: b.token })).status).toBe(401);
  });

  it('token TTL option', async () => {
    const s = await start({ tokenTtlS: 1 });
    try {
      const { token } = await s.c.token('student01');
      expect((await s.c.api('/external/api/v1/usersfront/getCurrentUser', { token })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await s.c.api('/external/api/v1/usersfront/getCurrentUser', { token })).status).toBe(401);
    } finally {
      await s.sb.close();
    }
  });
});

describe('sso code exchange, back-login, logout', () => {
  it('exchanges a code once, back-logs in, logout revokes both', async () => {
    const { code } = (await c.control('POST', '/sso/code', { account: 'student01' })).json;
    const r = await c.api('/saas-business/sso/onlischool/sign/token', { query: { code } });
    expect(r.json).toEqual({
      code: '1',
      message: 'success',
      data: { token: expect.any(String), code: expect.any(String), userId: 1001, companyId: 1, schoolId: 1 },
    });
    const { token, code: back } = r.json.data;
    // single use
    expect((await c.api('/saas-business/sso/onlischool/sign/token', { query: { code } })).json).toEqual({
      code: '120010014',
      message: '授权码无效或已过期',
      data: null,
    });
    expect((await c.api('/external/api/v1/usersfront/getCurrentUser', { token })).json.data.userId).toBe(1001);

    const b1 = await c.api('/external/api/v1/usersfront/getTokenBackLogin', { body: { code: back } });
    expect(b1.json.data).toEqual({ token: expect.any(String), code: back, userId: 1001, companyId: 1, schoolId: 1 });
    expect(b1.json.data.token).not.toBe(token);
    const b2 = await c.api('/external/api/v1/usersfront/getTokenBackLogin', { body: { code: back } });
    expect(b2.json.code).toBe('1'); // stays valid until logout
    expect((await c.api('/external/api/v1/usersfront/getTokenBackLogin', { body: { code: 'nope' } })).json.code).toBe('120010014');

    const out = await c.api('/saas-business/v1/front/login/loginoutNew', { token, body: {} });
    expect(out.json).toEqual({ code: '1', message: 'success', data: { loginSchoolPath: '/home/index' } });
    expect((await c.api('/external/api/v1/usersfront/getCurrentUser', { token })).status).toBe(401);
    expect((await c.api('/external/api/v1/usersfront/getTokenBackLogin', { body: { code: back } })).json.code).toBe('120010014');
  });

  it('a code for a company 4 user does not work on company 1 domains; unknown code fails', async () => {
    const { code } = (await c.control('POST', '/sso/code', { account: 'student04' })).json;
    expect((await c.api('/saas-business/sso/onlischool/sign/token', { query: { code } })).json.code).toBe('120010014');
    expect((await c.api('/saas-business/sso/onlischool/sign/token', { domain: 'company4.localhost', query: { code } })).json.data.companyId).toBe(4);
    expect((await c.api('/saas-business/sso/onlischool/sign/token', { query: { code: 'zzz' } })).json.code).toBe('120010014');
  });

  it('logout from a branch school answers its suffix path; logout without body/token is lenient', async () => {
    const { token } = (await c.control('POST', '/tokens', { account: 'student01', schoolId: 2 })).json;
    const res = await fetch(`${sandbox().url}/s/api/saas-business/v1/front/login/loginoutNew?domain=localhost`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
    });
    expect(((await res.json()) as any).data).toEqual({ loginSchoolPath: '/home/index/beijing' });
    const r = await c.api('/saas-business/v1/front/login/loginoutNew', { method: 'POST' });
    expect(r.json.data).toEqual({ loginSchoolPath: '/home/index' });
  });

  it('unknown account -> 404 from the control API', async () => {
    expect((await c.control('POST', '/tokens', { account: 'ghost' })).status).toBe(404);
    expect((await c.control('POST', '/sso/code', { account: 'ghost' })).status).toBe(404);
  });
});
