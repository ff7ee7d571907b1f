import { sql, type Kysely } from 'kysely';

/**
 * Comments under tasks (spec 1 §3, §4): answers nest under a top-level comment, one like per user per
 * comment (the primary key makes a double click and parallel likes count once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table comments (
      id serial primary key,
      task_id integer not null references course_tasks(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      parent_id integer references comments(id) on delete cascade,
      text text not null check (char_length(text) between 1 and 10000),
      pre_moderate boolean not null default false,
      created_at timestamptz not null default now(),
      edited_at timestamptz
    )`.execute(db);
  await sql`create index comments_task_idx on comments (task_id, created_at)`.execute(db);
  await sql`create index comments_parent_idx on comments (parent_id) where parent_id is not null`.execute(db);
  await sql`create index comments_user_idx on comments (user_id, pre_moderate)`.execute(db);
  await sql`create index comments_waiting_idx on comments (created_at, id) where pre_moderate`.execute(db);
  await sql`
    create table comment_likes (
      comment_id integer not null references comments(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (comment_id, user_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table comment_likes`.execute(db);
  await sql`drop table comments`.execute(db);
}
