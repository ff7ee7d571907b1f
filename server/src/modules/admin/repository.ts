import { sql, type Kysely } from 'kysely';
import { ADMIN_MENTOR_ROLES, ADMIN_MENTORS_MAX, PENDING_INVITATIONS_MAX, type AdminUserQuery } from '@academy/shared/contract';
import type { Database, UsersTable } from '../../db/schema';
import { createChangeRepository, writeAudit } from './change-repository';

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
    ...createChangeRepository(db),
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

    /** The name of a user (the log's snapshot of a mentor); undefined when gone. */
    findName(id: number, trx: Kysely<Database> = db) {
      return trx.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', id).executeTakeFirst();
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
