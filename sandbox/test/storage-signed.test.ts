import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../src/server.js';
import { SIGNED_LINK_TTL_S } from '../src/storage/signed-links.js';
import { Client, start } from './helpers.js';

// Issue 21 item 5 (decision 043): the store's private objects (certificates, resources, homework files,
// sign-up annexes) are read only through a signed link the upstream hands their owner, as a real object
// store signs private downloads; unsigned, tampered or expired: 403. Public files stay public.
let sb: Sandbox;
let c: Client;
beforeAll(async () => {
  ({ sb, c } = await start());
  expect((await c.control('POST', '/files/seed')).status).toBe(200);
}, 30_000);
afterAll(async () => sb.close());
afterEach(() => vi.useRealTimers());

const CER = '/saas-business/v1/certificate';
const RES = '/saas-business/v1/resource';
/** GET of an absolute link on the sandbox, by its path and query. */
const get = (url: string) => fetch(`${sb.url}${new URL(url).pathname}${new URL(url).search}`);
const withQuery = (url: string, change: (q: URLSearchParams) => void) => {
  const u = new URL(url);
  change(u.searchParams);
  return u.toString();
};

describe('certificates', () => {
  it('the PDF address the upstream hands out is signed and opens; unsigned, tampered or another path: 403', async () => {
    const { token, userId } = await c.token('files21');
    const answer = await c.api(`${CER}/getLearnPdfUrl`, { token, query: { id: 9102 } });
    const url = answer.json.data.url as string;
    expect(new URL(url).pathname).toBe(`/storage/cert/${userId}/9102.pdf`);
    expect(new URL(url).searchParams.get('Signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = await get(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    // issue 36 §4: a student's certificate is kept by no cache (a shared proxy, the browser's disk) past its link
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect((await file.text()).startsWith('%PDF-1.4')).toBe(true);

    // the guessable address of issue 21: no credentials, no file
    const bare = await fetch(`${sb.url}/storage/cert/${userId}/9102.pdf`);
    expect(bare.status).toBe(403);
    expect(await bare.json()).toMatchObject({ code: 'AccessDenied' });
    // the signature of one certificate does not open another student's (or another certificate)
    const other = new URL(url);
    expect((await fetch(`${sb.url}/storage/cert/${userId + 1}/9102.pdf${other.search}`)).status).toBe(403);
    expect((await fetch(`${sb.url}/storage/cert/${userId}/9101.pdf${other.search}`)).status).toBe(403);
    // a changed signature or expiry
    expect((await get(withQuery(url, (q) => q.set('Signature', `${q.get('Signature')!.slice(0, -2)}AA`)))).status).toBe(403);
    expect((await get(withQuery(url, (q) => q.set('Expires', String(Number(q.get('Expires')) + 3600))))).status).toBe(403);
    expect((await get(withQuery(url, (q) => q.set('Expires', 'x')))).status).toBe(403);
    expect((await get(withQuery(url, (q) => q.delete('Signature')))).status).toBe(403);
  });

  it('a signed link expires after its time', async () => {
    const { token } = await c.token('files22');
    const url = (await c.api(`${CER}/getTrainsPdfUrl`, { token, query: { id: 9101 } })).json.data.url as string;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (SIGNED_LINK_TTL_S - 5) * 1000);
    expect((await get(url)).status).toBe(200);
    vi.setSystemTime(Date.now() + 10_000);
    const expired = await get(url);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ code: 'AccessDenied', error: 'signed link expired' });
  });
});

describe('resources and homework files in the store', () => {
  it('the list, detail, view and download addresses are signed links; the bare object address is 403', async () => {
    const { token } = await c.token('files21');
    const list = (await c.api(`${RES}/selectAll`, { token, body: { pageNum: 1, pageSize: 10 } })).json.data.list as Array<{
      id: number;
      fileName: string;
      sourcePath: string;
    }>;
    const pdf = list.find((r) => r.fileName === '课堂讲义.pdf')!;
    expect(new URL(pdf.sourcePath).pathname).toBe('/storage/o/1/2026-11-03/coldatatypefile/seed3601x2abcdef.pdf');
    // the seed has no bytes behind its keys: a valid link reaches the store's lookup (404), an unsigned one never does
    expect((await get(pdf.sourcePath)).status).toBe(404);
    expect(
      (
        await get(
          withQuery(pdf.sourcePath, (q) => {
            q.delete('Expires');
            q.delete('Signature');
          }),
        )
      ).status,
    ).toBe(403);
    const view = (await c.api(`${RES}/view/${pdf.id}`, { token })).json.data.url as string;
    expect((await get(view)).status).toBe(404);
    const download = (await c.api(`${RES}/download/${pdf.id}`, { token })).json.data.url as string;
    expect(new URL(download).searchParams.get('attname')).toBe('课堂讲义.pdf');
    expect((await get(download)).status).toBe(404);
    // the download name is signed too
    expect((await get(withQuery(download, (q) => q.set('attname', 'evil.html')))).status).toBe(403);
  });

  it('an uploaded object: 403 without a signature, 200 with the one its owner is handed', async () => {
    const { token } = await c.token('files20');
    const uptoken = (await c.api(`${RES}/getuptoken`, { method: 'POST', body: {}, token })).json.data.uptoken as string;
    const key = `1/2026-11-26/coldatatypefile/signedlinks01.pdf`;
    const bytes = new TextEncoder().encode('%PDF-1.4\nsigned links\n');
    const headers = { Authorization: `UpToken ${uptoken}` };
    expect(
      (
        await fetch(`${sb.url}/storage/upload?${new URLSearchParams({ key, offset: '0' })}`, {
          method: 'PUT',
          headers: { ...headers, 'Content-Type': 'application/octet-stream' },
          body: bytes,
        })
      ).status,
    ).toBe(200);
    expect(
      (await fetch(`${sb.url}/storage/upload/complete?${new URLSearchParams({ key, size: String(bytes.length) })}`, { method: 'POST', headers })).status,
    ).toBe(200);
    expect((await fetch(`${sb.url}/storage/o/${key}`)).status).toBe(403);
    const saved = await c.api(`${RES}/save`, { token, body: { fileName: 'signed.pdf', sourcePath: key } });
    expect(saved.json.code).toBe('1');
    const view = (await c.api(`${RES}/view/${saved.json.data.id}`, { token })).json.data.url as string;
    const file = await get(view);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('private, no-store'); // issue 36 §4, as the certificate
    expect(await file.text()).toBe('%PDF-1.4\nsigned links\n');
    // another student is not handed a link to it
    const other = await c.token('files23');
    expect((await c.api(`${RES}/view/${saved.json.data.id}`, { token: other.token })).json.code).toBe('0');
  });
});

describe('sign-up uploads (sign/source/upload, /__files/<id>/<name>)', () => {
  const S = '/saas-business/v1/student/setting';
  const CZ = '/saas-business/student';
  /** Student 2606's custom values (the complete-information seed) with a diploma uploaded through sign/source/upload. */
  async function diplomaOf(account: string, name: string) {
    const { token } = await c.token(account);
    const up = await c.api(`${S}/sign/source/upload`, {
      method: 'POST',
      token,
      body: { fileName: name, data: Buffer.from('%PDF-1.4 diploma').toString('base64') },
    });
    expect(up.json.code).toBe('1');
    const bare = up.json.data.filePath as string;
    const custom = (await c.api(`${S}/get/custom/field/data`, { token })).json.data as Array<{ fieldCode: string; dataValues: Array<{ fieldValue: unknown }> }>;
    const fieldList = custom
      .filter((f) => f.dataValues.length)
      .map((f) => {
        const fieldValues = f.dataValues.map((v) => v.fieldValue);
        // an image field carries its imageInfoList (spec 001 §3; kept images: no new resource id)
        return f.fieldCode === 'c_photo'
          ? { fieldCode: f.fieldCode, fieldValues, imageInfoList: fieldValues.map((url) => ({ url })), resourceId: [] }
          : { fieldCode: f.fieldCode, fieldValues };
      });
    const diploma = fieldList.find((f) => f.fieldCode === 'c_diploma')!;
    diploma.fieldValues = [bare];
    fieldList.push({ fieldCode: 'c_nickname', fieldValues: ['阿甲'] });
    expect((await c.api(`${CZ}/improve/custom/info`, { method: 'PUT', token, body: { fieldList } })).json.code).toBe('1');
    const value = async () =>
      ((await c.api(`${S}/get/custom/field/data`, { token })).json.data as typeof custom).find((f) => f.fieldCode === 'c_diploma')!.dataValues[0]!
        .fieldValue as string;
    return { token, bare, fieldList, value };
  }

  it('the upload answers the bare address, which is 403; the owner is handed a signed link that opens; another path or a tampered one: 403', async () => {
    const { bare, value } = await diplomaOf('agr2606', '毕业证.pdf');
    expect(new URL(bare).pathname).toMatch(/^\/__files\/\d+\/%E6%AF%95%E4%B8%9A%E8%AF%81\.pdf$/);
    expect(new URL(bare).search).toBe('');
    const unsignedRead = await get(bare);
    expect(unsignedRead.status).toBe(403);
    expect(await unsignedRead.json()).toMatchObject({ code: 'AccessDenied', error: 'signed link unsigned' });
    const url = await value();
    expect(new URL(url).pathname).toBe(new URL(bare).pathname);
    expect(new URL(url).searchParams.get('Signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = await get(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('cache-control')).toBe('private, no-store'); // issue 36 §4, as the certificate
    expect(await file.text()).toBe('%PDF-1.4 diploma');
    // the sequential id of another student's file with this signature, or a changed one
    const id = Number(new URL(bare).pathname.split('/')[2]);
    const search = new URL(url).search;
    expect((await fetch(`${sb.url}/__files/${id - 1}/${new URL(bare).pathname.split('/')[3]}${search}`)).status).toBe(403);
    expect((await fetch(`${sb.url}/__files/${id}/other.pdf${search}`)).status).toBe(403);
    expect((await get(withQuery(url, (q) => q.set('Signature', `${q.get('Signature')!.slice(0, -2)}AA`)))).status).toBe(403);
    expect((await get(withQuery(url, (q) => q.set('Expires', String(Number(q.get('Expires')) + 3600))))).status).toBe(403);
  });

  it('a signed value posted back is kept bare (a read-only compare holds), and every answer to the owner signs it fresh', async () => {
    const { token, bare, fieldList, value } = await diplomaOf('agr2607', 'd.pdf');
    const signed = await value();
    // the form saved again with the values it was shown (the signed link): stored without the signature
    fieldList.find((f) => f.fieldCode === 'c_diploma')!.fieldValues = [signed];
    expect((await c.api(`${CZ}/improve/custom/info`, { method: 'PUT', token, body: { fieldList } })).json.code).toBe('1');
    const again = await value();
    expect(new URL(again).pathname).toBe(new URL(bare).pathname);
    expect((await get(again)).status).toBe(200);
    const info = (await c.api(`${CZ}/customize/info`, { token })).json.data.customFieldList as Array<{
      fieldCode: string;
      dataValues: Array<{ fieldValue: string }>;
    }>;
    const shown = info.find((f) => f.fieldCode === 'c_diploma')!.dataValues[0]!.fieldValue;
    expect(new URL(shown).searchParams.has('Signature')).toBe(true);
    expect((await get(shown)).status).toBe(200);
    // public seed values (not the sandbox's files) stay as they are
    expect(info.find((f) => f.fieldCode === 'c_photo')!.dataValues[0]!.fieldValue).toBe('https://static.yunduo.example/files/photo.png');
  });

  it('a signed link to a sign-up upload expires after its time', async () => {
    const { value } = await diplomaOf('agr2606', 'expiring.pdf');
    const url = await value();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (SIGNED_LINK_TTL_S - 5) * 1000);
    expect((await get(url)).status).toBe(200);
    vi.setSystemTime(Date.now() + 10_000);
    const expired = await get(url);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ code: 'AccessDenied', error: 'signed link expired' });
  });
});

describe('public files', () => {
  it('covers and samples stay readable without a signature', async () => {
    for (const path of ['/__static/covers/course-5001.svg', '/__static/img/diploma-sample.svg']) {
      const res = await fetch(`${sb.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=86400');
    }
  });
});
