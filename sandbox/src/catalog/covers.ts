import { COURSES, GROUPS, NEWS, OPEN_COURSES, PACKAGES, STUDENT_VOICES, TEACHERS, TRAINING_PLANS } from './seed.js';

/**
 * The generated pictures behind `/__static/covers/{kind}-{id}.svg` *(chosen)*: a cover is the item's
 * title over a pattern and colour that follow from its id (issue 12 §2: colour blocks reading "course
 * 5001" told a visitor nothing); a person (teacher, student) is a round avatar with their initials.
 * Titles come from the catalog seed by the picture's own address, so a cover always matches its item.
 */

const PEOPLE = new Set(['teacher', 'student']);

/** The kind's word when an id is not in the seed (a cover of another module's item). */
const KIND_LABEL: Record<string, string> = {
  course: '课程',
  package: '课程套餐',
  open: '公开课',
  news: '资讯',
  group: '学习小组',
  plan: '培养计划',
  teacher: '讲师',
  student: '学员',
};

let titles: Map<string, string> | undefined;

/** `course-5001` → "人力资源管理师（三级）精讲班", from every seeded item that has a generated picture. */
function titleOf(key: string): string | undefined {
  if (!titles) {
    titles = new Map();
    const add = (url: string, title: string) => {
      const m = /\/__static\/covers\/([a-z]+-\d+)\.svg$/.exec(url);
      if (m) titles!.set(m[1]!, title);
    };
    for (const c of COURSES) add(c.cover, c.courseName);
    for (const p of PACKAGES) add(p.cover, p.packageName);
    for (const o of OPEN_COURSES) add(o.cover, o.title);
    for (const n of NEWS) add(n.cover, n.title);
    for (const g of GROUPS) add(g.cover, g.groupName);
    for (const p of TRAINING_PLANS) add(p.cover, p.planName);
    for (const t of TEACHERS) add(t.avatar, t.teacherName);
    for (const v of STUDENT_VOICES) add(v.avatar, v.studentName);
  }
  return titles.get(key);
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A character's width in ems (CJK and full-width forms 1, the rest about 0.55). */
const width = (c: string) => (/[\u2e80-\u9fff\uff00-\uffef\u3000-\u303f]/.test(c) ? 1 : 0.55);

/** The title in at most `lines` lines of `maxEm` ems, the last one cut with an ellipsis. */
export function wrap(title: string, maxEm: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  let used = 0;
  for (const c of [...title]) {
    if (used + width(c) > maxEm) {
      out.push(line);
      if (out.length === lines) {
        out[lines - 1] = `${[...out[lines - 1]!].slice(0, -1).join('')}…`;
        return out;
      }
      line = '';
      used = 0;
    }
    line += c;
    used += width(c);
  }
  if (line) out.push(line);
  return out;
}

/** Up to two initials: a Chinese name's surname (first character), else the first letters of two words. */
export function initials(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '?';
  const first = [...trimmed][0]!;
  if (width(first) === 1) return first;
  return trimmed
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

const FONT = `font-family="PingFang SC, Microsoft YaHei, Noto Sans CJK SC, sans-serif"`;

/** One of four patterns, chosen by the id, drawn in white at low opacity. */
function pattern(id: number, w: number, h: number): string {
  const kind = id % 4;
  let shapes = '';
  if (kind === 0) for (let x = -h; x < w; x += 24) shapes += `<path d="M${x} ${h}L${x + h} 0" stroke-width="8"/>`;
  else if (kind === 1) for (let y = 12; y < h; y += 24) for (let x = 12; x < w; x += 24) shapes += `<circle cx="${x}" cy="${y}" r="3" stroke="none"/>`;
  else if (kind === 2) for (let r = 30; r < w; r += 30) shapes += `<circle cx="${w}" cy="0" r="${r}" fill="none" stroke-width="6"/>`;
  else for (let x = 0; x < w; x += 40) shapes += `<path d="M${x} ${h}l20 -${h / 3}l20 ${h / 3}" fill="none" stroke-width="5"/>`;
  return `<g fill="#fff" stroke="#fff" opacity="0.16">${shapes}</g>`;
}

/** The SVG of `/__static/covers/{kind}-{id}.svg`. */
export function coverSvg(kind: string, id: number): string {
  const label = titleOf(`${kind}-${id}`) ?? `${KIND_LABEL[kind] ?? kind} ${id}`;
  const hue = (id * 47) % 360;
  if (PEOPLE.has(kind)) {
    const text = escapeXml(initials(label));
    const size = [...initials(label)].length > 1 ? 60 : 72;
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img" aria-label="${escapeXml(label)}">` +
      `<circle cx="80" cy="80" r="80" fill="hsl(${hue},45%,48%)"/>` +
      `<text x="80" y="80" dy="0.35em" text-anchor="middle" ${FONT} font-size="${size}" font-weight="600" fill="#fff">${text}</text></svg>`
    );
  }
  const [w, h] = [320, 180];
  const lines = wrap(label, 13, 2);
  const top = h / 2 - (lines.length - 1) * 14;
  const tspans = lines.map((l, i) => `<tspan x="20" y="${top + i * 30}">${escapeXml(l)}</tspan>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(label)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,42%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,32%)"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>${pattern(id, w, h)}` +
    `<rect x="20" y="18" width="${(KIND_LABEL[kind] ?? kind).length * 13 + 16}" height="22" rx="11" fill="#fff" fill-opacity="0.22"/>` +
    `<text x="28" y="34" ${FONT} font-size="13" fill="#fff">${escapeXml(KIND_LABEL[kind] ?? kind)}</text>` +
    `<text ${FONT} font-size="22" font-weight="600" fill="#fff">${tspans}</text></svg>`
  );
}
