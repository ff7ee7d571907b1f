import { sql, type Kysely } from 'kysely';

/**
 * The mentor's work queue (docs/courses.md, "Mentor queue").
 *
 * - `users.mentor_id`: a student's assigned mentor. A MENTOR's queue holds the waiting answers of their
 *   students (and of students without a mentor, whom every mentor serves).
 * - `answer_queue`: one row per waiting answer that someone took or the chief mentor reassigned (an
 *   answer nobody touched has none). `taken_by` holds it until `take_expires_at`; a take is won with one
 *   conditional upsert, so of many mentors taking at once exactly one gets it. `assigned_mentor_id`
 *   gives the answer to a mentor other than the student's. The row goes with its answer (a withdrawn
 *   answer is deleted) and stays after the verdict as the record of who took it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column mentor_id integer references users(id) on delete set null`.execute(db);
  await sql`create index users_mentor_idx on users (mentor_id) where mentor_id is not null`.execute(db);
  await sql`
    create table answer_queue (
      answer_id integer primary key references solutions(id) on delete cascade,
      assigned_mentor_id integer references users(id) on delete set null,
      assigned_by integer references users(id) on delete set null,
      assigned_at timestamptz,
      taken_by integer references users(id) on delete set null,
      taken_at timestamptz,
      take_expires_at timestamptz,
      check (taken_by is null or take_expires_at is not null)
    )`.execute(db);
  await sql`create index answer_queue_assigned_idx on answer_queue (assigned_mentor_id) where assigned_mentor_id is not null`.execute(
    db,
  );
  // the queue's scan: waiting answers, oldest first
  await sql`create index solutions_waiting_idx on solutions (created_at, id) where right_answer is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index solutions_waiting_idx`.execute(db);
  await sql`drop table answer_queue`.execute(db);
  await sql`drop index users_mentor_idx`.execute(db);
  await sql`alter table users drop column mentor_id`.execute(db);
}
