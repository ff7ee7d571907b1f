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

/** Why a signed-in user may not use the academy normally; the shell routes them accordingly. */
export const INACTIVATION_REASONS = ['PASSWORD_CHANGE_REQUIRED'] as const;
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

/** Roles that work in the staff area. */
export const STAFF_ROLES: readonly RoleName[] = [
  'ADMIN',
  'MENTOR',
  'CHIEF_MENTOR',
  'CURATOR',
  'MANAGER',
  'CHIEF_MANAGER',
  'CHIEF',
];
