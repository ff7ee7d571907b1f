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
