import { sql, type Kysely } from 'kysely';

/**
 * `cache_changes`: what the in-process caches of every API instance must forget (docs/architecture.md, "Server",
 * "Caches"). Triggers write it, so no code path can change a user, end a session or edit a course
 * without the caches hearing of it, whoever made the change (a request, a script, another instance):
 *
 * - `account`: a user's row changed or went away (a block, a new password, a role…), or one of their
 *   sessions ended or was cut short (sign-out, a block, a new password, an expiry moved earlier); the
 *   sliding expiry only ever moves later and writes none;
 * - `progress`: a student's task states, enrolments or unlocked modules changed (an answer, a verdict,
 *   an enrolment…);
 * - `content`: course content changed (an import, an edit), one row per statement.
 *
 * Instances read the rows after the last one they read every 250 ms (`plugins/cache-changes.ts`), and
 * ask again for a skipped id for 30 s (its transaction may commit late); rows are purged after an hour.
 */
const CONTENT_TABLES = ['courses', 'course_modules', 'course_chapters', 'course_tasks'];
const PROGRESS_TABLES = ['student_tasks', 'enrollments', 'module_unlocks'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cache_changes (
      id bigserial primary key,
      kind text not null check (kind in ('account', 'progress', 'content')),
      user_id integer,
      at timestamptz not null default clock_timestamp()
    )`.execute(db);
  await sql`create index cache_changes_at_idx on cache_changes (at)`.execute(db);

  await sql`
    create function cache_changes_user() returns trigger language plpgsql as $$
    begin
      insert into cache_changes (kind, user_id) values ('account', old.id);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger users_cache_changes after update or delete on users
    for each row execute function cache_changes_user()`.execute(db);

  await sql`
    create function cache_changes_session() returns trigger language plpgsql as $$
    begin
      insert into cache_changes (kind, user_id) values ('account', old.user_id);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger sessions_cache_changes_delete after delete on sessions
    for each row execute function cache_changes_session()`.execute(db);
  await sql`
    create trigger sessions_cache_changes_update after update on sessions
    for each row when (new.expires_at < old.expires_at or new.user_id <> old.user_id)
    execute function cache_changes_session()`.execute(db);

  await sql`
    create function cache_changes_progress() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        insert into cache_changes (kind, user_id) values ('progress', old.student_id);
      else
        insert into cache_changes (kind, user_id) values ('progress', new.student_id);
      end if;
      return null;
    end $$`.execute(db);
  for (const table of PROGRESS_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_cache_changes`)} after insert or update or delete on ${sql.id(table)}
      for each row execute function cache_changes_progress()`.execute(db);
  }

  await sql`
    create function cache_changes_content() returns trigger language plpgsql as $$
    begin
      insert into cache_changes (kind) values ('content');
      return null;
    end $$`.execute(db);
  for (const table of CONTENT_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_cache_changes`)} after insert or update or delete or truncate on ${sql.id(table)}
      for each statement execute function cache_changes_content()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...CONTENT_TABLES, ...PROGRESS_TABLES]) {
    await sql`drop trigger ${sql.id(`${table}_cache_changes`)} on ${sql.id(table)}`.execute(db);
  }
  await sql`drop trigger sessions_cache_changes_update on sessions`.execute(db);
  await sql`drop trigger sessions_cache_changes_delete on sessions`.execute(db);
  await sql`drop trigger users_cache_changes on users`.execute(db);
  await sql`drop function cache_changes_content()`.execute(db);
  await sql`drop function cache_changes_progress()`.execute(db);
  await sql`drop function cache_changes_session()`.execute(db);
  await sql`drop function cache_changes_user()`.execute(db);
  await sql`drop table cache_changes`.execute(db);
}
