import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../plugins/clock';
import { courseActionService } from './course-action-service';
import { studentNotifier } from './notices';
import { outcomeService } from './outcome-service';
import { planningService } from './planning-service';
import type { ReviewStaffRepository } from './repository';

export { meetPath, noticeTime, REVIEW_LIST_PATH, sendReviewNotice } from './notices';
export { MENTOR_WAITING_DAYS } from './outcome-service';
export { conferenceUrl, PLANNING_DEFAULT_DAYS, PLANNING_MAX_DAYS } from './planning-service';

/**
 * The staff side of module reviews (docs/courses.md, "Reviews"): planning, outcomes and the staff's course actions,
 * each in a file of its own; the students hear of the changes that concern them (notices.ts).
 */
export function createReviewStaffService(db: Kysely<Database>, reviews: ReviewStaffRepository, clock: Clock) {
  const notifyStudents = studentNotifier(db, reviews, clock);
  return {
    ...planningService(reviews, clock, notifyStudents),
    ...outcomeService(reviews, clock, notifyStudents),
    ...courseActionService(reviews),
  };
}

export type ReviewStaffService = ReturnType<typeof createReviewStaffService>;
