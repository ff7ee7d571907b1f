import type { ColumnType, Generated } from 'kysely';
import type { Direction, Language, NotificationAudience, NotificationKind, RoleName } from '@academy/shared/contract';
import type { Timestamp } from './columns';

// The database's tables (Kysely's types) of what people say to each other: quotes, notifications, comments and likes, meetings, daily reports.

export type { NotificationAudience, NotificationKind } from '@academy/shared/contract';

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
  /** set exactly when the audience is one user (USER) */
  user_id: number | null;
  audience: ColumnType<NotificationAudience, NotificationAudience | undefined, NotificationAudience>;
  audience_role: RoleName | null;
  audience_direction: Direction | null;
  audience_course_id: number | null;
  /** STAFF: published by staff; the others the academy sends by itself */
  kind: ColumnType<NotificationKind, NotificationKind | undefined, NotificationKind>;
  /** an address inside the academy the notification leads to (a task page) */
  link: string | null;
  author_id: number | null;
  updated_at: Timestamp | null;
  /** who last edited it (its author or an administrator); null: never edited */
  edited_by: number | null;
  withdrawn_at: Timestamp | null;
  /** the answer a COMMENT_ANSWER notice quotes: deleted with it, rewritten when it is edited */
  comment_id: number | null;
  /** an academy notice's texts (server-texts keys) and their values: shown in the reader's language */
  title_key: ColumnType<string | null, string | null | undefined, string | null>;
  message_key: ColumnType<string | null, string | null | undefined, string | null>;
  text_values: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
}

export interface CommentsTable {
  id: Generated<number>;
  task_id: number;
  user_id: number;
  /** the top-level comment an answer belongs to; null for a top-level comment */
  parent_id: number | null;
  /** as written; escaped when shown */
  text: string;
  pre_moderate: Generated<boolean>;
  created_at: Timestamp;
  edited_at: Timestamp | null;
}

export interface CommentLikesTable {
  comment_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface NotificationReadsTable {
  notification_id: number;
  user_id: number;
  read_at: Timestamp;
}

export interface MeetLinksTable {
  code: string;
  url: string;
  title: string;
  expires_at: Timestamp | null;
}

/** A daily report: one per user per day (unique index). */
export interface ReportsTable {
  id: Generated<number>;
  user_id: number;
  /** yyyy-mm-dd; dates are read as text on both databases */
  report_date: string;
  /** numeric(4,2): written as a number, read through `::float8` */
  hours: ColumnType<string, number, number>;
  text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}
