import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InStatement } from '@libsql/client';
import { AREAS } from './areas.js';
import { removeAtExit } from './cleanup.js';
import { createCtx } from './context.js';
import { openDb, SCHEMA_VERSION, setKeyPair, type Db } from './db.js';
import { seedCodeKey, setSeedCodeKey } from './seed-codes.js';

/**
 * The seed as a template database (decision 046): at start every area of `AREAS` is created and seeded once
 * into a temporary SQLite file, attached to the sandbox's connection as `tpl`; `POST /__sandbox/reset` copies
 * back only the tables written since the last restore (temporary triggers note them), in one transaction.
 * The seed's times are relative to when the template was built, so a template older than `TEMPLATE_MAX_AGE_MS`,
 * or built on another day in Beijing, is built again on the next reset.
 */
export const TEMPLATE_MAX_AGE_MS = 5 * 60_000;

/** Changes whenever an area's tables change (and with SCHEMA_VERSION, for a seed change): a kept file DB is re-seeded. */
export const DATA_VERSION = `${SCHEMA_VERSION}:${createHash('sha256')
  .update(AREAS.map((a) => `${a.name}\n${a.schema ?? ''}`).join('\n'))
  .digest('hex')
  .slice(0, 12)}`;

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
const beijingDay = (t: number) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 10);

/** Creates every area's tables in an empty database and seeds them in the list's order. */
export async function seedAreas(db: Db, now = Date.now()): Promise<void> {
  const ctx = createCtx(db, { control: false, latencyMs: 0, tokenTtlS: 86400 });
  for (const area of AREAS) if (area.schema) await db.exec(area.schema);
  for (const area of AREAS) {
    try {
      await area.seed?.(ctx, now);
    } catch (e) {
      throw new Error(`sandbox: seeding the area "${area.name}" failed: ${(e as Error).message}`, { cause: e });
    }
  }
  await db.batch([
    { sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('data_version', ?)", args: [DATA_VERSION] },
    { sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('seeded_at', ?)", args: [String(now)] },
    // the key of the seed's codes (seed-codes.ts): a kept file database brings its codes back with it
    { sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('seed_code_key', ?)", args: [seedCodeKey()] },
  ]);
}

type Removal = ReturnType<typeof removeAtExit>;

/** The template file, seeded; removed with the process however it ends (src/cleanup.ts), or by `remove`. */
async function buildFile(): Promise<{ file: string; builtAt: number; removal: Removal[] }> {
  const file = path.join(tmpdir(), `sandbox-template-${process.pid}-${randomBytes(6).toString('hex')}.db`);
  const removal = [file, `${file}-journal`].map(removeAtExit);
  try {
    const db = await openDb(file);
    try {
      await db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;');
      const builtAt = Date.now();
      await seedAreas(db, builtAt);
      return { file, builtAt, removal };
    } finally {
      db.close();
    }
  } catch (e) {
    for (const r of removal) r.remove();
    throw e;
  }
}

/**
 * One template file per process, shared by every sandbox the process starts while it is fresh (decision 054):
 * the tests start a sandbox per test file, and a vitest worker that runs several files (`isolate: false`)
 * would otherwise seed each time (about 0.4 s of CPU). A template is shared while younger than half of
 * `TEMPLATE_MAX_AGE_MS`, so a sandbox that takes it still has minutes before its reset builds a new one;
 * a file is removed when its last sandbox closes and it is no longer the one handed out, or at exit.
 */
interface SharedFile {
  file: string;
  builtAt: number;
  removal: Removal[];
  users: number;
}
let current: Promise<SharedFile> | undefined;
const files = new Set<SharedFile>();

function fresh(f: SharedFile, now: number): boolean {
  return now - f.builtAt < TEMPLATE_MAX_AGE_MS / 2 && beijingDay(now) === beijingDay(f.builtAt);
}

async function acquireFile(): Promise<SharedFile> {
  const now = Date.now();
  const latest = await current?.catch(() => undefined);
  if (latest && files.has(latest) && fresh(latest, now)) {
    latest.users++;
    return latest;
  }
  const building = buildFile().then(({ file, builtAt, removal }) => {
    const f = { file, builtAt, removal, users: 0 };
    files.add(f);
    return f;
  });
  current = building;
  const f = await building;
  f.users++;
  return f;
}

async function releaseFile(f: SharedFile): Promise<void> {
  f.users--;
  if (f.users > 0) return;
  const latest = await current?.catch(() => undefined);
  if (latest === f && fresh(f, Date.now())) return; // kept for the next sandbox of this process
  files.delete(f);
  for (const r of f.removal) r.remove();
}

interface MasterRow {
  type: string;
  name: string;
  tblName: string;
  sql: string | null;
}

export class Template {
  private shared: SharedFile | undefined;
  private builtAt = 0;
  private tables: string[] = [];
  private building: Promise<void> | undefined;

  private constructor(private readonly db: Db) {}

  /** Builds the template and attaches it; a file DB already holding this data version keeps its data, any other is restored from it. */
  static async open(db: Db): Promise<Template> {
    const t = new Template(db);
    const kept = await t.keptVersion();
    await t.attach();
    if (!kept) await t.install();
    await t.track();
    // a kept database differs from the template anywhere: its first reset restores every table
    await t.db.batch([
      { sql: 'DELETE FROM temp.sandbox_dirty', args: [] },
      ...(kept ? t.tables.map((name) => ({ sql: 'INSERT INTO temp.sandbox_dirty (name) VALUES (?)', args: [name] })) : []),
    ]);
    return t;
  }

  /** Whether the database holds this data version (a file DB across starts); then its RSA key and its seed codes' key are used again. */
  private async keptVersion(): Promise<boolean> {
    try {
      const v = await this.db.get<{ value: string }>("SELECT value FROM meta WHERE key = 'data_version'");
      if (v?.value !== DATA_VERSION) return false;
      const pub = await this.db.get<{ value: string }>("SELECT value FROM meta WHERE key = 'rsa_public'");
      const priv = await this.db.get<{ value: string }>("SELECT value FROM meta WHERE key = 'rsa_private'");
      const codeKey = await this.db.get<{ value: string }>("SELECT value FROM meta WHERE key = 'seed_code_key'");
      if (!pub || !priv || !codeKey || !/^[0-9a-f]{64}$/.test(codeKey.value)) return false;
      setKeyPair({ publicKey: pub.value, privateKeyPem: priv.value });
      setSeedCodeKey(codeKey.value);
      return true;
    } catch {
      return false; // no meta table yet
    }
  }

  private async attach(): Promise<void> {
    const shared = await acquireFile();
    if (this.shared) {
      await this.db.run('DETACH DATABASE tpl');
      void releaseFile(this.shared);
    }
    await this.db.run('ATTACH DATABASE ? AS tpl', [shared.file]);
    this.shared = shared;
    this.builtAt = shared.builtAt;
    const rows = await this.db.all<{ name: string }>("SELECT name FROM tpl.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
    this.tables = rows.map((r) => r.name);
  }

  /** Replaces every table of the main database with the template's (tables, indexes and rows). */
  private async install(): Promise<void> {
    const old = await this.db.all<{ name: string }>("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
    const objects = await this.db.all<MasterRow>(
      "SELECT type, name, tbl_name, sql FROM tpl.sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY type = 'index', rowid",
    );
    const stmts: InStatement[] = old.map((r) => ({ sql: `DROP TABLE main.${q(r.name)}`, args: [] }));
    for (const o of objects) {
      // "CREATE TABLE [IF NOT EXISTS] name" / "CREATE [UNIQUE] INDEX [IF NOT EXISTS] name ON table": into main
      stmts.push({ sql: o.sql!.replace(/^(CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX)\s+(?:IF\s+NOT\s+EXISTS\s+)?)/i, '$1main.'), args: [] });
    }
    stmts.push(...this.copyStatements(this.tables));
    await this.db.batch(stmts);
  }

  /** Temporary triggers note every table written since the last restore (a reset copies only those). */
  private async track(): Promise<void> {
    const s = ['CREATE TEMP TABLE IF NOT EXISTS sandbox_dirty (name TEXT PRIMARY KEY);'];
    for (const t of this.tables) {
      // (no OR IGNORE: a trigger takes the conflict policy of the statement that fired it, e.g. INSERT OR REPLACE)
      const lit = `'${t.replace(/'/g, "''")}'`;
      for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
        s.push(
          `CREATE TEMP TRIGGER IF NOT EXISTS ${q(`dirty_${t}_${op}`)} AFTER ${op} ON main.${q(t)} BEGIN INSERT INTO sandbox_dirty (name) SELECT ${lit} WHERE NOT EXISTS (SELECT 1 FROM sandbox_dirty WHERE name = ${lit}); END;`,
        );
      }
    }
    await this.db.exec(s.join('\n'));
  }

  private copyStatements(tables: string[]): InStatement[] {
    const stmts: InStatement[] = [];
    for (const t of tables) {
      stmts.push({ sql: `DELETE FROM main.${q(t)}`, args: [] }, { sql: `INSERT INTO main.${q(t)} SELECT * FROM tpl.${q(t)}`, args: [] });
    }
    stmts.push({ sql: 'DELETE FROM main.sqlite_sequence', args: [] }, { sql: 'INSERT INTO main.sqlite_sequence SELECT * FROM tpl.sqlite_sequence', args: [] });
    return stmts;
  }

  private async copy(tables: string[]): Promise<void> {
    await this.db.batch([...this.copyStatements(tables), { sql: 'DELETE FROM temp.sandbox_dirty', args: [] }]);
  }

  /** Restores the seed: the tables written since the last restore (every table after a rebuild of the template). */
  async restore(now = Date.now()): Promise<void> {
    if (now - this.builtAt > TEMPLATE_MAX_AGE_MS || beijingDay(now) !== beijingDay(this.builtAt)) {
      this.building ??= this.attach().finally(() => {
        this.building = undefined;
      });
      await this.building;
      return this.copy(this.tables);
    }
    const dirty = (await this.db.all<{ name: string }>('SELECT name FROM temp.sandbox_dirty')).map((r) => r.name);
    await this.copy(dirty);
  }

  close(): void {
    if (this.shared) void releaseFile(this.shared);
    this.shared = undefined;
  }
}
