import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { namedStatementsPool, StatementNames } from './prepared';

// Frequent statements run as named statements on PostgreSQL (issue 14, the load knee): which texts take
// a name, and that a name never makes a statement fail that would have run unnamed.

describe('StatementNames', () => {
  it('names a statement with parameters on its second use, and keeps the name', () => {
    const names = new StatementNames();
    expect(names.nameOf('select $1', 1)).toBeUndefined();
    const name = names.nameOf('select $1', 1);
    expect(name).toMatch(/^academy_\d+$/);
    expect(names.nameOf('select $1', 1)).toBe(name);
    expect(names.nameOf('select $1, $2', 2)).toBeUndefined();
    expect(names.nameOf('select $1, $2', 2)).not.toBe(name);
  });

  it('never names a statement without parameters (it may hold several statements) or with a long list', () => {
    const names = new StatementNames();
    for (let i = 0; i < 3; i++) {
      expect(names.nameOf('create table t (a int); create index on t (a)', 0)).toBeUndefined();
      expect(
        names.nameOf(`select * from t where a in (${Array.from({ length: 40 }, (_, k) => `$${k + 1}`)})`, 40),
      ).toBeUndefined();
    }
    expect(names.size).toBe(0);
  });

  it('names at most its maximum of texts; the others run unnamed', () => {
    const names = new StatementNames(3);
    for (let round = 0; round < 2; round++) for (let i = 0; i < 5; i++) names.nameOf(`select ${i} + $1`, 1);
    expect(names.size).toBe(3);
    expect(names.nameOf('select 4 + $1', 1)).toBeUndefined();
    expect(names.nameOf('select 0 + $1', 1)).toBeDefined();
  });

  it('gives a text a new name when its statement no longer fits', () => {
    const names = new StatementNames();
    names.nameOf('select $1', 1);
    const first = names.nameOf('select $1', 1);
    const second = names.rename('select $1', first);
    expect(second).not.toBe(first);
    expect(names.nameOf('select $1', 1)).toBe(second);
    // another connection failing with the old name afterwards takes the same new one
    expect(names.rename('select $1', first)).toBe(second);
  });
});

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeOnPostgres('named statements on PostgreSQL', () => {
  const schema = `prepared_${randomBytes(6).toString('hex')}`;
  let pool: pg.Pool;
  let db: Kysely<{ items: { id: number; label: string } }>;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4, options: `-c search_path=${schema}` });
    db = new Kysely({ dialect: new PostgresDialect({ pool: namedStatementsPool(pool) }) });
    await sql`create table items (id int primary key, label text not null)`.execute(db);
    await sql`insert into items values (1, 'one'), (2, 'two')`.execute(db);
  });
  afterAll(async () => {
    await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
    await db.destroy();
  });

  it('runs a frequent statement under its name: parsed once per connection', async () => {
    const byId = (id: number) => db.selectFrom('items').select('label').where('id', '=', id).executeTakeFirst();
    for (let i = 0; i < 20; i++) expect((await byId(1 + (i % 2)))?.label).toBe(i % 2 ? 'two' : 'one');
    // with one connection kept, the statement is among its named ones
    const single = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1, options: `-c search_path=${schema}` });
    const one = new Kysely<{ items: { id: number; label: string } }>({
      dialect: new PostgresDialect({ pool: namedStatementsPool(single) }),
    });
    try {
      for (let i = 0; i < 3; i++) await one.selectFrom('items').select('label').where('id', '=', 1).execute();
      const statements = (
        await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(one)
      ).rows;
      expect(statements).toEqual([
        expect.objectContaining({ name: expect.stringMatching(/^academy_\d+$/), statement: expect.stringContaining('"items"') }),
      ]);
    } finally {
      await one.destroy();
    }
  });

  it('answers many of the same statement at once on every connection', async () => {
    const labels = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        db
          .selectFrom('items')
          .select('label')
          .where('id', '=', 1 + (i % 2))
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(labels.map((row) => row.label)).toEqual(Array.from({ length: 60 }, (_, i) => (i % 2 ? 'two' : 'one')));
  });

  it('a column added under a named `select *` (a migration while running): the statement still answers, with it', async () => {
    const all = () => db.selectFrom('items').selectAll().where('id', '=', 1).execute();
    // named on every connection the pool has
    await Promise.all(Array.from({ length: 8 }, all));
    await sql`alter table items add column note text not null default 'new'`.execute(db);
    const rows = await Promise.all(Array.from({ length: 8 }, all));
    for (const row of rows) expect(row).toEqual([{ id: 1, label: 'one', note: 'new' }]);
  });

  it('inside a transaction such a statement fails once, as unnamed it would have; the next use answers', async () => {
    const all = () => db.selectFrom('items').selectAll().where('id', '=', 2).execute();
    await Promise.all(Array.from({ length: 8 }, all));
    await sql`alter table items add column extra int not null default 7`.execute(db);
    const inTransaction = async () =>
      db.transaction().execute((trx) => trx.selectFrom('items').selectAll().where('id', '=', 2).execute());
    // whichever connection the transaction gets: it fails at most once, then answers with the column
    const first = await inTransaction().catch((error: Error) => error);
    if (first instanceof Error) expect(first.message).toMatch(/cached plan must not change result type/);
    expect(await inTransaction()).toEqual([{ id: 2, label: 'two', note: 'new', extra: 7 }]);
    expect(await all()).toEqual([{ id: 2, label: 'two', note: 'new', extra: 7 }]);
  });
});
