/**
 * The question bank's seeded content, generated deterministically (same ids and texts on every seed), and
 * the scoring rules (docs/decisions/027-question-bank.md). Pure: no database here.
 */

export type Kind = 'single' | 'multiple' | 'judge' | 'fill' | 'short';
export const KINDS: Kind[] = ['single', 'multiple', 'judge', 'fill', 'short'];

export interface Category {
  id: number;
  name: string;
}
export interface Subject {
  id: number;
  categoryId: number;
  name: string;
  terms: string[];
}
export interface Chapter {
  id: number;
  subjectId: number;
  name: string;
  sort: number;
  sections: Section[];
}
export interface Section {
  id: number;
  chapterId: number;
  name: string;
  sort: number;
}
/**
 * The media of an explanation (its id is the question's): audio and video are played through the preview
 * calls (a signed, expiring address; decision 035), an image is a public picture shown as it is.
 */
export interface Media {
  kind: 'audio' | 'video' | 'image';
  seconds: number;
}
export interface Question {
  id: number;
  subjectId: number;
  chapterId: number;
  sectionId: number;
  sort: number;
  kind: Kind;
  stem: string;
  options: string[];
  /** single/multiple/judge: letters; fill: accepted texts per blank joined by '|'; short: the keywords */
  answer: string[];
  score: number;
  analysis: string;
  media: Media | null;
}
export interface Paper {
  id: number;
  subjectId: number;
  name: string;
  kind: 'practice' | 'exam';
  durationS: number | null;
  questionIds: number[];
}

export const CATEGORIES: Category[] = [
  { id: 11, name: '人力资源' },
  { id: 12, name: '财务会计' },
  { id: 13, name: '计算机' },
];

export const SUBJECTS: Subject[] = [
  { id: 201, categoryId: 11, name: '人力资源管理师（三级）', terms: ['人力资源规划', '工作分析', '招聘', '甄选', '培训', '绩效考评', '薪酬', '劳动合同'] },
  { id: 202, categoryId: 11, name: '劳动关系协调员', terms: ['集体协商', '劳动争议', '调解', '仲裁', '工时制度', '社会保险', '劳动安全', '工资支付'] },
  { id: 203, categoryId: 12, name: '初级会计实务', terms: ['会计要素', '借贷记账法', '资产', '负债', '所有者权益', '收入', '费用', '利润'] },
  { id: 204, categoryId: 12, name: '经济法基础', terms: ['法律关系', '票据', '支付结算', '增值税', '消费税', '企业所得税', '个人所得税', '劳动合同'] },
  { id: 205, categoryId: 12, name: '税法', terms: ['纳税人', '征税对象', '税率', '计税依据', '减免税', '纳税期限', '税收征管', '关税'] },
  { id: 206, categoryId: 13, name: '计算机基础', terms: ['操作系统', '存储器', '中央处理器', '二进制', '网络协议', '文件系统', '输入设备', '信息安全'] },
  { id: 207, categoryId: 13, name: 'Python 程序设计', terms: ['变量', '列表', '字典', '函数', '循环', '异常', '模块', '类'] },
  { id: 208, categoryId: 13, name: '数据库原理', terms: ['关系模型', '主键', '外键', '索引', '事务', '范式', '视图', '连接查询'] },
];

export const CHAPTERS_PER_SUBJECT = 2;
export const SECTIONS_PER_CHAPTER = 2;
export const QUESTIONS_PER_SECTION = 10;
/** Points per kind (single 2, multiple 4, judge 1, fill 2, short 10). */
export const KIND_SCORE: Record<Kind, number> = { single: 2, multiple: 4, judge: 1, fill: 2, short: 10 };
/** Spoken explanation: every 7th question; the 14th ones a video; every 11th (without either) a picture. */
export const MEDIA_EVERY = 7;
export const IMAGE_EVERY = 11;

const LETTERS = 'ABCD';

function chapterName(subject: Subject, c: number) {
  return `第${'一二三四'[c]}章 ${subject.terms[c * 4]}与${subject.terms[c * 4 + 1]}`;
}
function sectionName(subject: Subject, c: number, s: number) {
  return `第${s + 1}节 ${subject.terms[c * 4 + 2 + s]}`;
}

/** Every chapter (with sections) and question of one subject. */
export function subjectContent(subject: Subject): { chapters: Chapter[]; questions: Question[] } {
  const chapters: Chapter[] = [];
  const questions: Question[] = [];
  const base = (subject.id - 200) * 1000;
  let sort = 0;
  for (let c = 0; c < CHAPTERS_PER_SUBJECT; c++) {
    const chapterId = subject.id * 10 + c + 1;
    const chapter: Chapter = { id: chapterId, subjectId: subject.id, name: chapterName(subject, c), sort: c + 1, sections: [] };
    chapters.push(chapter);
    for (let s = 0; s < SECTIONS_PER_CHAPTER; s++) {
      const sectionId = chapterId * 10 + s + 1;
      chapter.sections.push({ id: sectionId, chapterId, name: sectionName(subject, c, s), sort: s + 1 });
      for (let i = 0; i < QUESTIONS_PER_SECTION; i++) {
        sort += 1;
        const id = base + sort; // 1001.., 2001.., ... 8040
        questions.push(makeQuestion(subject, id, chapterId, sectionId, sort, KINDS[i % KINDS.length]!, c, s, i));
      }
    }
  }
  return { chapters, questions };
}

function makeQuestion(subject: Subject, id: number, chapterId: number, sectionId: number, sort: number, kind: Kind, c: number, s: number, i: number): Question {
  const t = subject.terms;
  const term = t[(c * 4 + s * 2 + i) % t.length]!;
  const other = t[(c * 4 + s * 2 + i + 3) % t.length]!;
  const third = t[(c * 4 + s * 2 + i + 5) % t.length]!;
  const where = `【${subject.name}·${sectionName(subject, c, s)}】`;
  const n = `（第${sort}题）`;
  const media: Media | null =
    id % MEDIA_EVERY === 0
      ? id % (MEDIA_EVERY * 2) === 0
        ? { kind: 'video', seconds: 8 }
        : { kind: 'audio', seconds: 2 }
      : id % IMAGE_EVERY === 0
        ? { kind: 'image', seconds: 0 }
        : null;
  const right = LETTERS[(id * 7) % 4]!;
  switch (kind) {
    case 'single': {
      const options = LETTERS.split('').map((l) =>
        l === right ? `${l}. ${term}是本节要求掌握的核心概念` : `${l}. ${term}与${t[(LETTERS.indexOf(l) + i) % t.length]}完全无关`,
      );
      return {
        id,
        subjectId: subject.id,
        chapterId,
        sectionId,
        sort,
        kind,
        stem: `${where}关于「${term}」，下列说法正确的是？${n}`,
        options,
        answer: [right],
        score: KIND_SCORE.single,
        analysis: `「${term}」是${sectionName(subject, c, s)}的核心概念，其余选项把它与无关概念混为一谈，故选 ${right}。`,
        media,
      };
    }
    case 'multiple': {
      const wrong = LETTERS[(id * 7 + 2) % 4]!;
      const answer = LETTERS.split('').filter((l) => l !== wrong);
      const options = LETTERS.split('').map((l) =>
        l === wrong ? `${l}. ${term}不需要任何前提条件` : `${l}. ${term}与${t[(LETTERS.indexOf(l) + sort) % t.length]}相关`,
      );
      return {
        id,
        subjectId: subject.id,
        chapterId,
        sectionId,
        sort,
        kind,
        stem: `${where}下列关于「${term}」的表述，正确的有？${n}`,
        options,
        answer,
        score: KIND_SCORE.multiple,
        analysis: `除 ${wrong} 外均正确：「${term}」总有其适用前提。`,
        media,
      };
    }
    case 'judge': {
      const yes = id % 2 === 0;
      return {
        id,
        subjectId: subject.id,
        chapterId,
        sectionId,
        sort,
        kind,
        stem: `${where}${yes ? `「${term}」属于${subject.name}的考试内容。` : `「${term}」与「${other}」是同一个概念。`}${n}`,
        options: ['A. 正确', 'B. 错误'],
        answer: [yes ? 'A' : 'B'],
        score: KIND_SCORE.judge,
        analysis: yes ? `「${term}」是本科目考试大纲中的内容，故正确。` : `「${term}」与「${other}」是两个不同的概念，故错误。`,
        media,
      };
    }
    case 'fill':
      return {
        id,
        subjectId: subject.id,
        chapterId,
        sectionId,
        sort,
        kind,
        stem: `${where}本节的核心概念是 ____ ，与之相关的另一个概念是 ____ 。${n}`,
        options: [],
        answer: [term, other],
        score: KIND_SCORE.fill,
        analysis: `两空依次为「${term}」和「${other}」。`,
        media,
      };
    case 'short':
      return {
        id,
        subjectId: subject.id,
        chapterId,
        sectionId,
        sort,
        kind,
        stem: `${where}简述「${term}」的要点，并说明它与「${other}」「${third}」的关系。${n}`,
        options: [],
        answer: [term, other, third],
        score: KIND_SCORE.short,
        analysis: `要点：先说明「${term}」的含义，再分别说明它与「${other}」「${third}」的联系。评分关键词：${term}、${other}、${third}。`,
        media,
      };
  }
}

/** Papers of a subject: a practice paper (20 questions) and a timed exam (10 questions, 30 minutes). */
export const EXAM_DURATION_S = 1800;
export function subjectPapers(subject: Subject, questions: Question[]): Paper[] {
  const pick = (n: number, offset: number) => {
    const out: number[] = [];
    for (let k = 0; out.length < n; k++) out.push(questions[(offset + k * 3) % questions.length]!.id);
    return [...new Set(out)];
  };
  return [
    { id: subject.id * 10 + 1, subjectId: subject.id, name: `${subject.name} 章节综合练习卷`, kind: 'practice', durationS: null, questionIds: pick(20, 0) },
    {
      id: subject.id * 10 + 2,
      subjectId: subject.id,
      name: `${subject.name} 模拟考试（30 分钟）`,
      kind: 'exam',
      durationS: EXAM_DURATION_S,
      questionIds: pick(10, 1),
    },
  ];
}

/* ---------------------------------------------------------------- scoring ---- */

/** Text as compared: NFKC (full-width to half-width), no spaces, lower case. */
export function normaliseText(v: string): string {
  return v.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}

/** A given answer in its stored form: letters sorted and unique for choices; trimmed texts otherwise. */
export function normaliseAnswer(kind: Kind, v: unknown): string[] {
  const list = Array.isArray(v) ? v : typeof v === 'string' ? (kind === 'single' || kind === 'multiple' || kind === 'judge' ? v.split(',') : [v]) : [];
  if (kind === 'fill' || kind === 'short') {
    const texts = list.map((x) =>
      String(x ?? '')
        .slice(0, 2000)
        .trim(),
    );
    return texts.some(Boolean) ? texts : [];
  }
  return [...new Set(list.map((x) => String(x).trim().toUpperCase()).filter(Boolean))].sort();
}

/** A given answer is well-formed for the question (letters among the options, one letter unless multiple). */
export function validAnswer(q: Pick<Question, 'kind' | 'options' | 'answer'>, given: string[]): boolean {
  if (q.kind === 'fill') return given.length <= q.answer.length;
  if (q.kind === 'short') return given.length <= 1;
  const allowed = q.options.map((o) => o.charAt(0));
  if (given.some((l) => !allowed.includes(l))) return false;
  return q.kind === 'multiple' || given.length <= 1;
}

/**
 * Decision 027: single and judge right or wrong; multiple: all and only the right letters = full score,
 * some right letters and no wrong one = half (rounded down), else 0; fill: each blank an equal share,
 * compared after normaliseText (alternatives separated by '|'); short answer: each keyword found in the
 * normalised text an equal share, rounded down; right only when every keyword is there.
 */
export function scoreQuestion(q: Pick<Question, 'kind' | 'answer' | 'score'>, given: string[]): { score: number; right: boolean } {
  switch (q.kind) {
    case 'single':
    case 'judge': {
      const right = given.length === 1 && given[0] === q.answer[0];
      return { score: right ? q.score : 0, right };
    }
    case 'multiple': {
      const want = new Set(q.answer);
      const right = given.length === want.size && given.every((l) => want.has(l));
      if (right) return { score: q.score, right };
      const partial = given.length > 0 && given.every((l) => want.has(l));
      return { score: partial ? Math.floor(q.score / 2) : 0, right: false };
    }
    case 'fill': {
      let hits = 0;
      q.answer.forEach((accepted, i) => {
        const g = normaliseText(given[i] ?? '');
        if (g && accepted.split('|').some((a) => normaliseText(a) === g)) hits += 1;
      });
      return { score: Math.floor((q.score * hits) / q.answer.length), right: hits === q.answer.length };
    }
    case 'short': {
      const text = normaliseText(given.join(' '));
      const hits = text ? q.answer.filter((k) => text.includes(normaliseText(k))).length : 0;
      return { score: Math.floor((q.score * hits) / q.answer.length), right: hits === q.answer.length };
    }
  }
}

/** A small deterministic pseudo-random order (daily and quick papers). */
export function seededPick<T>(items: T[], n: number, seed: number): T[] {
  const a = [...items];
  let x = seed >>> 0 || 1;
  for (let i = a.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) >>> 0;
    const j = x % (i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, n);
}
