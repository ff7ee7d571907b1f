import { sql, type Kysely } from 'kysely';

/**
 * Who last edited a published notification (issue 29): only its author or an administrator may, and
 * staff see "edited by X at T" (`updated_at` holds the time). Null: never edited, or the editor's
 * account is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications add column edited_by integer references users (id) on delete set null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications drop column edited_by`.execute(db);
}
