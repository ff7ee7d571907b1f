import { sql } from 'kysely';
import { TASK_KIND_PATHS, TASK_KINDS } from '@academy/shared/contract';
import { openTestDatabase, type TestDatabase } from '../testing/test-app';
import { TASK_KIND_REGISTRY } from '.';

// Issue 31: a task kind is declared in the contract (TASK_KINDS) and every other place that must know it
// is checked against that list: the server's registry and the client's entries (by type), the statistics
// log (by type: task-state's LOGS_ATTEMPTS), the kind names' texts (shared's catalogue test), and here
// the database's CHECK.
describe('the task kinds agree everywhere', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database?.close());

  it('the database accepts exactly the contract’s kinds (course_tasks.kind’s CHECK)', async () => {
    const { rows } = await sql<{ def: string }>`
      select pg_get_constraintdef(c.oid) as def from pg_constraint c
      where c.conrelid = 'course_tasks'::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%kind%'`.execute(
      database.db,
    );
    expect(rows).toHaveLength(1);
    const allowed = [...rows[0]!.def.matchAll(/'([^']+)'::text/g)].map((m) => m[1]).sort();
    expect(allowed).toEqual([...TASK_KINDS].sort());
  });

  it('the server grades or shows every kind, and each has its address spelling', () => {
    for (const kind of TASK_KINDS) {
      expect(TASK_KIND_REGISTRY[kind]).toBeDefined();
      expect(TASK_KIND_PATHS[kind]).toBeTruthy();
    }
  });
});
