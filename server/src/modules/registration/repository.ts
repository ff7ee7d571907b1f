import type { Kysely } from 'kysely';
import type { Direction, Language, LearnerRole, PaymentType } from '@academy/shared/contract';
import type { Database, UserRow } from '../../db/schema';
import { findLinkToken, takeLinkToken } from '../auth/repository';
import { isUniqueViolation } from '../../db/errors';

/** A new learner's account. */
export interface NewAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  /** yyyy-mm-dd */
  birthday: string | null;
  role: LearnerRole;
  paymentType: PaymentType;
  direction: Direction;
  language: Language;
}

/** Thrown inside a transaction to roll it back when the invitation cannot be taken. */
class InvitationRefused extends Error {}

/** Accounts and invitations. */
export function createRegistrationRepository(db: Kysely<Database>) {
  const insertUser = (trx: Kysely<Database>, account: NewAccount) =>
    trx
      .insertInto('users')
      .values({
        email: account.email,
        password_hash: account.passwordHash,
        first_name: account.firstName,
        last_name: account.lastName,
        birthday: account.birthday,
        avatar_url: null,
        role: account.role,
        payment_type: account.paymentType,
        direction: account.direction,
        inactivation_reason: null,
        language: account.language,
      })
      .returningAll()
      .executeTakeFirstOrThrow();

  return {
    /** Creates an account; a taken e-mail (also when two requests race) gives 'emailTaken'. */
    async createUser(account: NewAccount): Promise<UserRow | 'emailTaken'> {
      try {
        return await insertUser(db, account);
      } catch (error) {
        if (isUniqueViolation(error)) return 'emailTaken';
        throw error;
      }
    },

    /** The live invitation of a link, without taking it. */
    findInvitation: (token: string) => findLinkToken(db, 'invitations', token),

    /**
     * Takes the invitation of a link and creates the account it invites, in one transaction: two
     * submissions cannot both register, and a refused account leaves the invitation unused.
     */
    async createInvitedUser(
      token: string,
      role: LearnerRole,
      account: Omit<NewAccount, 'email' | 'role' | 'paymentType' | 'direction'>,
    ): Promise<UserRow | 'emailTaken' | 'invalidToken'> {
      try {
        return await db.transaction().execute(async (trx) => {
          const invitation = await takeLinkToken(trx, 'invitations', token);
          if (!invitation || invitation.role !== role) throw new InvitationRefused();
          return insertUser(trx, {
            ...account,
            email: invitation.email,
            role,
            paymentType: invitation.payment_type,
            direction: invitation.direction,
          });
        });
      } catch (error) {
        if (error instanceof InvitationRefused) return 'invalidToken';
        if (isUniqueViolation(error)) return 'emailTaken';
        throw error;
      }
    },

    /**
     * Stores an invitation; `then` runs in the same transaction with its id (the e-mail goes to the
     * outbox with it, the administration's log records it).
     */
    async createInvitation(
      invitation: {
        tokenHash: string;
        email: string;
        role: LearnerRole;
        paymentType: PaymentType;
        direction: Direction;
        createdBy: number;
        expiresAt: Date;
      },
      then: (trx: Kysely<Database>, id: number) => Promise<void>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('invitations')
          .values({
            token_hash: invitation.tokenHash,
            email: invitation.email,
            role: invitation.role,
            payment_type: invitation.paymentType,
            direction: invitation.direction,
            created_by: invitation.createdBy,
            expires_at: invitation.expiresAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await then(trx, id);
      });
    },
  };
}

export type RegistrationRepository = ReturnType<typeof createRegistrationRepository>;
