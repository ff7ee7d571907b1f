import { sql, type Kysely, type Updateable } from 'kysely';
import { ADMIN_MENTOR_ROLES, type AdminAuditAction, type AdminAuditValue } from '@academy/shared/contract';
import type { Database, UsersTable } from '../../db/schema';

/** The user's columns a change reads under the row's lock. */
export interface LockedUser {
  id: number;
  first_name: string;
  last_name: string;
  role: UsersTable['role'];
  payment_type: UsersTable['payment_type'];
  mentor_id: number | null;
  has_mentor: boolean;
  inactivation_reason: UsersTable['inactivation_reason'];
  blocked: boolean;
}

/** A decided change: the columns to set, the values before and after for the log, and what else to do. */
export interface PlannedChange {
  set: Updateable<UsersTable>;
  oldValue: AdminAuditValue;
  newValue: AdminAuditValue;
  /** more writes of the same transaction (blocking ends the sessions) */
  also?: (trx: Kysely<Database>) => Promise<void>;
}

/** One row of the log as it is written. */
export interface AuditRecord {
  actorId: number;
  userId: number | null;
  invitationId: number | null;
  action: AdminAuditAction;
  oldValue: AdminAuditValue;
  newValue: AdminAuditValue;
  at: Date;
}

/** How a change ended: 'actorNotAdmin' when the caller stopped being an active administrator before it. */
export type ChangeOutcome = 'missing' | 'unchanged' | 'changed' | 'actorNotAdmin';

/** An active administrator: role ADMIN, not blocked, no inactivation reason (the guards let them in). */
const isActiveAdmin = (user: LockedUser) => user.role === 'ADMIN' && !user.blocked && user.inactivation_reason === null;

/** Writes one log row in the caller's transaction (an invitation made by registration writes one too). */
export async function writeAudit(trx: Kysely<Database>, record: AuditRecord): Promise<void> {
  await trx
    .insertInto('admin_audit')
    .values({
      actor_id: record.actorId,
      user_id: record.userId,
      invitation_id: record.invitationId,
      action: record.action,
      old_value: JSON.stringify(record.oldValue),
      new_value: JSON.stringify(record.newValue),
      created_at: record.at,
    })
    .execute();
}

/** An administrator's change of a user, as one serialized step, and the reads it makes inside it. */
export function createChangeRepository(db: Kysely<Database>) {
  return {
    /**
     * One change of a user, in one transaction: the caller's row and the user's are locked together,
     * in the order of their ids (so two administrators changing each other wait, never deadlock), the
     * caller must still be an active administrator, `decide` sees the user as they are and plans the
     * change (or returns null: nothing to change, nothing written; or throws to refuse), then the row is
     * updated and the log row written. As the caller is never the user (the service refuses oneself)
     * and stays an active administrator until the commit, a change never leaves the academy without one.
     * Parallel changes of one user wait for each other, so each log row's old value is what the one
     * before it left. 'missing': no such user.
     */
    changeUser(
      id: number,
      action: AdminAuditAction,
      actorId: number,
      at: Date,
      decide: (user: LockedUser, trx: Kysely<Database>) => Promise<PlannedChange | null>,
    ): Promise<ChangeOutcome> {
      return db.transaction().execute(async (trx) => {
        const locked = await trx
          .selectFrom('users')
          .select([
            'id',
            'first_name',
            'last_name',
            'role',
            'payment_type',
            'mentor_id',
            'has_mentor',
            'inactivation_reason',
            'blocked',
          ])
          .where('id', 'in', [id, actorId])
          .orderBy('id')
          .forUpdate()
          .execute();
        const actor = locked.find((row) => row.id === actorId);
        if (!actor || !isActiveAdmin(actor)) return 'actorNotAdmin';
        const user = locked.find((row) => row.id === id);
        if (!user) return 'missing';
        const plan = await decide(user, trx);
        if (!plan) return 'unchanged';
        await trx.updateTable('users').set(plan.set).where('id', '=', id).execute();
        if (plan.also) await plan.also(trx);
        await writeAudit(trx, {
          actorId,
          userId: id,
          invitationId: null,
          action,
          oldValue: plan.oldValue,
          newValue: plan.newValue,
          at,
        });
        return 'changed';
      });
    },

    /**
     * A user a learner may be given to: an unblocked MENTOR or CHIEF_MENTOR, read in the change's
     * transaction and held (for share) until it ends, so they cannot stop being one meanwhile.
     */
    findMentor(trx: Kysely<Database>, id: number) {
      return trx
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name'])
        .where('id', '=', id)
        .where('role', 'in', ADMIN_MENTOR_ROLES)
        .where('blocked', '=', false)
        .forShare()
        .executeTakeFirst();
    },

    /** How many learners have this user as their mentor (in the change's transaction). */
    async countStudentsOf(trx: Kysely<Database>, mentorId: number): Promise<number> {
      const row = await trx
        .selectFrom('users')
        .select(sql<string>`count(*)`.as('count'))
        .where('mentor_id', '=', mentorId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Ends every session and forgets every known device of the user (in the blocking transaction). */
    async endSessions(trx: Kysely<Database>, userId: number): Promise<void> {
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      await trx.deleteFrom('sign_in_devices').where('user_id', '=', userId).execute();
    },
  };
}
