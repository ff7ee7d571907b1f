import type { Migration } from 'kysely';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases } from '../../testing/test-app';
import * as m0013 from './0013-task-attempts';

/** The migration as the migrator runs it (on a database of any shape). */
const migration: Required<Migration> = m0013;

// The backfill of the answer log: one attempt per answered task of the kinds that keep only their latest answer.
describe.each(testDatabases())('migration 0013 (task attempts) on %s', (kind) => {
  let c: CourseApp;
  beforeAll(async () => {
    c = await createCourseApp(kind);
  });
  afterAll(() => c.t.close());

  it('backfills the latest answer of each instant task and lecture read, at its last change; nothing else', async () => {
    const db = c.t.database.db;
    const student = await c.enrolledStudent();
    const states: Array<[string, 'RIGHT' | 'WRONG' | null, string]> = [
      ['what-is-js', 'RIGHT', '2024-05-01T09:00:00.000Z'], // a lecture read
      ['const-keyword', 'WRONG', '2024-05-02T10:00:00.000Z'], // a word answered wrong
      ['functions-quiz', 'RIGHT', '2024-05-03T11:00:00.000Z'], // a multi-test solved
      ['where-js-runs', null, '2024-05-04T12:00:00.000Z'], // opened, never answered (or reset)
      ['sum-function', 'WRONG', '2024-05-05T13:00:00.000Z'], // code: its submissions are kept in solutions
      ['todo-project', 'RIGHT', '2024-05-06T14:00:00.000Z'], // mentor check: likewise
    ];
    await db
      .insertInto('student_tasks')
      .values(
        states.map(([slug, lastAction, at]) => ({
          student_id: student.id,
          task_id: c.task(slug).id,
          solved: lastAction === 'RIGHT',
          last_action: lastAction,
          answer: null,
          updated_at: at,
        })),
      )
      .execute();

    await migration.down(db);
    await migration.up(db);
    const rows = await db
      .selectFrom('task_attempts')
      .select(['student_id', 'task_id', 'right', 'created_at'])
      .where('student_id', '=', student.id)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }))).toEqual([
      { student_id: student.id, task_id: c.task('what-is-js').id, right: true, created_at: '2024-05-01T09:00:00.000Z' },
      { student_id: student.id, task_id: c.task('const-keyword').id, right: false, created_at: '2024-05-02T10:00:00.000Z' },
      { student_id: student.id, task_id: c.task('functions-quiz').id, right: true, created_at: '2024-05-03T11:00:00.000Z' },
    ]);
  });
});
