import { sql, type Kysely } from 'kysely';

/**
 * What must never happen to a student's task state, enforced by the database (docs/architecture.md, "One owner of a task
 * state"): at most one mentor-check answer waits for a verdict per task.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Two tabs sending at once could leave two waiting answers before this: keep the newest of each task.
  await sql`
    delete from solutions s using solutions newer
    where s.student_task_id = newer.student_task_id and s.right_answer is null and newer.right_answer is null
      and newer.id > s.id`.execute(db);
  // a second waiting answer (two tabs sending at once) is refused by this index
  await sql`create unique index solutions_one_pending_idx on solutions (student_task_id) where right_answer is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index solutions_one_pending_idx`.execute(db);
}
