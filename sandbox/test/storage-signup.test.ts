import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sandbox } from '../src/server.js';
import { Client, start } from './helpers.js';

// The object store's limits (spec 001 §9; decisions 036, 037): 5 MB for an attachment, but a token asked for
// the sign-up scene carries the sign-up uploader's 1024 MB.
let sb: Sandbox;
let c: Client;
beforeAll(async () => ({ sb, c } = await start()), 30_000);
afterAll(async () => sb.close());

it('a sign-up token takes a 6 MB pdf; a plain token refuses it with -600', async () => {
  const { token } = await c.token('instead06');
  const uptoken = async (body: unknown) => (await c.api('/saas-business/v1/resource/getuptoken', { method: 'POST', body, token })).json.data.uptoken as string;
  const six = new Uint8Array(6 * 1024 * 1024);
  six.set(new TextEncoder().encode('%PDF-1.7\n'));
  const put = async (up: string, key: string) => {
    const res = await fetch(`${sb.url}/storage/upload?${new URLSearchParams({ key, offset: '0' })}`, {
      method: 'PUT',
      headers: { Authorization: `UpToken ${up}`, 'Content-Type': 'application/octet-stream' },
      body: six,
    });
    return { status: res.status, json: await res.json() };
  };
  const plain = await put(await uptoken({}), '1/2026-01-01/coldatatypefile/plainfile01.pdf');
  expect(plain).toMatchObject({ status: 413, json: { code: -600 } });
  // the refused body was read to its end: the next request on that connection is answered
  const signup = await put(await uptoken({ scene: 'signup' }), '1/2026-01-01/coldatatypefile/signupfile01.pdf');
  expect(signup).toEqual({ status: 200, json: { offset: six.length } });
  expect((await put(await uptoken({ scene: 'other' }), '1/2026-01-01/coldatatypefile/otherfile01.pdf')).status).toBe(413);
}, 30_000);
