import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Reading the outbox for the development mailbox (the outbox's sender is plugins/mail-outbox.ts). */
export function createMailboxRepository(db: Kysely<Database>) {
  return {
    /** The newest mails first. */
    latestMails(limit: number) {
      return db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
    },
  };
}

export type MailboxRepository = ReturnType<typeof createMailboxRepository>;
