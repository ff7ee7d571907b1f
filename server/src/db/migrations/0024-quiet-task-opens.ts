import { sql, type Kysely } from 'kysely';

/**
 * Fewer `cache_changes` for the caches to act on (issue 14, the load knee; docs/architecture.md, "Server", "Caches"):
 *
 * - a task opened for the first time (its `student_tasks` row made with the untouched state: no
 *   points, nothing solved, checked or to solve again) writes none: the course list and the course
 *   pages read such a row exactly as no row, so the student's kept state stays right;
 * - an enrolment writes `notice` besides `progress`, so the bell (whose course audiences read
 *   enrolments) can listen to `notice` alone and no longer forgets itself on every answer.
 *
 * No new kind: an instance of the previous version, still running beside a new one, reads every row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function cache_changes_student_task() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        insert into cache_changes (kind, user_id) values ('progress', old.student_id);
      elsif tg_op = 'INSERT' and new.points = 0 and not new.solved and not new.ever_solved
          and not new.checked and not new.need_to_resolve then
        return null;
      else
        insert into cache_changes (kind, user_id) values ('progress', new.student_id);
        if tg_op = 'UPDATE' and old.student_id <> new.student_id then
          insert into cache_changes (kind, user_id) values ('progress', old.student_id);
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create function cache_changes_enrolment() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        insert into cache_changes (kind, user_id) values ('progress', old.student_id), ('notice', old.student_id);
      end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and old.student_id <> new.student_id) then
        insert into cache_changes (kind, user_id) values ('progress', new.student_id), ('notice', new.student_id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger student_tasks_cache_changes on student_tasks`.execute(db);
  await sql`
    create trigger student_tasks_cache_changes after insert or update or delete on student_tasks
    for each row execute function cache_changes_student_task()`.execute(db);
  await sql`drop trigger enrollments_cache_changes on enrollments`.execute(db);
  await sql`
    create trigger enrollments_cache_changes after insert or update or delete on enrollments
    for each row execute function cache_changes_enrolment()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['student_tasks', 'enrollments']) {
    await sql`drop trigger ${sql.id(`${table}_cache_changes`)} on ${sql.id(table)}`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_cache_changes`)} after insert or update or delete on ${sql.id(table)}
      for each row execute function cache_changes_progress()`.execute(db);
  }
  await sql`drop function cache_changes_enrolment()`.execute(db);
  await sql`drop function cache_changes_student_task()`.execute(db);
}
