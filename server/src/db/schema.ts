import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Direction, InactivationReason, Language, PaymentType, RoleName } from '@academy/shared/contract';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

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

export interface SignInFailuresTable {
  id: Generated<string>;
  account: string;
  address: string;
  failed_at: Timestamp;
}

export interface QuotesTable {
  id: Generated<number>;
  language: Language;
  text: string;
  author: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  title: string;
  message: string;
  date_time: Timestamp;
  end_time: Timestamp | null;
  important: Generated<boolean>;
  /** null: for everyone */
  user_id: number | null;
}

export interface NotificationReadsTable {
  notification_id: number;
  user_id: number;
  read_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_failures: SignInFailuresTable;
  quotes: QuotesTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
