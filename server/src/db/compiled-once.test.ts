import { sql } from 'kysely';
import { openTestDatabase, testDatabases, type TestDatabase } from '../testing/test-app';
import { compiledOnce } from './compiled-once';

describe.each(testDatabases())('a statement built once on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await sql`create table numbers (n integer primary key, word text not null)`.execute(database.db);
    await sql`insert into numbers select n, 'n' || n from generate_series(1, 20) n`.execute(database.db);
  });
  afterAll(() => database?.close());

  it('runs with each call’s values, its constants kept, one statement per shape', async () => {
    let builds = 0;
    const between = compiledOnce((db, { low, high }: { low: number; high: number }, descending: boolean) => {
      builds += 1;
      return sql<{ n: number; word: string }>`select n, word from numbers where n >= ${low} and n <= ${high}
        order by n ${sql.raw(descending ? 'desc' : 'asc')} limit ${5}`;
    });
    expect((await between(database.db, { low: 3, high: 5 }, false)).map((row) => row.n)).toEqual([3, 4, 5]);
    expect((await between(database.db, { low: 10, high: 30 }, false)).map((row) => row.n)).toEqual([10, 11, 12, 13, 14]);
    expect((await between(database.db, { low: 10, high: 30 }, true)).map((row) => row.n)).toEqual([20, 19, 18, 17, 16]);
    expect((await between(database.db, { high: 2, low: 1 }, true)).map((row) => row.word)).toEqual(['n2', 'n1']);
    expect(builds).toBe(2);
  });

  it('runs a query builder’s statement with new values, and in parallel', async () => {
    const doubled = compiledOnce((db, { n }: { n: number }) =>
      db.selectNoFrom((eb) => sql<number>`${eb.val(n)}::int * 2`.as('twice')),
    );
    const rows = await Promise.all([1, 7, 20].map((n) => doubled(database.db, { n })));
    expect(rows).toEqual([[{ twice: 2 }], [{ twice: 14 }], [{ twice: 40 }]]);
  });

  it('refuses a value that decides the statement instead of being sent', async () => {
    const inlined = compiledOnce((_db, { n }: { n: number }) => sql`select ${sql.lit(n)} as n`);
    // Kysely itself refuses to write a stand-in into the text
    await expect(inlined(database.db, { n: 1 })).rejects.toThrow('invalid immediate value');
    const unused = compiledOnce((_db, _values: { n: number }) => sql`select 1 as n`);
    await expect(unused(database.db, { n: 1 })).rejects.toThrow('n not sent as a parameter');
    const echo = compiledOnce((_db, { n }: { n?: number }) => sql<{ n: number }>`select ${n}::int as n`);
    expect(await echo(database.db, { n: 3 })).toEqual([{ n: 3 }]);
    // a value missing on a later call is refused, not sent as null
    await expect(echo(database.db, {})).rejects.toThrow('no value for n');
  });
});
