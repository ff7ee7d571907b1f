/**
 * The administrator's users screen (docs/administration.md, "Administration"): the users with their role, direction,
 * payment type, mentor, inactivation reason and block; the changes an administrator makes to them, each
 * written to an audit log in the same transaction; the pending invitations. Imported by the server too:
 * no React, no browser APIs.
 *
 * Calls (ADMIN_ROLES only; every other role gets 403):
 * - `GET /api/admin/users?search=&role=&direction=&paymentType=&blocked=&inactivation=&page=&pageSize=` → AdminUserPage;
 * - `GET /api/admin/users/{id}` → AdminUser;
 * - `PUT /api/admin/users/{id}/role` `{ role }`, `…/payment-type` `{ paymentType }`, `…/mentor` `{ mentorId }`
 *   (null: none), `…/inactivation` `{ reason }` (null: lifted), `…/blocked` `{ blocked }` → AdminChange;
 * - `GET /api/admin/users/{id}/audit?before=&limit=` → AdminAuditPage (the user's changes, newest first);
 * - `GET /api/admin/audit?before=&limit=` → AdminAuditPage (every change, newest first);
 * - `GET /api/admin/mentors` → AdminPerson[] (whom a learner may be given to);
 * - `GET /api/admin/invitations` → PendingInvitation[]; `POST /api/admin/invitations` NewInvitation →
 *   InvitationLink; `DELETE /api/admin/invitations/{id}` → PendingInvitation (revoked).
 */
import type { Direction, InactivationReason, Language, LearnerRole, PaymentType, RoleName } from './index';

/** Who may call the administration. */
export const ADMIN_ROLES = ['ADMIN'] as const satisfies readonly RoleName[];

/** A page of the users list: its size when the call names none, and the most one page holds. */
export const ADMIN_USERS_PAGE = { default: 20, max: 100 } as const;
/** An audit page: its size when the call names none, and the most one page holds. */
export const ADMIN_AUDIT_PAGE = { default: 20, max: 100 } as const;
/** The most characters a search holds. */
export const ADMIN_SEARCH_MAX = 100;
/** The most pending invitations the list holds (newest first). */
export const PENDING_INVITATIONS_MAX = 200;
/** The most mentors the mentor select holds. */
export const ADMIN_MENTORS_MAX = 500;

/** The roles a learner may be given to as their mentor. */
export const ADMIN_MENTOR_ROLES = ['MENTOR', 'CHIEF_MENTOR'] as const satisfies readonly RoleName[];

/**
 * The users list's inactivation filter: one reason, `ANY` (some reason) or `NONE` (no reason).
 */
export const INACTIVATION_FILTERS = [
  'PASSWORD_CHANGE_REQUIRED',
  'EXPELLED',
  'PAYMENT_OVERDUE',
  'WAITING_FOR_STREAM',
  'ANY',
  'NONE',
] as const satisfies readonly (InactivationReason | 'ANY' | 'NONE')[];
export type InactivationFilter = (typeof INACTIVATION_FILTERS)[number];

/**
 * Which users a reason may be set for (docs/administration.md, "Administration"): a required password change and
 * EXPELLED anyone; PAYMENT_OVERDUE a learner on UNTIL_PAID terms; WAITING_FOR_STREAM a learner.
 * The one rule both the form and the server apply.
 */
export function reasonAllowedFor(reason: InactivationReason, user: { role: RoleName; paymentType: PaymentType | null }): boolean {
  const learner = user.role === 'PAY_STUDENT' || user.role === 'STUDENT';
  if (reason === 'PAYMENT_OVERDUE') return learner && user.paymentType === 'UNTIL_PAID';
  if (reason === 'WAITING_FOR_STREAM') return learner;
  return true;
}

/** A person as the administration names them. */
export interface AdminPerson {
  id: number;
  firstName: string;
  lastName: string;
}

/** A user as the administrator sees them (never a password hash). */
export interface AdminUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  role: RoleName;
  direction: Direction | null;
  /** a learner's; null for staff */
  paymentType: PaymentType | null;
  /** a learner's assigned mentor */
  mentor: AdminPerson | null;
  blocked: boolean;
  inactivationReason: InactivationReason | null;
  /** ISO instants */
  createdAt: string;
  /** the newest sign-in the academy still knows of (a live session or a known device); null: none */
  lastSignInAt: string | null;
}

/** `GET /api/admin/users`: a page of the users, by last name. */
export interface AdminUserPage {
  users: AdminUser[];
  /** users matching the filters */
  total: number;
  page: number;
  pageSize: number;
}

/** The users list's search, filters and page. */
export interface AdminUserQuery {
  /** in the name (either order) or the e-mail */
  search?: string;
  role?: RoleName;
  direction?: Direction;
  paymentType?: PaymentType;
  blocked?: boolean;
  inactivation?: InactivationFilter;
  page?: number;
  pageSize?: number;
}

/** What a change call did: the user as they are now, and whether anything changed (a no-op logs nothing). */
export interface AdminChange {
  user: AdminUser;
  changed: boolean;
}

export interface AdminRoleInput {
  role: RoleName;
}
export interface AdminPaymentTypeInput {
  paymentType: PaymentType;
}
export interface AdminMentorInput {
  /** null: no mentor */
  mentorId: number | null;
}
export interface AdminInactivationInput {
  /** null: lifted */
  reason: InactivationReason | null;
}
export interface AdminBlockedInput {
  blocked: boolean;
}

/** What an audit row records. */
export const ADMIN_AUDIT_ACTIONS = [
  'ROLE',
  'PAYMENT_TYPE',
  'MENTOR',
  'INACTIVATION',
  'BLOCKED',
  'INVITATION_CREATED',
  'INVITATION_REVOKED',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

/** An invitation as the log records it. */
export interface AdminAuditInvitation {
  email: string;
  role: LearnerRole;
  paymentType: PaymentType;
  direction: Direction;
}

/**
 * A value before or after a change: a role, payment type or reason (a string), the block (a boolean),
 * a mentor (a person with their name then), an invitation, or nothing (null).
 */
export type AdminAuditValue = string | boolean | null | { id: number; name: string } | AdminAuditInvitation;

/** One change an administrator made. */
export interface AdminAuditEntry {
  id: number;
  /** ISO instant */
  at: string;
  /** who made it (null: an account since removed) */
  actor: AdminPerson | null;
  /** whose account changed (null for invitations) */
  user: AdminPerson | null;
  action: AdminAuditAction;
  oldValue: AdminAuditValue;
  newValue: AdminAuditValue;
}

/** A page of the log, newest first; `nextBefore` asks for the next page (null: no more). */
export interface AdminAuditPage {
  entries: AdminAuditEntry[];
  nextBefore: number | null;
}

/** The log's page. */
export interface AdminAuditQuery {
  /** entries older than this entry's id */
  before?: number;
  limit?: number;
}

/** `POST /api/admin/invitations`: whom to invite, as what. */
export interface NewInvitation {
  email: string;
  role: LearnerRole;
  paymentType: PaymentType;
  direction: Direction;
  /** the e-mail's language (Russian by default) */
  language?: Language;
}

/** The invitation's link (sent by e-mail too) and when it runs out. */
export interface InvitationLink {
  link: string;
  /** ISO instant */
  expiresAt: string;
}

/** An invitation not yet used, expired or revoked. */
export interface PendingInvitation {
  id: number;
  email: string;
  role: LearnerRole;
  paymentType: PaymentType;
  direction: Direction;
  createdBy: AdminPerson | null;
  /** ISO instants */
  createdAt: string;
  expiresAt: string;
}
