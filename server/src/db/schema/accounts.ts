import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { AdminAuditAction, Direction, InactivationReason, Language, PaymentType, RoleName } from '@academy/shared/contract';
import type { Timestamp } from './columns';

// The database's tables (Kysely's types) of accounts and what guards them: users, sessions, devices, invitations, recovery, mail, limits, avatars, the admin log, cache changes.

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  /** ISO date (yyyy-mm-dd); dates are read as text on both databases */
  birthday: string | null;
  avatar_url: string | null;
  role: RoleName;
  payment_type: PaymentType | null;
  direction: Direction | null;
  require_create_report: Generated<boolean>;
  has_mentor: Generated<boolean>;
  is_view_report: Generated<boolean>;
  inactivation_reason: InactivationReason | null;
  blocked: Generated<boolean>;
  language: Generated<Language>;
  /** the canonical IANA zone the browser sent at the last sign-in; null until then */
  time_zone: string | null;
  /** a student's assigned mentor (the mentor's queue holds their answers); null: none yet */
  mentor_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a leaked table does not leak usable sessions */
  id: string;
  user_id: number;
  remember: boolean;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A browser known to have signed in to an account (the device cookie's token hash). */
export interface SignInDevicesTable {
  token_hash: string;
  user_id: number;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
}

export interface InvitationsTable {
  id: Generated<number>;
  token_hash: string;
  email: string;
  role: 'STUDENT' | 'PAY_STUDENT';
  payment_type: PaymentType;
  direction: Direction;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** an administrator took it back (its expiry moved to that moment too) */
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** a sender's lease on the mail while it sends it (several instances share one outbox) */
  claimed_until: Timestamp | null;
}

export interface RateEventsTable {
  id: Generated<string>;
  kind: string;
  subject: string;
  address: string;
  created_at: Timestamp;
}

export interface UserAvatarsTable {
  user_id: number;
  content_type: 'image/gif' | 'image/jpeg' | 'image/png';
  data: Uint8Array;
  updated_at: Timestamp;
}

/** One change an administrator made (docs/administration.md, "Administration"); values are bounded JSON. */
export interface AdminAuditTable {
  id: Generated<number>;
  actor_id: number | null;
  user_id: number | null;
  invitation_id: number | null;
  action: AdminAuditAction;
  old_value: ColumnType<unknown, string | null, string | null>;
  new_value: ColumnType<unknown, string | null, string | null>;
  created_at: Timestamp;
}

export type UserRow = Selectable<UsersTable>;

export type NewUser = Insertable<UsersTable>;

/** What the in-process caches must forget, written by triggers (migration 0021). */
export interface CacheChangesTable {
  /** bigserial: read as text by pg, as a number by PGlite */
  id: ColumnType<string | number, never, never>;
  kind: 'account' | 'progress' | 'content' | 'notice';
  user_id: number | null;
  at: Generated<Timestamp>;
}
