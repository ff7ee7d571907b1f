import { Migrator, sql, type Kysely } from 'kysely';
import { openTestDatabase, secondConnection, testDatabases } from '../testing/test-app';
import { MIGRATIONS, migrate, type DatabaseKind } from './database';
import type { Database } from './schema';

const NAMES = Object.keys(MIGRATIONS).sort();

/** An empty database: in-memory PGlite, or a new schema on the PostgreSQL server (dropped on close). */
const emptyDatabase = (kind: DatabaseKind) => openTestDatabase(kind, undefined, { prefix: 'migrate', migrated: false });

const applied = async (db: Kysely<Database>) =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((row) => row.name);

/**
 * Where migrate()'s own rules are checked (a database migrated halfway, a failing migration, a newer
 * one): on PostgreSQL when there is one, where an empty database costs a tenth of a second, else on
 * PGlite (5 to 15 s each). Every migration runs on both kinds in the first test.
 */
const RULES_ON = testDatabases().at(-1)!;

describe.each(testDatabases())('migrations on %s', (kind) => {
  it('applies every migration once, in order; a second run applies none', async () => {
    const database = await emptyDatabase(kind);
    try {
      await migrate(database.db);
      expect(await applied(database.db)).toEqual(NAMES);
      await migrate(database.db);
      expect(await applied(database.db)).toEqual(NAMES);
      // the last migration's work is there
      await database.db.selectFrom('users').select('id').execute();
    } finally {
      await database.close();
    }
  });
});

describe(`migrate()'s rules, on ${RULES_ON}`, () => {
  const kind = RULES_ON;

  it('goes on from a database that Kysely’s Migrator migrated halfway (its history table is kept)', async () => {
    const database = await emptyDatabase(kind);
    try {
      const migrator = new Migrator({
        db: database.db,
        provider: { getMigrations: async () => MIGRATIONS },
        ...(database.schema ? { migrationTableSchema: database.schema } : {}),
      });
      const half = NAMES[Math.floor(NAMES.length / 2)]!;
      // Kysely's Migrator introspects every schema of the database: on the shared server, a schema that
      // another test drops meanwhile fails it ("schema … does not exist"), and it is run again, as a
      // person would (a failed run leaves nothing half done: one transaction)
      let { error } = await migrator.migrateTo(half);
      for (let attempt = 1; attempt < 5 && error && /does not exist/.test(String(error)); attempt++) {
        ({ error } = await migrator.migrateTo(half));
      }
      expect(error).toBeUndefined();
      expect(await applied(database.db)).toEqual(NAMES.filter((name) => name <= half));
      await migrate(database.db);
      expect(await applied(database.db)).toEqual(NAMES);
    } finally {
      await database.close();
    }
  });

  it('a failing migration leaves nothing behind and names itself', async () => {
    const database = await emptyDatabase(kind);
    try {
      // a table in the way of migration 0003
      await sql`create table courses (id int)`.execute(database.db);
      await expect(migrate(database.db)).rejects.toThrow(/^Migration 0003-courses failed: .*"courses" already exists/);
      // all or nothing: not even the history table stayed
      const tables = await sql<{ name: string }>`
        select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(database.db);
      expect(tables.rows.map((row) => row.name)).toEqual(['courses']);
    } finally {
      await database.close();
    }
  });

  it('refuses a database that a newer version migrated', async () => {
    const database = await emptyDatabase(kind);
    try {
      await migrate(database.db);
      // a name an object's prototype has is not a migration either
      await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', '2027-01-01T00:00:00.000Z'), ('constructor', '2027-01-01T00:00:00.000Z')`.execute(
        database.db,
      );
      await expect(migrate(database.db)).rejects.toThrow(
        /does not know \((9999-from-the-future, constructor|constructor, 9999-from-the-future)\): a newer version migrated it/,
      );
    } finally {
      await database.close();
    }
  });
});

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('migrations on a shared PostgreSQL server', () => {
  it('four instances starting at once on one schema: each migration applied once, every start succeeds', async () => {
    const database = await emptyDatabase('postgres');
    const instances = await Promise.all([1, 2, 3, 4].map(() => secondConnection(database)));
    try {
      await Promise.all(instances.map((instance) => migrate(instance.db)));
      expect(await applied(database.db)).toEqual(NAMES);
    } finally {
      for (const instance of instances) await instance.close();
      await database.close();
    }
  }, 120_000);

  // The CI flake of 2026-11-27: Kysely's Migrator introspected every table of the database before
  // migrating (its migration table's check, even with nothing to apply), and failed when another test
  // dropped its schema at that moment.
  it('migrates while other schemas on the server are created, migrated and dropped', async () => {
    const steady = await openTestDatabase('postgres');
    let churning = true;
    const churn = async () => {
      for (let i = 0; i < 6; i++) {
        const database = await openTestDatabase('postgres', undefined, { prefix: 'churn' });
        await database.close();
      }
    };
    const again = async () => {
      let runs = 0;
      while (churning) {
        await migrate(steady.db);
        runs += 1;
      }
      return runs;
    };
    try {
      const [, first, second] = await Promise.all([
        Promise.all([churn(), churn()]).finally(() => (churning = false)),
        again(),
        again(),
      ]);
      expect(first + second).toBeGreaterThan(10);
      expect(await applied(steady.db)).toEqual(NAMES);
    } finally {
      churning = false;
      await steady.close();
    }
  }, 240_000);
});
