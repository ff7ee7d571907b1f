import { sql, type Kysely } from 'kysely';

/**
 * Daily reports (spec 1 §3, spec 2 §2.9): what a user did on a day and for how long. One report per
 * user per day is the unique index's rule, so two parallel submits of the same day leave one row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reports (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      report_date date not null,
      hours numeric(4,2) not null check (hours >= 0 and hours <= 24),
      text text not null check (char_length(text) between 1 and 200),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint reports_user_day_key unique (user_id, report_date)
    )`.execute(db);
  // the calendar's window over everyone's reports (staff, a direction)
  await sql`create index reports_day_idx on reports (report_date)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table reports`.execute(db);
}
