import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
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

/** Ends every unused recovery link of an account (a new password makes them pointless). */
const endResets = (trx: Kysely<Database>, userId: number) =>
  trx
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();

/**
 * Forgets the account's known devices: their cookies were earned with the old password, and would
 * otherwise exempt guesses at the new one from the account's sign-in throttle.
 */
const endDevices = (trx: Kysely<Database>, userId: number) =>
  trx.deleteFrom('sign_in_devices').where('user_id', '=', userId).execute();

/** Password resets (recovery links) and new passwords. */
export function createRecoveryRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores a recovery link's token hash for the active account of an e-mail, if there is one; `then`
     * runs in the same transaction (the e-mail to the outbox). The same statements run whether or not
     * the account exists, so the time taken does not tell.
     */
    async createReset(
      reset: { tokenHash: string; email: string; expiresAt: Date },
      then: (trx: Kysely<Database>) => Promise<void>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('password_resets')
          .columns(['token_hash', 'user_id', 'expires_at'])
          .expression((eb) =>
            eb
              .selectFrom('users')
              .select([eb.val(reset.tokenHash).as('token_hash'), 'id', eb.val(reset.expiresAt).as('expires_at')])
              .where(sql<string>`lower(email)`, '=', reset.email)
              .where('blocked', '=', false),
          )
          .execute();
        await then(trx);
      });
    },

    /** The live reset of a link, without taking it. */
    findReset: (token: string) => findLinkToken(db, 'password_resets', token),

    /**
     * Takes the reset of a link and sets the new password in one transaction; undefined when it is gone.
     * Every other link of the account ends with it: an older mail cannot set the password again; its
     * known devices are forgotten.
     */
    resetPassword(token: string, passwordHash: string): Promise<{ id: number; email: string } | undefined> {
      return db.transaction().execute(async (trx) => {
        const reset = await takeLinkToken(trx, 'password_resets', token);
        if (!reset) return undefined;
        await endResets(trx, reset.user_id);
        const user = await trx
          .updateTable('users')
          .set(newPasswordColumns(passwordHash))
          .where('id', '=', reset.user_id)
          .returning(['id', 'email'])
          .executeTakeFirstOrThrow();
        // after the user's row is locked, as a sign-in adding a device locks it first
        await endDevices(trx, user.id);
        return user;
      });
    },

    /** Sets a new password; the recovery links and the known devices of the account end with the old password. */
    setPassword(userId: number, passwordHash: string): Promise<UserRow> {
      return db.transaction().execute(async (trx) => {
        await endResets(trx, userId);
        const user = await trx
          .updateTable('users')
          .set(newPasswordColumns(passwordHash))
          .where('id', '=', userId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await endDevices(trx, userId);
        return user;
      });
    },
  };
}

export type RecoveryRepository = ReturnType<typeof createRecoveryRepository>;
