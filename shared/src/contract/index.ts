/**
 * The HTTP contract between the browser and the API server: reply envelope, enumerations and DTOs.
 * Imported by the server too, so this file must stay free of React and browser APIs.
 */

/** Every reply of the API is wrapped in this envelope. */
export interface Envelope<T> {
  success: boolean;
  data: T | null;
  error: ApiErrorBody | null;
}

/** The error part of a failed reply; `key` names a message for the UI when the server has one. */
export interface ApiErrorBody {
  code: number;
  text: string;
  key?: string;
}

export const ROLES = [
  'ADMIN',
  'MENTOR',
  'CHIEF_MENTOR',
  'CURATOR',
  'MANAGER',
  'CHIEF_MANAGER',
  'CHIEF',
  'PAY_STUDENT',
  'STUDENT',
] as const;
export type RoleName = (typeof ROLES)[number];

export const PAYMENT_TYPES = ['UNTIL_PAID', 'TRIAL', 'REGULAR'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const DIRECTIONS = ['JAVA', 'MQA', 'GO', 'FE'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Why a signed-in user may not use the academy normally (spec 2 §4); the shell routes them to the
 * page of the reason and role. An administrator sets and lifts them; a new password lifts the first.
 * - PASSWORD_CHANGE_REQUIRED: only the role's password page until the password is changed;
 * - EXPELLED: studies ended (expelled or paused by the academy): only the inactive page and the legal pages;
 * - PAYMENT_OVERDUE: an UNTIL_PAID learner whose payment is overdue: the same, with the payment message;
 * - WAITING_FOR_STREAM: enrolled, waiting for assignment to a stream: the same, with the waiting message.
 * Blocking (`users.blocked`) is not a reason: it ends every session and refuses sign-in.
 */
export const INACTIVATION_REASONS = ['PASSWORD_CHANGE_REQUIRED', 'EXPELLED', 'PAYMENT_OVERDUE', 'WAITING_FOR_STREAM'] as const;
export type InactivationReason = (typeof INACTIVATION_REASONS)[number];

/** The signed-in principal (`GET /api/user/profile`) and a user read by id by someone allowed to. */
export interface Profile {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  /** dd.MM.yyyy, or null when unknown */
  birthday: string | null;
  avatarUrl: string | null;
  role: { name: RoleName };
  paymentType: PaymentType | null;
  direction: Direction | null;
  requireCreateReport: boolean;
  hasMentor: boolean;
  isViewReport: boolean;
  inactivation: { reason: InactivationReason } | null;
  language: Language;
}

/** Body of `POST /token` and `POST /token/validate_user`. */
export interface Credentials {
  username: string;
  password: string;
  rememberMe?: boolean;
}

/** Keys of the sign-in outcomes the server can report (spec 1 §8). */
export const SIGN_IN_ERROR_KEYS = ['WrongLoginOrPassword', 'noLogin', 'noPassword', 'userIsBlocked', 'noSuchUser'] as const;
export type SignInErrorKey = (typeof SIGN_IN_ERROR_KEYS)[number];

export interface Quote {
  text: string;
  author: string;
}

export const REMOTE_NAMES = ['student', 'mentor', 'enrollee', 'public'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Where each federated remote's entry lives, served at `/config/remotes.json`. */
export type RemotesMap = Record<RemoteName, { entry: string }>;

/** A notification of the bell (spec 1 §3); `show` true means read. */
export interface GeneralNotification {
  id: number;
  title: string;
  message: string;
  dateTime: string;
  endTime: string | null;
  show: boolean;
  important: boolean;
  /** an address inside the academy the notification leads to (a task page), or null */
  link: string | null;
  kind: NotificationKind;
}

/** Whom a notification reaches: everyone, a role, a direction, the students of a course, one user. */
export const NOTIFICATION_AUDIENCES = ['ALL', 'ROLE', 'DIRECTION', 'COURSE', 'USER'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

/** Who wrote it: staff (STAFF), or the academy itself (an answer to a comment, a verdict, a review reminder). */
export const NOTIFICATION_KINDS = ['STAFF', 'COMMENT_ANSWER', 'MENTOR_VERDICT', 'REVIEW_REMINDER'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Roles that publish notifications (the staff publishing screen, `/api/staff/notifications`). */
export const NOTIFICATION_PUBLISHER_ROLES: readonly RoleName[] = ['ADMIN', 'CHIEF_MENTOR', 'CURATOR'];

/** The audience of a published notification: its kind and the one value that kind needs. */
export interface NotificationAudienceInput {
  kind: NotificationAudience;
  role?: RoleName;
  direction?: Direction;
  courseId?: number;
  userId?: number;
}

/** What staff send to publish or edit a notification (`POST`/`PUT /api/staff/notifications`). */
export interface StaffNotificationInput {
  title: string;
  /** HTML; sanitized by the server */
  message: string;
  important: boolean;
  /** ISO date-time, or null */
  endTime: string | null;
  audience: NotificationAudienceInput;
}

/** A published notification as the staff list shows it. */
export interface StaffNotification {
  id: number;
  title: string;
  message: string;
  important: boolean;
  dateTime: string;
  endTime: string | null;
  updatedAt: string | null;
  withdrawnAt: string | null;
  /** the audience with its value; `name` is the course's or the user's name (roles and directions are named by the page) */
  audience: {
    kind: NotificationAudience;
    role: RoleName | null;
    direction: Direction | null;
    courseId: number | null;
    userId: number | null;
    name: string | null;
  };
  author: { id: number; name: string } | null;
  /** who last edited it (with `updatedAt`, when): its author or an administrator; null when never edited */
  editedBy: { id: number; name: string } | null;
  /** how many users have opened it */
  readCount: number;
  /** how many users it reaches now */
  audienceSize: number;
}

/** A page of the staff list, newest first; `nextBefore` asks for the next page (null: no more). */
export interface StaffNotificationPage {
  items: StaffNotification[];
  nextBefore: number | null;
}

/** A course a notification can be addressed to (the publishing form's list). */
export interface NotificationCourseOption {
  id: number;
  name: string;
  direction: Direction;
}

/** Roles that may open a student's pages in view-as-student (FAKE) mode. */
export const STAFF_VIEW_ROLES: readonly RoleName[] = ['ADMIN', 'MENTOR', 'CHIEF_MENTOR', 'CURATOR'];

/** Roles allowed in the /user area (spec 2 §2.1). */
export const USER_AREA_ROLES: readonly RoleName[] = ['MENTOR', 'CHIEF_MENTOR', 'ADMIN', 'PAY_STUDENT', 'CURATOR'];

/** A row of the staff's student list (`GET /api/fake/protect/user/students`). */
export interface StudentSummary {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  role: 'PAY_STUDENT' | 'STUDENT';
  paymentType: PaymentType | null;
  direction: Direction | null;
}

/** Roles that work in the staff area: every role but the learners'. */
export const STAFF_ROLES: readonly RoleName[] = ROLES.filter((role) => role !== 'PAY_STUDENT' && role !== 'STUDENT');

/** The twelve task kinds (spec 1 §3). */
export const TASK_KINDS = [
  'lecture',
  'word',
  'theory',
  'code',
  'mentorCheckTask',
  'review_step',
  'ordering',
  'association',
  'multi_test',
  'multi_answer',
  'gapping',
  'multi_input',
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/**
 * Each kind's spelling in task addresses (`/api/student/task/{id}/{path}`, `/taskInfo/{id}/{path}`):
 * the one table both sides read. The server also accepts the kind's own name (`multi_test`).
 */
export const TASK_KIND_PATHS: Readonly<Record<TaskKind, string>> = {
  lecture: 'lecture',
  word: 'word',
  theory: 'theory',
  code: 'code',
  mentorCheckTask: 'mentorCheckTask',
  review_step: 'reviewStep',
  ordering: 'ordering',
  association: 'association',
  multi_test: 'multiTest',
  multi_answer: 'multiAnswer',
  gapping: 'gapping',
  multi_input: 'multiInput',
};

/** The kind a task address names, by its path spelling or its own name; null when unknown. */
export function taskKindFromPath(segment: string): TaskKind | null {
  if ((TASK_KINDS as readonly string[]).includes(segment)) return segment as TaskKind;
  const found = TASK_KINDS.find((kind) => TASK_KIND_PATHS[kind] === segment);
  return found ?? null;
}

/** Roles of learners: paying students and enrollees. */
export const LEARNER_ROLES = ['PAY_STUDENT', 'STUDENT'] as const satisfies readonly RoleName[];
export type LearnerRole = (typeof LEARNER_ROLES)[number];

/** Whether a role is a learner's (PAY_STUDENT or STUDENT). */
export function isLearnerRole(role: RoleName | null | undefined): role is LearnerRole {
  return role === 'PAY_STUDENT' || role === 'STUDENT';
}

export type CourseType = 'regular' | 'additional';

/** A course card of the course list (spec 1 §3). */
export interface CourseView {
  id: number;
  name: string;
  studentPoints: number;
  coursePoints: number;
  /** the student is enrolled */
  available: boolean;
  fullPassRequired: boolean;
  coursePicUrl: string;
}

export interface TaskView {
  taskId: number;
  position: number;
  title: string;
  type: TaskKind;
  solved: boolean;
  /** a mentor has checked the last answer (mentor-check tasks) */
  checked: boolean;
  /** a code task whose accepted solution must be solved again */
  needToResolve: boolean;
}

export interface ChapterView {
  chapterId: number;
  position: number;
  name: string;
  allTaskAmount: number;
  solvedTaskAmount: number;
  taskViews: TaskView[];
}

export interface ModuleView {
  moduleId: number;
  position: number;
  name: string;
  blocked: boolean;
  allTaskAmount: number;
  solvedTaskAmount: number;
  chapterViewDtos: ChapterView[];
}

/** A module in short (`/{courseId}/module-dto`). */
export interface ModuleSummary {
  moduleId: number;
  position: number;
  name: string;
  blocked: boolean;
  chapterCount: number;
}

export interface CourseInfo {
  target: string;
  demands: string;
  /** sanitized HTML from the course's Markdown */
  description: string;
  filling: string;
  transitTime: string;
}

export interface CourseAuthor {
  name: string;
  email: string;
  about: string;
}

export interface CourseSize {
  moduleCount: number;
  chapterCount: number;
  taskCount: number;
  coursePoints: number;
}

export interface TaskHeadingItem {
  courseTaskId: number;
  taskTitle: string;
  taskType: TaskKind;
  checked: boolean;
  solved: boolean;
  available: boolean;
  video: string | null;
  needToResolve: boolean;
}

export interface TaskHeading {
  courseName: string;
  chapterName: string;
  coursePicUrl: string;
  chapterId: number;
  moduleId: number;
  taskHeadingDtos: TaskHeadingItem[];
}

/** Spec 1 §3: what the next-step control needs to know about the chapter's neighbours. */
export interface ChapterNavigation {
  prevModuleChapterCount: number;
  taskCountInPrevChapter: number;
  currentModuleChapterCount: number;
  moduleCount: number;
  nextChapterBlocked: boolean;
}

/** The task a student lands on after enrolling (spec 1 §4: position 1/1/1). */
export interface EnrollResult {
  courseId: number;
  modulePosition: number;
  chapterPosition: number;
  taskPosition: number;
}

/** A test outcome of a code submission, shown as a terminal line. */
export interface CodeTestOutcome {
  name: string;
  passed: boolean;
  /** a hidden test's (`hidden`) values never leave the server: only its name and result do */
  expected?: unknown;
  actual?: unknown;
  error?: string;
  hidden?: boolean;
  /** the shown value was cut to the sandbox's output limit */
  truncated?: boolean;
  /** `error` is the compiler's output on the student's own code: no test ran (shown even for a hidden test) */
  stage?: 'compile';
}

/** The languages a code task may be in (the editor's mode, the terminal's look). */
export type CodeLanguage = 'javascript' | 'typescript' | 'java' | 'go' | 'python' | 'sql';

/** A task as the student sees it (`GET /api/student/task/{courseTaskId}/{kind}`): never the right answers. */
export interface StudentTask {
  courseTaskId: number;
  studentTaskId: number;
  type: TaskKind;
  title: string;
  /** sanitized HTML */
  description: string;
  taskPoints: number;
  solved: boolean;
  lastActionIsRight: boolean;
  lastActionIsWrong: boolean;
  // lecture
  video?: string | null;
  videoCaptions?: string | null;
  // theory
  multipleAnswer?: boolean;
  probablyAnswers?: Array<{ id: number; text: string }>;
  studentAnswers?: Array<{ id: number }>;
  // word, code, mentor check
  answer?: string;
  // gapping
  text?: Array<string | { gapId: number }>;
  taskGappings?: Array<{ gappingItemId: number; gappingItemPosition: number }>;
  studentGappingResults?: Array<{ gappingItemId: number; gappingText: string; isRight: boolean }>;
  // ordering
  taskItems?: Array<{ id: number; itemText: string }>;
  answeredItems?: Array<{ id: number; position: number }>;
  // association
  terms?: Array<{ termId: number; text: string }>;
  definitions?: Array<{ definitionId: number; text: string }>;
  studentAssociationResults?: Array<{ termId: number; definitionId: number; isRight: boolean }>;
  // multi-test
  tests?: Array<{ itemId: number; itemText: string; itemAnswers: Array<{ itemAnswerId: number; itemAnswerText: string }> }>;
  studentItems?: Array<{ itemId: number; studentItemAnswers: Array<{ itemAnswerId: number; isRight: boolean }> }>;
  // multi-answer
  questions?: Array<{ questionId: number; questionText: string }>;
  studentResults?: Array<{ questionId: number; studentItemAnswers: Array<{ id: number; isRight: boolean }> }>;
  // multi-input
  items?: Array<{ id: number; questionText: string }>;
  studentMultiInputResults?: Array<{ multiInputItemId: number; answerText: string; isRight: boolean }>;
  // code
  codeLang?: CodeLanguage;
  placeholder?: string;
  result?: CodeTestOutcome[] | MentorVerdict | null;
  /** a Java, Go or Python answer still being graded: where its grading is (the page asks again until it ends) */
  run?: CodeRun | null;
  // mentor check
  answerType?: 'LINK' | 'UNIQUE_LINK' | 'SINGLE_LINE_TEXT' | 'STYLED_TEXT';
  answerId?: number | null;
  pending?: boolean;
  checked?: boolean;
  prevResult?: MentorVerdict | null;
  /** while an answer waits: the ISO instant its verdict is promised by (docs/courses.md, "Mentor queue") */
  verdictExpectedBy?: string | null;
}

/** A code answer being graded by a grader: waiting, compiling, or running test `test` of `tests`. */
export interface CodeRun {
  id: number;
  status: 'queued' | 'compiling' | 'running';
  test: number | null;
  tests: number;
}

/** The contact and legal details the public pages show (`GET /api/public/site`, spec 2 §2.16). */
export interface SiteInfo {
  supportEmail: string;
  supportPhone: string;
  website: string;
  socialGroup: string;
  helpBot: string;
  legalEntity: { name: string; taxId: string; account: string; bank: string; bankId: string; correspondentAccount: string };
}

/** A mentor's verdict on a mentor-check answer. */
export interface MentorVerdict {
  mentorComment: string;
  right: boolean;
}

/** Video player hosts lectures may embed; the server's CSP allows exactly these in frames. */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/** Wrong multi-test answers allowed per window; then the next try is a 423 until the window ends. */
export const MULTI_TEST_TRIES = { wrong: 3, windowMinutes: 10 } as const;

/** `GET /api/fake/open/check/{codeTask|common|mentorCheckTask}?courseTaskId`: may the user work on it? */
export interface TaskAvailability {
  available: boolean;
  /** the server's text when not available */
  reason: string | null;
  reasonKey: 'trialLocked' | 'courseNotEnrolled' | 'moduleBlocked' | null;
}

/** The props of the mentor's verdict panel that remote-mentor exposes as `./TaskVerdict`. */
export interface TaskVerdictProps {
  task: StudentTask;
  studentId: number;
  /** the local-draft key of the comment: the page's path and query (spec 2 §9) */
  draftKey: string;
}

/**
 * The props of the staff's course actions on a student's course page (spec 1 §2, §4: enrol the student,
 * finish the course) that remote-mentor exposes as `./StaffCourseActions`: the student's course as the
 * page shows it.
 */
export interface StaffCourseActionsProps {
  courseId: number;
  courseName: string;
  modules: ModuleView[];
  studentId: number;
  /** whether the student is enrolled (not: enrol them on their behalf); absent: enrolled, as before */
  enrolled?: boolean;
}

/** The props of the staff's actions on one module of a student's course, exposed as `./StaffModuleActions`. */
export interface StaffModuleActionsProps {
  courseId: number;
  module: ModuleView;
  studentId: number;
  /** whether the student is enrolled in the course; absent: enrolled, as before */
  enrolled?: boolean;
}

/** The legal pages the public area writes out (spec 2 §2.16). */
export type LegalPageName = 'contacts' | 'legal_entity' | 'public_offer' | 'privacy_policy';

/**
 * Every module a remote exposes, `remote/Module` → the props of its default component: the one list
 * `lazyRemote` and `loadRemoteModule` accept, so a caller cannot name a module that does not exist or
 * pass it the wrong props. A remote's webpack `exposes` must match its entries here.
 */
export interface ExposedModules {
  'student/App': Record<string, never>;
  'mentor/App': Record<string, never>;
  'mentor/TaskVerdict': TaskVerdictProps;
  'mentor/StaffCourseActions': StaffCourseActionsProps;
  'mentor/StaffModuleActions': StaffModuleActionsProps;
  'enrollee/App': Record<string, never>;
  'public/App': Record<string, never>;
  'public/LegalPage': { page: LegalPageName };
}
export type ExposedModuleId = keyof ExposedModules;

/** A kept submission (`GET /api/student/taskInfo/{id}/solutions`): code or a mentor-check answer. */
export interface SolutionEntry {
  id: number;
  /** dd.MM.yyyy HH:mm in the caller's time zone */
  date: string;
  answer: { solution?: string; answer?: string };
  result: CodeTestOutcome[] | MentorVerdict | null;
  /** null while a mentor-check answer waits */
  right: boolean | null;
  codeLang: CodeLanguage | null;
  answerType: StudentTask['answerType'] | null;
  courseTask: { task: { type: TaskKind } };
}

/** Days without a break (`GET /api/student/profile/day_without_pause`), counted in the caller's time zone. */
export interface DaysWithoutPause {
  /** consecutive days with activity ending today, or yesterday when today has none yet; 0 otherwise */
  currentDaysWithoutPause: number;
  /** the longest such run ever (at least the current one) */
  maxDaysWithoutPause: number;
}

/** A day with activity (`GET /api/student/profile/solution-activity-year`): `yyyy-MM-dd` in the caller's zone. */
export interface ActivityDay {
  date: string;
  /** answers sent and lectures read that day (docs/courses.md, "Statistics") */
  count: number;
}
export * from './admin';
export * from './comments';
export * from './enrollee';
export * from './mentor-queue';
export * from './reports';
export * from './reviews';
export * from './staff-students';
export * from './drafts';
