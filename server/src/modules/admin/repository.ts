import { sql, type Kysely, type Updateable } from 'kysely';
import {
  ADMIN_MENTOR_ROLES,
  ADMIN_MENTORS_MAX,
  PENDING_INVITATIONS_MAX,
  type AdminAuditAction,
  type AdminAuditValue,
  type AdminUserQuery,
} from '@academy/shared/contract';
import type { Database, UsersTable } from '../../db/schema';

/** What a read of the users list asks for (the query without its page). */
export type UserFilter = Omit<AdminUserQuery, 'page' | 'pageSize'>;

/** A user as the administration reads them: the row's own columns, the mentor's name, the last sign-in. */
export interface AdminUserRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: UsersTable['role'];
  direction: UsersTable['direction'];
  payment_type: UsersTable['payment_type'];
  blocked: boolean;
  inactivation_reason: UsersTable['inactivation_reason'];
  created_at: Date;
  mentor_id: number | null;
  mentor_first_name: string | null;
  mentor_last_name: string | null;
  last_sign_in_at: Date | string | null;
}

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

/** `like` pattern of a search: its own `%`, `_` and `\` match themselves. */
const containing = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The administration's reads and writes: users, their changes with the log, mentors, invitations. */
export function createAdminRepository(db: Kysely<Database>) {
  /** Users within the filter (the list and its count share it). */
  function matching(filter: UserFilter) {
    let query = db.selectFrom('users as u');
    const search = filter.search?.trim();
    if (search) {
      const pattern = containing(search);
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(u.first_name || ' ' || u.last_name)`, 'like', pattern),
          eb(sql`lower(u.last_name || ' ' || u.first_name)`, 'like', pattern),
          eb(sql`lower(u.email)`, 'like', pattern),
        ]),
      );
    }
    if (filter.role) query = query.where('u.role', '=', filter.role);
    if (filter.direction) query = query.where('u.direction', '=', filter.direction);
    if (filter.paymentType) query = query.where('u.payment_type', '=', filter.paymentType);
    if (filter.blocked !== undefined) query = query.where('u.blocked', '=', filter.blocked);
    if (filter.inactivation === 'ANY') query = query.where('u.inactivation_reason', 'is not', null);
    else if (filter.inactivation === 'NONE') query = query.where('u.inactivation_reason', 'is', null);
    else if (filter.inactivation) query = query.where('u.inactivation_reason', '=', filter.inactivation);
    return query;
  }

  /** The users of a query with their mentor's name and the newest sign-in still known. */
  function withDetails(query: ReturnType<typeof matching>) {
    return query.leftJoin('users as m', 'm.id', 'u.mentor_id').select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.role',
      'u.direction',
      'u.payment_type',
      'u.blocked',
      'u.inactivation_reason',
      'u.created_at',
      'm.id as mentor_id',
      'm.first_name as mentor_first_name',
      'm.last_name as mentor_last_name',
      // a sign-in starts a session and makes the browser a known device; either may be gone since
      sql<Date | string | null>`greatest(
          (select max(s.created_at) from sessions s where s.user_id = u.id),
          (select max(d.created_at) from sign_in_devices d where d.user_id = u.id))`.as('last_sign_in_at'),
    ]);
  }

  return {
    /** A page of the users, by last name, first name and id. */
    listUsers(filter: UserFilter, offset: number, limit: number): Promise<AdminUserRow[]> {
      return withDetails(matching(filter))
        .orderBy('u.last_name')
        .orderBy('u.first_name')
        .orderBy('u.id')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async countUsers(filter: UserFilter): Promise<number> {
      const row = await matching(filter)
        .select(sql<string>`count(*)`.as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    findUser(id: number): Promise<AdminUserRow | undefined> {
      return withDetails(matching({})).where('u.id', '=', id).executeTakeFirst();
    },

    /**
     * One change of a user, in one transaction: the user's row is locked, `decide` sees it as it is and
     * plans the change (or returns null: nothing to change, nothing written; or throws to refuse), then
     * the row is updated and the log row written. Parallel changes of one user wait for each other, so
     * each log row's old value is what the one before it left. 'missing': no such user.
     */
    changeUser(
      id: number,
      action: AdminAuditAction,
      actorId: number,
      at: Date,
      decide: (user: LockedUser, trx: Kysely<Database>) => Promise<PlannedChange | null>,
    ): Promise<'missing' | 'unchanged' | 'changed'> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
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
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
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

    /** The name of a user (the log's snapshot of a mentor); undefined when gone. */
    findName(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', id).executeTakeFirst();
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

    /** The unblocked mentors and chief mentors, by name. */
    mentors() {
      return db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name'])
        .where('role', 'in', ADMIN_MENTOR_ROLES)
        .where('blocked', '=', false)
        .orderBy('last_name')
        .orderBy('first_name')
        .orderBy('id')
        .limit(ADMIN_MENTORS_MAX)
        .execute();
    },

    /** Log rows, newest first: one user's (or everyone's), older than `before`, at most `limit`. */
    audit(userId: number | null, before: number | undefined, limit: number) {
      let query = db
        .selectFrom('admin_audit as a')
        .leftJoin('users as ac', 'ac.id', 'a.actor_id')
        .leftJoin('users as u', 'u.id', 'a.user_id')
        .select([
          'a.id',
          'a.action',
          'a.old_value',
          'a.new_value',
          'a.created_at',
          'ac.id as actor_id',
          'ac.first_name as actor_first_name',
          'ac.last_name as actor_last_name',
          'u.id as user_id',
          'u.first_name as user_first_name',
          'u.last_name as user_last_name',
        ]);
      if (userId !== null) query = query.where('a.user_id', '=', userId);
      if (before !== undefined) query = query.where('a.id', '<', before);
      return query.orderBy('a.id', 'desc').limit(limit).execute();
    },

    /** Invitations not used, revoked or expired at `now`, newest first. */
    pendingInvitations(now: Date) {
      return db
        .selectFrom('invitations as i')
        .leftJoin('users as c', 'c.id', 'i.created_by')
        .select([
          'i.id',
          'i.email',
          'i.role',
          'i.payment_type',
          'i.direction',
          'i.created_at',
          'i.expires_at',
          'c.id as creator_id',
          'c.first_name as creator_first_name',
          'c.last_name as creator_last_name',
        ])
        .where('i.used_at', 'is', null)
        .where('i.revoked_at', 'is', null)
        .where('i.expires_at', '>', now)
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id', 'desc')
        .limit(PENDING_INVITATIONS_MAX)
        .execute();
    },

    /**
     * Revokes a pending invitation and logs it, in one transaction: one conditional update, so of two
     * administrators revoking at once one does (the other finds nothing pending). Its expiry moves to
     * now, so the link is refused from then on. Undefined: not pending.
     */
    revokeInvitation(id: number, actorId: number, now: Date) {
      return db.transaction().execute(async (trx) => {
        const revoked = await trx
          .updateTable('invitations')
          .set({ revoked_at: now, expires_at: now })
          .where('id', '=', id)
          .where('used_at', 'is', null)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .returning(['id', 'email', 'role', 'payment_type', 'direction', 'created_by', 'created_at'])
          .executeTakeFirst();
        if (!revoked) return undefined;
        await writeAudit(trx, {
          actorId,
          userId: null,
          invitationId: id,
          action: 'INVITATION_REVOKED',
          oldValue: { email: revoked.email, role: revoked.role, paymentType: revoked.payment_type, direction: revoked.direction },
          newValue: null,
          at: now,
        });
        return revoked;
      });
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
