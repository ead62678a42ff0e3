import { describe, expect, it } from 'vitest';
import { useSandbox } from './helpers.js';

const { c } = useSandbox();

const L = '/saas-business/v1/front/login';
const MOBILE = '13800000006';

describe('forgot password (chosen: /v1/front/login/forget/resetPassword)', () => {
  it('checkLimitAndMobile type forget needs a registered mobile', async () => {
    expect((await c.api(`${L}/checkLimitAndMobile`, { method: 'POST', body: { mobile: '13912345678', type: 'forget' } })).json).toMatchObject({
      code: '120010008',
      message: '该手机号未注册',
    });
    expect((await c.api(`${L}/checkLimitAndMobile`, { method: 'POST', body: { mobile: MOBILE, type: 'forget' } })).json.code).toBe('1');
  });

  it('replaces the password with the SMS code (single use); the old one stops working', async () => {
    await c.api(`${L}/sendSmsCode`, { method: 'POST', body: { mobile: MOBILE, type: 'forget' } });
    const { code } = (await c.control('GET', `/sms?mobile=${MOBILE}`)).json;
    expect((await c.api(`${L}/forget/resetPassword`, { method: 'POST', body: { mobile: MOBILE, smsCode: code, password: 'abc' } })).json.message).toBe(
      '密码长度为6-20位',
    );
    expect(
      (await c.api(`${L}/forget/resetPassword`, { method: 'POST', body: { mobile: MOBILE, smsCode: '999999x', password: 'NewPass123' } })).json.message,
    ).toBe('验证码错误或已过期');
    expect((await c.api(`${L}/forget/resetPassword`, { method: 'POST', body: { mobile: MOBILE, smsCode: code, password: 'NewPass123' } })).json.code).toBe('1');
    expect((await c.api(`${L}/forget/resetPassword`, { method: 'POST', body: { mobile: MOBILE, smsCode: code, password: 'NewPass123' } })).json.message).toBe(
      '验证码错误或已过期',
    );
    expect((await c.api(`${L}/`, { method: 'POST', body: { account: 'forget01', password: 'Passw0rd!' } })).json.message).toBe('账号或密码错误');
    expect((await c.api(`${L}/`, { method: 'POST', body: { account: 'forget01', password: 'NewPass123' } })).json.code).toBe('1');
  });
});

describe('SMS codes burn after 5 wrong checks (issue 10 §2)', () => {
  it.each([
    ['forget', `${L}/forget/resetPassword`, (code: string) => ({ mobile: MOBILE, smsCode: code, password: 'NewPass123' })],
    ['login', `${L}/mobileSmsLogin`, (code: string) => ({ mobile: MOBILE, smsCode: code })],
  ] as const)('%s: the right code fails after 5 wrong ones; a new code works', async (type, path, payload) => {
    await c.api(`${L}/sendSmsCode`, { method: 'POST', body: { mobile: MOBILE, type } });
    const { code } = (await c.control('GET', `/sms?mobile=${MOBILE}`)).json;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await c.api(path, { method: 'POST', body: payload(wrong) })).json.code).toBe('120010007');
    expect((await c.api(path, { method: 'POST', body: payload(code) })).json.code).toBe('120010007');
    await c.api(`${L}/sendSmsCode`, { method: 'POST', body: { mobile: MOBILE, type } });
    const fresh = (await c.control('GET', `/sms?mobile=${MOBILE}`)).json.code;
    expect((await c.api(path, { method: 'POST', body: payload(fresh) })).json.code).toBe('1');
  });

  it('4 wrong checks leave the code usable', async () => {
    await c.api(`${L}/sendSmsCode`, { method: 'POST', body: { mobile: MOBILE, type: 'forget' } });
    const { code } = (await c.control('GET', `/sms?mobile=${MOBILE}`)).json;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await c.api(`${L}/forget/resetPassword`, { method: 'POST', body: { mobile: MOBILE, smsCode: wrong, password: 'NewPass123' } });
    expect((await c.api(`${L}/forget/resetPassword`, { method: 'POST', body: { mobile: MOBILE, smsCode: code, password: 'NewPass123' } })).json.code).toBe('1');
  });
});
