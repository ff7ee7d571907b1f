import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id serial primary key,
      email text not null,
      password_hash text not null,
      first_name text not null,
      last_name text not null,
      birthday date,
      avatar_url text,
      role text not null check (role in ('ADMIN','MENTOR','CHIEF_MENTOR','CURATOR','MANAGER','CHIEF_MANAGER','CHIEF','PAY_STUDENT','STUDENT')),
      payment_type text check (payment_type in ('UNTIL_PAID','TRIAL','REGULAR')),
      direction text check (direction in ('JAVA','MQA','GO','FE')),
      require_create_report boolean not null default false,
      has_mentor boolean not null default false,
      is_view_report boolean not null default false,
      inactivation_reason text,
      blocked boolean not null default false,
      language text not null default 'ru' check (language in ('ru','en')),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);

  await sql`
    create table sessions (
      id text primary key,
      user_id integer not null references users(id) on delete cascade,
      remember boolean not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index sessions_user_idx on sessions (user_id)`.execute(db);

  await sql`
    create table sign_in_failures (
      id bigserial primary key,
      account text not null,
      address text not null,
      failed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sign_in_failures_account_idx on sign_in_failures (account, failed_at)`.execute(db);
  await sql`create index sign_in_failures_address_idx on sign_in_failures (address, failed_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sign_in_failures`.execute(db);
  await sql`drop table sessions`.execute(db);
  await sql`drop table users`.execute(db);
}
