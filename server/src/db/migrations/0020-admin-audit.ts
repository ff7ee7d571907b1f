import { sql, type Kysely } from 'kysely';

/**
 * The administration (docs/administration.md, "Administration").
 *
 * - `admin_audit`: every change an administrator makes to a user (role, payment type, mentor,
 *   inactivation reason, block) and to an invitation (made, revoked), written in the same transaction as
 *   the change, with who made it, whose account or which invitation, the value before and after (bounded
 *   JSON) and when. A change that changes nothing writes no row. Rows outlive the accounts they name
 *   (the references are set to null). Newest first is the primary key's order.
 * - `invitations.revoked_at`: an administrator took the invitation back; its `expires_at` moves to that
 *   moment too, so the link's own check refuses it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table admin_audit (
      id serial primary key,
      actor_id integer references users(id) on delete set null,
      user_id integer references users(id) on delete set null,
      invitation_id integer references invitations(id) on delete set null,
      action text not null check (action in
        ('ROLE','PAYMENT_TYPE','MENTOR','INACTIVATION','BLOCKED','INVITATION_CREATED','INVITATION_REVOKED')),
      old_value jsonb,
      new_value jsonb,
      created_at timestamptz not null,
      check (octet_length(coalesce(old_value::text, '')) <= 1000 and octet_length(coalesce(new_value::text, '')) <= 1000)
    )`.execute(db);
  // a user's log, newest first
  await sql`create index admin_audit_user_idx on admin_audit (user_id, id) where user_id is not null`.execute(db);
  await sql`alter table invitations add column revoked_at timestamptz`.execute(db);
  // the pending list: unused, not revoked, newest first
  await sql`create index invitations_pending_idx on invitations (created_at) where used_at is null and revoked_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index invitations_pending_idx`.execute(db);
  await sql`alter table invitations drop column revoked_at`.execute(db);
  await sql`drop table admin_audit`.execute(db);
}
