import { sql, type Kysely } from 'kysely';

/** Sign-in failures become events of the one rate limiter; a mentor-check task has one pending answer. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into rate_events (kind, subject, address, created_at)
    select 'sign-in', account, address, failed_at from sign_in_failures`.execute(db);
  await sql`drop table sign_in_failures`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sign_in_failures (
      id bigserial primary key,
      account text not null,
      address text not null,
      failed_at timestamptz not null default now()
    )`.execute(db);
}
