import { describe, expect, it } from 'vitest';
import { MENU_CODES, PARTIAL_MENU } from '../src/menu-codes.js';
import { useSandbox } from './helpers.js';

const { c } = useSandbox();

const PATH = '/saas-business/v1/student/menu/permission';

describe('personal-centre menu permissions (chosen; README "Personal centre")', () => {
  it('answers every code by default, the seeded partial menu for partial01, 401 without a token', async () => {
    expect((await c.api(PATH, { token: (await c.token('student01')).token })).json).toMatchObject({ code: '1', data: MENU_CODES });
    const partial = await c.api(PATH, { token: (await c.token('partial01')).token });
    expect(partial.json.data).toEqual(PARTIAL_MENU);
    expect(partial.json.data.course).not.toContain('classTable');
    expect((await c.api(PATH)).status).toBe(401);
  });

  it("POST /__sandbox/permissions changes a user's codes; null gives every code back; bad input is a 400", async () => {
    const { token } = await c.token('student01');
    expect((await c.control('POST', '/permissions', { account: 'student01', permissions: { course: ['note'] } })).json).toEqual({
      userId: 1001,
      permissions: { course: ['note'] },
    });
    expect((await c.api(PATH, { token })).json.data).toEqual({ course: ['note'] });
    await c.control('POST', '/permissions', { account: 'student01', permissions: null });
    expect((await c.api(PATH, { token })).json.data).toEqual(MENU_CODES);
    expect((await c.control('POST', '/permissions', { account: 'student01', permissions: { course: 'note' } })).status).toBe(400);
    expect((await c.control('POST', '/permissions', { account: 'nobody', permissions: null })).status).toBe(404);
    await c.control('POST', '/permissions', { account: 'student01', permissions: { course: [] } });
    await c.control('POST', '/reset');
    expect((await c.api(PATH, { token: (await c.token('student01')).token })).json.data).toEqual(MENU_CODES);
  });
});
