/**
 * Module reviews (spec 2 §2.6, §2.7, §3, §7, §9): the sign-up entry, the student's review list and the
 * debts a failed review leaves. Imported by the server too: no React, no browser APIs.
 */

/** The statuses of a student's review (spec 2 §3). */
export const REVIEW_STATUSES = ['WAITED', 'SUCCESS', 'FAILED', 'MISSED', 'CANCELED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Spec 2 §9: a review slot lasts one hour (shown as start to start plus one hour). */
export const REVIEW_SLOT_MINUTES = 60;

/** Spec 2 §9: the review list's default window, this many days before and after today. */
export const REVIEW_LIST_WINDOW_DAYS = 14;

/** One slot of a day in the sign-up calendar. */
export interface ReviewTimeEntry {
  /** the slot's id: what `POST /api/student/review/register/{reviewId}` books */
  reviewId: number;
  /** the start, `HH:mm` in the caller's zone */
  time: string;
  /** the start as an ISO instant */
  startsAt: string;
  /** the caller booked this slot */
  registered: boolean;
  /** no seat left */
  full: boolean;
}

/** The sign-up entry of a module (`GET /api/student/review/module/{moduleId}`), days of the caller's zone. */
export interface ReviewEntry {
  moduleId: number;
  /** free and full slots from now to the end of next month, keyed `dd.MM`, each day's slots by time */
  mapOfListTimeEntryDto: Record<string, ReviewTimeEntry[]>;
  /** the `dd.MM` key of the day the student's waiting booking of the module is on; null when none */
  recordedDay: string | null;
}

/** The body of the review list (`POST /api/student/review/`): `dd.MM.yyyy` dates, null status for all. */
export interface ReviewSearchRequest {
  startTime?: string | null;
  endTime?: string | null;
  reviewStatus?: ReviewStatus | null;
}

/** A review in the student's list. */
export interface StudentReview {
  studentReviewId: number;
  moduleId: number;
  moduleTitle: string;
  /** the slot's start, an ISO instant */
  reviewTime: string;
  status: ReviewStatus;
  /** the conference page (`/meet?linkCode=`) while the review waits and has one; null otherwise */
  link: string | null;
}

/** A code task to redo after a failed review (spec 2 §3). */
export interface CodeDebt {
  courseId: number;
  modulePosition: number;
  chapterPosition: number;
  courseTaskPosition: number;
  mentorComment: string;
  /** the task's title */
  debt: string;
}

/** A theory question to learn after a failed review. */
export interface TheoryDebt {
  value: string;
}

// ---------------------------------------------------------------------------------------------------
// Staff side: the chief mentor plans slots, the reviewing mentor records outcomes (docs/courses.md, "Reviews").
//
// Calls (all answer the usual envelope; state changes send zoneId):
// - REVIEW_PLANNER_ROLES: `GET /api/chief/review/options` → ReviewPlanningOptions;
//   `GET /api/chief/review/slots?from=&to=&moduleId=` → ReviewSlot[] (by start; default from today for 28 days);
//   `POST /api/chief/review/slots` (ReviewSlotInput) → ReviewSlot; `PUT /api/chief/review/slots/{id}`
//   (ReviewSlotInput: a move or an edit; its waiting students are notified of a new time) → ReviewSlot;
//   `DELETE /api/chief/review/slots/{id}` (cancel: its waiting bookings become CANCELED, students notified) → null.
// - REVIEW_MENTOR_ROLES: `GET /api/mentor/review/slots` → MentorReviewSlot[] (a MENTOR's own slots, planners' all:
//   from 7 days ago while a booking still waits, and every one from today on);
//   `POST /api/mentor/review/outcome/{studentReviewId}` (ReviewOutcomeInput) → null.
// - STAFF_VIEW_ROLES, on a student's course page in view-as mode:
//   `PATCH /api/mentor/review/discardReview?moduleId=&studentId=` (the module's review step is open again) → null;
//   `POST /api/fake/protect/course/{courseId}/module/{moduleId}/done/{studentId}` (every task of the module done) → null;
//   `POST /api/fake/protect/course/{courseId}/finish/{studentId}` (every task of the course done; cannot be undone) → null.

/** Who plans, moves and cancels review slots (`/chief/review/planning`). */
export const REVIEW_PLANNER_ROLES = ['CHIEF_MENTOR', 'ADMIN'] as const;
/** Who records review outcomes: the slot's reviewing mentor, or a planner for any slot. */
export const REVIEW_MENTOR_ROLES = ['MENTOR', 'CHIEF_MENTOR', 'ADMIN'] as const;
/** The outcomes a reviewing mentor records for a waiting review. */
export const REVIEW_OUTCOMES = ['SUCCESS', 'FAILED', 'MISSED'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

/** Bounds of the planning and outcome forms, checked by the server too. */
export const REVIEW_LIMITS = {
  /** seats of a slot */
  maxCapacity: 100,
  /** a conference address */
  maxLinkLength: 500,
  /** a mentor's comment on a code debt, and a theory question */
  maxDebtText: 1000,
  /** code debts and theory questions of one outcome, each */
  maxDebts: 30,
  /** how far ahead a slot may be planned, in days */
  maxDaysAhead: 366,
} as const;

/** A module a slot can be planned for, with its course (the planning form's picker). */
export interface ReviewModuleOption {
  courseId: number;
  courseName: string;
  moduleId: number;
  modulePosition: number;
  moduleName: string;
}

/** A mentor who can review (the planning form's picker). */
export interface ReviewMentorOption {
  id: number;
  name: string;
}

/** `GET /api/chief/review/options`: what the planning form picks from. */
export interface ReviewPlanningOptions {
  modules: ReviewModuleOption[];
  mentors: ReviewMentorOption[];
}

/** A student's booking of a slot, as staff see it. */
export interface ReviewBooking {
  studentReviewId: number;
  studentId: number;
  studentName: string;
  status: ReviewStatus;
}

/** A planned slot with its bookings (`GET /api/chief/review/slots`, `GET /api/mentor/review/slots`). */
export interface ReviewSlot {
  id: number;
  moduleId: number;
  moduleName: string;
  modulePosition: number;
  courseId: number;
  courseName: string;
  /** ISO instant */
  startsAt: string;
  capacity: number;
  seatsTaken: number;
  mentorId: number | null;
  mentorName: string | null;
  /** the conference's own address: staff only, never sent to students */
  conferenceUrl: string | null;
  /** the slot was cancelled (its bookings are CANCELED) */
  canceled: boolean;
  bookings: ReviewBooking[];
}

/** `GET /api/chief/review/slots?from=&to=` (`yyyy-MM-dd`, days of the caller's zone; `moduleId` optional). */
export interface ReviewSlotQuery {
  from?: string;
  to?: string;
  moduleId?: number;
}

/** `POST /api/chief/review/slots` and `PUT /api/chief/review/slots/{id}` (a move or an edit). */
export interface ReviewSlotInput {
  moduleId: number;
  /** ISO instant, in the future */
  startsAt: string;
  capacity: number;
  /** a user with a REVIEW_MENTOR_ROLES role, or null for none yet */
  mentorId: number | null;
  /** http(s) address of the conference, or null */
  conferenceUrl: string | null;
}

/** A code task a module's outcome form offers as a debt. */
export interface ReviewDebtTaskOption {
  taskId: number;
  chapterPosition: number;
  taskPosition: number;
  title: string;
}

/** `GET /api/mentor/review/slots`: the reviewing mentor's slots from today on (and past ones still waiting). */
export interface MentorReviewSlot extends ReviewSlot {
  /** the module's code tasks, for code debts */
  debtTasks: ReviewDebtTaskOption[];
}

/** `POST /api/mentor/review/outcome/{studentReviewId}`: a waiting review's outcome, once, after its start. */
export interface ReviewOutcomeInput {
  status: ReviewOutcome;
  /** only with FAILED */
  codeDebts?: Array<{ taskId: number; mentorComment: string }>;
  /** only with FAILED */
  theoryDebts?: string[];
}
