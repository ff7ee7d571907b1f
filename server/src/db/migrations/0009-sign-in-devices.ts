import { sql, type Kysely } from 'kysely';

/**
 * Known devices (OWASP "device cookies"): a browser that signed in to an account gets a cookie whose
 * hash is stored here; its sign-ins to that account skip the account-wide throttle and the address
 * limit, so guessing from elsewhere cannot lock the owner out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sign_in_devices (
      token_hash text primary key,
      user_id integer not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index sign_in_devices_user_idx on sign_in_devices (user_id)`.execute(db);
  // sign-in attempts are counted per account and address together
  await sql`create index rate_events_pair_idx on rate_events (kind, subject, address, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index rate_events_pair_idx`.execute(db);
  await sql`drop table sign_in_devices`.execute(db);
}
