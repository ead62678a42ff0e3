import type { FastifyInstance } from 'fastify';
import { coverSvg } from '../catalog/covers.js';

/**
 * Generated images the sandbox serves in place of a CDN (all *(chosen)*, see sandbox/README.md):
 * `GET /__static/covers/{kind}-{id}.svg` (course, package, news... covers with their titles, people's
 * initials: catalog/covers.ts) and
 * `GET /__static/img/{name}.svg` (QR codes and the security-filing icon of the company config) and
 * `GET /__static/files/{name}` (annex templates, TEMPLATE_FILES).
 * Seeds store them as `/__static/...`; `absoluteStatic` turns them into absolute URLs in every answer.
 */
export function absoluteStatic(value: unknown, base: string): unknown {
  if (typeof value === 'string') return value.startsWith('/__static/') ? base + value : value;
  if (Array.isArray(value)) return value.map((v) => absoluteStatic(v, base));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = absoluteStatic(v, base);
    return out;
  }
  return value;
}

/** A deterministic QR-like picture (21 x 21 modules with the three finder squares); not scannable. */
function qrSvg(seed: string): string {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  const n = 21;
  const finder = (x: number, y: number) =>
    [
      [0, 0],
      [n - 7, 0],
      [0, n - 7],
    ].some(([fx, fy]) => x >= fx! && x < fx! + 7 && y >= fy! && y < fy! + 7);
  const finderOn = (x: number, y: number) => {
    const lx = x < 7 ? x : x - (n - 7);
    const ly = y < 7 ? y : y - (n - 7);
    const ring = Math.max(Math.abs(lx - 3), Math.abs(ly - 3));
    return ring !== 2;
  };
  let rects = '';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      h = (Math.imul(h, 1103515245) + 12345) >>> 0;
      const on = finder(x, y) ? finderOn(x, y) : (h >>> 16) % 2 === 0;
      if (on) rects += `<rect x="${x + 2}" y="${y + 2}" width="1" height="1"/>`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 25 25" shape-rendering="crispEdges">` +
    `<rect width="25" height="25" fill="#fff"/><g fill="#111">${rects}</g></svg>`
  );
}

const SHIELD =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20">' +
  '<path d="M10 1l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V4z" fill="#c8a24a"/>' +
  '<path d="M10 4l4 1.8v3.4c0 2.8-1.7 5-4 6.3-2.3-1.3-4-3.5-4-6.3V5.8z" fill="#e9d48a"/></svg>';

/** The annex templates the seed's custom fields name (`stencilPathUrl`): an RTF document opens in any word processor. */
export const DIPLOMA_TEMPLATE_NAME = '毕业证书模板.rtf';
export const TEMPLATE_FILES: Record<string, { type: string; body: Buffer }> = {
  [DIPLOMA_TEMPLATE_NAME]: {
    type: 'application/rtf',
    // \uN? : the characters of 毕业证书模板 (RTF's Unicode escape), then the form's lines
    body: Buffer.from(
      '{\\rtf1\\ansi\\uc1\\deff0{\\fonttbl{\\f0 SimSun;}}\\f0\\fs28 ' +
        '\\u27605?\\u19994?\\u-29759?\\u20070?\\u27169?\\u26495?\\par ' +
        'Name: ____________\\par School: ____________\\par Graduated: ____-__-__\\par }\n',
      'latin1',
    ),
  },
};

export function registerStaticRoutes(app: FastifyInstance): void {
  app.get('/__static/covers/:name', async (req, reply) => {
    const m = /^([a-z]+)-(\d+)\.svg$/.exec((req.params as { name: string }).name);
    if (!m) return reply.code(404).send({ error: 'not found' });
    const [, kind, id] = m as unknown as [string, string, string];
    const svg = coverSvg(kind, Number(id));
    return reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(svg);
  });

  // an annex field's 'download template' file (spec 001 §2 "Dynamic custom fields", §9): the name as
  // stored, Chinese included; the portal streams it with its own Content-Disposition
  app.get('/__static/files/:name', async (req, reply) => {
    const file = TEMPLATE_FILES[(req.params as { name: string }).name];
    if (!file) return reply.code(404).send({ error: 'not found' });
    return reply.header('Content-Type', file.type).header('Cache-Control', 'public, max-age=86400').send(file.body);
  });

  app.get('/__static/img/:name', async (req, reply) => {
    const m = /^([a-z0-9-]{1,64})\.svg$/.exec((req.params as { name: string }).name);
    if (!m) return reply.code(404).send({ error: 'not found' });
    const svg = m[1] === 'security-ico' ? SHIELD : qrSvg(m[1]!);
    return reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(svg);
  });
}
