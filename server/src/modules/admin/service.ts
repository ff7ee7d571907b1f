import {
  ADMIN_MENTOR_ROLES,
  isLearnerRole,
  reasonAllowedFor,
  type AdminAuditAction,
  type AdminAuditEntry,
  type AdminAuditPage,
  type AdminAuditValue,
  type AdminChange,
  type AdminPerson,
  type AdminUser,
  type AdminUserPage,
  type AdminUserQuery,
  type InactivationReason,
  type PaymentType,
  type PendingInvitation,
  type RoleName,
} from '@academy/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../plugins/clock';
import { ApiError, badRequest, notFound } from '../../common/errors';
import type { LockedUser, PlannedChange } from './change-repository';
import type { AdminRepository, AdminUserRow } from './repository';

/** The caller of a change: an administrator. */
export interface AdminActor {
  id: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const person = (id: number | null, firstName: string | null, lastName: string | null): AdminPerson | null =>
  id === null ? null : { id, firstName: firstName ?? '', lastName: lastName ?? '' };

const fullName = (user: { first_name: string; last_name: string }) => `${user.first_name} ${user.last_name}`.trim();

const isMentorRole = (role: RoleName) => (ADMIN_MENTOR_ROLES as readonly RoleName[]).includes(role);

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    direction: row.direction,
    paymentType: row.payment_type,
    mentor: person(row.mentor_id, row.mentor_first_name, row.mentor_last_name),
    blocked: row.blocked,
    inactivationReason: row.inactivation_reason,
    createdAt: iso(row.created_at),
    lastSignInAt: row.last_sign_in_at === null ? null : iso(row.last_sign_in_at),
  };
}

/**
 * The administration (docs/administration.md, "Administration"): the users list, the changes an administrator makes
 * to a user, each checked against the user as they are at that moment (the row is locked) and logged
 * in the same transaction, the log, and the pending invitations. Time is the app's clock.
 */
export function createAdminService(admin: AdminRepository, clock: Clock) {
  async function user(id: number): Promise<AdminUser> {
    const row = await admin.findUser(id);
    if (!row) throw notFound('server.adminNoUser', { id });
    return toAdminUser(row);
  }

  /** Runs one change (see the repository's `changeUser`) and answers with the user as they are now. */
  async function change(
    actor: AdminActor,
    id: number,
    action: AdminAuditAction,
    decide: (target: LockedUser, trx: Kysely<Database>) => Promise<PlannedChange | null>,
  ): Promise<AdminChange> {
    const outcome = await admin.changeUser(id, action, actor.id, clock.now(), decide);
    // another administrator's change took the caller's rights first (two acting on each other at once)
    if (outcome === 'actorNotAdmin') throw new ApiError(409, 'server.adminNoLongerAdmin');
    if (outcome === 'missing') throw notFound('server.adminNoUser', { id });
    return { user: await user(id), changed: outcome === 'changed' };
  }

  /** The mentor as the log keeps them: id and the name they had then. */
  async function mentorValue(trx: Kysely<Database>, id: number | null): Promise<AdminAuditValue> {
    if (id === null) return null;
    const mentor = await admin.findName(id, trx);
    return { id, name: mentor ? fullName(mentor) : '' };
  }

  return {
    user,

    async page(query: Required<Pick<AdminUserQuery, 'page' | 'pageSize'>> & AdminUserQuery): Promise<AdminUserPage> {
      const { page, pageSize, ...filter } = query;
      const [rows, total] = await Promise.all([
        admin.listUsers(filter, (page - 1) * pageSize, pageSize),
        admin.countUsers(filter),
      ]);
      return { users: rows.map(toAdminUser), total, page, pageSize };
    },

    /**
     * A new role. Not one's own; a learner stays a learner and staff stay staff (their data differ); a
     * mentor keeps a mentor's role while learners are given to them.
     */
    setRole(actor: AdminActor, id: number, role: RoleName) {
      return change(actor, id, 'ROLE', async (target, trx) => {
        if (target.id === actor.id) throw badRequest('server.adminSelfRole');
        if (target.role === role) return null;
        if (isLearnerRole(target.role) !== isLearnerRole(role)) throw badRequest('server.adminRoleKind');
        if (isMentorRole(target.role) && !isMentorRole(role)) {
          const count = await admin.countStudentsOf(trx, target.id);
          if (count > 0) throw badRequest('server.adminMentorHasStudents', { count });
        }
        return { set: { role }, oldValue: target.role, newValue: role };
      });
    },

    /** A learner's payment type; PAYMENT_OVERDUE belongs to UNTIL_PAID, so it is lifted first. */
    setPaymentType(actor: AdminActor, id: number, paymentType: PaymentType) {
      return change(actor, id, 'PAYMENT_TYPE', async (target) => {
        if (!isLearnerRole(target.role)) throw badRequest('server.adminPaymentLearnersOnly');
        if (target.payment_type === paymentType) return null;
        if (target.inactivation_reason === 'PAYMENT_OVERDUE' && paymentType !== 'UNTIL_PAID') {
          throw badRequest('server.adminPaymentOverdueFirst');
        }
        return { set: { payment_type: paymentType }, oldValue: target.payment_type, newValue: paymentType };
      });
    },

    /** A learner's mentor (an unblocked MENTOR or CHIEF_MENTOR), or none. */
    setMentor(actor: AdminActor, id: number, mentorId: number | null) {
      return change(actor, id, 'MENTOR', async (target, trx) => {
        if (!isLearnerRole(target.role)) throw badRequest('server.adminMentorLearnersOnly');
        if (target.mentor_id === mentorId && target.has_mentor === (mentorId !== null)) return null;
        let newValue: AdminAuditValue = null;
        if (mentorId !== null) {
          const mentor = await admin.findMentor(trx, mentorId);
          if (!mentor) throw badRequest('server.adminNotMentor');
          newValue = { id: mentor.id, name: fullName(mentor) };
        }
        return {
          set: { mentor_id: mentorId, has_mentor: mentorId !== null },
          oldValue: await mentorValue(trx, target.mentor_id),
          newValue,
        };
      });
    },

    /** Sets or lifts the inactivation reason (not one's own); each reason is for some users only. */
    setInactivation(actor: AdminActor, id: number, reason: InactivationReason | null) {
      return change(actor, id, 'INACTIVATION', async (target) => {
        if (target.id === actor.id) throw badRequest('server.adminSelfInactivation');
        if (target.inactivation_reason === reason) return null;
        if (reason !== null && !reasonAllowedFor(reason, { role: target.role, paymentType: target.payment_type })) {
          throw badRequest(reason === 'PAYMENT_OVERDUE' ? 'server.adminReasonUntilPaid' : 'server.adminReasonLearners');
        }
        return { set: { inactivation_reason: reason }, oldValue: target.inactivation_reason, newValue: reason };
      });
    },

    /** Blocks (every session and known device ends in the same transaction) or unblocks; never oneself. */
    setBlocked(actor: AdminActor, id: number, blocked: boolean) {
      return change(actor, id, 'BLOCKED', async (target) => {
        if (target.id === actor.id) throw badRequest('server.adminSelfBlock');
        if (target.blocked === blocked) return null;
        return {
          set: { blocked },
          oldValue: target.blocked,
          newValue: blocked,
          ...(blocked ? { also: (trx: Kysely<Database>) => admin.endSessions(trx, target.id) } : {}),
        };
      });
    },

    async mentors(): Promise<AdminPerson[]> {
      const rows = await admin.mentors();
      return rows.map((row) => ({ id: row.id, firstName: row.first_name, lastName: row.last_name }));
    },

    /** The log, newest first: a user's (after checking they exist) or everyone's. */
    async audit(userId: number | null, before: number | undefined, limit: number): Promise<AdminAuditPage> {
      if (userId !== null && !(await admin.findUser(userId))) throw notFound('server.adminNoUser', { id: userId });
      const rows = await admin.audit(userId, before, limit + 1);
      const entries = rows.slice(0, limit).map((row): AdminAuditEntry => ({
        id: row.id,
        at: iso(row.created_at),
        actor: person(row.actor_id, row.actor_first_name, row.actor_last_name),
        user: person(row.user_id, row.user_first_name, row.user_last_name),
        action: row.action,
        oldValue: (row.old_value ?? null) as AdminAuditValue,
        newValue: (row.new_value ?? null) as AdminAuditValue,
      }));
      return { entries, nextBefore: rows.length > limit ? entries[entries.length - 1]!.id : null };
    },

    async pendingInvitations(): Promise<PendingInvitation[]> {
      const rows = await admin.pendingInvitations(clock.now());
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        paymentType: row.payment_type,
        direction: row.direction,
        createdBy: person(row.creator_id, row.creator_first_name, row.creator_last_name),
        createdAt: iso(row.created_at),
        expiresAt: iso(row.expires_at),
      }));
    },

    /** Revokes a pending invitation (logged); 404 when it is not pending (used, expired, revoked). */
    async revokeInvitation(actor: AdminActor, id: number): Promise<PendingInvitation> {
      const now = clock.now();
      const revoked = await admin.revokeInvitation(id, actor.id, now);
      if (!revoked) throw notFound('server.adminNoInvitation', { id });
      const creator = revoked.created_by === null ? undefined : await admin.findName(revoked.created_by);
      return {
        id: revoked.id,
        email: revoked.email,
        role: revoked.role,
        paymentType: revoked.payment_type,
        direction: revoked.direction,
        createdBy: creator ? person(creator.id, creator.first_name, creator.last_name) : null,
        createdAt: iso(revoked.created_at),
        expiresAt: iso(now),
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
