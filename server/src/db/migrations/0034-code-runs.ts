import { sql, type Kysely } from 'kysely';

/**
 * Code graded out of the request (issue 30): a Java, Go or Python submission is a `code_runs` row,
 * graded by a grader (in the API process, or `npm run grader` beside it) while the student's page shows
 * its progress (queued, compiling, running test i of n). What must never happen is refused here:
 *
 * - two unfinished runs of one task state (partial unique index `code_runs_one_unfinished_idx`);
 * - more than three unfinished runs of one user (a slot 0–2 each, partial unique index
 *   `code_runs_user_slot_idx`: a submission takes the first free slot or is refused);
 * - a result written twice (the finishing update is conditional on `finished_at is null`).
 *
 * A finished run's result is its `solutions` row: the run itself is deleted when its task state queues
 * the next one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table code_runs (
      id serial primary key,
      student_task_id integer not null references student_tasks(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      slot smallint not null check (slot between 0 and 2),
      language text not null,
      solution text not null,
      status text not null default 'queued'
        check (status in ('queued', 'compiling', 'running', 'done', 'cancelled', 'lost')),
      test integer,
      tests integer not null,
      attempts integer not null default 0,
      worker text,
      queued_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz
    )`.execute(db);
  await sql`
    create unique index code_runs_one_unfinished_idx on code_runs (student_task_id)
    where finished_at is null`.execute(db);
  await sql`
    create unique index code_runs_user_slot_idx on code_runs (user_id, slot)
    where finished_at is null`.execute(db);
  await sql`create index code_runs_unfinished_idx on code_runs (queued_at) where finished_at is null`.execute(db);
  // a task state's runs: its finished ones are deleted when it queues the next (only the latest is kept)
  await sql`create index code_runs_state_idx on code_runs (student_task_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table code_runs`.execute(db);
}
