import type { Kysely } from 'kysely';
import type { ReviewOutcome, ReviewStatus } from '@academy/shared/contract';
import type { Database } from '../../db/schema';
import { lockSlotOf } from '../reviews/repository';
import type { TaskStateOwner } from '../task-state/task-state';

/** A review as its outcome needs it. */
export interface OutcomeTarget {
  id: number;
  student_id: number;
  module_id: number;
  module_name: string;
  status: ReviewStatus;
  starts_at: Date;
  mentor_id: number | null;
}

/** The debts of a failed review, checked. */
export interface OutcomeDebts {
  code: Array<{ taskId: number; mentorComment: string }>;
  theory: string[];
}

/** The outcomes of reviews: the review an outcome is for, and the outcome recorded with its debts. */
export function outcomeQueries(db: Kysely<Database>, states: TaskStateOwner) {
  return {
    /** A review with its slot and module, for recording its outcome. */
    outcomeTarget(reviewId: number): Promise<OutcomeTarget | undefined> {
      return db
        .selectFrom('student_reviews as r')
        .innerJoin('review_slots as s', 's.id', 'r.slot_id')
        .innerJoin('course_modules as m', 'm.id', 'r.module_id')
        .select(['r.id', 'r.student_id', 'r.module_id', 'm.name as module_name', 'r.status', 's.starts_at', 's.mentor_id'])
        .where('r.id', '=', reviewId)
        .executeTakeFirst();
    },

    /**
     * Records the outcome of a waiting review whose slot has started, exactly once: the conditional
     * update lets one of any number of simultaneous calls through. Its seat is freed, its debts stored
     * and, when passed, the module's review steps completed for the student, all in one transaction.
     * The slot is locked first, as every writer of a slot and its bookings does (`lockSlotOf`). False
     * when the review no longer waits (or has not started).
     */
    recordOutcome(reviewId: number, outcome: ReviewOutcome, debts: OutcomeDebts, now: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockSlotOf.review(trx, reviewId);
        const review = await trx
          .updateTable('student_reviews as r')
          .set({ status: outcome })
          .where('r.id', '=', reviewId)
          .where('r.status', '=', 'WAITED')
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('review_slots as s')
                .select('s.id')
                .whereRef('s.id', '=', 'r.slot_id')
                .where('s.starts_at', '<=', now),
            ),
          )
          .returning(['r.id', 'r.slot_id', 'r.student_id', 'r.module_id'])
          .executeTakeFirst();
        if (!review) return false;
        await trx
          .updateTable('review_slots')
          .set((eb) => ({ seats_taken: eb('seats_taken', '-', 1) }))
          .where('id', '=', review.slot_id)
          .execute();
        if (debts.code.length > 0)
          await trx
            .insertInto('review_code_debts')
            .values(
              debts.code.map((debt) => ({ review_id: review.id, task_id: debt.taskId, mentor_comment: debt.mentorComment })),
            )
            .execute();
        if (debts.theory.length > 0)
          await trx
            .insertInto('review_theory_debts')
            .values(debts.theory.map((text) => ({ review_id: review.id, text })))
            .execute();
        if (outcome === 'SUCCESS')
          await states.completedByStaff(review.student_id, { moduleIds: [review.module_id], kind: 'review_step' }, trx);
        return true;
      });
    },
  };
}
