/**
 * The mentor's work queue (docs/courses.md, "Mentor queue"): the mentor-check answers that wait for a verdict,
 * who has taken which, and how near each is to the verdict the academy promised the student.
 * Imported by the server too: no React, no browser APIs.
 *
 * Calls:
 * - MENTOR_QUEUE_READER_ROLES: `GET /api/mentor/queue?page=&pageSize=&mentorId=&withoutMentor=&overdueOnly=`
 *   → MentorQueuePage (a MENTOR: their students' answers and those of students without a mentor; the
 *   chief mentor and an administrator: everyone's, with the filters);
 * - MENTOR_QUEUE_TAKER_ROLES: `POST /api/mentor/queue/{answerId}/take` (take, or extend one's own take) and
 *   `DELETE /api/mentor/queue/{answerId}/take` (release one's own) → MentorQueueEntry;
 * - MENTOR_QUEUE_ASSIGNER_ROLES: `POST /api/mentor/queue/{answerId}/assign` with MentorQueueAssignInput
 *   → MentorQueueEntry, and `GET /api/mentor/queue/mentors` → MentorQueueMentor[] (whom to assign to).
 */

/** Who reads the queue. */
export const MENTOR_QUEUE_READER_ROLES = ['MENTOR', 'CHIEF_MENTOR', 'ADMIN'] as const;
/** Who takes answers to check (those who give verdicts). */
export const MENTOR_QUEUE_TAKER_ROLES = ['MENTOR', 'CHIEF_MENTOR'] as const;
/** Who gives an answer to another mentor and filters by mentor. */
export const MENTOR_QUEUE_ASSIGNER_ROLES = ['CHIEF_MENTOR', 'ADMIN'] as const;
/** Who the queue screen (`/{area}/review/table`) is for. */
export const MENTOR_QUEUE_SCREEN_ROLES = ['MENTOR', 'CHIEF_MENTOR'] as const;

/** A page of the queue: its size when the call names none, and the most one page holds. */
export const MENTOR_QUEUE_PAGE = { default: 20, max: 100 } as const;

/**
 * How near an answer is to its promised verdict: `ok`, `amber` when less than a quarter of the promise
 * is left, `red` once the promised moment has come.
 */
export type VerdictPromiseState = 'ok' | 'amber' | 'red';

/** The share of the promise left below which an answer turns amber. */
export const PROMISE_AMBER_SHARE = 0.25;

/** The state of a promise at `now`: `promisedBy` is `submittedAt` plus the promise. */
export function verdictPromiseState(submittedAt: Date, promisedBy: Date, now: Date): VerdictPromiseState {
  const left = promisedBy.getTime() - now.getTime();
  if (left <= 0) return 'red';
  return left < PROMISE_AMBER_SHARE * (promisedBy.getTime() - submittedAt.getTime()) ? 'amber' : 'ok';
}

/** A person of the queue: a student, a mentor. */
export interface MentorQueuePerson {
  id: number;
  firstName: string;
  lastName: string;
}

/** One waiting answer. */
export interface MentorQueueEntry {
  answerId: number;
  /** the student's task state (the verdict's address) */
  studentTaskId: number;
  student: MentorQueuePerson;
  /** the student's assigned mentor; null: none */
  studentMentor: MentorQueuePerson | null;
  /** the mentor the chief mentor gave this answer to; null: the student's mentor's (or anyone's) */
  assignedTo: MentorQueuePerson | null;
  course: { id: number; name: string; additional: boolean };
  task: { id: number; title: string };
  /** the task's place in its course, 1-based (the task page's address) */
  position: { module: number; chapter: number; task: number };
  /** ISO instants */
  submittedAt: string;
  promisedBy: string;
  /** whole minutes since it was sent */
  waitingMinutes: number;
  promiseState: VerdictPromiseState;
  /** who checks it now; null: free to take (nobody took it, or the take ran out) */
  takenBy: MentorQueuePerson | null;
  /** ISO instant the take runs out; null when free */
  takenUntil: string | null;
  /** the caller holds the take */
  takenByMe: boolean;
}

/** `GET /api/mentor/queue`: a page of the answers, oldest first. */
export interface MentorQueuePage {
  entries: MentorQueueEntry[];
  /** answers matching the filters */
  total: number;
  /** of those, past their promise */
  overdue: number;
  page: number;
  pageSize: number;
  /** the academy's settings the screen explains */
  promiseHours: number;
  takeMinutes: number;
}

/** The queue's filters and page. `mentorId` and `withoutMentor` are the assigners' only. */
export interface MentorQueueQuery {
  page?: number;
  pageSize?: number;
  /** the answers a mentor answers for: given to them, or of their students and not given to another */
  mentorId?: number;
  /** the answers no mentor answers for */
  withoutMentor?: boolean;
  /** only those past their promise */
  overdueOnly?: boolean;
}

/** `POST /api/mentor/queue/{answerId}/assign`: the mentor (MENTOR_QUEUE_TAKER_ROLES, not blocked). */
export interface MentorQueueAssignInput {
  mentorId: number;
}

/** A mentor the chief mentor may give answers to, with how many wait for them. */
export interface MentorQueueMentor extends MentorQueuePerson {
  role: (typeof MENTOR_QUEUE_TAKER_ROLES)[number];
  waiting: number;
}
