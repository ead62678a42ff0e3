import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sandbox } from '../src/server.js';
import { Client, start } from './helpers.js';

// The object store's upload tokens are bound to the user they were issued to (issue 21 item 4; decision 044):
// the first chunk binds an upload (key) to its token's user; another user's token is refused with 403 on the
// status, the chunks and the complete, and cannot save the sealed file as its own resource.
let sb: Sandbox;
let c: Client;
beforeAll(async () => {
  ({ sb, c } = await start());
  expect((await c.control('POST', '/files/seed')).status).toBe(200);
}, 30_000);
afterAll(async () => sb.close());

const pdf = (size: number) => {
  const b = new Uint8Array(size).fill(0x41);
  b.set(new TextEncoder().encode('%PDF-1.7\n'));
  return b;
};

async function student(account: string) {
  const { token } = await c.token(account);
  const uptoken = (await c.api('/saas-business/v1/resource/getuptoken', { method: 'POST', body: {}, token })).json.data.uptoken as string;
  const headers = { Authorization: `UpToken ${uptoken}` };
  const answer = async (res: Response) => ({ status: res.status, json: await res.json() });
  return {
    token,
    status: async (key: string) => answer(await fetch(`${sb.url}/storage/upload/status?${new URLSearchParams({ key })}`, { headers })),
    put: async (key: string, offset: number, bytes: Uint8Array) =>
      answer(
        await fetch(`${sb.url}/storage/upload?${new URLSearchParams({ key, offset: String(offset) })}`, {
          method: 'PUT',
          headers: { ...headers, 'Content-Type': 'application/octet-stream' },
          body: bytes as Uint8Array<ArrayBuffer>,
        }),
      ),
    complete: async (key: string, size: number) =>
      answer(await fetch(`${sb.url}/storage/upload/complete?${new URLSearchParams({ key, size: String(size) })}`, { method: 'POST', headers })),
    save: async (key: string, size: number) =>
      (
        await c.api('/saas-business/v1/resource/save', {
          method: 'POST',
          token,
          body: { fileName: 'a.pdf', fileType: 'pdf', sourcePath: key, sourceSize: size, deductionSpaceFlag: 1 },
        })
      ).json,
  };
}

it("another user's token can neither read the status of, write into, nor seal an upload in progress", async () => {
  const a = await student('files01');
  const b = await student('files02');
  const key = '1/2026-11-26/coldatatypefile/tokenbound01.pdf';
  const bytes = pdf(1000);
  expect(await a.put(key, 0, bytes.subarray(0, 600))).toEqual({ status: 200, json: { offset: 600 } });

  expect(await b.status(key)).toMatchObject({ status: 403, json: { code: 403 } });
  expect(await b.put(key, 600, bytes.subarray(600))).toMatchObject({ status: 403, json: { code: 403 } });
  expect(await b.complete(key, 600)).toMatchObject({ status: 403, json: { code: 403 } });
  // nothing of B's arrived; A goes on and seals its file
  expect(await a.status(key)).toEqual({ status: 200, json: { offset: 600, complete: false } });
  expect(await a.put(key, 600, bytes.subarray(600))).toEqual({ status: 200, json: { offset: 1000 } });
  expect(await a.complete(key, 1000)).toMatchObject({ status: 200, json: { key, size: 1000 } });
  // the sealed file is A's: B cannot save it as its own resource, A can
  expect(await b.save(key, 1000)).toMatchObject({ code: '0', message: '文件未上传完成' });
  expect(await a.save(key, 1000)).toMatchObject({ code: '1' });
}, 30_000);

it("a chunk off the stored offset and a complete of another size are 409s with the store's offset", async () => {
  const a = await student('files01');
  const key = '1/2026-11-26/coldatatypefile/mismatch01.pdf';
  const bytes = pdf(800);
  expect(await a.put(key, 0, bytes.subarray(0, 500))).toEqual({ status: 200, json: { offset: 500 } });
  expect(await a.put(key, 700, bytes.subarray(700))).toMatchObject({ status: 409, json: { code: 409, error: 'offset mismatch', offset: 500 } });
  expect(await a.complete(key, 800)).toMatchObject({ status: 409, json: { code: 409, error: 'size mismatch', offset: 500 } });
}, 30_000);
