import type {
  UsersTable,
  SessionsTable,
  SignInDevicesTable,
  InvitationsTable,
  PasswordResetsTable,
  MailOutboxTable,
  RateEventsTable,
  UserAvatarsTable,
  AdminAuditTable,
  CacheChangesTable,
} from './accounts';
import type {
  QuotesTable,
  NotificationsTable,
  CommentsTable,
  CommentLikesTable,
  NotificationReadsTable,
  MeetLinksTable,
  ReportsTable,
} from './social';
import type {
  DirectionsTable,
  CoursesTable,
  CourseModulesTable,
  CourseChaptersTable,
  CourseTasksTable,
  EnrollmentsTable,
  ModuleUnlocksTable,
} from './courses';
import type {
  StudentTasksTable,
  SolutionsTable,
  AnswerQueueTable,
  TaskAttemptsTable,
  TaskDraftsTable,
  SubmissionKeysTable,
  CodeRunsTable,
} from './work';
import type { ReviewSlotsTable, StudentReviewsTable, ReviewCodeDebtsTable, ReviewTheoryDebtsTable } from './reviews';

export * from './accounts';
export * from './courses';
export * from './reviews';
export * from './social';
export * from './work';

/** Every table of the database, as Kysely knows it (one file per part: accounts, courses, work, reviews, social). */
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
