/**
 * Seeded public content of company 1 (spec 000 sections 1, 2.1, 6): categories, courses with chapters and
 * lessons, teachers, packages, open courses, news, Q&A, groups, vip levels, exam sign-up items, student
 * voices, a custom page and training plans. Read-only: built once, deterministically, in memory (nothing in
 * the sandbox writes it, so /__sandbox/reset has nothing to restore). Other companies have no content.
 */

export const CATALOG_COMPANY_ID = 1;
export const SEED_DATE = Date.UTC(2025, 8, 1, 1, 0, 0); // 2025-09-01 09:00 Beijing time

export interface Category {
  id: number;
  parentId: number;
  categoryName: string;
  sort: number;
}
export interface Teacher {
  id: number;
  teacherName: string;
  title: string;
  avatar: string;
  intro: string;
  tags: string[];
  courseCount: number;
  studentCount: number;
}
export interface Lesson {
  id: number;
  lessonName: string;
  durationS: number;
  tryFlag: 0 | 1;
  type: 'video' | 'live' | 'doc';
}
export interface Chapter {
  id: number;
  chapterName: string;
  lessons: Lesson[];
}
export interface Course {
  commodityId: number;
  courseId: number;
  courseType: 'course' | 'classType';
  courseName: string;
  categoryId: number;
  categoryName: string;
  cover: string;
  price: number;
  memberPrice: number | null;
  originalPrice: number;
  freeFlag: 0 | 1;
  teacherIds: number[];
  studyCount: number;
  lessonCount: number;
  totalDurationS: number;
  summary: string;
  introduction: string[];
  validDays: number;
  createTime: string;
  recommend: 0 | 1;
  chapters: Chapter[];
}
export interface CoursePackage {
  id: number;
  packageName: string;
  cover: string;
  price: number;
  originalPrice: number;
  memberPrice: number | null;
  summary: string;
  introduction: string[];
  commodityIds: number[];
  studyCount: number;
  validDays: number;
}
export interface OpenCourse {
  id: number;
  title: string;
  teacherId: number;
  startTime: string;
  durationMin: number;
  status: 'upcoming' | 'live' | 'replay';
  cover: string;
  summary: string;
  signUpCount: number;
}
export interface News {
  id: number;
  title: string;
  categoryName: string;
  cover: string;
  summary: string;
  content: string[];
  author: string;
  publishTime: string;
  viewCount: number;
  top: 0 | 1;
}
export interface Answer {
  id: number;
  userName: string;
  content: string;
  createTime: string;
  likeCount: number;
  teacherFlag: 0 | 1;
}
export interface Question {
  id: number;
  title: string;
  content: string;
  userName: string;
  courseName: string;
  createTime: string;
  viewCount: number;
  answers: Answer[];
}
export interface Group {
  id: number;
  groupName: string;
  cover: string;
  intro: string;
  memberCount: number;
  ownerName: string;
  topics: Array<{ id: number; title: string; userName: string; replyCount: number; createTime: string }>;
}
export interface VipLevel {
  id: number;
  levelName: string;
  price: number;
  durationDays: number;
  discount: number;
  benefits: string[];
}
export interface ApplyItem {
  id: number;
  title: string;
  examName: string;
  examTime: string;
  applyStart: string;
  applyEnd: string;
  fee: number;
  place: string;
  quota: number;
  applied: number;
  description: string[];
  requirements: string[];
}
export interface StudentVoice {
  id: number;
  studentName: string;
  avatar: string;
  courseName: string;
  content: string;
  score: number;
  createTime: string;
}
export interface CustomPage {
  id: number;
  title: string;
  sections: Array<{ heading: string; body: string }>;
}
export interface TrainingPlan {
  id: number;
  planName: string;
  cover: string;
  summary: string;
  target: string;
  durationWeeks: number;
  price: number;
  stages: Array<{ stageName: string; commodityIds: number[]; goal: string }>;
}

const day = 86_400_000;
/**
 * An upstream time string `YYYY-MM-DD HH:mm:ss`: the school's wall time (Beijing, UTC+8), as the upstream
 * writes it and the sandbox's other areas do (decision 061). It was the UTC wall time: the news and sign-up
 * pages printed 01:00 for a 09:00 seed (decision 077).
 */
const iso = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
export const coverUrl = (kind: string, id: number) => `/__static/covers/${kind}-${id}.svg`;

export const CATEGORIES: Category[] = [
  { id: 1, parentId: 0, categoryName: '人力资源', sort: 1 },
  { id: 2, parentId: 0, categoryName: '财会金融', sort: 2 },
  { id: 3, parentId: 0, categoryName: '教师资格', sort: 3 },
  { id: 4, parentId: 0, categoryName: 'IT 编程', sort: 4 },
  { id: 5, parentId: 0, categoryName: '语言考试', sort: 5 },
  { id: 6, parentId: 0, categoryName: '建筑工程', sort: 6 },
];

export const TEACHERS: Teacher[] = [
  ['王丽华', '高级人力资源管理师', '十五年企业人力资源管理经验，曾任大型制造企业人力资源总监，主讲人力资源规划与绩效管理。', ['人力资源', '绩效管理']],
  ['张建国', '注册会计师 / 高级会计师', '注册会计师，长期从事审计与财务管理教学，学员通过率名列前茅。', ['会计', '审计']],
  ['李明轩', '中学高级教师', '从事教师资格考试辅导十年，擅长教育学与心理学的体系化讲解。', ['教育学', '心理学']],
  ['陈思远', '资深软件架构师', '曾任互联网公司技术负责人，主讲 Python、Java 与前端工程化。', ['Python', 'Java']],
  ['刘雅婷', '英语语言学硕士', '雅思 8.5 分，十年雅思托福教学经验，擅长口语与写作。', ['雅思', '英语']],
  ['赵海峰', '一级建造师 / 高级工程师', '大型建筑企业项目经理出身，主讲建设工程管理与实务。', ['建造师', '工程管理']],
  ['孙晓梅', '中级经济师', '专注经济师与初级会计考试辅导，讲解通俗易懂。', ['经济师', '初级会计']],
  ['周文博', '数据分析专家', '前大型电商数据团队负责人，主讲数据分析与机器学习入门。', ['数据分析', 'SQL']],
  ['吴佳琪', '日语一级 / 翻译', '日本留学六年，主讲日语能力考试与商务日语。', ['日语', 'JLPT']],
  ['郑国强', '注册安全工程师', '二十年安全生产管理经验，主讲安全生产法律法规与技术。', ['安全工程', '法规']],
].map(([teacherName, title, intro, tags], i) => ({
  id: 201 + i,
  teacherName: teacherName as string,
  title: title as string,
  intro: intro as string,
  tags: tags as string[],
  avatar: coverUrl('teacher', 201 + i),
  courseCount: 0,
  studentCount: 0,
}));

// [name, categoryId, price, teacher offsets, summary]
const COURSE_ROWS: Array<[string, number, number, number[], string]> = [
  ['人力资源管理师（三级）精讲班', 1, 1280, [0], '覆盖六大模块的系统课程，配套真题精讲与模拟考试。'],
  ['人力资源规划实务', 1, 399, [0], '从战略到编制：企业人力资源规划的方法与工具。'],
  ['绩效管理与薪酬设计', 1, 599, [0, 6], '绩效指标设计、考核流程与薪酬体系搭建实战。'],
  ['劳动法律法规精讲', 1, 0, [9], '劳动合同、社会保险与劳动争议处理的要点解读。'],
  ['招聘面试技巧入门', 1, 0, [0], '结构化面试与行为面试的基本方法，免费试学。'],
  ['培训与开发体系搭建', 1, 459, [0], '培训需求分析、课程开发与效果评估。'],
  ['初级会计职称（实务 + 经济法基础）', 2, 980, [6, 1], '零基础通关初级会计职称考试的完整课程。'],
  ['中级会计实务精讲班', 2, 1580, [1], '中级会计实务重难点逐章精讲，配套习题。'],
  ['注册会计师审计科目', 2, 1880, [1], '注会审计科目系统讲解，理论结合案例。'],
  ['财务报表分析', 2, 299, [1], '读懂三大报表，掌握企业财务分析方法。'],
  ['个人理财基础', 2, 0, [6], '家庭资产配置与基金投资入门知识。'],
  ['中级经济师（人力资源管理专业）', 2, 860, [6, 0], '经济师考试专业课与基础课一站式学习。'],
  ['教师资格证（中学）综合素质', 3, 498, [2], '职业理念、教育法律法规、文化素养与写作。'],
  ['教育知识与能力', 3, 498, [2], '教育学、心理学核心考点全覆盖。'],
  ['教师资格面试试讲技巧', 3, 699, [2], '结构化问答与试讲全流程模拟训练。'],
  ['小学教师资格（科目一）', 3, 0, [2], '小学综合素质考点速览，免费公开课。'],
  ['班主任工作艺术', 3, 199, [2], '班级管理、家校沟通与学生心理辅导。'],
  ['普通话水平测试辅导', 3, 159, [2, 4], '声韵调训练与命题说话技巧。'],
  ['Python 编程从入门到实践', 4, 699, [3], '语法基础、面向对象、文件与网络编程，配套项目实战。'],
  ['Java 核心技术与 Spring Boot', 4, 1299, [3], '从 Java 基础到 Spring Boot 企业级开发。'],
  ['前端开发：HTML、CSS 与 JavaScript', 4, 0, [3], '网页开发三件套入门，免费学习。'],
  ['数据分析与 SQL 实战', 4, 799, [7], '用 SQL 与 Excel 完成业务数据分析报告。'],
  ['机器学习入门', 4, 999, [7, 3], '监督学习、无监督学习与模型评估基础。'],
  ['Linux 运维基础', 4, 399, [3], '常用命令、Shell 脚本与服务器部署。'],
  ['雅思 7 分冲刺班', 5, 2680, [4], '听说读写四科系统提升，外教口语陪练。'],
  ['英语四六级高分突破', 5, 299, [4], '词汇、听力与写作翻译的提分技巧。'],
  ['日语能力考试 N2 全程班', 5, 1380, [8], '语法、词汇、阅读与听力全面备考 N2。'],
  ['零基础日语五十音', 5, 0, [8], '平假名、片假名与基础发音，免费入门。'],
  ['商务英语写作', 5, 359, [4], '商务邮件、报告与会议纪要的写作方法。'],
  ['考研英语一词汇精讲', 5, 199, [4], '高频词汇词根词缀记忆法。'],
  ['一级建造师（建设工程项目管理）', 6, 1680, [5], '项目管理科目考点精讲与真题解析。'],
  ['二级建造师（建筑工程管理与实务）', 6, 1180, [5], '建筑实务案例题解题思路与技巧。'],
  ['注册安全工程师（安全生产法律法规）', 6, 980, [9], '安全生产法律法规体系与重点条款。'],
  ['建筑识图与 CAD 入门', 6, 0, [5], '建筑施工图识读与 CAD 基本操作。'],
  ['造价工程师（工程计价）', 6, 1480, [5], '工程计价依据、方法与案例分析。'],
  ['消防设施操作员（初级）', 6, 560, [9], '消防设施操作与维护保养技能培训。'],
];

const CHAPTER_TITLES = ['课程导学与考情分析', '核心知识精讲', '重难点突破', '真题演练与总结'];
const LESSON_TITLES = [
  ['课程介绍', '学习方法与备考规划', '考试大纲解读'],
  ['基础概念', '知识体系梳理', '典型案例分析', '章节小结'],
  ['难点一：综合应用', '难点二：易错辨析', '专项练习讲解'],
  ['历年真题精讲', '模拟题讲评', '考前冲刺串讲'],
];

function chaptersFor(n: number, courseName: string): Chapter[] {
  const count = 3 + (n % 2); // 3 or 4 chapters
  return CHAPTER_TITLES.slice(0, count).map((title, c) => ({
    id: (100 + n) * 100 + c + 1,
    chapterName: `第${'一二三四'[c]}章 ${title}`,
    lessons: LESSON_TITLES[c]!.map((lt, l) => ({
      id: ((100 + n) * 100 + c + 1) * 10 + l + 1,
      lessonName: c === 1 && l === 0 ? `${courseName}：${lt}` : lt,
      durationS: 600 + ((n * 7 + c * 5 + l * 3) % 30) * 60,
      tryFlag: (c === 0 && l === 0 ? 1 : 0) as 0 | 1,
      type: (c === 3 && l === 2 ? 'live' : 'video') as Lesson['type'],
    })),
  }));
}

export const COURSES: Course[] = COURSE_ROWS.map(([courseName, categoryId, price, teachers, summary], i) => {
  const n = i + 1;
  const chapters = chaptersFor(n, courseName);
  const lessons = chapters.flatMap((c) => c.lessons);
  const free = price === 0;
  return {
    commodityId: 5000 + n,
    courseId: 100 + n,
    courseType: n % 5 === 1 ? 'classType' : 'course',
    courseName,
    categoryId,
    categoryName: CATEGORIES.find((c) => c.id === categoryId)!.categoryName,
    cover: coverUrl('course', 5000 + n),
    price,
    memberPrice: free ? null : Math.round(price * 0.8),
    originalPrice: free ? 0 : Math.round(price * 1.25),
    freeFlag: (free ? 1 : 0) as 0 | 1,
    teacherIds: teachers.map((t) => TEACHERS[t]!.id),
    studyCount: 120 + ((n * 397) % 4800),
    lessonCount: lessons.length,
    totalDurationS: lessons.reduce((s, l) => s + l.durationS, 0),
    summary,
    introduction: [
      `${courseName}由${teachers.map((t) => TEACHERS[t]!.teacherName).join('、')}老师主讲，${summary}`,
      '课程采用“精讲 + 练习 + 答疑”的学习模式，每章配有随堂练习，学习过程中可随时在问答区提问。',
      '适合人群：零基础入门学员、备考学员以及希望系统提升职业技能的在职人员。',
    ],
    validDays: 365,
    createTime: iso(SEED_DATE - n * 3 * day),
    recommend: (n % 4 === 1 ? 1 : 0) as 0 | 1,
    chapters,
  };
});

for (const t of TEACHERS) {
  const own = COURSES.filter((c) => c.teacherIds.includes(t.id));
  t.courseCount = own.length;
  t.studentCount = own.reduce((s, c) => s + c.studyCount, 0);
}

export const PACKAGES: CoursePackage[] = [
  ['人力资源管理全能套餐', [5001, 5002, 5003, 5004, 5006], 1980, '人力资源管理师考试与实务能力一次提升。'],
  ['会计职称进阶套餐', [5007, 5008, 5010], 2280, '初级到中级，会计职称一路通关。'],
  ['教师资格证笔试 + 面试套餐', [5013, 5014, 5015], 1399, '笔试面试一站备考，省心省时。'],
  ['数据分析师成长套餐', [5019, 5022, 5023], 1980, 'Python、SQL 与机器学习，打造数据分析能力。'],
  ['建造师考证套餐', [5031, 5032, 5035], 3580, '一建二建与造价，建筑从业者考证首选。'],
].map(([packageName, ids, price, summary], i) => {
  const commodityIds = ids as number[];
  const sum = commodityIds.reduce((s, id) => s + COURSES.find((c) => c.commodityId === id)!.price, 0);
  return {
    id: 301 + i,
    packageName: packageName as string,
    cover: coverUrl('package', 301 + i),
    price: price as number,
    originalPrice: sum,
    memberPrice: Math.round((price as number) * 0.85),
    summary: summary as string,
    introduction: [summary as string, `套餐包含 ${commodityIds.length} 门课程，总价值 ¥${sum}，打包购买更优惠。`, '购买后一年内可反复学习套餐内全部课程。'],
    commodityIds,
    studyCount: 80 + i * 137,
    validDays: 365,
  };
});

export const OPEN_COURSES: OpenCourse[] = [
  ['2025 年人力资源管理师考情分析', 201, 2, 90, 'upcoming'],
  ['初级会计备考经验分享会', 207, 1, 60, 'live'],
  ['教师资格面试试讲示范课', 203, 5, 90, 'upcoming'],
  ['Python 零基础体验课', 204, -3, 120, 'replay'],
  ['雅思口语高分技巧公开课', 205, -7, 60, 'replay'],
  ['一建项目管理高频考点串讲', 206, 9, 120, 'upcoming'],
].map(([title, teacherId, offset, durationMin, status], i) => ({
  id: 401 + i,
  title: title as string,
  teacherId: teacherId as number,
  startTime: iso(SEED_DATE + (offset as number) * day + 11 * 3_600_000),
  durationMin: durationMin as number,
  status: status as OpenCourse['status'],
  cover: coverUrl('open', 401 + i),
  summary: `${title}，由主讲老师在线直播讲解并现场答疑，免费报名参加。`,
  signUpCount: 300 + i * 211,
}));

export const NEWS: News[] = [
  ['2025 年下半年人力资源管理师考试报名通知', '考试动态', '2025 年下半年人力资源管理师职业技能等级认定报名即将开始，请考生提前准备材料。'],
  ['初级会计职称考试成绩查询入口开通', '考试动态', '初级会计职称考试成绩已公布，考生可登录官方网站查询。'],
  ['云朵在线学院荣获“年度优秀在线教育品牌”', '学院新闻', '在第八届职业教育创新大会上，云朵在线学院获评年度优秀在线教育品牌。'],
  ['教师资格证面试备考指南', '备考指导', '从结构化问答到试讲答辩，一文读懂教师资格面试备考要点。'],
  ['数据分析岗位需求持续增长', '行业资讯', '最新招聘数据显示，数据分析相关岗位需求同比增长三成以上。'],
  ['雅思考试新题季口语话题解析', '备考指导', '新题季口语 Part 2 高频话题汇总与答题思路。'],
  ['一级建造师考试教材变化解读', '考试动态', '本年度一级建造师考试教材修订内容与备考建议。'],
  ['学院新增“机器学习入门”课程', '学院新闻', '由数据分析专家周文博老师主讲的机器学习入门课程正式上线。'],
  ['安全生产月：企业安全培训要点', '行业资讯', '安全生产月期间，企业安全培训应重点关注的五个方面。'],
  ['暑期学习季优惠活动开启', '学院新闻', '暑期学习季期间，精选课程与套餐限时优惠，会员再享折扣。'],
  ['中级经济师考试科目调整说明', '考试动态', '中级经济师专业科目调整后的考试安排与备考建议。'],
  ['如何高效利用碎片时间学习', '备考指导', '通勤、午休等碎片时间的高效学习方法分享。'],
].map(([title, categoryName, summary], i) => ({
  id: 601 + i,
  title: title as string,
  categoryName: categoryName as string,
  cover: coverUrl('news', 601 + i),
  summary: summary as string,
  content: [
    summary as string,
    '详细内容请以官方发布为准。学院教务老师将持续跟进相关动态，并在课程与公告中及时更新。',
    '如有疑问，欢迎通过在线客服或学习问答区与我们联系。',
  ],
  author: '云朵在线学院教务处',
  publishTime: iso(SEED_DATE - i * 2 * day),
  viewCount: 1000 + ((i * 733) % 9000),
  top: (i === 2 ? 1 : 0) as 0 | 1,
}));

export const QUESTIONS: Question[] = [
  ['人力资源规划的第一步是什么？', '看教材时对人力资源规划的步骤有些混淆，想请老师讲一下顺序。', '李同学', 5001],
  ['初级会计实务中固定资产折旧怎么计算？', '双倍余额递减法最后两年为什么要改成直线法？', '王同学', 5007],
  ['教师资格证综合素质作文怎么写？', '作文总是写不到字数，有没有好的结构模板？', '张同学', 5013],
  ['Python 列表和元组有什么区别？', '什么时候应该用元组而不是列表？', '赵同学', 5019],
  ['雅思听力 Section 4 总是跟不上怎么办？', '语速太快，笔记来不及记。', '钱同学', 5025],
  ['一建项目管理中的双代号网络图怎么计算关键线路？', '总时差和自由时差的区别不太清楚。', '孙同学', 5031],
  ['劳动合同试用期最长可以约定多久？', '三年以上固定期限的劳动合同试用期是多久？', '周同学', 5004],
  ['SQL 中 LEFT JOIN 和 INNER JOIN 的区别？', '结果行数为什么会不一样？', '吴同学', 5022],
].map(([title, content, userName, commodityId], i) => ({
  id: 701 + i,
  title: title as string,
  content: content as string,
  userName: userName as string,
  courseName: COURSES.find((c) => c.commodityId === commodityId)!.courseName,
  createTime: iso(SEED_DATE - i * day),
  viewCount: 50 + i * 37,
  answers: [
    {
      id: 7010 + i * 10 + 1,
      userName: TEACHERS[i % TEACHERS.length]!.teacherName + '老师',
      content: '这个问题很好。建议先回顾课程第二章的知识体系梳理，再结合典型案例理解，课程里有详细讲解。',
      createTime: iso(SEED_DATE - i * day + 3_600_000),
      likeCount: 12 + i,
      teacherFlag: 1 as const,
    },
    {
      id: 7010 + i * 10 + 2,
      userName: '学习委员',
      content: '我当时也有同样的疑问，做完章节练习之后就清楚了，加油！',
      createTime: iso(SEED_DATE - i * day + 7_200_000),
      likeCount: 3 + i,
      teacherFlag: 0 as const,
    },
  ],
}));

export const GROUPS: Group[] = [
  ['人力资源备考交流组', '人力资源管理师考生互助交流，分享资料与经验。', '王丽华'],
  ['会计人学习圈', '初级、中级会计职称备考打卡与答疑。', '张建国'],
  ['Python 学习小组', '一起写代码、做项目，互相 review。', '陈思远'],
  ['雅思口语练习角', '每日口语话题练习与互评。', '刘雅婷'],
].map(([groupName, intro, ownerName], i) => ({
  id: 801 + i,
  groupName: groupName as string,
  intro: intro as string,
  ownerName: ownerName as string,
  cover: coverUrl('group', 801 + i),
  memberCount: 200 + i * 157,
  topics: ['本周学习打卡', '考试经验分享', '资料汇总（持续更新）'].map((t, k) => ({
    id: (801 + i) * 10 + k + 1,
    title: `${t}`,
    userName: ['小林', '阿杰', '美美'][k]!,
    replyCount: 5 + k * 4 + i,
    createTime: iso(SEED_DATE - (i + k) * day),
  })),
}));

export const VIP_LEVELS: VipLevel[] = [
  { id: 901, levelName: '月度会员', price: 68, durationDays: 30, discount: 9, benefits: ['会员价购买课程', '会员专属直播'] },
  { id: 902, levelName: '年度会员', price: 398, durationDays: 365, discount: 8, benefits: ['会员价购买课程', '会员专属直播', '免费题库练习', '专属学习顾问'] },
  {
    id: 903,
    levelName: '终身会员',
    price: 1280,
    durationDays: 36500,
    discount: 7,
    benefits: ['会员价购买课程', '会员专属直播', '免费题库练习', '专属学习顾问', '线下活动优先报名'],
  },
];

export const APPLY_ITEMS: ApplyItem[] = [
  ['2025 年第四期人力资源管理师（三级）认定报名', '人力资源管理师（三级）', 30, 280, '北京市海淀区考试中心'],
  ['2025 年下半年中学教师资格笔试报名', '中学教师资格笔试', 45, 210, '各地考点'],
  ['消防设施操作员（初级）技能鉴定报名', '消防设施操作员（初级）', 20, 350, '北京市朝阳区鉴定站'],
  ['企业安全生产管理人员培训考核报名', '安全生产管理人员考核', 15, 300, '线上考核'],
].map(([title, examName, offset, fee, place], i) => ({
  id: 1001 + i,
  title: title as string,
  examName: examName as string,
  examTime: iso(SEED_DATE + (offset as number) * day + 3_600_000),
  applyStart: iso(SEED_DATE - 10 * day),
  applyEnd: iso(SEED_DATE + ((offset as number) - 10) * day),
  fee: fee as number,
  place: place as string,
  quota: 200,
  applied: 37 + i * 29,
  description: [`${examName}考试报名已开始，请在截止日期前完成信息填写与缴费。`, '报名成功后请留意短信通知，按时参加考试。'],
  requirements: ['年满 18 周岁，具有完全民事行为能力', '符合相应职业（工种）的申报条件', '提供本人有效身份证件'],
}));

export const STUDENT_VOICES: StudentVoice[] = [
  ['陈*敏', 5001, '老师讲得非常系统，六大模块一下子理清楚了，一次通过三级考试！', 5],
  ['刘*洋', 5007, '跟着课程刷题，初级会计两科都过了，感谢张老师。', 5],
  ['黄*婷', 5013, '综合素质的作文模板太有用了，考试时一点都不慌。', 5],
  ['杨*杰', 5019, '项目实战很接地气，学完已经能写自动化脚本了。', 4],
  ['徐*雪', 5025, '雅思口语从 5.5 提到 7，外教陪练效果很好。', 5],
  ['马*龙', 5032, '案例题讲解思路清晰，二建实务顺利通过。', 5],
].map(([studentName, commodityId, content, score], i) => ({
  id: 1101 + i,
  studentName: studentName as string,
  avatar: coverUrl('student', 1101 + i),
  courseName: COURSES.find((c) => c.commodityId === commodityId)!.courseName,
  content: content as string,
  score: score as number,
  createTime: iso(SEED_DATE - i * 5 * day),
}));

export const CUSTOM_PAGE: CustomPage = {
  id: 1201,
  title: '关于云朵在线学院',
  sections: [
    { heading: '学院简介', body: '云朵在线学院创立于 2015 年，专注职业技能在线教育，累计服务学员超过 100 万人次。' },
    { heading: '教学特色', body: '直播与录播结合、题库与模考配套、班主任全程督学，帮助学员高效学习。' },
    { heading: '联系我们', body: '客服电话 400-800-1234，服务时间周一至周日 9:00-21:00。' },
  ],
};

export const TRAINING_PLANS: TrainingPlan[] = [
  [
    '新入职 HR 成长计划',
    '帮助新入职的人力资源从业者在三个月内掌握招聘、培训与绩效的基本技能。',
    '人力资源新人',
    12,
    1580,
    [[5005, 5002], [5003, 5006], [5004]],
  ],
  ['财务人员能力提升计划', '从报表分析到中级会计实务，系统提升财务人员的专业能力。', '企业财务人员', 16, 2380, [[5010], [5008], [5009]]],
  ['数据分析转型计划', '面向业务人员的数据分析转型路径，学完能独立完成分析报告。', '业务人员', 20, 2680, [[5021, 5019], [5022], [5023]]],
  ['工程项目管理人才计划', '面向工程项目管理岗位的考证与实务能力培养。', '工程管理人员', 24, 3980, [[5034], [5032, 5031], [5035]]],
].map(([planName, summary, target, durationWeeks, price, stages], i) => ({
  id: 1301 + i,
  planName: planName as string,
  cover: coverUrl('plan', 1301 + i),
  summary: summary as string,
  target: target as string,
  durationWeeks: durationWeeks as number,
  price: price as number,
  stages: (stages as number[][]).map((commodityIds, k) => ({
    stageName: `第${'一二三'[k]}阶段`,
    commodityIds,
    goal: ['打好基础', '能力进阶', '综合提升'][k]!,
  })),
}));
