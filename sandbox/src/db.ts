import { createClient, type Client, type InArgs, type InStatement, type Row } from '@libsql/client';
import { createHash, generateKeyPairSync, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export const SCHEMA_VERSION = '5';

export const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE companies (id INTEGER PRIMARY KEY, config TEXT NOT NULL);
CREATE TABLE domains (domain TEXT PRIMARY KEY, company_id INTEGER NOT NULL);
CREATE TABLE schools (
  id INTEGER PRIMARY KEY AUTOINCREMENT, company_id INTEGER NOT NULL, school_name TEXT NOT NULL,
  suffix TEXT NOT NULL, default_flag INTEGER NOT NULL DEFAULT 0);
CREATE TABLE menus (
  id INTEGER PRIMARY KEY, company_id INTEGER NOT NULL, school_id INTEGER, kind TEXT NOT NULL,
  parent_id INTEGER NOT NULL DEFAULT 0, menu_name TEXT NOT NULL, menu_url TEXT NOT NULL DEFAULT '',
  url_type TEXT NOT NULL, page_head_type TEXT NOT NULL, open_type TEXT NOT NULL, sort INTEGER NOT NULL DEFAULT 0);
CREATE TABLE users (
  id INTEGER PRIMARY KEY, company_id INTEGER NOT NULL, school_id INTEGER NOT NULL, username TEXT,
  mobile TEXT, email TEXT, nick_name TEXT, password_hash TEXT NOT NULL, member_flag INTEGER NOT NULL DEFAULT 0,
  member_ico TEXT, head_pic_max TEXT, un_read_num INTEGER NOT NULL DEFAULT 0,
  integral_remaining INTEGER NOT NULL DEFAULT 0, change_password_config INTEGER NOT NULL DEFAULT 0,
  staff_flag INTEGER NOT NULL DEFAULT 0);
CREATE TABLE tokens (
  token TEXT PRIMARY KEY, user_id INTEGER NOT NULL, company_id INTEGER NOT NULL, school_id INTEGER NOT NULL,
  back_code TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0);
CREATE TABLE back_codes (
  code TEXT PRIMARY KEY, user_id INTEGER NOT NULL, company_id INTEGER NOT NULL, school_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL, revoked INTEGER NOT NULL DEFAULT 0);
CREATE TABLE sso_codes (
  code TEXT PRIMARY KEY, user_id INTEGER NOT NULL, school_id INTEGER NOT NULL, expires_at INTEGER NOT NULL,
  used INTEGER NOT NULL DEFAULT 0);
CREATE TABLE sms_codes (
  id INTEGER PRIMARY KEY AUTOINCREMENT, mobile TEXT NOT NULL, company_id INTEGER, code TEXT NOT NULL,
  type TEXT NOT NULL DEFAULT 'login', sent_at INTEGER NOT NULL, used INTEGER NOT NULL DEFAULT 0,
  wrong INTEGER NOT NULL DEFAULT 0);
CREATE TABLE last_learn (
  user_id INTEGER PRIMARY KEY, course_id INTEGER NOT NULL, course_name TEXT NOT NULL,
  lesson_id INTEGER NOT NULL, lesson_name TEXT NOT NULL);
CREATE TABLE cart_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, school_id INTEGER NOT NULL,
  commodity_id INTEGER NOT NULL, commodity_name TEXT NOT NULL, price REAL NOT NULL);
CREATE TABLE menu_permissions (user_id INTEGER PRIMARY KEY, codes TEXT NOT NULL);
`;

export const TABLES = [
  'meta',
  'companies',
  'domains',
  'schools',
  'menus',
  'users',
  'tokens',
  'back_codes',
  'sso_codes',
  'sms_codes',
  'last_learn',
  'cart_items',
  'menu_permissions',
];

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

export interface SchoolRow {
  id: number;
  schoolName: string;
  suffix: string;
  companyId: number;
  defaultFlag: 0 | 1;
}
export interface UserRow {
  id: number;
  companyId: number;
  schoolId: number;
  username: string | null;
  mobile: string | null;
  email: string | null;
  nickName: string | null;
  passwordHash: string;
  memberFlag: number;
  memberIco: string | null;
  headPicMax: string | null;
  unReadNum: number;
  integralRemaining: number;
  changePasswordConfig: number;
  staffFlag: number;
}
export interface TokenRow {
  token: string;
  userId: number;
  companyId: number;
  schoolId: number;
  backCode: string;
  createdAt: number;
  expiresAt: number;
  revoked: number;
}
export interface MenuRow {
  id: number;
  companyId: number;
  schoolId: number | null;
  kind: 'head' | 'foot';
  parentId: number;
  menuName: string;
  menuUrl: string;
  urlType: string;
  pageHeadType: string;
  openType: string;
  sort: number;
}

const camel = (s: string): string => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

function mapRow<T>(row: Row): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[camel(k)] = typeof v === 'bigint' ? Number(v) : v;
  return out as T;
}

/** Thin typed wrapper around a libsql client. Never uses `client.transaction()` (it would open a new
 * connection, i.e. a fresh empty database for `:memory:`); `batch` runs on the same connection. */
export class Db {
  constructor(readonly client: Client) {}

  async all<T>(sql: string, args: InArgs = []): Promise<T[]> {
    const rs = await this.client.execute({ sql, args });
    return rs.rows.map((r) => mapRow<T>(r));
  }

  async get<T>(sql: string, args: InArgs = []): Promise<T | undefined> {
    return (await this.all<T>(sql, args))[0];
  }

  async run(sql: string, args: InArgs = []): Promise<{ changes: number; lastId: number }> {
    const rs = await this.client.execute({ sql, args });
    return { changes: rs.rowsAffected, lastId: Number(rs.lastInsertRowid ?? 0) };
  }

  async batch(stmts: InStatement[]): Promise<void> {
    if (stmts.length) await this.client.batch(stmts, 'write');
  }

  async exec(sql: string): Promise<void> {
    await this.client.executeMultiple(sql);
  }

  close(): void {
    this.client.close();
  }

  // ---- companies / config ----
  async companyIdByDomain(domain: string): Promise<number | undefined> {
    const r = await this.get<{ companyId: number }>('SELECT company_id FROM domains WHERE domain = ?', [domain.toLowerCase()]);
    return r?.companyId;
  }

  async companyExists(id: number): Promise<boolean> {
    return !!(await this.get<{ id: number }>('SELECT id FROM companies WHERE id = ?', [id]));
  }

  async companyDomains(id: number): Promise<string[]> {
    return (await this.all<{ domain: string }>('SELECT domain FROM domains WHERE company_id = ? ORDER BY rowid', [id])).map((r) => r.domain);
  }

  async getConfig(companyId: number): Promise<JsonObject | undefined> {
    const r = await this.get<{ config: string }>('SELECT config FROM companies WHERE id = ?', [companyId]);
    return r ? (JSON.parse(r.config) as JsonObject) : undefined;
  }

  async setConfig(companyId: number, config: JsonObject): Promise<void> {
    await this.run('UPDATE companies SET config = ? WHERE id = ?', [JSON.stringify(config), companyId]);
  }

  // ---- schools ----
  async schools(companyId: number): Promise<SchoolRow[]> {
    return this.all<SchoolRow>('SELECT * FROM schools WHERE company_id = ? ORDER BY default_flag DESC, id', [companyId]);
  }

  async school(id: number): Promise<SchoolRow | undefined> {
    return this.get<SchoolRow>('SELECT * FROM schools WHERE id = ?', [id]);
  }

  async defaultSchool(companyId: number): Promise<SchoolRow | undefined> {
    return this.get<SchoolRow>('SELECT * FROM schools WHERE company_id = ? ORDER BY default_flag DESC, id LIMIT 1', [companyId]);
  }

  // ---- users / tokens ----
  async user(id: number): Promise<UserRow | undefined> {
    return this.get<UserRow>('SELECT * FROM users WHERE id = ?', [id]);
  }

  async userByAccount(account: string, companyId?: number): Promise<UserRow | undefined> {
    const args: InArgs = [account, account];
    let sql = 'SELECT * FROM users WHERE (mobile = ? OR username = ?)';
    if (companyId !== undefined) {
      sql += ' AND company_id = ?';
      args.push(companyId);
    }
    return this.get<UserRow>(sql + ' ORDER BY id LIMIT 1', args);
  }

  async validToken(token: string, now = Date.now()): Promise<TokenRow | undefined> {
    if (!token) return undefined;
    return this.get<TokenRow>('SELECT * FROM tokens WHERE token = ? AND revoked = 0 AND expires_at > ?', [token, now]);
  }

  /** Creates a session: a token plus a back-login code (valid until logout). */
  async createSession(user: UserRow, schoolId: number, ttlS: number, backCode?: string): Promise<TokenRow> {
    const now = Date.now();
    const token = randomBytes(24).toString('hex');
    const code = backCode ?? randomBytes(16).toString('hex');
    const stmts: InStatement[] = [];
    if (!backCode) {
      stmts.push({
        sql: 'INSERT INTO back_codes (code, user_id, company_id, school_id, created_at) VALUES (?,?,?,?,?)',
        args: [code, user.id, user.companyId, schoolId, now],
      });
    }
    stmts.push({
      sql: 'INSERT INTO tokens (token, user_id, company_id, school_id, back_code, created_at, expires_at) VALUES (?,?,?,?,?,?,?)',
      args: [token, user.id, user.companyId, schoolId, code, now, now + ttlS * 1000],
    });
    await this.batch(stmts);
    return { token, userId: user.id, companyId: user.companyId, schoolId, backCode: code, createdAt: now, expiresAt: now + ttlS * 1000, revoked: 0 };
  }

  async menus(companyId: number, schoolId: number, kind: 'head' | 'foot'): Promise<MenuRow[]> {
    const own = await this.all<MenuRow>('SELECT * FROM menus WHERE company_id = ? AND school_id = ? AND kind = ? ORDER BY sort, id', [
      companyId,
      schoolId,
      kind,
    ]);
    if (own.length) return own;
    return this.all<MenuRow>('SELECT * FROM menus WHERE company_id = ? AND school_id IS NULL AND kind = ? ORDER BY sort, id', [companyId, kind]);
  }
}

export async function openDb(path: string): Promise<Db> {
  let url: string;
  if (path === ':memory:') url = ':memory:';
  else if (path.startsWith('file:')) url = path;
  else {
    const abs = resolve(path);
    mkdirSync(dirname(abs), { recursive: true });
    url = 'file:' + abs;
  }
  return new Db(createClient({ url }));
}

// ---- passwords (scrypt; the seed's hashes are cached per process so a reset stays fast) ----
const hashCache = new Map<string, string>();

export function hashPassword(password: string, salt = randomBytes(16).toString('hex')): string {
  const key = salt + '\0' + password;
  let h = hashCache.get(key);
  if (!h) {
    h = `scrypt$${salt}$${scryptSync(password, salt, 32).toString('hex')}`;
    hashCache.set(key, h);
  }
  return h;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [alg, salt, hex] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hex) return false;
  const want = Buffer.from(hex, 'hex');
  const got = scryptSync(password, salt, want.length);
  return timingSafeEqual(want, got);
}

const SEED_SALT = createHash('sha256').update('sandbox-seed').digest('hex').slice(0, 32);

/** The salt of every seed user: one deterministic salt, so seeding every area costs one scrypt per process
 * (the hash is cached), not one per user (the seed's users all have the password `Passw0rd!`). */
export function seedSalt(_name?: string): string {
  return SEED_SALT;
}

// ---- RSA key pair behind loginConfig.publicKey (the login issue decrypts with the private key) ----
export interface KeyPair {
  publicKey: string;
  privateKeyPem: string;
}
let keyPair: KeyPair | undefined;

export function setKeyPair(kp: KeyPair): void {
  keyPair = kp;
}

export function getKeyPair(): KeyPair {
  if (!keyPair) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    keyPair = {
      // base64 of the DER SubjectPublicKeyInfo, i.e. the PEM body without header lines (JSEncrypt style)
      publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
  }
  return keyPair;
}
