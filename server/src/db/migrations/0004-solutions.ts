import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // the "student course task info id" of the spec: one row per student and task, addressed by id
  await sql`alter table student_tasks add column id serial`.execute(db);
  await sql`create unique index student_tasks_id_key on student_tasks (id)`.execute(db);
  // points are awarded the first time only: a reset keeps this flag
  await sql`alter table student_tasks add column ever_solved boolean not null default false`.execute(db);
  await sql`update student_tasks set ever_solved = solved`.execute(db);

  // every code and mentor-check submission, with its outcome
  await sql`
    create table solutions (
      id serial primary key,
      student_task_id integer not null references student_tasks(id) on delete cascade,
      answer jsonb not null,
      result jsonb,
      right_answer boolean,
      created_at timestamptz not null default now(),
      checked_at timestamptz,
      mentor_id integer references users(id) on delete set null
    )`.execute(db);
  await sql`create index solutions_student_task_idx on solutions (student_task_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table solutions`.execute(db);
  await sql`alter table student_tasks drop column ever_solved`.execute(db);
  await sql`alter table student_tasks drop column id`.execute(db);
}
