import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // multi-test tries: a few wrong answers per window, so a quiz cannot be solved by trying every choice
  await sql`alter table student_tasks add column wrong_tries integer not null default 0`.execute(db);
  await sql`alter table student_tasks add column tries_window_start timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table student_tasks drop column tries_window_start`.execute(db);
  await sql`alter table student_tasks drop column wrong_tries`.execute(db);
}
