import { describe, expect, it } from 'vitest';
import { useSandbox } from './helpers.js';

const { c } = useSandbox();

async function tokenOf(account: string): Promise<string> {
  const r = await c.control('POST', '/tokens', { account });
  return r.json.token as string;
}

describe('page-shell calls (chosen paths)', () => {
  it('footer menu detail page; head menus and unknown ids are not found', async () => {
    const r = await c.api('/saas-business/v1/sysPageHeadFoot/showDetail/211');
    expect(r.json.code).toBe('1');
    expect(r.json.data).toMatchObject({ id: 211, parentId: 201, menuName: '学院简介', parentName: '关于我们' });
    expect((await c.api('/saas-business/v1/sysPageHeadFoot/showDetail/101')).json).toMatchObject({ code: '100000003', message: '页面不存在' });
  });

  it('config pictures are absolute URLs on the called host, served as SVG; the control API is left alone', async () => {
    const foot = await c.api('/saas-business/v1/company/config/companyFootInfo/queryCompanyId');
    const qr = foot.json.data.tencentWechat as string;
    expect(qr).toMatch(/^http:\/\/[^/]+\/__static\/img\/wechat-qr-1\.svg$/);
    const img = await c.raw(new URL(qr).pathname);
    expect(img.headers.get('content-type')).toContain('image/svg+xml');
    expect(img.text).toContain('<svg');
    expect((await c.raw('/__static/img/..%2Fsecret.svg')).status).toBe(404);
    const config = await c.control('GET', '/companies/1/config');
    expect(JSON.stringify(config.json)).toContain('"/__static/img/wechat-qr-1.svg"');
  });

  it('variable menu link filled from the token, empty for visitors', async () => {
    const visitor = await c.api('/saas-business/v1/system/linkVariable/109');
    expect(visitor.json.data.url).toBe('https://service.yunduo.example/?uid=');
    const user = await c.api('/saas-business/v1/system/linkVariable/109', { token: await tokenOf('13800000001') });
    expect(user.json.data.url).toBe('https://service.yunduo.example/?uid=1001');
    expect((await c.api('/saas-business/v1/system/linkVariable/101')).json.code).toBe('100000004');
  });

  it('password change checks the old password and clears the forced change', async () => {
    const token = await tokenOf('13800000002');
    const path = '/saas-business/v1/student/setting/update/password';
    expect((await c.api(path, { token, body: { oldPassword: 'nope', newPassword: 'NewPass1!' } })).json.message).toBe('原密码错误');
    expect((await c.api(path, { token, body: { oldPassword: 'Passw0rd!', newPassword: '123' } })).json.code).toBe('120040002');
    expect((await c.api(path, { token, body: { oldPassword: 'Passw0rd!', newPassword: 'NewPass1!' } })).json.code).toBe('1');
    const me = await c.api('/external/api/v1/usersfront/getCurrentUser', { token });
    expect(me.json.data.changePasswordConfig).toBe(0);
    expect((await c.api(path, { body: { oldPassword: 'x', newPassword: 'yyyyyy' } })).status).toBe(401);
  });
});
