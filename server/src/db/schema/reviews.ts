import type { ColumnType, Generated } from 'kysely';
import type { ReviewStatus } from '@academy/shared/contract';
import type { Timestamp } from './columns';

// The database's tables (Kysely's types) of reviews: slots, the students booked on them, their debts.

/** A one-hour group review of a module (docs/courses.md, "Reviews"); `seats_taken` counts its WAITED bookings. */
export interface ReviewSlotsTable {
  id: Generated<number>;
  module_id: number;
  starts_at: Timestamp;
  capacity: number;
  seats_taken: Generated<number>;
  mentor_id: number | null;
  /** the conference behind a `meet_links` code (never its address in a reply) */
  link_code: string | null;
  created_by: number | null;
  created_at: Generated<Timestamp>;
  canceled_at: Timestamp | null;
}

/** A student's booking of a slot: their review of the module (at most one WAITED per module). */
export interface StudentReviewsTable {
  id: Generated<number>;
  slot_id: number;
  student_id: number;
  module_id: number;
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>;
  created_at: Generated<Timestamp>;
  /** the day-before reminder was taken (sent, or skipped as too late); cleared when the slot moves */
  reminded_day_at: Timestamp | null;
  /** the hour-before reminder was taken; cleared when the slot moves */
  reminded_hour_at: Timestamp | null;
}

/** A code task to redo after a failed review, with the mentor's comment. */
export interface ReviewCodeDebtsTable {
  id: Generated<number>;
  review_id: number;
  task_id: number;
  mentor_comment: string;
  created_at: Generated<Timestamp>;
}

/** A theory question to learn after a failed review. */
export interface ReviewTheoryDebtsTable {
  id: Generated<number>;
  review_id: number;
  text: string;
  created_at: Generated<Timestamp>;
}
