import type { Area } from '../area.js';

/**
 * Homework (spec 001 §7 "Homework"): homework per class lesson or package lesson, a student's submission
 * (text and attachments, keys of the object store). Own tables beside the main schema,
 * an area of `src/areas.ts` (created and seeded at start, restored by `POST /__sandbox/reset`); seeded for the files users (2900-2919).
 */
export const HOMEWORK_SEED_VERSION = '2';

/** `paperId`: a paper homework, answered on the question bank's doing page (spec 001 §7 gotoPaperHomeworkPage). */
export interface HomeworkSeed {
  id: number;
  kind: 'class' | 'package';
  courseName: string;
  lessonId: number;
  lessonName: string;
  title: string;
  content: string;
  closed: 0 | 1;
  deadline: string;
  paperId?: number;
}

export const HOMEWORK: HomeworkSeed[] = [
  {
    id: 8101,
    kind: 'class',
    courseName: '人力资源管理师（三级）精讲班',
    lessonId: 50011,
    lessonName: '第三章 招聘与配置：第2节 人员甄选',
    title: '人员甄选方法对比',
    content: '请比较结构化面试与无领导小组讨论的适用场景，不少于 300 字，可附讲义批注。',
    closed: 0,
    deadline: '2026-12-31',
  },
  {
    id: 8102,
    kind: 'class',
    courseName: '人力资源管理师（三级）精讲班',
    lessonId: 50012,
    lessonName: '第三章 招聘与配置：第3节 录用决策',
    title: '录用决策案例分析',
    content: '阅读案例并写出你的录用决策及理由。',
    closed: 1,
    deadline: '2026-10-31',
  },
  {
    id: 8201,
    kind: 'package',
    courseName: '会计职称全程班',
    lessonId: 60011,
    lessonName: '初级会计实务：第一章 概述',
    title: '会计要素练习',
    content: '列出六大会计要素并各举一例。',
    closed: 0,
    deadline: '2026-12-31',
  },
  {
    id: 8202,
    kind: 'package',
    courseName: '会计职称全程班',
    lessonId: 60012,
    lessonName: '初级会计实务：第二章 资产',
    title: '资产章节测验（试卷）',
    content: '完成本章试卷，交卷即提交作业。',
    closed: 0,
    deadline: '2026-12-31',
    paperId: 2011,
  },
];

export const HOMEWORK_USERS = [2900, 2901, 2902, 2903, 2904, 2905, 2906];

const SCHEMA = `
CREATE TABLE homework_submissions (
  homework_id INTEGER NOT NULL, user_id INTEGER NOT NULL, content TEXT NOT NULL, submit_time INTEGER NOT NULL,
  PRIMARY KEY (homework_id, user_id));
CREATE TABLE homework_attachments (
  id INTEGER PRIMARY KEY AUTOINCREMENT, homework_id INTEGER NOT NULL, user_id INTEGER NOT NULL, file_name TEXT NOT NULL,
  source_path TEXT NOT NULL, source_size INTEGER NOT NULL, kind TEXT NOT NULL DEFAULT 'file');
CREATE TABLE homework_papers (homework_id INTEGER NOT NULL, user_id INTEGER NOT NULL, record_id INTEGER NOT NULL, PRIMARY KEY (homework_id, user_id));
`;

/** Registered in `AREAS` (src/areas.ts): the homework tables (no seed rows). */
export const homeworkArea: Area = {
  name: 'homework',
  schema: SCHEMA,
  async seed(ctx) {
    await ctx.db.run("INSERT INTO meta (key, value) VALUES ('homework_seed', ?)", [HOMEWORK_SEED_VERSION]);
  },
};
