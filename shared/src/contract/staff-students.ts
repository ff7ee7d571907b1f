/**
 * The staff's students (docs/courses.md, "Staff students list and view-as mode"): the list behind the staff
 * homes, one learner's row, a mentor's learners, and the calls the view-as-student bar makes.
 * Imported by the server too: no React, no browser APIs.
 *
 * Calls:
 * - STAFF_ROLES: `GET /api/fake/protect/user/students?query=&direction=&paymentType=&role=&mine=&current=
 *   &mineFirst=&sort=&order=&page=&pageSize=` → StaffStudentPage; `GET /api/fake/protect/user/singleStudent/{id}` →
 *   StaffStudentRow (404 for an id that is not a learner's); `GET /api/fake/protect/user/student/{mentorId}`
 *   → StaffStudentBrief[] (the learners whose assigned mentor it is; 404 when the id is not a mentor's);
 * - a student's page viewers (staff of STAFF_VIEW_ROLES for anyone, a paying student for a classmate):
 *   `GET /api/fake/user/name/{studentId}` → StudentName;
 * - STAFF_VIEW_ROLES: `GET /api/fake/user/mentorName/{studentId}` → StudentMentorName, and
 *   `GET /api/fake/user/task/part/{courseTaskId}/problem?studentId=` → TaskProblem.
 */
import type { Direction, LearnerRole, PaymentType, StudentSummary, TaskKind } from './index';

/** How the list may be sorted. */
export const STAFF_STUDENT_SORTS = ['name', 'lastActivity', 'progress'] as const;
export type StaffStudentSort = (typeof STAFF_STUDENT_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A page of the list: its size when the call names none, and the most one page holds. */
export const STAFF_STUDENT_PAGE = { default: 20, max: 100 } as const;

/** The most learners `GET /api/fake/protect/user/student/{mentorId}` returns. */
export const MENTOR_STUDENTS_MAX = 500;

/** A person named in a row: a learner's assigned mentor. */
export interface StaffPerson {
  id: number;
  firstName: string;
  lastName: string;
}

/**
 * A learner's progress in their current course: for a paying student the course they worked on last
 * (of those they are enrolled in: the latest of the enrolment and their last change of a task in it;
 * the rule of `/last-course`), for an enrollee their direction's enrollee course (the lesson steps).
 * `percent` is `floor(100 × studentPoints / coursePoints)` (0 for a course without points).
 */
export interface StaffStudentProgress {
  courseId: number;
  courseName: string;
  courseKind: 'regular' | 'additional' | 'enrollee';
  studentPoints: number;
  coursePoints: number;
  percent: number;
}

/** A row of the staff's students list (the list's summary fields and more). */
export interface StaffStudentRow extends StudentSummary {
  mentor: StaffPerson | null;
  /** not blocked and not expelled (`inactivation_reason` EXPELLED) */
  current: boolean;
  /** null: enrolled in no course (an enrollee: no enrollee course for their direction) */
  progress: StaffStudentProgress | null;
  /**
   * ISO instant of the learner's latest activity: an answer sent (code, mentor check, the instant kinds),
   * a lecture read, a task opened or reset by them; null when none
   */
  lastActivity: string | null;
}

/** `GET /api/fake/protect/user/students`: a page of the list. */
export interface StaffStudentPage {
  items: StaffStudentRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** What the list asks for (every field optional; the server's defaults: name, asc, page 1, 20). */
export interface StaffStudentQuery {
  query?: string;
  direction?: Direction;
  paymentType?: PaymentType;
  role?: LearnerRole;
  /** only the caller's own students (`users.mentor_id` is the caller) */
  mine?: boolean;
  /** only current learners (not blocked, not expelled) */
  current?: boolean;
  /** the caller's own students first, then the others (each part in the order asked) */
  mineFirst?: boolean;
  sort?: StaffStudentSort;
  order?: SortOrder;
  page?: number;
  pageSize?: number;
}

/** A learner in a mentor's list (`GET /api/fake/protect/user/student/{mentorId}`). */
export interface StaffStudentBrief extends StudentSummary {
  current: boolean;
}

/** `GET /api/fake/user/name/{studentId}`. */
export interface StudentName {
  id: number;
  firstName: string;
  lastName: string;
}

/** `GET /api/fake/user/mentorName/{studentId}`: the assigned mentor, or null when none. */
export interface StudentMentorName {
  mentor: StaffPerson | null;
}

/**
 * `GET /api/fake/user/task/part/{courseTaskId}/problem?studentId=`: a course task's statement as that
 * student sees it (the same access rule as the task page); never answers, choices or tests.
 */
export interface TaskProblem {
  courseTaskId: number;
  title: string;
  type: TaskKind;
  /** the statement (HTML, sanitised on import) */
  description: string;
  taskPoints: number;
}
