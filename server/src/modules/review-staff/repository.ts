import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { TaskStateOwner } from '../task-state/task-state';
import { courseActionQueries } from './course-action-repository';
import { outcomeQueries } from './outcome-repository';
import { planningReads } from './planning-read-repository';
import { planningWrites } from './planning-write-repository';

export { SLOT_LIST_MAX, type BookingRow, type SlotRow } from './planning-read-repository';
export { type SlotEdit, type SlotValues, type WaitingStudent } from './planning-write-repository';
export { type OutcomeDebts, type OutcomeTarget } from './outcome-repository';

/**
 * Every query of the staff side of reviews: planning, outcomes, the staff's course actions, reminders.
 * One repository for the service, composed of files of their own: planning's reads and its writes,
 * the outcomes', the course actions'.
 */
export function createReviewStaffRepository(db: Kysely<Database>, states: TaskStateOwner) {
  return {
    ...planningReads(db),
    ...planningWrites(db),
    ...outcomeQueries(db, states),
    ...courseActionQueries(db, states),
  };
}

export type ReviewStaffRepository = ReturnType<typeof createReviewStaffRepository>;
