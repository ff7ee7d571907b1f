import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns';

// The database's tables (Kysely's types) of a student's work: task states, submissions, the mentor queue, attempts, drafts, submission keys, code runs.

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
