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

/** Whom a notification reaches: everyone, a role, a direction, the students of a course, one user. */
export const NOTIFICATION_AUDIENCES = ['ALL', 'ROLE', 'DIRECTION', 'COURSE', 'USER'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

/** Who wrote it: staff (STAFF), or the academy itself (an answer to a comment, a verdict, a review reminder). */
export const NOTIFICATION_KINDS = ['STAFF', 'COMMENT_ANSWER', 'MENTOR_VERDICT', 'REVIEW_REMINDER'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Roles that publish notifications (the staff publishing screen, `/api/staff/notifications`). */
export const NOTIFICATION_PUBLISHER_ROLES: readonly RoleName[] = ['ADMIN', 'CHIEF_MENTOR', 'CURATOR'];

/** Roles that may open a student's pages in view-as-student (FAKE) mode. */
export const STAFF_VIEW_ROLES: readonly RoleName[] = ['ADMIN', 'MENTOR', 'CHIEF_MENTOR', 'CURATOR'];

/** Roles allowed in the /user area (spec 2 §2.1). */
export const USER_AREA_ROLES: readonly RoleName[] = ['MENTOR', 'CHIEF_MENTOR', 'ADMIN', 'PAY_STUDENT', 'CURATOR'];

/** A part of the site behind one URL prefix, served by one remote, open to some roles. */
export interface Area {
  /** the first path segment (`user` for /user/*) */
  prefix: string;
  remote: Exclude<RemoteName, 'public'>;
  roles: readonly RoleName[];
}

/**
 * The one role → area table (in the contract: the server serves each area's pages from it too): the shell builds its guarded routes from it, the guards and the root
 * redirect read each role's pages from it, remote-mentor builds its nested routes from it. The public
 * remote is not listed: the shell mounts it for every other path and it knows its own pages.
 */
export const AREAS: readonly Area[] = [
  { prefix: 'user', remote: 'student', roles: USER_AREA_ROLES },
  { prefix: 'enrollee', remote: 'enrollee', roles: ['STUDENT'] },
  { prefix: 'admin', remote: 'mentor', roles: ['ADMIN'] },
  { prefix: 'mentor', remote: 'mentor', roles: ['MENTOR'] },
  { prefix: 'chief', remote: 'mentor', roles: ['CHIEF_MENTOR', 'CHIEF'] },
  { prefix: 'chief-mentor', remote: 'mentor', roles: ['CHIEF_MENTOR'] },
  { prefix: 'curator', remote: 'mentor', roles: ['CURATOR'] },
  { prefix: 'manager', remote: 'mentor', roles: ['MANAGER'] },
  { prefix: 'chief-manager', remote: 'mentor', roles: ['CHIEF_MANAGER'] },
];

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
export const STAFF_ROLES: readonly RoleName[] = /* @__PURE__ */ ROLES.filter(
  (role) => role !== 'PAY_STUDENT' && role !== 'STUDENT',
);

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

/** Video player hosts lectures may embed; the server's CSP allows exactly these in frames. */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/** Wrong multi-test answers allowed per window; then the next try is a 423 until the window ends. */
export const MULTI_TEST_TRIES = { wrong: 3, windowMinutes: 10 } as const;

/** The longest call of their own a student may add to a code task's try (Run's custom input, issue 32), on one line. */
export const CUSTOM_CALL_MAX_CHARS = 500;

export * from './admin';
export * from './comments';
export * from './enrollee';
export * from './mentor-queue';
export * from './reports';
export * from './reviews';
export * from './staff-students';
export * from './drafts';
export type * from './courses';
export { continueTarget, type ContinueTarget } from './continue-target';
export type * from './notifications';
export * from './server-render';
export type * from './pieces';
