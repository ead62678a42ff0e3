/**
 * Field definitions of the personal centre (spec 001 §3): the four sections of personal data in the
 * student-info shape, and the company's custom fields in the custom-field-definition shape, together
 * covering all 11 types with a chooseRelList example each. Values live per user in `personal_values`.
 */

import { DIPLOMA_TEMPLATE_NAME } from '../routes/static.js';

export type Scope = 'base' | 'contact' | 'other' | 'register' | 'custom';
export const SECTIONS = ['base', 'contact', 'other', 'register'] as const;
export type Section = (typeof SECTIONS)[number];

export interface Opt {
  id: number;
  content: string;
  itemCode?: string;
}
export interface Def {
  fieldId: number;
  fieldCode: string;
  fieldName: string;
  fieldType: string;
  required: 0 | 1;
  length?: number;
  fieldTip?: string;
  frontUpdateFlag?: 0 | 1;
  fieldOptions?: Opt[];
  samplePathUrl?: string;
  stencilPathUrl?: string;
  associatedFlag?: 0 | 1;
  chooseRelList?: Array<{ chooseFieldValue: string; chooseFieldItemCode?: string; showFieldInfo: Def[] }>;
}

export const IDENTITY_TYPES: Opt[] = [
  { id: 1, content: '身份证', itemCode: 'ID_IDCARD' },
  { id: 2, content: '护照', itemCode: 'ID_PASSPORT' },
  { id: 3, content: '港澳通行证', itemCode: 'ID_HMP' },
  { id: 4, content: '台胞证', itemCode: 'ID_TCP' },
  { id: 5, content: '军官证', itemCode: 'ID_OFFICERS' },
  { id: 6, content: '士官证', itemCode: 'ID_SERGEANTS' },
  { id: 7, content: '待定证件', itemCode: 'ID_UNCONFM_ID' },
];

export const EDUCATIONS: Opt[] = [
  { id: 11, content: '小学', itemCode: 'primary_school' },
  { id: 12, content: '初中', itemCode: 'juniorHigh_school' },
  { id: 13, content: '高中', itemCode: 'seniorHigh_school' },
  { id: 14, content: '专科以下', itemCode: 'UNDER_JUNIOR' },
  { id: 15, content: '专科', itemCode: 'JUNIOR' },
  { id: 16, content: '本科', itemCode: 'BECHELOR' },
  { id: 17, content: '研究生', itemCode: 'POSTGRADUATE' },
  { id: 18, content: '博士及以上', itemCode: 'DOCTOR' },
];

/** The four sections of `get/detail` (save with `save/{section}/info`). */
export const SECTION_FIELDS: Record<Section, Def[]> = {
  base: [
    { fieldId: 101, fieldCode: 'name', fieldName: '姓名', fieldType: 'text', required: 1, length: 20, fieldTip: '请填写与证件一致的姓名' },
    {
      fieldId: 102,
      fieldCode: 'sex',
      fieldName: '性别',
      fieldType: 'radio',
      required: 1,
      fieldOptions: [
        { id: 1, content: '男', itemCode: 'MALE' },
        { id: 2, content: '女', itemCode: 'FEMALE' },
      ],
    },
    { fieldId: 103, fieldCode: 'birthday', fieldName: '出生日期', fieldType: 'date', required: 0 },
    { fieldId: 104, fieldCode: 'identity_type_code', fieldName: '证件类型', fieldType: 'select', required: 1, fieldOptions: IDENTITY_TYPES },
    { fieldId: 105, fieldCode: 'identity_id', fieldName: '证件号码', fieldType: 'text', required: 1, length: 18 },
    { fieldId: 106, fieldCode: 'education_code', fieldName: '学历', fieldType: 'select', required: 0, fieldOptions: EDUCATIONS },
  ],
  contact: [
    { fieldId: 201, fieldCode: 'mobile', fieldName: '手机号', fieldType: 'text', required: 0, frontUpdateFlag: 1, fieldTip: '在账号设置中修改' },
    { fieldId: 202, fieldCode: 'qq', fieldName: 'QQ', fieldType: 'number', required: 0, length: 12 },
    { fieldId: 203, fieldCode: 'address', fieldName: '联系地址', fieldType: 'text', required: 0, length: 100 },
  ],
  other: [
    {
      fieldId: 301,
      fieldCode: 'hobby',
      fieldName: '兴趣爱好',
      fieldType: 'checkbox',
      required: 0,
      fieldOptions: [
        { id: 1, content: '读书' },
        { id: 2, content: '运动' },
        { id: 3, content: '其他' },
      ],
      chooseRelList: [
        {
          chooseFieldValue: '其他',
          showFieldInfo: [{ fieldId: 302, fieldCode: 'hobby_other', fieldName: '其他爱好', fieldType: 'text', required: 1, length: 30 }],
        },
      ],
    },
    { fieldId: 303, fieldCode: 'work_period', fieldName: '工作时间段', fieldType: 'period', required: 0 },
    { fieldId: 304, fieldCode: 'graduate_time', fieldName: '毕业时间', fieldType: 'dateTime', required: 0 },
  ],
  register: [
    { fieldId: 401, fieldCode: 'register_source', fieldName: '注册来源', fieldType: 'text', required: 0, frontUpdateFlag: 1 },
    { fieldId: 402, fieldCode: 'register_region', fieldName: '报考地区', fieldType: 'cascade', required: 0 },
  ],
};

/** The company's custom fields (`getCustomizeFields`, `get/custom/field/data`): all 11 types, all required. */
export const CUSTOM_FIELDS: Def[] = [
  { fieldId: 501, fieldCode: 'c_nickname', fieldName: '昵称', fieldType: 'text', required: 1, length: 10, fieldTip: '不超过10个字' },
  { fieldId: 502, fieldCode: 'c_years', fieldName: '工作年限', fieldType: 'number', required: 1, length: 2 },
  { fieldId: 503, fieldCode: 'c_exam_date', fieldName: '计划考试日期', fieldType: 'date', required: 1 },
  { fieldId: 504, fieldCode: 'c_appointment', fieldName: '预约咨询时间', fieldType: 'dateTime', required: 1 },
  { fieldId: 505, fieldCode: 'c_study_period', fieldName: '学习时间段', fieldType: 'period', required: 1 },
  {
    fieldId: 506,
    fieldCode: 'c_channel',
    fieldName: '了解渠道',
    fieldType: 'radio',
    required: 1,
    fieldOptions: [
      { id: 1, content: '朋友推荐' },
      { id: 2, content: '网络广告' },
      { id: 3, content: '其他', itemCode: 'OTHER' },
    ],
    chooseRelList: [
      {
        chooseFieldValue: '其他',
        chooseFieldItemCode: 'OTHER',
        showFieldInfo: [{ fieldId: 507, fieldCode: 'c_channel_other', fieldName: '其他渠道', fieldType: 'text', required: 1, length: 20 }],
      },
    ],
  },
  {
    fieldId: 508,
    fieldCode: 'c_subjects',
    fieldName: '报考科目',
    fieldType: 'checkbox',
    required: 1,
    fieldOptions: [
      { id: 1, content: '会计' },
      { id: 2, content: '经济法' },
      { id: 3, content: '税法' },
    ],
  },
  {
    fieldId: 509,
    fieldCode: 'c_level',
    fieldName: '报考级别',
    fieldType: 'select',
    required: 1,
    fieldOptions: [
      { id: 1, content: '初级' },
      { id: 2, content: '中级' },
      { id: 3, content: '高级' },
    ],
  },
  { fieldId: 510, fieldCode: 'c_region', fieldName: '所在地区', fieldType: 'cascade', required: 1 },
  {
    fieldId: 511,
    fieldCode: 'c_diploma',
    fieldName: '毕业证书',
    fieldType: 'annex',
    required: 1,
    fieldTip: 'PDF 或 Word，5MB 以内',
    samplePathUrl: '/__static/img/diploma-sample.svg',
    stencilPathUrl: `/__static/files/${encodeURIComponent(DIPLOMA_TEMPLATE_NAME)}`,
  },
  { fieldId: 512, fieldCode: 'c_photo', fieldName: '证件照', fieldType: 'image', required: 1, fieldTip: 'JPG/PNG，5MB 以内' },
];

/** Cascade options (`/student/customize/option/{fieldId}/{pid}`): pid → children; the same tree for every cascade field. */
export const REGION_TREE: Record<string, Array<{ id: number; content: string }>> = {
  '0': [
    { id: 11, content: '北京市' },
    { id: 31, content: '上海市' },
    { id: 44, content: '广东省' },
  ],
  '11': [
    { id: 1101, content: '东城区' },
    { id: 1102, content: '西城区' },
    { id: 1105, content: '朝阳区' },
  ],
  '31': [
    { id: 3101, content: '黄浦区' },
    { id: 3104, content: '徐汇区' },
  ],
  '44': [
    { id: 4401, content: '广州市' },
    { id: 4403, content: '深圳市' },
  ],
  '4401': [
    { id: 440106, content: '天河区' },
    { id: 440104, content: '越秀区' },
  ],
  '4403': [
    { id: 440305, content: '南山区' },
    { id: 440304, content: '福田区' },
  ],
};

export const CASCADE_FIELD_IDS = new Set([402, 510]);

/** Every definition, sub-fields included, by code (for saving). */
export function flatten(defs: Def[]): Def[] {
  return defs.flatMap((d) => [d, ...flatten((d.chooseRelList ?? []).flatMap((r) => r.showFieldInfo))]);
}

export const LIST_TYPES = new Set(['checkbox', 'period', 'cascade', 'annex', 'image']);
/** Choice fields whose stored value is the option's itemCode (spec 001 §3); other choices store the content. */
export const ITEM_CODE_FIELDS = new Set(['identity_type_code', 'education_code', 'sex']);
