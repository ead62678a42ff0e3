import { describe, expect, it } from 'vitest';
import { useSandbox } from './helpers.js';

// The instead sign-up's sandbox (spec 001 §7 'Instead sign-up', decision 036): real relations, statuses,
// values, seats and file space.
const SB = '/saas-business';
const F = `${SB}/v1/front/instead`;
const S = `${SB}/v1/student/instead`;
const STATUS_CHECK = `${SB}/v1/student/setting/v2/check/instead/sign/status`;

const { c } = useSandbox();
const as = async (account: string) => {
  const { token } = await c.token(account);
  return (path: string, method = 'GET', body?: unknown, query?: Record<string, string | number>) => c.api(path, { method, body, token, query });
};
const NCRE_VALUES = [
  { fieldId: 7401, fieldCode: 'realName', fieldValues: ['张三'] },
  { fieldId: 7402, fieldCode: 'workYears', fieldValues: ['3'] },
  { fieldId: 7403, fieldCode: 'graduateDate', fieldValues: ['2020-07-01'] },
  { fieldId: 7404, fieldCode: 'hasCert', fieldValues: ['是'] },
  { fieldId: 7405, fieldCode: 'certNo', fieldValues: ['C-123'] },
  { fieldId: 7406, fieldCode: 'education_code', fieldValues: ['BECHELOR'] },
  { fieldId: 7407, fieldCode: 'subjects', fieldValues: ['Python 语言程序设计', 'C 语言程序设计'] },
  { fieldId: 7408, fieldCode: 'workRegion', fieldValues: ['11', '1101'] },
  { fieldId: 7409, fieldCode: 'idPhoto', fieldValues: ['http://x/__files/1/a.png'] },
  { fieldId: 7410, fieldCode: 'workProof', fieldValues: ['http://x/__files/2/b.pdf'] },
];

describe('instead sign-up', () => {
  it('signs up: province, sessions, relation (no duplicate, no closed window), form checked and stored, status moves', async () => {
    const api = await as('instead06');
    expect((await api(`${F}/myInsteadSignList`)).json.data).toEqual([]);
    expect((await api(`${S}/get/sign/province`)).json.data.map((p: { provinceCode: string }) => p.provinceCode)).toEqual(['110000', '310000', '440000']);
    const gd = (await api(`${F}/getItemTimeByProvinceCode`, 'GET', undefined, { provinceCode: '440000' })).json.data;
    expect(gd.map((t: { itemTimeId: number; open: number }) => [t.itemTimeId, t.open])).toEqual([
      [7204, 0],
      [7205, 1],
    ]);
    expect((await api(`${S}/saveUserItemRel`, 'POST', { itemTimeId: 7204 })).json.message).toBe('不在报名时间内');
    const rel = await api(`${S}/saveUserItemRel`, 'POST', { itemTimeId: 7201 });
    const itemUserId = rel.json.data.itemUserId;
    expect((await api(`${S}/saveUserItemRel`, 'POST', { itemTimeId: 7202 })).json.message).toBe('您已报名该项目，请勿重复报名');
    expect((await api(STATUS_CHECK, 'GET', undefined, { itemUserId })).json.data).toMatchObject({ editable: 1, status: 0 });
    const info = (await api(`${F}/getItemInfoByItemUserId`, 'GET', undefined, { itemUserId })).json.data;
    expect(info).toMatchObject({ itemId: 7101, provinceName: '北京市', status: 0 });
    expect(info.fields.map((f: { fieldType: string }) => f.fieldType)).toEqual([
      'text',
      'number',
      'date',
      'radio',
      'select',
      'checkbox',
      'cascade',
      'image',
      'annex',
    ]);
    // the sub-field is required once its option is chosen; a cascade must reach a leaf
    const without = NCRE_VALUES.filter((v) => v.fieldId !== 7405);
    expect((await api(`${S}/saveItemFieldFormData`, 'POST', { itemUserId, fieldList: without })).json.message).toBe('请填写证书编号');
    const half = NCRE_VALUES.map((v) => (v.fieldId === 7408 ? { ...v, fieldValues: ['11'] } : v));
    expect((await api(`${S}/saveItemFieldFormData`, 'POST', { itemUserId, fieldList: half })).json.message).toBe('工作单位所在地填写有误');
    expect((await api(`${S}/saveItemFieldFormData`, 'POST', { itemUserId, fieldList: NCRE_VALUES })).json.code).toBe('1');
    expect((await api(STATUS_CHECK, 'GET', undefined, { itemUserId })).json.data).toMatchObject({ editable: 0, status: 1, msg: '报名信息审核中，暂不能修改' });
    expect((await api(`${S}/saveItemFieldFormData`, 'POST', { itemUserId, fieldList: NCRE_VALUES })).json.message).toBe('报名信息审核中，暂不能修改');
    const detail = (await api(`${S}/get/sign/detail`, 'GET', undefined, { itemUserId })).json.data;
    expect(detail.fields.find((f: { fieldId: number }) => f.fieldId === 7407).value).toEqual(['Python 语言程序设计', 'C 语言程序设计']);
    expect(detail.fields.find((f: { fieldId: number }) => f.fieldId === 7404).chooseRelList[0].showFieldInfo[0].value).toBe('C-123');
    // refused: fill in again
    expect((await c.control('POST', '/instead/review', { itemUserId, pass: false, reason: '照片不清晰' })).status).toBe(200);
    expect((await api(`${F}/myInsteadSignList`)).json.data[0]).toMatchObject({ itemUserId, status: 3, reason: '照片不清晰' });
    expect((await api(STATUS_CHECK, 'GET', undefined, { itemUserId })).json.data.editable).toBe(1);
    // another student cannot see it
    const other = await as('instead05');
    expect((await other(`${S}/get/sign/detail`, 'GET', undefined, { itemUserId })).json.message).toBe('报名记录不存在');
  });

  it('assigns exam places in one batch, all or nothing, counting seats', async () => {
    const a = await as('instead03');
    const b = await as('instead04');
    const mine = (await a(`${F}/myInsteadSignList`)).json.data as Array<{
      itemUserId: number;
      itemTimeId: number;
      places: Array<{ placeId: number; remain: number }>;
    }>;
    const ncre = mine.find((s) => s.itemTimeId === 7201)!;
    const acc = mine.find((s) => s.itemTimeId === 7203)!;
    expect(ncre.places.map((p) => [p.placeId, p.remain])).toEqual([
      [7301, 18],
      [7302, 1],
    ]);
    expect((await a(`${S}/assign/examine/place/batch`, 'PUT', { list: [{ itemUserId: ncre.itemUserId, placeId: 7304 }] })).json.message).toBe(
      '考点不属于该报名场次',
    );
    expect((await a(`${S}/assign/examine/place/batch`, 'PUT', { list: [] })).json.message).toBe('请选择考点');
    expect(
      (
        await a(`${S}/assign/examine/place/batch`, 'PUT', {
          list: [
            { itemUserId: ncre.itemUserId, placeId: 7302 },
            { itemUserId: acc.itemUserId, placeId: 7304 },
          ],
        })
      ).json.data,
    ).toEqual({ assigned: 2 });
    const after = (await a(`${F}/myInsteadSignList`)).json.data as Array<{ status: number; placeName: string }>;
    expect(after.map((s) => [s.status, s.placeName])).toEqual([
      [4, '北京财经学校考点'],
      [4, '北京市朝阳区考点'],
    ]);
    expect((await a(`${S}/assign/examine/place/batch`, 'PUT', { list: [{ itemUserId: ncre.itemUserId, placeId: 7301 }] })).json.message).toBe(
      '报名尚未审核通过，不能分配考点',
    );
    // the second student: 7302 is full now; the batch with it assigns nothing
    const theirs = (await b(`${F}/myInsteadSignList`)).json.data as Array<{
      itemUserId: number;
      itemTimeId: number;
      places: Array<{ placeId: number; remain: number }>;
    }>;
    const bN = theirs.find((s) => s.itemTimeId === 7201)!;
    const bA = theirs.find((s) => s.itemTimeId === 7203)!;
    expect(bN.places.find((p) => p.placeId === 7302)!.remain).toBe(0);
    expect(
      (
        await b(`${S}/assign/examine/place/batch`, 'PUT', {
          list: [
            { itemUserId: bA.itemUserId, placeId: 7304 },
            { itemUserId: bN.itemUserId, placeId: 7302 },
          ],
        })
      ).json.message,
    ).toBe('考点「北京市朝阳区考点」名额已满');
    expect(((await b(`${F}/myInsteadSignList`)).json.data as Array<{ status: number }>).map((s) => s.status)).toEqual([2, 2]);
  });

  it('checks the flow space against the company quota and the sign-up files stored', async () => {
    const api = await as('instead06');
    expect((await api(`${S}/check/flow/space`, 'GET', undefined, { size: 1000 })).json.data).toMatchObject({ enough: 1 });
    await c.control('POST', '/instead/space', { companyId: 1, quotaBytes: 1500 });
    expect((await api(`${S}/check/flow/space`, 'GET', undefined, { size: 1000 })).json.data).toMatchObject({ enough: 1, remain: 1500 });
    await api(`${SB}/v1/student/setting/sign/source/upload`, 'POST', { fileName: 'a.pdf', data: Buffer.alloc(700, 1).toString('base64') });
    expect((await api(`${S}/check/flow/space`, 'GET', undefined, { size: 1000 })).json.data).toEqual({
      enough: 0,
      remain: 800,
      msg: '报名附件存储空间不足，请联系机构',
    });
  });
});

describe("a sign-up's files are the student's own uploads (issue 21 item 4, decision 044)", () => {
  it("another student's sign-up upload is refused as a wrong value; the student's own is taken", async () => {
    const upload = async (account: string) => {
      const { token } = await c.token(account);
      const up = await c.api(`${SB}/v1/student/setting/sign/source/upload`, {
        method: 'POST',
        token,
        body: { fileName: 'proof.pdf', data: Buffer.from('%PDF-1.4 proof').toString('base64') },
      });
      expect(up.json.code).toBe('1');
      return up.json.data.filePath as string;
    };
    const api = await as('instead06');
    const itemUserId = (await api(`${S}/saveUserItemRel`, 'POST', { itemTimeId: 7201 })).json.data.itemUserId;
    const withProof = (url: string) => NCRE_VALUES.map((v) => (v.fieldId === 7410 ? { ...v, fieldValues: [url] } : v));
    const others = await upload('instead05');
    expect((await api(`${S}/saveItemFieldFormData`, 'POST', { itemUserId, fieldList: withProof(others) })).json.message).toBe('工作证明填写有误');
    expect((await api(STATUS_CHECK, 'GET', undefined, { itemUserId })).json.data).toMatchObject({ editable: 1, status: 0 }); // nothing saved
    const own = await upload('instead06');
    expect((await api(`${S}/saveItemFieldFormData`, 'POST', { itemUserId, fieldList: withProof(own) })).json.code).toBe('1');
  });
});
