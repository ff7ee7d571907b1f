/**
 * What the remotes expose to each other (their props, typed) and the public pages' details. Types only:
 * no code, the server imports them too.
 */
import type { ModuleView, StudentTask } from './courses';

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

/** The contact and legal details the public pages show (`GET /api/public/site`, spec 2 §2.16). */
export interface SiteInfo {
  supportEmail: string;
  supportPhone: string;
  website: string;
  socialGroup: string;
  helpBot: string;
  legalEntity: { name: string; taxId: string; account: string; bank: string; bankId: string; correspondentAccount: string };
}
