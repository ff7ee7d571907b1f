import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from './database';
import { isUniqueViolation } from './errors';
import { PGliteThread } from './pglite-thread';

/** PGlite on its own thread answers exactly as PGlite in the main thread does. */
describe('PGlite on a worker thread', () => {
  let dataDir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-thread-'));
    handle = await openDatabase({ databaseUrl: null, dataDir, thread: true });
    await sql`create table t (id serial primary key, name text unique not null, day date, at timestamptz, n int8, doc jsonb, raw bytea)`.execute(
      handle.db,
    );
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('returns rows with the types of the main thread: dates as text, timestamps as Date, json, bytes', async () => {
    const at = new Date('2026-11-26T08:00:00.000Z');
    const inserted = await sql<{ id: number }>`
      insert into t (name, day, at, n, doc, raw)
      values ('a', '2026-02-28', ${at}, 9007199254740993, ${JSON.stringify({ deep: [1, { x: 'ы' }] })}::jsonb, ${Buffer.from([0, 1, 255])})
      returning id`.execute(handle.db);
    expect(inserted.rows).toEqual([{ id: 1 }]);
    const { rows } = await sql<{ day: string; at: Date; n: unknown; doc: unknown; raw: Uint8Array }>`
      select day, at, n, doc, raw from t where id = ${1}`.execute(handle.db);
    expect(rows[0]!.day).toBe('2026-02-28');
    expect(Object.prototype.toString.call(rows[0]!.at)).toBe('[object Date]'); // (a Date of Node's realm, not jest's)
    expect(rows[0]!.at.toISOString()).toBe(at.toISOString());
    expect(String(rows[0]!.n)).toBe('9007199254740993');
    expect(rows[0]!.doc).toEqual({ deep: [1, { x: 'ы' }] });
    expect([...rows[0]!.raw]).toEqual([0, 1, 255]);
  });

  it('counts affected rows and keeps PostgreSQL error fields (a unique violation stays one)', async () => {
    const updated = await handle.db
      .updateTable('t' as never)
      .set({ name: 'a' } as never)
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);
    const failure = await sql`insert into t (name) values ('a')`.execute(handle.db).catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect(failure).toMatchObject({ code: '23505', constraint: 't_name_key' });
    const syntax = await sql`selec 1`.execute(handle.db).catch((error: unknown) => error);
    expect(syntax).toBeInstanceOf(Error);
    expect((syntax as Error).message).toMatch(/syntax error/);
  });

  it('keeps a transaction to itself under parallel queries, and a rollback undoes only it', async () => {
    const failing = handle.db
      .transaction()
      .execute(async (tx) => {
        await sql`insert into t (name) values ('rolled back')`.execute(tx);
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('undo');
      })
      .catch((error: Error) => error.message);
    const others = Array.from({ length: 40 }, (_, i) => sql`insert into t (name) values (${`p${i}`})`.execute(handle.db));
    expect(await failing).toBe('undo');
    await Promise.all(others);
    const { rows } = await sql<{ name: string }>`select name from t where name like 'p%' or name = 'rolled back'`.execute(
      handle.db,
    );
    expect(rows).toHaveLength(40);
    expect(rows.map((r) => r.name)).not.toContain('rolled back');
  });

  it('runs parallel transactions one after another: 30 read-then-write increments make 30', async () => {
    await sql`create table counter (n int not null)`.execute(handle.db);
    await sql`insert into counter values (0)`.execute(handle.db);
    await Promise.all(
      Array.from({ length: 30 }, () =>
        handle.db.transaction().execute(async (tx) => {
          const { rows } = await sql<{ n: number }>`select n from counter`.execute(tx);
          await new Promise((resolve) => setImmediate(resolve));
          await sql`update counter set n = ${rows[0]!.n + 1}`.execute(tx);
        }),
      ),
    );
    const { rows } = await sql<{ n: number }>`select n from counter`.execute(handle.db);
    expect(rows[0]!.n).toBe(30);
    await sql`drop table counter`.execute(handle.db);
  });

  it('keeps the data in its folder after closing, and a closed database refuses queries', async () => {
    await handle.close();
    await expect(sql`select 1`.execute(handle.db)).rejects.toThrow();
    handle = await openDatabase({ databaseUrl: null, dataDir, thread: true });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from t`.execute(handle.db);
    expect(rows[0]!.n).toBe(41);
  }, 60_000);
});

describe('a crash of the PGlite thread', () => {
  it('is reported once, fails every waiting and later query with the cause, and a close still ends', async () => {
    const deaths: string[] = [];
    const thread = new PGliteThread(null, (cause) => deaths.push(cause.message));
    await thread.waitReady;
    await expect(thread.query<{ n: number }>('select 1 as n')).resolves.toMatchObject({ rows: [{ n: 1 }] });
    const waiting = thread.query('select pg_sleep(0.2)');
    await thread.kill();
    await expect(waiting).rejects.toThrow(/PGlite thread exited/);
    await expect(thread.query('select 1')).rejects.toThrow(/PGlite thread exited/);
    expect(deaths).toEqual([expect.stringMatching(/PGlite thread exited/)]);
    await expect(thread.close()).resolves.toBeUndefined();
  }, 60_000);

  it('is not reported for a close', async () => {
    const deaths: string[] = [];
    const thread = new PGliteThread(null, (cause) => deaths.push(cause.message));
    await thread.waitReady;
    await thread.close();
    expect(deaths).toEqual([]);
  }, 60_000);
});
