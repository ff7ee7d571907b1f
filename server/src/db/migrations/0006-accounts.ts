import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // invitations to register: the link carries a random token, only its hash is stored; single use
  await sql`
    create table invitations (
      id serial primary key,
      token_hash text not null unique,
      email text not null,
      role text not null check (role in ('STUDENT','PAY_STUDENT')),
      payment_type text not null check (payment_type in ('UNTIL_PAID','TRIAL','REGULAR')),
      direction text not null check (direction in ('JAVA','MQA','GO','FE')),
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);

  // password recovery links, same rules, one hour
  await sql`
    create table password_resets (
      id serial primary key,
      token_hash text not null unique,
      user_id integer not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);

  // every e-mail goes through the outbox: delivered over SMTP when configured, else kept for the
  // development mailbox page
  await sql`
    create table mail_outbox (
      id serial primary key,
      recipient text not null,
      subject text not null,
      body_text text not null,
      body_html text not null,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      attempts integer not null default 0,
      last_error text
    )`.execute(db);
  await sql`create index mail_outbox_unsent_idx on mail_outbox (id) where sent_at is null`.execute(db);

  // rate limits of public calls (recovery, registration), per subject and per address
  await sql`
    create table rate_events (
      id bigserial primary key,
      kind text not null,
      subject text not null,
      address text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index rate_events_subject_idx on rate_events (kind, subject, created_at)`.execute(db);
  await sql`create index rate_events_address_idx on rate_events (kind, address, created_at)`.execute(db);

  // meeting links (reviews, calls): /meet?linkCode= resolves a code to its URL
  await sql`
    create table meet_links (
      code text primary key,
      url text not null,
      title text not null,
      expires_at timestamptz
    )`.execute(db);

  await sql`
    create table user_avatars (
      user_id integer primary key references users(id) on delete cascade,
      content_type text not null check (content_type in ('image/gif','image/jpeg','image/png')),
      data bytea not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['user_avatars', 'meet_links', 'rate_events', 'mail_outbox', 'password_resets', 'invitations']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
