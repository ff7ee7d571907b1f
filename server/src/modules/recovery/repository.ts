import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { findLinkToken, takeLinkToken } from '../auth/repository';

/** The columns a new password sets: its hash, and a required password change is lifted. */
const newPasswordColumns = (passwordHash: string) => (eb: ExpressionBuilder<Database, 'users'>) => ({
  password_hash: passwordHash,
  inactivation_reason: eb
    .case()
    .when('inactivation_reason', '=', 'PASSWORD_CHANGE_REQUIRED')
    .then(null)
    .else(eb.ref('inactivation_reason'))
    .end(),
});

/** Password resets (recovery links) and new passwords. */
export function createRecoveryRepository(db: Kysely<Database>) {
  return {
    /** Stores a recovery link's token hash; `then` runs in the same transaction (the e-mail to the outbox). */
    async createReset(
      reset: { tokenHash: string; userId: number; expiresAt: Date },
      then: (trx: Kysely<Database>) => Promise<void>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('password_resets')
          .values({ token_hash: reset.tokenHash, user_id: reset.userId, expires_at: reset.expiresAt })
          .execute();
        await then(trx);
      });
    },

    /** The live reset of a link, without taking it. */
    findReset: (token: string) => findLinkToken(db, 'password_resets', token),

    /** Takes the reset of a link and sets the new password in one transaction; undefined when it is gone. */
    resetPassword(token: string, passwordHash: string): Promise<{ id: number; email: string } | undefined> {
      return db.transaction().execute(async (trx) => {
        const reset = await takeLinkToken(trx, 'password_resets', token);
        if (!reset) return undefined;
        return trx
          .updateTable('users')
          .set(newPasswordColumns(passwordHash))
          .where('id', '=', reset.user_id)
          .returning(['id', 'email'])
          .executeTakeFirstOrThrow();
      });
    },

    setPassword(userId: number, passwordHash: string): Promise<UserRow> {
      return db
        .updateTable('users')
        .set(newPasswordColumns(passwordHash))
        .where('id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}

export type RecoveryRepository = ReturnType<typeof createRecoveryRepository>;
