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
    const other = names.nameOf('select $1, $2', 2);
    expect(other).toMatch(/^academy_\d+$/);
    expect(other).not.toBe(name);
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

  it('never names a statement whose columns a star decides (a migration may add one under it)', () => {
    const names = new StatementNames();
    for (const text of [
      'select * from "items" where "id" = $1',
      'select "users".*, "sessions"."remember" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."id" = $1',
      'update "users" set "first_name" = $1 where "id" = $2 returning *',
    ])
      for (let i = 0; i < 3; i++) expect(names.nameOf(text, 2)).toBeUndefined();
    for (const text of [
      'select count(*) from "items" where "id" = $1',
      'select * from (select "id" from "items" where "id" = $1) as "x"',
    ]) {
      names.nameOf(text, 1);
      expect(names.nameOf(text, 1)).toBeDefined();
    }
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

type Items = { items: { id: number; label: string } };

describeOnPostgres('named statements on PostgreSQL', () => {
  const schema = `prepared_${randomBytes(6).toString('hex')}`;
  const pools: Array<Kysely<Items>> = [];
  /** a Kysely instance over `connections` connections whose statements are named */
  const open = (connections: number) => {
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: connections,
      options: `-c search_path=${schema}`,
    });
    const db = new Kysely<Items>({ dialect: new PostgresDialect({ pool: namedStatementsPool(pool) }) });
    pools.push(db);
    return db;
  };
  const namedOn = async (db: Kysely<Items>) =>
    (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db)).rows;
  const label = (db: Kysely<Items>, id: number) => db.selectFrom('items').select('label').where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    const db = open(1);
    await sql`create schema ${sql.id(schema)}`.execute(db);
    await sql`create table items (id int primary key, label text not null)`.execute(db);
    await sql`insert into items values (1, 'one'), (2, 'two')`.execute(db);
  });
  afterAll(async () => {
    await sql`drop schema ${sql.id(schema)} cascade`.execute(pools[0]!);
    for (const db of pools) await db.destroy();
  });

  it('runs a frequent statement under its name, parsed once per connection; a star statement unnamed', async () => {
    const db = open(1);
    for (let i = 0; i < 3; i++) expect((await label(db, 1))?.label).toBe('one');
    for (let i = 0; i < 3; i++) await db.selectFrom('items').selectAll().where('id', '=', 2).execute();
    expect(await namedOn(db)).toEqual([
      expect.objectContaining({
        name: expect.stringMatching(/^academy_\d+$/),
        statement: expect.stringContaining('select "label" from "items"'),
      }),
    ]);
  });

  it('answers many of the same statement at once across the pool’s connections', async () => {
    const db = open(4);
    const labels = await Promise.all(Array.from({ length: 60 }, (_, i) => label(db, 1 + (i % 2))));
    expect(labels.map((row) => row?.label)).toEqual(Array.from({ length: 60 }, (_, i) => (i % 2 ? 'two' : 'one')));
  });

  it('a column’s type changed under a named statement (a migration while running): it answers again at once', async () => {
    const db = open(1);
    for (let i = 0; i < 3; i++) await label(db, 1);
    expect(await namedOn(db)).toHaveLength(1);
    await sql`alter table items alter column label type varchar(40)`.execute(db);
    expect((await label(db, 1))?.label).toBe('one');
  });

  it('inside a transaction such a statement fails once (it cannot run again there); the next use answers', async () => {
    const db = open(1);
    for (let i = 0; i < 3; i++) await label(db, 2);
    await sql`alter table items alter column label type text`.execute(db);
    const inTransaction = () => db.transaction().execute((trx) => label(trx as unknown as Kysely<Items>, 2));
    await expect(inTransaction()).rejects.toThrow(/cached plan must not change result type/);
    expect((await inTransaction())?.label).toBe('two');
    expect((await label(db, 2))?.label).toBe('two');
  });
});
