import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type {
  AdminAuditAction,
  Direction,
  InactivationReason,
  Language,
  NotificationAudience,
  NotificationKind,
  PaymentType,
  ReviewStatus,
  RoleName,
  TaskKind,
} from '@academy/shared/contract';

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

export type { NotificationAudience, NotificationKind } from '@academy/shared/contract';

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

export interface DirectionsTable {
  code: Direction;
  name_ru: string;
  name_en: string;
}

export type CourseKind = 'regular' | 'additional' | 'enrollee';

export interface CoursesTable {
  id: Generated<number>;
  slug: string;
  direction: Direction;
  kind: CourseKind;
  name: string;
  position: number;
  picture_svg: string;
  target: string;
  demands: string;
  description_html: string;
  filling: string;
  transit_time: string;
  author_name: string;
  author_email: string;
  author_about: string;
  full_pass_required: boolean;
  updated_at: Timestamp;
}

export interface CourseModulesTable {
  id: Generated<number>;
  course_id: number;
  slug: string;
  position: number;
  name: string;
}

export interface CourseChaptersTable {
  id: Generated<number>;
  module_id: number;
  slug: string;
  position: number;
  name: string;
}

export interface CourseTasksTable {
  id: Generated<number>;
  chapter_id: number;
  slug: string;
  position: number;
  kind: TaskKind;
  title: string;
  points: number;
  description_html: string;
  /** the kind's own data, answers included: never sent to a student as it is */
  data: ColumnType<Record<string, unknown>, string, string>;
}

export interface EnrollmentsTable {
  student_id: number;
  course_id: number;
  enrolled_at: Timestamp;
}

export interface ModuleUnlocksTable {
  student_id: number;
  module_id: number;
  unlocked_by: number | null;
  unlocked_at: Timestamp;
}

export interface StudentTasksTable {
  id: Generated<number>;
  student_id: number;
  task_id: number;
  solved: Generated<boolean>;
  checked: Generated<boolean>;
  need_to_resolve: Generated<boolean>;
  /** points awarded (once, at the first right solution) */
  points: Generated<number>;
  /** solved at least once: a reset keeps it, so points are never given twice */
  ever_solved: Generated<boolean>;
  last_action: 'RIGHT' | 'WRONG' | null;
  answer: ColumnType<unknown, string | null, string | null>;
  updated_at: Timestamp;
  /** wrong multi-test answers in the current window (see grading: MULTI_TEST_TRIES) */
  wrong_tries: Generated<number>;
  tries_window_start: Timestamp | null;
}

export interface SolutionsTable {
  id: Generated<number>;
  student_task_id: number;
  answer: ColumnType<unknown, string, string>;
  result: ColumnType<unknown, string | null, string | null>;
  right_answer: boolean | null;
  created_at: Timestamp;
  checked_at: Date | null;
  mentor_id: number | null;
}

/** A waiting mentor-check answer someone took or the chief mentor reassigned (docs/courses.md, "Mentor queue"). */
export interface AnswerQueueTable {
  answer_id: number;
  assigned_mentor_id: number | null;
  assigned_by: number | null;
  assigned_at: Timestamp | null;
  taken_by: number | null;
  taken_at: Timestamp | null;
  take_expires_at: Timestamp | null;
}

/** One answer of an instant kind or a lecture read: a change of the task's state (docs/courses.md, "Statistics"). */
export interface TaskAttemptsTable {
  id: Generated<number>;
  student_id: number;
  task_id: number;
  right: boolean;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_devices: SignInDevicesTable;
  quotes: QuotesTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  directions: DirectionsTable;
  courses: CoursesTable;
  course_modules: CourseModulesTable;
  course_chapters: CourseChaptersTable;
  course_tasks: CourseTasksTable;
  enrollments: EnrollmentsTable;
  module_unlocks: ModuleUnlocksTable;
  student_tasks: StudentTasksTable;
  solutions: SolutionsTable;
  answer_queue: AnswerQueueTable;
  task_attempts: TaskAttemptsTable;
  invitations: InvitationsTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  rate_events: RateEventsTable;
  meet_links: MeetLinksTable;
  user_avatars: UserAvatarsTable;
  reports: ReportsTable;
  review_slots: ReviewSlotsTable;
  student_reviews: StudentReviewsTable;
  review_code_debts: ReviewCodeDebtsTable;
  review_theory_debts: ReviewTheoryDebtsTable;
  admin_audit: AdminAuditTable;
  cache_changes: CacheChangesTable;
  task_drafts: TaskDraftsTable;
  submission_keys: SubmissionKeysTable;
  code_runs: CodeRunsTable;
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

export interface MeetLinksTable {
  code: string;
  url: string;
  title: string;
  expires_at: Timestamp | null;
}

export interface UserAvatarsTable {
  user_id: number;
  content_type: 'image/gif' | 'image/jpeg' | 'image/png';
  data: Uint8Array;
  updated_at: Timestamp;
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

/** A one-hour group review of a module (docs/courses.md, "Reviews"); `seats_taken` counts its WAITED bookings. */
export interface ReviewSlotsTable {
  id: Generated<number>;
  module_id: number;
  starts_at: Timestamp;
  capacity: number;
  seats_taken: Generated<number>;
  mentor_id: number | null;
  /** the conference behind a `meet_links` code (never its address in a reply) */
  link_code: string | null;
  created_by: number | null;
  created_at: Generated<Timestamp>;
  canceled_at: Timestamp | null;
}

/** A student's booking of a slot: their review of the module (at most one WAITED per module). */
export interface StudentReviewsTable {
  id: Generated<number>;
  slot_id: number;
  student_id: number;
  module_id: number;
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>;
  created_at: Generated<Timestamp>;
  /** the day-before reminder was taken (sent, or skipped as too late); cleared when the slot moves */
  reminded_day_at: Timestamp | null;
  /** the hour-before reminder was taken; cleared when the slot moves */
  reminded_hour_at: Timestamp | null;
}

/** A code task to redo after a failed review, with the mentor's comment. */
export interface ReviewCodeDebtsTable {
  id: Generated<number>;
  review_id: number;
  task_id: number;
  mentor_comment: string;
  created_at: Generated<Timestamp>;
}

/** A theory question to learn after a failed review. */
export interface ReviewTheoryDebtsTable {
  id: Generated<number>;
  review_id: number;
  text: string;
  created_at: Generated<Timestamp>;
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

/** The unfinished answer of a student's task (migration 0028): a kind's answer payload, as typed. */
export interface TaskDraftsTable {
  student_task_id: number;
  answer: ColumnType<unknown, string, string>;
  version: number;
  saved_at: Timestamp;
}

/** A submission's idempotency key (migration 0028): claimed by the first request, its reply kept for retries. */
export interface SubmissionKeysTable {
  user_id: number;
  key: string;
  student_task_id: number;
  reply: ColumnType<unknown, string | null, string | null>;
  claimed_at: Timestamp;
}

/** A code submission graded out of the request (Java, Go, Python): migration 0034. */
export interface CodeRunsTable {
  id: Generated<number>;
  student_task_id: number;
  user_id: number;
  slot: number;
  language: string;
  solution: string;
  status: Generated<'queued' | 'compiling' | 'running' | 'done' | 'cancelled' | 'lost'>;
  test: number | null;
  tests: number;
  attempts: Generated<number>;
  worker: string | null;
  queued_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}
