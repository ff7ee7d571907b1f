import { sql, type Kysely } from 'kysely';

/**
 * Every answer of the kinds that keep only their latest answer in `student_tasks` (the instant kinds
 * and lectures): one row per state change, so the statistics count every try (docs/courses.md, "Statistics").
 * Code and mentor-check answers are rows of `solutions` already and are not logged here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table task_attempts (
      id serial primary key,
      student_id integer not null references users(id) on delete cascade,
      task_id integer not null references course_tasks(id) on delete cascade,
      "right" boolean not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  // the statistics read a student's attempts by time (index-only on PostgreSQL)
  await sql`create index task_attempts_student_time_idx on task_attempts (student_id, created_at)`.execute(db);
  // deleting a course task removes its attempts without reading the whole table
  await sql`create index task_attempts_task_idx on task_attempts (task_id)`.execute(db);
  // The history before this table is only each task's latest answer: an approximation of one attempt per
  // answered task, at the time of its state's last change, right when the latest answer was. Earlier
  // tries, and answers taken away by a reset, are lost; they were never stored.
  await sql`
    insert into task_attempts (student_id, task_id, "right", created_at)
    select st.student_id, st.task_id, st.last_action = 'RIGHT', st.updated_at
      from student_tasks st join course_tasks t on t.id = st.task_id
     where st.last_action is not null
       and t.kind in ('lecture', 'word', 'theory', 'ordering', 'association', 'multi_test', 'multi_answer',
                      'gapping', 'multi_input')
     order by st.updated_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table task_attempts`.execute(db);
}
