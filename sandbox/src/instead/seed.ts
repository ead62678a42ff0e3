/**
 * The instead sign-up's read-only content (spec 001 §1 "sign up for exams through a proxy", §2
 * `/personal/course/apply`, §7 'Instead sign-up'): the items the school signs students up for, their
 * sessions per province ("item times"), each session's exam places with their seats, and each item's field
 * form in the student-info shape of spec 001 §3 (the dynamic-field kit's input, decision 017). The spec
 * shows no payloads: these are chosen (decision 036).
 */
export type Province = { code: string; name: string };
export const PROVINCES: Province[] = [
  { code: '110000', name: '北京市' },
  { code: '310000', name: '上海市' },
  { code: '440000', name: '广东省' },
];

export type InsteadItem = { id: number; name: string; examName: string; fee: number; fields: unknown[] };
export type ItemTime = { id: number; itemId: number; provinceCode: string; examOffsetDays: number; signStartDays: number; signEndDays: number };
export type ExamPlace = { id: number; itemTimeId: number; name: string; address: string; capacity: number };

const opt = (id: number, content: string, itemCode?: string) => ({ id, content, itemCode });

/** Field ids 7401.. (item 7101), 7421.. (7102), 7441.. (7103). fieldType names are the kit's. */
const NCRE_FIELDS = [
  { fieldId: 7401, fieldCode: 'realName', fieldName: '真实姓名', fieldType: 'text', required: 1, length: 20, fieldTip: '与身份证件一致' },
  { fieldId: 7402, fieldCode: 'workYears', fieldName: '工作年限', fieldType: 'number', required: 1, length: 2 },
  { fieldId: 7403, fieldCode: 'graduateDate', fieldName: '毕业日期', fieldType: 'date', required: 1 },
  {
    fieldId: 7404,
    fieldCode: 'hasCert',
    fieldName: '是否已持有相关证书',
    fieldType: 'radio',
    required: 1,
    fieldOptions: [opt(1, '是'), opt(2, '否')],
    chooseRelList: [
      { chooseFieldValue: '是', showFieldInfo: [{ fieldId: 7405, fieldCode: 'certNo', fieldName: '证书编号', fieldType: 'text', required: 1, length: 30 }] },
    ],
  },
  {
    fieldId: 7406,
    fieldCode: 'education_code',
    fieldName: '学历',
    fieldType: 'select',
    required: 1,
    fieldOptions: [opt(11, '大专', 'JUNIOR'), opt(12, '本科', 'BECHELOR'), opt(13, '研究生', 'POSTGRADUATE')],
  },
  {
    fieldId: 7407,
    fieldCode: 'subjects',
    fieldName: '报考科目',
    fieldType: 'checkbox',
    required: 1,
    fieldOptions: [opt(21, 'Python 语言程序设计'), opt(22, 'C 语言程序设计'), opt(23, 'MS Office 高级应用')],
  },
  { fieldId: 7408, fieldCode: 'workRegion', fieldName: '工作单位所在地', fieldType: 'cascade', required: 1 },
  { fieldId: 7409, fieldCode: 'idPhoto', fieldName: '证件照', fieldType: 'image', required: 1, fieldTip: 'JPG/PNG，不超过5MB' },
  { fieldId: 7410, fieldCode: 'workProof', fieldName: '工作证明', fieldType: 'annex', required: 1, fieldTip: '加盖公章的扫描件（pdf、doc、docx 等）' },
];

const ACCOUNTING_FIELDS = [
  { fieldId: 7421, fieldCode: 'realName', fieldName: '真实姓名', fieldType: 'text', required: 1, length: 20 },
  {
    fieldId: 7422,
    fieldCode: 'education_code',
    fieldName: '学历',
    fieldType: 'select',
    required: 1,
    fieldOptions: [opt(11, '大专', 'JUNIOR'), opt(12, '本科', 'BECHELOR'), opt(13, '研究生', 'POSTGRADUATE')],
  },
  { fieldId: 7423, fieldCode: 'idPhoto', fieldName: '证件照', fieldType: 'image', required: 1 },
];

const TEACHER_FIELDS = [
  { fieldId: 7441, fieldCode: 'realName', fieldName: '真实姓名', fieldType: 'text', required: 1, length: 20 },
  { fieldId: 7442, fieldCode: 'interviewPeriod', fieldName: '可参加面试时间段', fieldType: 'period', required: 0 },
];

export const INSTEAD_ITEMS: InsteadItem[] = [
  { id: 7101, name: '2026 年上半年全国计算机等级考试代报名', examName: '全国计算机等级考试（二级）', fee: 80, fields: NCRE_FIELDS },
  { id: 7102, name: '2026 年度初级会计专业技术资格考试代报名', examName: '初级会计专业技术资格', fee: 56, fields: ACCOUNTING_FIELDS },
  { id: 7103, name: '2026 年上半年中小学教师资格面试代报名', examName: '教师资格面试', fee: 200, fields: TEACHER_FIELDS },
];

/** Sessions; the days are relative to the seed time (sign window open now unless the end is past). */
export const ITEM_TIMES: ItemTime[] = [
  { id: 7201, itemId: 7101, provinceCode: '110000', examOffsetDays: 40, signStartDays: -5, signEndDays: 20 },
  { id: 7202, itemId: 7101, provinceCode: '310000', examOffsetDays: 41, signStartDays: -5, signEndDays: 20 },
  { id: 7203, itemId: 7102, provinceCode: '110000', examOffsetDays: 60, signStartDays: -3, signEndDays: 30 },
  { id: 7204, itemId: 7102, provinceCode: '440000', examOffsetDays: 20, signStartDays: -30, signEndDays: -1 },
  { id: 7205, itemId: 7103, provinceCode: '440000', examOffsetDays: 50, signStartDays: -2, signEndDays: 25 },
];

export const EXAM_PLACES: ExamPlace[] = [
  { id: 7301, itemTimeId: 7201, name: '北京市海淀区第一考点', address: '北京市海淀区学院路 35 号', capacity: 30 },
  { id: 7302, itemTimeId: 7201, name: '北京市朝阳区考点', address: '北京市朝阳区光华路 8 号', capacity: 1 },
  { id: 7303, itemTimeId: 7202, name: '上海市浦东新区考点', address: '上海市浦东新区张杨路 100 号', capacity: 20 },
  { id: 7304, itemTimeId: 7203, name: '北京财经学校考点', address: '北京市西城区西直门南大街 2 号', capacity: 50 },
  { id: 7305, itemTimeId: 7205, name: '广州市天河区考点', address: '广州市天河区天河路 1 号', capacity: 10 },
];

/** The cascade field's options by parent id (`get/cascade/options?fieldId&pid`): region → district. */
export const CASCADE_OPTIONS: Record<string, Record<string, Array<{ id: string; content: string }>>> = {
  '7408': {
    '0': [
      { id: '11', content: '北京市' },
      { id: '31', content: '上海市' },
    ],
    '11': [
      { id: '1101', content: '海淀区' },
      { id: '1105', content: '朝阳区' },
    ],
    '31': [
      { id: '3101', content: '浦东新区' },
      { id: '3104', content: '徐汇区' },
    ],
  },
};

/** This area's seed users (ids 3500-3519, mobiles 1370000 + id): [id, username, nickName]. */
export const INSTEAD_USERS: Array<[number, string, string]> = [
  [3500, 'instead01', '代同学'], // sign-up journey (JS)
  [3501, 'instead02', '报同学'], // sign-up journey (no JS)
  [3502, 'instead03', '名同学'], // batch place assignment (JS)
  [3503, 'instead04', '考同学'], // batch place assignment (no JS)
  [3504, 'instead05', '场同学'], // page tests: capacity, refusals
  [3505, 'instead06', '空同学'], // no sign-up (empty list)
];
