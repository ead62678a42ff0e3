import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from './helpers.js';

let token: string;
const S = '/saas-business/v1/student/setting';
const M = '/saas-business/v1/student/message';
const CZ = '/saas-business/student';

const { c } = useSandbox();
beforeEach(async () => {
  token = (await c.token('student01')).token;
});

const api = (path: string, method: string, body?: unknown, t = token) => c.api(path, { method, body, token: t });
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d2d1b10000000049454e44ae426082',
  'hex',
);

describe('account settings', () => {
  it('needs a token', async () => {
    expect((await c.api(`${S}/get/account/info`)).status).toBe(401);
    expect((await c.api(`${M}/count`)).status).toBe(401);
  });

  it('answers the account with its third-party bindings', async () => {
    const r = await api(`${S}/get/account/info`, 'GET');
    expect(r.json.data).toMatchObject({ userId: 1001, username: 'student01', mobile: '13800000001', email: 'student01@yunduo.example' });
    expect(r.json.data.thirdPartyList).toContainEqual({ type: 'weixin', bound: 1, nickName: '张同学的微信' });
    expect(r.json.data.thirdPartyList).toContainEqual({ type: 'qq', bound: 0, nickName: null });
  });

  it('binds a mobile with the SMS code sent to it (single use), refusing a wrong one', async () => {
    expect((await api(`${S}/check/mobile`, 'PUT', { mobile: '13800000002' })).json).toMatchObject({ code: '120020002', message: '手机号已被绑定' });
    expect((await api(`${S}/check/mobile`, 'PUT', { mobile: '123' })).json.code).toBe('120010005');
    expect((await api(`${S}/send/sms`, 'POST', { mobile: '13912345678' })).json.code).toBe('1');
    const sms = (await c.control('GET', '/sms?mobile=13912345678')).json;
    expect(sms.type).toBe('bind');
    expect((await api(`${S}/send/sms`, 'POST', { mobile: '13912345678' })).json).toMatchObject({
      code: '120010009',
      message: expect.stringMatching(/^请\d+秒后再获取验证码$/),
    });
    expect((await api(`${S}/bind/mobile`, 'PUT', { mobile: '13912345678', smsCode: sms.code === '000000' ? '111111' : '000000' })).json).toMatchObject({
      code: '120010007',
      message: '验证码错误或已过期',
    });
    expect((await api(`${S}/bind/mobile`, 'PUT', { mobile: '13912345678', smsCode: sms.code })).json.code).toBe('1');
    expect((await api(`${S}/get/account/info`, 'GET')).json.data.mobile).toBe('13912345678');
    expect((await api(`${S}/bind/mobile`, 'PUT', { mobile: '13912345678', smsCode: sms.code })).json.code).toBe('120010007');
  });

  it('asks for the captcha (600) while it is required, and takes a ticket from the challenge', async () => {
    await c.control('PUT', '/captcha', { required: true });
    expect((await api(`${S}/check/captcha`, 'GET')).json.data).toEqual({ captchaFlag: 1 });
    expect((await api(`${S}/send/sms`, 'POST', { mobile: '13912345678' })).json.code).toBe('600');
  });

  it('binds an email and a username by their rules, refusing duplicates', async () => {
    const other = (await c.token('student02')).token;
    expect((await api(`${S}/check/email`, 'POST', { email: 'student01@yunduo.example' }, other)).json).toMatchObject({
      code: '120020003',
      message: '邮箱已被绑定',
    });
    expect((await api(`${S}/bind/email`, 'PUT', { email: 'li@example.com' }, other)).json.code).toBe('1');
    expect((await api(`${S}/check/username`, 'POST', { username: '1abc' }, other)).json.code).toBe('120020006');
    expect((await api(`${S}/bind/username`, 'PUT', { username: 'newname' }, other)).json).toMatchObject({
      code: '120130002',
      message: '用户名已设置，不能修改',
    });
  });

  it('unbinds a third-party account once', async () => {
    expect((await api(`${S}/unbind/third/party/account`, 'PUT', { type: 'weixin' })).json.code).toBe('1');
    expect((await api(`${S}/unbind/third/party/account`, 'PUT', { type: 'weixin' })).json).toMatchObject({ code: '120130003', message: '该第三方账号未绑定' });
  });

  it('changes the password after verifying identity with the STU_UPDATE_PWD code', async () => {
    expect((await api(`${S}/update/password`, 'POST', { newPassword: 'NewPass1' })).json.message).toBe('原密码错误');
    expect((await api(`${S}/send/sms/STU_UPDATE_PWD`, 'PUT', {})).json.code).toBe('1');
    const sms = (await c.control('GET', '/sms?mobile=13800000001')).json;
    expect(sms.type).toBe('STU_UPDATE_PWD');
    expect((await api(`${S}/verifyIdentidy`, 'POST', { smsCode: sms.code })).json.data).toMatchObject({ verified: true });
    expect((await api(`${S}/update/password`, 'POST', { newPassword: 'NewPass1' })).json.code).toBe('1');
    // the verification is used up; the new password verifies
    expect((await api(`${S}/update/password`, 'POST', { newPassword: 'Other12' })).json.code).toBe('120040001');
    expect((await api(`${S}/verifyIdentidy`, 'POST', { password: 'NewPass1' })).json.code).toBe('1');
    expect((await api(`${S}/verifyIdentidy`, 'POST', { password: 'Passw0rd!' })).json).toMatchObject({ code: '120130005', message: '密码错误' });
  });
});

describe('personal data and custom fields', () => {
  it('answers the four sections in the student-info shape with the stored values', async () => {
    const d = (await api(`${S}/get/detail`, 'GET')).json.data;
    expect(Object.keys(d)).toEqual(['userId', 'baseInfo', 'contactInfo', 'otherInfo', 'registerInfo']);
    const base = Object.fromEntries(d.baseInfo.map((f: any) => [f.fieldCode, f]));
    expect(base.sex.value).toBe('MALE');
    expect(base.birthday.value).toBe(Date.parse('2000-05-20T00:00:00+08:00'));
    expect(base.identity_type_code.fieldOptions[0]).toEqual({ id: 1, content: '身份证', itemCode: 'ID_IDCARD' });
    expect(d.contactInfo[0]).toMatchObject({ fieldCode: 'mobile', frontUpdateFlag: 1, value: '13800000001' });
    expect(d.otherInfo[0].chooseRelList[0].showFieldInfo[0].fieldCode).toBe('hobby_other');
  });

  it('saves a section checking options (itemCode), the birthday timestamp, required and read-only fields', async () => {
    const save = (section: string, fieldList: unknown) => api(`${S}/save/${section}/info`, 'PUT', { fieldList });
    expect((await save('base', [{ fieldId: 104, fieldCode: 'identity_type_code', fieldValues: ['身份证'] }])).json).toMatchObject({
      code: '120130017',
      message: '选项无效（证件类型）',
    });
    expect((await save('base', [{ fieldId: 103, fieldCode: 'birthday', fieldValues: ['2000-01-01'] }])).json).toMatchObject({
      code: '120130018',
      message: '出生日期须为毫秒时间戳',
    });
    expect((await save('base', [{ fieldId: 101, fieldCode: 'name', fieldValues: [] }])).json).toMatchObject({
      code: '120130015',
      message: '必填，请输入相关信息（姓名）',
    });
    expect((await save('contact', [{ fieldId: 201, fieldCode: 'mobile', fieldValues: ['13999999999'] }])).json).toMatchObject({
      code: '120130014',
      message: '不可修改（手机号）',
    });
    expect((await save('other', [{ fieldId: 301, fieldCode: 'hobby', fieldValues: ['其他'] }])).json).toMatchObject({
      code: '120130015',
      message: '必填，请输入相关信息（其他爱好）',
    });
    expect(
      (
        await save('base', [
          { fieldId: 104, fieldCode: 'identity_type_code', fieldValues: ['ID_PASSPORT'] },
          { fieldId: 103, fieldCode: 'birthday', fieldValues: [946656000000] },
        ])
      ).json.code,
    ).toBe('1');
    const d = (await api(`${S}/get/detail`, 'GET')).json.data;
    const base = Object.fromEntries(d.baseInfo.map((f: any) => [f.fieldCode, f.value]));
    expect(base).toMatchObject({ identity_type_code: 'ID_PASSPORT', birthday: 946656000000, name: '张同学' });
  });

  it('defines custom fields of all 11 types, with a chooseRelList example and cascade options', async () => {
    const defs = (await api(`${CZ}/getCustomizeFields?schoolId=1`, 'GET')).json.data;
    expect(new Set(defs.map((d: any) => d.fieldType))).toEqual(
      new Set(['text', 'number', 'date', 'dateTime', 'period', 'radio', 'checkbox', 'select', 'cascade', 'annex', 'image']),
    );
    expect(defs.find((d: any) => d.fieldCode === 'c_channel').chooseRelList[0]).toMatchObject({
      chooseFieldValue: '其他',
      showFieldInfo: [{ fieldCode: 'c_channel_other' }],
    });
    expect((await api(`${CZ}/customize/option/510/0`, 'GET')).json.data.map((o: any) => o.content)).toEqual(['北京市', '上海市', '广东省']);
    expect((await api(`${CZ}/customize/option/510/44`, 'GET')).json.data[0]).toEqual({ id: 4401, content: '广州市', pid: 44, leafFlag: 0 });
    expect((await api(`${CZ}/customize/option/999/0`, 'GET')).json.code).toBe('120130012');
  });

  it('saves custom values only when every shown field is filled', async () => {
    const all = [
      ['c_nickname', ['阿张']],
      ['c_years', ['3']],
      ['c_exam_date', ['2025-06-01']],
      ['c_appointment', ['2025-01-02 10:00:00']],
      ['c_study_period', ['2025-01-01', '2025-03-01']],
      ['c_channel', ['其他']],
      ['c_subjects', ['会计', '税法']],
      ['c_level', ['初级']],
      ['c_region', ['44', '4401', '440106']],
      ['c_diploma', ['https://files.example/d.pdf']],
      ['c_photo', ['https://files.example/p.png']],
    ].map(([fieldCode, fieldValues]) =>
      fieldCode === 'c_photo'
        ? { fieldCode, fieldValues, imageInfoList: [{ url: 'https://files.example/p.png' }], resourceId: [] }
        : { fieldCode, fieldValues },
    );
    expect((await api(`${CZ}/improve/custom/info`, 'PUT', { fieldList: all })).json).toMatchObject({
      code: '120130015',
      message: '必填，请输入相关信息（其他渠道）',
    });
    const r = await api(`${CZ}/improve/custom/info`, 'PUT', { fieldList: [...all, { fieldCode: 'c_channel_other', fieldValues: ['展会'] }] });
    expect(r.json.code).toBe('1');
    const data = (await api(`${S}/get/custom/field/data`, 'GET')).json.data;
    expect(data.find((d: any) => d.fieldCode === 'c_subjects').dataValues).toEqual([{ fieldValue: '会计' }, { fieldValue: '税法' }]);
    expect((await api(`${CZ}/customize/info`, 'GET')).json.data.completeFlag).toBe(0); // no group yet
    expect((await api(`${CZ}/studentGroupAndProxyOrg/info`, 'PUT', { groupOneId: 1, groupTwoId: 11, proxyId: 2 })).json.code).toBe('1');
    expect((await api(`${CZ}/customize/info`, 'GET')).json.data).toMatchObject({ completeFlag: 1, studentGroupValue: [1, 11], proxyId: 2 });
  });

  it("groups-wide control: customize/info adds 2026 级 with that many classes (the cascader's 50-hit limit, decision 080)", async () => {
    const groups = async () =>
      (await api(`${CZ}/customize/info`, 'GET')).json.data.studentGroupList as Array<{ id: number; groupName: string; studentGroupRespList: unknown[] }>;
    expect((await groups()).map((g) => g.groupName)).toEqual(['2024 级', '2025 级']);
    expect((await c.control('POST', '/personal/groups-wide', { count: 60 })).json).toEqual({ ok: true });
    const wide = (await groups()).at(-1)!;
    expect(wide).toMatchObject({ id: 3, groupName: '2026 级' });
    expect(wide.studentGroupRespList).toHaveLength(60);
    expect(wide.studentGroupRespList[59]).toEqual({ id: 30060, groupName: '扩招 60 班', studentGroupRespList: [] });
    expect((await c.control('POST', '/personal/groups-wide', { count: -1 })).status).toBe(400);
    expect((await c.control('POST', '/personal/groups-wide', { count: 0 })).json).toEqual({ ok: true });
    expect(await groups()).toHaveLength(2);
  });

  it("an image field carries imageInfoList and resourceId (spec 001 §3): one entry per value, the ids the student's own uploads", async () => {
    const PHOTO = 'https://files.example/p.png';
    const rest = [
      ['c_nickname', ['阿张']],
      ['c_years', ['3']],
      ['c_exam_date', ['2025-06-01']],
      ['c_appointment', ['2025-01-02 10:00:00']],
      ['c_study_period', ['2025-01-01', '2025-03-01']],
      ['c_channel', ['朋友推荐']],
      ['c_subjects', ['会计']],
      ['c_level', ['初级']],
      ['c_region', ['44', '4401', '440106']],
      ['c_diploma', ['https://files.example/d.pdf']],
    ].map(([fieldCode, fieldValues]) => ({ fieldCode, fieldValues }));
    const save = (photo: Record<string, unknown>) =>
      api(`${CZ}/improve/custom/info`, 'PUT', { fieldList: [...rest, { fieldCode: 'c_photo', fieldValues: [PHOTO], ...photo }] });
    expect((await save({})).json).toMatchObject({ code: '120130025', message: '图片信息不完整（证件照）' });
    expect((await save({ imageInfoList: [{ url: 'https://files.example/other.png' }], resourceId: [] })).json.code).toBe('120130025');
    expect((await save({ imageInfoList: [{ url: PHOTO, resourceId: 999999 }], resourceId: [999999] })).json).toMatchObject({ code: '120130026' });
    const up = await api(`${S}/sign/source/upload`, 'POST', { fileName: 'p.png', data: Buffer.from('png').toString('base64') });
    const fileId = up.json.data.fileId as number;
    expect((await save({ imageInfoList: [{ url: PHOTO, resourceId: fileId }], resourceId: [] })).json.code).toBe('120130025');
    expect((await save({ imageInfoList: [{ url: PHOTO, resourceId: fileId }], resourceId: [fileId] })).json.code).toBe('1');
  });
});

describe('avatar', () => {
  it("stores a PNG, serves it and shows it as the user's head picture", async () => {
    const r = await api(`${S}/head/portrait`, 'PUT', { image: PNG.toString('base64') });
    expect(r.json.code).toBe('1');
    const url: string = r.json.data.headPic;
    expect(url).toMatch(/\/__avatar\/1001-1\.png$/);
    const img = await fetch(url);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await api('/external/api/v1/usersfront/getCurrentUser', 'GET')).json.data.headPicMax).toBe(url);
  });

  it('refuses what is not a JPG/PNG and what is over 5 MB', async () => {
    expect((await api(`${S}/head/portrait`, 'PUT', { image: Buffer.from('GIF89a....').toString('base64') })).json).toMatchObject({
      code: '120130006',
      message: '图片只能上传JPG/PNG格式',
    });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await api(`${S}/head/portrait`, 'PUT', { image: big.toString('base64') })).json).toMatchObject({
      code: '120130007',
      message: '图片大小不能超过5MB!',
    });
  });
});

describe('file upload', () => {
  it('stores an allowed file; its bare returned path is private (403, decision 043: read through the signed link handed to its owner, storage-signed.test.ts)', async () => {
    const r = await api(`${S}/sign/source/upload`, 'POST', { fileName: '毕业证.pdf', data: Buffer.from('%PDF-1.4 test').toString('base64') });
    expect(r.json.code).toBe('1');
    expect(r.json.data.filePath).toMatch(/\/__files\/\d+\/[^?]+$/);
    expect((await fetch(r.json.data.filePath)).status).toBe(403);
  });

  it('refuses another extension and more than 5 MB', async () => {
    expect((await api(`${S}/sign/source/upload`, 'POST', { fileName: 'a.exe', data: 'AA==' })).json).toMatchObject({
      code: '120130009',
      message: '不支持的文件类型',
    });
    const big = Buffer.alloc(5 * 1024 * 1024 + 1).toString('base64');
    expect((await api(`${S}/sign/source/upload`, 'POST', { fileName: 'a.zip', data: big })).json.code).toBe('-600');
  });
});

describe('messages', () => {
  it('counts the unread, in step with getCurrentUser, and reading or deleting changes it', async () => {
    expect((await api(`${M}/count`, 'GET')).json.data).toEqual({ unReadNum: 3, total: 5 });
    const page = (await api(`${M}/page?page=1&pageSize=2`, 'GET')).json.data;
    expect(page).toMatchObject({ total: 5, current: 1, size: 2 });
    expect(page.records).toHaveLength(2);
    const unread = (await api(`${M}/page?readFlag=0`, 'GET')).json.data.records;
    expect(unread).toHaveLength(3);
    expect((await api(`${M}/read/${unread[0].id}`, 'POST')).json.code).toBe('1');
    expect((await api(`${M}/count`, 'GET')).json.data.unReadNum).toBe(2);
    expect((await api('/external/api/v1/usersfront/getCurrentUser', 'GET')).json.data.unReadNum).toBe(2);
    expect((await api(`${M}/delete/${unread[1].id}`, 'DELETE')).json.code).toBe('1');
    expect((await api(`${M}/count`, 'GET')).json.data).toEqual({ unReadNum: 1, total: 4 });
    expect((await api(`${M}/delete/${unread[1].id}`, 'DELETE')).json).toMatchObject({ code: '120131001', message: '消息不存在' });
  });

  it("never touches another user's message", async () => {
    const other = (await c.token('member01')).token;
    const theirs = (await api(`${M}/page`, 'GET', undefined, other)).json.data.records[0].id;
    expect((await api(`${M}/read/${theirs}`, 'POST')).json).toMatchObject({ code: '120131001', message: '消息不存在' });
    expect((await api(`${M}/count`, 'GET', undefined, other)).json.data.unReadNum).toBe(12);
  });

  it('a reset restores the seed', async () => {
    const first = (await api(`${M}/page`, 'GET')).json.data.records[0].id;
    await api(`${M}/delete/${first}`, 'DELETE');
    await c.control('POST', '/reset');
    token = (await c.token('student01')).token;
    expect((await api(`${M}/count`, 'GET')).json.data).toEqual({ unReadNum: 3, total: 5 });
  });
});

describe('archive (chosen path)', () => {
  it('answers the learning archive', async () => {
    const a = (await api(`${S}/archives`, 'GET')).json.data;
    expect(a).toMatchObject({ userId: 1001, studyDays: 46 });
    expect(a.courses[0]).toMatchObject({ courseName: '人力资源管理师（三级）精讲班', progress: 62 });
  });
});
