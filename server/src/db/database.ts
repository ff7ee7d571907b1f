import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type LogEvent, type Migration } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { PGliteDialect } from './pglite-dialect';
import { PGliteThread } from './pglite-thread';
import { namedStatementsPool } from './prepared';
import * as m0001 from './migrations/0001-accounts';
import * as m0002 from './migrations/0002-quotes-notifications';
import * as m0003 from './migrations/0003-courses';
import * as m0004 from './migrations/0004-solutions';
import * as m0005 from './migrations/0005-quiz-attempts';
import * as m0006 from './migrations/0006-accounts';
import * as m0007 from './migrations/0007-one-rate-limiter';
import * as m0008 from './migrations/0008-task-state';
import * as m0009 from './migrations/0009-sign-in-devices';
import * as m0010 from './migrations/0010-comments';
import * as m0011 from './migrations/0011-notification-audiences';
import * as m0012 from './migrations/0012-notification-bell-indexes';
import * as m0013 from './migrations/0013-task-attempts';
import * as m0014 from './migrations/0014-notice-comments';
import * as m0015 from './migrations/0015-user-time-zone';
import * as m0016 from './migrations/0016-reports';
import * as m0017 from './migrations/0017-reviews';
import * as m0018 from './migrations/0018-review-staff';
import * as m0019 from './migrations/0019-mentor-queue';
import * as m0020 from './migrations/0020-admin-audit';
import * as m0021 from './migrations/0021-cache-changes';
import * as m0022 from './migrations/0022-bell-cache-changes';
import * as m0023 from './migrations/0023-mail-claims';
import * as m0024 from './migrations/0024-quiet-task-opens';
import * as m0025 from './migrations/0025-notification-editor';
import * as m0028 from './migrations/0028-drafts-and-submission-keys';
import * as m0033 from './migrations/0033-notice-texts';
import * as m0034 from './migrations/0034-code-runs';
import * as m0035 from './migrations/0035-rate-reserve';

export const MIGRATIONS: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-quotes-notifications': m0002,
  '0003-courses': m0003,
  '0004-solutions': m0004,
  '0005-quiz-attempts': m0005,
  '0006-accounts': m0006,
  '0007-one-rate-limiter': m0007,
  '0008-task-state': m0008,
  '0009-sign-in-devices': m0009,
  '0010-comments': m0010,
  '0011-notification-audiences': m0011,
  '0012-notification-bell-indexes': m0012,
  '0013-task-attempts': m0013,
  '0014-notice-comments': m0014,
  '0015-user-time-zone': m0015,
  '0016-reports': m0016,
  '0017-reviews': m0017,
  '0018-review-staff': m0018,
  '0019-mentor-queue': m0019,
  '0020-admin-audit': m0020,
  '0021-cache-changes': m0021,
  '0022-bell-cache-changes': m0022,
  '0023-mail-claims': m0023,
  '0024-quiet-task-opens': m0024,
  '0025-notification-editor': m0025,
  '0028-drafts-and-submission-keys': m0028,
  '0033-notice-texts': m0033,
  '0034-code-runs': m0034,
  '0035-rate-reserve': m0035,
};

const DATE_OID = 1082;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** PGlite data folder; null for an in-memory database */
  dataDir: string | null;
  /** PGlite on a worker thread (pglite-thread.ts): its work then runs beside the main thread's, not in it */
  thread?: boolean;
  /** PGlite's thread ended without being closed (a crash): every query fails from then on */
  onThreadDeath?: (cause: Error) => void;
  /** PostgreSQL schema to use (tests isolate themselves in a schema of their own) */
  schema?: string;
  /** called for every query run but the caches' bookkeeping (tests count queries with it) */
  onQuery?: () => void;
  /**
   * PostgreSQL: run frequent statements as named statements, parsed and planned once per connection
   * (default; `prepared.ts`). Off for a pooler that cannot keep them (PgBouncer's transaction mode before 1.21).
   */
  namedStatements?: boolean;
  /** PGlite, in memory: start from this image of a data folder (`dumpDataDir`), not from an empty database */
  loadDataDir?: Blob;
  /** PGlite: its WebAssembly compiled and its file bundle read already (tests open many databases) */
  preloaded?: Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>;
}

/**
 * A statement that changes what the in-process caches hold (users, sessions, progress, content, notices; the
 * tables with `cache_changes` triggers, migrations 0021 and 0022), or a commit (a transaction may have made one).
 * The write may be a statement's first common table expression (`with "moved" as (update "student_tasks" …`).
 */
const CACHED_WRITE =
  /^\s*(?:\/\* writes (\w+) \*\/|(commit)\b|(?:with\s+"?\w+"?\s+as\s+\(\s*)?(?:update|delete\s+from|insert\s+into|truncate)\s+"?(users|sessions|courses|course_modules|course_chapters|course_tasks|student_tasks|enrollments|module_unlocks|notifications|notification_reads)\b)/i;

/**
 * Names the cached table a statement writes when the write is not where `CACHED_WRITE` looks (a
 * statement whose first common table expression reserves before the write, say): put first, it makes
 * the statement count as that write.
 */
export const writesTo = (table: 'student_tasks') => `/* writes ${table} */ `;

/**
 * Marks a write that changes nothing the caches hold, so this process need not check `cache_changes`
 * after it: a task's state made untouched on its first open (migration 0024 writes no change for it).
 */
export const NO_CACHED_CHANGE = '/* no cached change */';

/** A write to a cached table (its name), or a commit. */
export type CachedWrite = string;

/** Marks the caches' own reads of `cache_changes` (made on a timer): not counted as a request's queries. */
export const BOOKKEEPING = '/* cache bookkeeping */';

/** Who hears of this process's writes to cached tables, per database handle (see `onCachedWrite`). */
const cachedWriteListeners = new WeakMap<Kysely<Database>, Set<(write: CachedWrite) => void>>();

/** The connection of the caches' bookkeeping, per database handle (see `bookkeepingDb`). */
const bookkeepingDbs = new WeakMap<Kysely<Database>, Kysely<Database>>();

/**
 * Where the caches read `cache_changes`: on PostgreSQL a connection of its own, outside the requests'
 * pool. In the pool, a read waited behind every request queued there; each cached answer waits for
 * that read, and a read late by more than `TRUST_MS` bypassed the caches, which queued more: a herd
 * of new students then fed on itself for seconds (bench/RESULTS.md, 2026-12-02 15:50). PGlite has one
 * connection: the same handle.
 */
export function bookkeepingDb(db: Kysely<Database>): Kysely<Database> {
  return bookkeepingDbs.get(db) ?? db;
}

/**
 * Calls `listener` with the table after every statement run through `db` that may change a cached
 * table, and with `commit` after every commit: the caches of this process then check `cache_changes` before they answer again, so
 * a change is seen at once where it was made. Returns the unsubscribe function.
 */
export function onCachedWrite(db: Kysely<Database>, listener: (write: CachedWrite) => void): () => void {
  const listeners = cachedWriteListeners.get(db);
  if (!listeners) return () => undefined;
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function queryLog(options: DatabaseOptions, listeners: Set<(write: CachedWrite) => void>) {
  const { onQuery } = options;
  return (event: LogEvent) => {
    if (onQuery && event.level === 'query' && !event.query.sql.startsWith(BOOKKEEPING)) onQuery();
    if (listeners.size === 0 || event.query.sql.startsWith(NO_CACHED_CHANGE)) return;
    const match = CACHED_WRITE.exec(event.query.sql);
    if (match) for (const listener of listeners) listener((match[1] ?? match[2] ?? match[3]!).toLowerCase());
  };
}

/** Opens the embedded PGlite database or a PostgreSQL pool behind one Kysely instance. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    pg.types.setTypeParser(DATE_OID, (value) => value);
    const connection = {
      connectionString: options.databaseUrl,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    };
    const pool = new pg.Pool({ ...connection, max: 10 });
    const listeners = new Set<(write: CachedWrite) => void>();
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: options.namedStatements === false ? pool : namedStatementsPool(pool) }),
      log: queryLog(options, listeners),
    });
    cachedWriteListeners.set(db, listeners);
    // one connection, opened at the first read and again after a failure (a pool of one does both)
    const bookkeeping = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ ...connection, max: 1 }) }) });
    bookkeepingDbs.set(db, bookkeeping);
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await Promise.all([db.destroy(), bookkeeping.destroy()]);
      },
    };
  }
  const client = options.thread
    ? new PGliteThread(options.dataDir, options.onThreadDeath)
    : new PGlite({
        ...(options.dataDir ? { dataDir: options.dataDir } : {}),
        loadDataDir: options.loadDataDir,
        ...options.preloaded,
      });
  const listeners = new Set<(write: CachedWrite) => void>();
  // dates stay 'yyyy-mm-dd' text on both databases (no time-zone shifts through JS Date)
  const db = new Kysely<Database>({
    dialect: new PGliteDialect(client, { parsers: { [DATE_OID]: (value: string) => value } }),
    log: queryLog(options, listeners),
  });
  cachedWriteListeners.set(db, listeners);
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/** Where the applied migrations are listed: the table Kysely's `Migrator` kept, so a database it migrated keeps its history. */
const MIGRATION_TABLE = 'kysely_migration';
/** The first key of the migration lock (`pg_advisory_xact_lock(key, schema)`): "acad" */
const MIGRATION_LOCK = 0x61636164;

/**
 * Applies every pending migration, in name order, in one transaction: all of them or none. Two
 * processes migrating one schema at once take turns on a lock of that schema (`current_schema()`);
 * schemas of their own (the tests') migrate side by side. Throws with the failing migration's name.
 *
 * Kysely's `Migrator` did this before, but it first looked for its tables by introspecting every
 * table of the whole database, with a name lookup per column (`pg_get_serial_sequence`): a schema
 * dropped by another process meanwhile (another test, another application) failed it with "schema …
 * does not exist" (the CI flake of 2026-11-27). This reads nothing outside its own schema.
 */
export async function migrate(db: Kysely<Database>): Promise<void> {
  const names = Object.keys(MIGRATIONS).sort();
  let current: string | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK}, hashtext(coalesce(current_schema(), '')))`.execute(trx);
      await sql`
        create table if not exists ${sql.table(MIGRATION_TABLE)} (
          name varchar(255) primary key,
          timestamp varchar(255) not null
        )`.execute(trx);
      const applied = (await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(trx)).rows.map(
        (row) => row.name,
      );
      const unknown = applied.filter((name) => !Object.hasOwn(MIGRATIONS, name));
      if (unknown.length > 0) {
        throw new Error(
          `the database has migrations this server does not know (${unknown.join(', ')}): a newer version migrated it`,
        );
      }
      const done = new Set(applied);
      const pending = names.filter((name) => !done.has(name));
      const lastApplied = names.filter((name) => done.has(name)).at(-1);
      const late = lastApplied ? pending.filter((name) => name < lastApplied) : [];
      if (late.length > 0) throw new Error(`migrations ${late.join(', ')} come before ${lastApplied}, already applied`);
      for (const name of pending) {
        current = name;
        await MIGRATIONS[name]!.up(trx);
        await sql`insert into ${sql.table(MIGRATION_TABLE)} (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
          trx,
        );
      }
    });
  } catch (error) {
    throw new Error(`Migration ${current ?? '?'} failed: ${String(error)}`);
  }
}
