import { sql, type Kysely } from 'kysely';

/**
 * No lost work (issue 29):
 *
 * - `task_drafts`: the unfinished answer of a student's task, one per task state, saved as the student
 *   types (docs/product-decisions.md, "Nothing a student typed is lost"). `version` grows by one on each save: a save names the version it was
 *   based on, so two tabs never overwrite each other silently (the stale one is refused with a 409);
 * - `submission_keys`: the key a browser gives each submission (the `Idempotency-Key` header): the
 *   first request with a key claims it and is graded, every retry with the same key (parallel, after a
 *   reload, from the offline queue) gets the reply kept here instead of being graded again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table task_drafts (
      student_task_id integer primary key references student_tasks(id) on delete cascade,
      answer jsonb not null,
      version integer not null default 1 check (version > 0),
      saved_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table submission_keys (
      user_id integer not null references users(id) on delete cascade,
      key text not null,
      student_task_id integer not null references student_tasks(id) on delete cascade,
      reply jsonb,
      claimed_at timestamptz not null default now(),
      primary key (user_id, key)
    )`.execute(db);
  await sql`create index submission_keys_claimed_idx on submission_keys (claimed_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table submission_keys`.execute(db);
  await sql`drop table task_drafts`.execute(db);
}
