import type { InStatement } from '@libsql/client';
import { deepMerge } from './config.js';
import { PARTIAL_MENU } from './menu-codes.js';
import type { Area } from './area.js';
import { Db, getKeyPair, hashPassword, SCHEMA, SCHEMA_VERSION, seedSalt, type JsonObject } from './db.js';

export const SEED_PASSWORD = 'Passw0rd!';

export const BRANCHES: Array<[string, string]> = [
  ['北京分校', 'beijing'],
  ['上海分校', 'shanghai'],
  ['广州分校', 'guangzhou'],
  ['深圳分校', 'shenzhen'],
  ['杭州分校', 'hangzhou'],
  ['南京分校', 'nanjing'],
  ['成都分校', 'chengdu'],
  ['武汉分校', 'wuhan'],
  ['西安分校', 'xian'],
  ['重庆分校', 'chongqing'],
  ['天津分校', 'tianjin'],
  ['苏州分校', 'suzhou'],
  ['长沙分校', 'changsha'],
  ['郑州分校', 'zhengzhou'],
  ['青岛分校', 'qingdao'],
  ['沈阳分校', 'shenyang'],
  ['厦门分校', 'xiamen'],
  ['合肥分校', 'hefei'],
  ['昆明分校', 'kunming'],
  ['哈尔滨分校', 'haerbin'],
  // extra names used by POST /__sandbox/companies/:id/schools beyond 21 schools
  ['大连分校', 'dalian'],
  ['济南分校', 'jinan'],
  ['福州分校', 'fuzhou'],
  ['南宁分校', 'nanning'],
  ['贵阳分校', 'guiyang'],
  ['太原分校', 'taiyuan'],
  ['石家庄分校', 'shijiazhuang'],
  ['兰州分校', 'lanzhou'],
];

/** The full config of company 1; other companies are deep-merged variants of it. */
export function company1Config(publicKey: string): JsonObject {
  return {
    baseInfo: {
      useLoginPage: 0,
      companyIco: 'https://static.yunduo.example/company/1/favicon.ico',
      siteTitle: '云朵在线学院 - 职业技能在线学习平台',
      seo: [
        { pageType: 'index', title: '云朵在线学院', keywords: '在线学习,职业教育,云朵', description: '云朵在线学院提供职业技能在线课程' },
        { pageType: 'course', title: '课程中心 - 云朵在线学院', keywords: '课程,在线课程', description: '精品职业技能课程' },
        { pageType: 'news', title: '资讯 - 云朵在线学院', keywords: '资讯,行业动态', description: '行业资讯与学院动态' },
      ],
      classTableZone: 'Asia/Shanghai',
      liveTimeZone: 'Asia/Shanghai',
      companyCodeInfo: { statKey: '', statType: '' },
      schoolIndependence: 0,
      showDomainWarn: 0,
      domainWarnMsg: '',
      companyLogoType: 'word',
      companyName: '云朵在线学院',
      companyNameShort: '云朵职业教育在线学院',
      companyLogo: 'https://static.yunduo.example/company/1/logo.png',
      appConfig: {
        appConfigStatus: 1,
        scanDownURL: 'https://download.yunduo.example/app/scan?company=1',
        androidDownURL: 'https://download.yunduo.example/app/yunduo.apk',
        iosDownURL: 'https://apps.apple.com/cn/app/id1234567890',
        schoolURL: 'https://m.yunduo.example/school/1',
      },
      hideSpeedTest: false,
    },
    homeConfig: {
      homePageTemplateRsp: { globalTheme: '', redirectType: 0, templateLink: '' },
      headCfRsp: {
        headTemplateId: 1,
        headTemplateName: '默认模板',
        redirectLogin: 0,
        redirectConfig: { field2: '', field3: '' },
        headTheme: 'default',
      },
      themeColor: '#008AFF',
    },
    loginConfig: {
      webVerifyCodeLogin: 1,
      publicKey,
      thirdLoginFlag: 1,
      wechatLogin: 1,
      qqLogin: 1,
      weiboLogin: 1,
      wechatWorkLogin: 1,
      wechatWorkRegLogin: 1,
      ddLoginFlag: 1,
    },
    registerConfig: { usernameFlag: 1, mobileFlag: 1, registerAgreementFlag: 1, closeFlag: 0, provCityCountyFlag: 1 },
    serviceConfig: {
      openCart: 1,
      openIntegral: 1,
      personConfig: ['HEAD_APP', 'USER_REGISTER', 'USER_LOGIN', 'USER_LOGOUT'],
      perShow: 1,
      perShowInit: 1,
      perShowItem: ['course', 'setting', 'order', 'message'],
      personalUrl: null,
      userAdminLogo: 1,
    },
    footInfo: {
      templateId: 1,
      themes: 'default',
      logoType: 'word',
      logoPic: 'https://static.yunduo.example/company/1/foot-logo.png',
      logoText: '云朵在线学院',
      overview: '云朵在线学院专注职业技能在线教育，提供直播、录播、题库与认证培训服务。',
      companyAddress: '北京市海淀区中关村大街1号云朵大厦8层',
      companyAddressFlag: 1,
      companyName: '北京云朵科技有限公司',
      companyNameFlag: 1,
      copyright: 'Copyright © 2015-2025 云朵在线学院 版权所有',
      copyrightFlag: 1,
      icpNo: '京ICP备12345678号',
      icpNoFlag: 1,
      securityIco: '/__static/img/security-ico.svg',
      securityLink: 'http://www.beian.gov.cn/portal/registerSystemInfo?recordcode=11010802012345',
      securityRegno: '京公网安备 11010802012345号',
      securityFlag: 1,
      tencentWeibo: 'https://t.qq.com/yunduo',
      tencentWeiboFlag: 1,
      sinaWeibo: 'https://weibo.com/yunduo',
      sinaWeiboFlag: 1,
      tencentWechat: '/__static/img/wechat-qr-1.svg',
      tencentWechatFlag: 1,
    },
    market: {
      schoolHide: 0,
      leyuFlag: 1,
      leyuNo: 'https://chat.leyu.example/chat?id=10001',
      bdsqFlag: 1,
      bdsqType: 1,
      bdsqJsUrl: 'https://hm.baidu-sq.example/bdsq.js?id=10001',
      otherImFlag: 1,
      otherImJs: 'https://im.other.example/widget.js?id=10001',
      qqFlag: 1,
      qqType: 'MARKET_QQ_MARKET',
      qqNum: '800012345',
      personalqqNum: '123456789',
      weixinFlag: 1,
      weixinPic: '/__static/img/weixin-mp-1.svg',
      personalWeixinFlag: 1,
      personalWeixinPic: '/__static/img/weixin-personal-1.svg',
      weiboFlag: 1,
      weiboPic: '/__static/img/weibo-qr-1.svg',
      weiboUrl: 'https://weibo.com/yunduo',
      serviceFlag: 1,
      serviceTime: '周一至周日 9:00-21:00',
      servicePhone: '400-800-1234',
      servicePhone1: '010-88886666',
      servicePhone2: '13800138000',
      serviceEmailFlag: 1,
      serviceEmails: ['service@yunduo.example', 'support@yunduo.example'],
      tempType: 1,
    },
    alias: { pointName: '学分' },
    globalLogin: { openFlag: 0, thirdLoginUrl: null },
    nodeOnline: {
      domain: null,
      liveDomain: 'live.yunduo.example',
      liveYunId: 'yunduo-live-1',
      _sessionId: null,
      liveSessionId: null,
      online_school_nodejs_domain: null,
    },
    sysConfig: {
      'pc.captcha.enable': '0',
      'pc.wap.redirect': '1',
      'pc.socket.pool.size': '1',
    },
    groupConfig: {
      question: [
        { code: 'question.face.check', value: '0' },
        { code: 'question.anonymous.merge', value: '1' },
      ],
      pc: [{ code: 'pc.language.toggle', value: '1' }],
    },
  };
}

function company2Config(publicKey: string): JsonObject {
  return deepMerge(company1Config(publicKey), {
    baseInfo: {
      siteTitle: '单校在线课堂',
      companyName: '单校在线课堂',
      companyNameShort: '单校课堂',
      companyIco: 'https://static.yunduo.example/company/2/favicon.ico',
      companyLogo: 'https://static.yunduo.example/company/2/logo.png',
    },
    footInfo: { templateId: 2, companyName: '上海单校教育科技有限公司', icpNo: '沪ICP备87654321号', logoText: '单校在线课堂' },
    alias: { pointName: '积分' },
  });
}

function company4Config(publicKey: string): JsonObject {
  return deepMerge(company1Config(publicKey), {
    baseInfo: {
      siteTitle: '四海财会网校',
      companyName: '四海财会网校',
      companyNameShort: '四海财会网校',
      companyIco: 'https://static.yunduo.example/company/4/favicon.ico',
      companyLogo: 'https://static.yunduo.example/company/4/logo.png',
      // its own SEO titles (issue 12 §2: it inherited company 1's and its tabs read "云朵在线学院")
      seo: [
        { pageType: 'index', title: '四海财会网校', keywords: '财会,会计,网校', description: '四海财会网校提供会计职称与财会实务在线课程' },
        { pageType: 'course', title: '课程中心 - 四海财会网校', keywords: '会计课程,在线课程', description: '会计职称与财会实务课程' },
        { pageType: 'news', title: '资讯 - 四海财会网校', keywords: '财会资讯', description: '财会行业资讯与网校动态' },
      ],
    },
    footInfo: {
      templateId: 3,
      companyName: '广州四海教育咨询有限公司',
      icpNo: '粤ICP备11223344号',
      logoText: '四海财会网校',
      overview: '四海财会网校专注会计职称与财会实务培训。',
      companyAddress: '广州市天河区体育西路 100 号',
      copyright: 'Copyright © 2018-2025 四海财会网校 版权所有',
    },
    alias: { pointName: '积分' },
  });
}

/** Company 5: central sign-on (spec 000 section 4, global login check with openFlag 1 and thirdLoginUrl). */
export const CENTRAL_LOGIN_URL = 'https://sso.yunduo.example/cas/login?service=portal';
function company5Config(publicKey: string): JsonObject {
  return deepMerge(company1Config(publicKey), {
    baseInfo: {
      siteTitle: '统一认证学院',
      companyName: '统一认证学院',
      companyNameShort: '统一认证学院',
      companyIco: 'https://static.yunduo.example/company/5/favicon.ico',
      companyLogo: 'https://static.yunduo.example/company/5/logo.png',
      seo: [],
    },
    footInfo: { companyName: '统一认证教育科技有限公司', logoText: '统一认证学院' },
    globalLogin: { openFlag: 1, thirdLoginUrl: CENTRAL_LOGIN_URL },
    sysConfig: { 'pc.socket.pool.size': '3' },
    groupConfig: { pc: [{ code: 'pc.language.toggle', value: '0' }] },
  });
}

type MenuSeed = { id: number; name: string; url?: string; urlType?: string; type?: string; open?: string; children?: MenuSeed[] };

function menuStmts(companyId: number, schoolId: number | null, kind: 'head' | 'foot', menus: MenuSeed[], parentId = 0): InStatement[] {
  const out: InStatement[] = [];
  menus.forEach((m, i) => {
    out.push({
      sql: 'INSERT INTO menus (id, company_id, school_id, kind, parent_id, menu_name, menu_url, url_type, page_head_type, open_type, sort) VALUES (?,?,?,?,?,?,?,?,?,?,?)',
      args: [
        m.id,
        companyId,
        schoolId,
        kind,
        parentId,
        m.name,
        m.url ?? '',
        m.urlType ?? 'LINK_DEFAULT',
        m.type ?? 'SYS_PAGE_HEAD_OTHER',
        m.open ?? 'self',
        i + 1,
      ],
    });
    if (m.children) out.push(...menuStmts(companyId, schoolId, kind, m.children, m.id));
  });
  return out;
}

const HEAD_MENUS_C1: MenuSeed[] = [
  { id: 101, name: '首页', url: '/home/index', type: 'SYS_PAGE_HEAD_INDEX' },
  {
    id: 102,
    name: '课程',
    url: '/course/list',
    type: 'SYS_PAGE_HEAD_COURSE',
    children: [
      { id: 121, name: '精品课程', url: '/course/list', type: 'SYS_PAGE_HEAD_COURSE' },
      { id: 122, name: '公开课', url: '/openCourse', type: 'SYS_PAGE_HEAD_COURSE' },
    ],
  },
  { id: 103, name: '课程套餐', url: '/coursePackage/list', type: 'SYS_PAGE_HEAD_PACKAGE' },
  { id: 104, name: '资讯', url: '/news', type: 'SYS_PAGE_HEAD_NEWS' },
  {
    id: 105,
    name: '题库',
    url: '/lib/subject',
    type: 'SYS_PAGE_HEAD_QUESTION',
    children: [
      { id: 131, name: '练习题库', url: '/lib/subject', type: 'SYS_PAGE_HEAD_QUESTION' },
      { id: 132, name: '问答', url: '/answerslist/0', type: 'SYS_PAGE_HEAD_QUESTION' },
    ],
  },
  { id: 106, name: '名师', url: '/teachers', type: 'SYS_PAGE_HEAD_TEACHER' },
  { id: 107, name: '学员心声', url: '/custom', type: 'SYS_PAGE_HEAD_CUSTOM' },
  {
    id: 108,
    name: '更多',
    url: '',
    type: 'SYS_PAGE_HEAD_OTHER',
    children: [
      { id: 141, name: '学习中心', url: '/s/pc/#/personal/course?parentId=-1', type: 'SYS_PAGE_HEAD_OTHER' },
      { id: 142, name: '官方网站', url: 'https://www.yunduo.example/', type: 'SYS_PAGE_HEAD_OTHER', open: 'blank' },
      {
        id: 143,
        name: '合作伙伴',
        url: 'https://partner.yunduo.example/sso?uid={userId}&school={schoolId}',
        urlType: 'LINK_VARIABLE',
        type: 'SYS_PAGE_HEAD_OTHER',
        open: 'blank',
      },
      { id: 144, name: '帮助中心', url: 'http://help.yunduo.example/', type: 'SYS_PAGE_HEAD_OTHER', open: 'blank' },
    ],
  },
  { id: 109, name: '学员服务', url: 'https://service.yunduo.example/?uid={userId}', urlType: 'LINK_VARIABLE', type: 'SYS_PAGE_HEAD_OTHER', open: 'self' },
];

const FOOT_MENUS_C1: MenuSeed[] = [
  {
    id: 201,
    name: '关于我们',
    children: [
      { id: 211, name: '学院简介' },
      { id: 212, name: '联系我们' },
      { id: 213, name: '加入我们' },
    ],
  },
  {
    id: 202,
    name: '帮助中心',
    children: [
      { id: 221, name: '新手指南' },
      { id: 222, name: '常见问题' },
      { id: 223, name: '在线客服', url: 'https://service.yunduo.example/', open: 'blank' },
    ],
  },
  {
    id: 203,
    name: '服务条款',
    children: [
      { id: 231, name: '用户协议' },
      { id: 232, name: '隐私政策' },
    ],
  },
];

/** The foundation's tables (src/db.ts) and seed: companies, domains, schools, menus, users; first in `AREAS`. */
export const coreArea: Area = {
  name: 'core',
  schema: SCHEMA,
  seed: (ctx) => seedCore(ctx.db),
};

async function seedCore(db: Db): Promise<void> {
  const kp = getKeyPair();
  const stmts: InStatement[] = [];
  const add = (sql: string, args: Array<string | number | null>) => stmts.push({ sql, args });

  add('INSERT INTO meta (key, value) VALUES (?, ?)', ['schema_version', SCHEMA_VERSION]);
  add('INSERT INTO meta (key, value) VALUES (?, ?)', ['rsa_public', kp.publicKey]);
  add('INSERT INTO meta (key, value) VALUES (?, ?)', ['rsa_private', kp.privateKeyPem]);

  add('INSERT INTO companies (id, config) VALUES (?, ?)', [1, JSON.stringify(company1Config(kp.publicKey))]);
  add('INSERT INTO companies (id, config) VALUES (?, ?)', [2, JSON.stringify(company2Config(kp.publicKey))]);
  add('INSERT INTO companies (id, config) VALUES (?, ?)', [4, JSON.stringify(company4Config(kp.publicKey))]);
  add('INSERT INTO companies (id, config) VALUES (?, ?)', [5, JSON.stringify(company5Config(kp.publicKey))]);
  for (const [d, c] of [
    ['localhost', 1],
    ['127.0.0.1', 1],
    ['single.localhost', 2],
    ['company4.localhost', 4],
    ['sso.localhost', 5],
  ] as const) {
    add('INSERT INTO domains (domain, company_id) VALUES (?, ?)', [d, c]);
  }

  // schools: company 1 = main (1) + 20 branches (2..21); company 2 = 22; company 4 = 23
  add('INSERT INTO schools (id, company_id, school_name, suffix, default_flag) VALUES (?,?,?,?,?)', [1, 1, '云朵在线学院总校', 'main', 1]);
  BRANCHES.slice(0, 20).forEach(([name, suffix], i) => {
    add('INSERT INTO schools (id, company_id, school_name, suffix, default_flag) VALUES (?,?,?,?,?)', [i + 2, 1, name, suffix, 0]);
  });
  add('INSERT INTO schools (id, company_id, school_name, suffix, default_flag) VALUES (?,?,?,?,?)', [22, 2, '单校在线课堂', 'single', 1]);
  add('INSERT INTO schools (id, company_id, school_name, suffix, default_flag) VALUES (?,?,?,?,?)', [23, 4, '四海财会网校', 'sihai', 1]);
  add('INSERT INTO schools (id, company_id, school_name, suffix, default_flag) VALUES (?,?,?,?,?)', [24, 5, '统一认证学院', 'sso', 1]);

  // menus: company-wide for company 1, plus a school-specific head menu for 北京分校 (school 2)
  stmts.push(...menuStmts(1, null, 'head', HEAD_MENUS_C1));
  stmts.push(...menuStmts(1, null, 'foot', FOOT_MENUS_C1));
  stmts.push(
    ...menuStmts(1, 2, 'head', [
      { id: 151, name: '首页', url: '/home/index/beijing', type: 'SYS_PAGE_HEAD_INDEX' },
      { id: 152, name: '北京课程', url: '/course/list', type: 'SYS_PAGE_HEAD_COURSE' },
      { id: 153, name: '北京资讯', url: '/news', type: 'SYS_PAGE_HEAD_NEWS' },
    ]),
  );
  for (const [cid, base] of [
    [2, 300],
    [4, 400],
    [5, 500],
  ] as const) {
    stmts.push(
      ...menuStmts(cid, null, 'head', [
        { id: base + 1, name: '首页', url: '/home/index', type: 'SYS_PAGE_HEAD_INDEX' },
        { id: base + 2, name: '课程', url: '/course/list', type: 'SYS_PAGE_HEAD_COURSE' },
        { id: base + 3, name: '资讯', url: '/news', type: 'SYS_PAGE_HEAD_NEWS' },
      ]),
    );
    stmts.push(...menuStmts(cid, null, 'foot', [{ id: base + 51, name: '关于我们', children: [{ id: base + 61, name: '联系我们' }] }]));
  }

  // users (password Passw0rd! for all)
  const users: Array<[number, number, number, string | null, string | null, string | null, string, number, string | null, number, number, number, number]> = [
    // id, company, school, username, mobile, email, nickName, memberFlag, memberIco, unReadNum, integral, changePwd, staff
    [1001, 1, 1, 'student01', '13800000001', 'student01@yunduo.example', '张同学', 0, null, 3, 1280, 0, 0],
    [1002, 1, 1, 'student02', '13800000002', null, '李同学', 0, null, 0, 0, 1, 0],
    [1003, 1, 1, 'member01', '13800000003', 'member01@yunduo.example', '王会员', 1, 'https://static.yunduo.example/common/member-vip.png', 12, 56000, 0, 0],
    [1004, 1, 1, 'face01', '13800000004', null, '孙同学', 0, null, 0, 0, 0, 0], // needs face verification (auth-state.ts)
    [1006, 1, 1, 'forget01', '13800000006', null, '周同学', 0, null, 0, 0, 0, 0], // forgot-password journeys (JS)
    [1007, 1, 1, 'forget02', '13800000007', null, '吴同学', 0, null, 0, 0, 0, 0], // forgot-password journeys (no JS)
    [1010, 1, 1, 'partial01', '13800000010', null, '郑同学', 0, null, 0, 0, 0, 0], // a partial personal-centre menu (menu_permissions)
    [1011, 1, 1, 'hardening01', '13800000011', null, '钱同学', 0, null, 0, 0, 0, 0], // wrong-code journeys (JS)
    [1012, 1, 1, 'hardening02', '13800000012', null, '冯同学', 0, null, 0, 0, 0, 0], // wrong-code journeys (no JS)
    [1013, 1, 1, 'account01', '13800000013', null, '陈同学', 0, null, 0, 0, 0, 0], // account-page password journeys (JS)
    [1014, 1, 1, 'account02', '13800000014', null, '褚同学', 0, null, 0, 0, 0, 0], // account-page password journeys (no JS)
    [1009, 1, 1, 'teacher01', '13800000009', 'teacher01@yunduo.example', '赵老师', 0, null, 0, 300, 0, 1],
    [4001, 4, 23, 'student04', '13900000004', null, '陈同学', 0, null, 1, 20, 0, 0],
  ];
  for (const u of users) {
    add(
      `INSERT INTO users (id, company_id, school_id, username, mobile, email, nick_name, password_hash, member_flag, member_ico,
        head_pic_max, un_read_num, integral_remaining, change_password_config, staff_flag) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
      [
        u[0],
        u[1],
        u[2],
        u[3],
        u[4],
        u[5],
        u[6],
        hashPassword(SEED_PASSWORD, seedSalt(u[3] ?? String(u[0]))),
        u[7],
        u[8],
        `https://static.yunduo.example/avatar/${u[0]}.png`,
        u[9],
        u[10],
        u[11],
        u[12],
      ],
    );
  }
  add('INSERT INTO menu_permissions (user_id, codes) VALUES (?, ?)', [1010, JSON.stringify(PARTIAL_MENU)]);
  add('INSERT INTO last_learn (user_id, course_id, course_name, lesson_id, lesson_name) VALUES (?,?,?,?,?)', [
    1001,
    5001,
    '人力资源管理师（三级）精讲班',
    50011,
    '第三章 招聘与配置：第2节 人员甄选',
  ]);
  add('INSERT INTO cart_items (user_id, school_id, commodity_id, commodity_name, price) VALUES (?,?,?,?,?)', [1001, 1, 7001, '初级会计实务 VIP 直播班', 1280]);
  add('INSERT INTO cart_items (user_id, school_id, commodity_id, commodity_name, price) VALUES (?,?,?,?,?)', [1001, 1, 7002, 'Python 数据分析实战', 399]);
  add('INSERT INTO cart_items (user_id, school_id, commodity_id, commodity_name, price) VALUES (?,?,?,?,?)', [1001, 1, 7003, '教师资格证 笔试题库', 99.9]);

  await db.batch(stmts);
}
