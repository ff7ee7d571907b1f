import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ReviewStatus } from '@academy/shared/contract';
import { createTaskState } from '../modules/task-state/task-state';

// Review slots and outcomes for tests (docs/courses.md, "Reviews"), without the planning and outcome rules.

/** A review slot planned directly (no planning rules: any time, any module), with a conference link when given. */
export interface TestReviewSlotInput {
  moduleId: number;
  /** ISO instant */
  startsAt: string;
  capacity?: number;
  link?: string;
  /** the reviewing mentor */
  mentorId?: number;
}

/** A review's outcome as the reviewing mentor will record it, with its debts. */
export interface TestReviewOutcomeInput {
  reviewId: number;
  status: ReviewStatus;
  codeDebts?: Array<{ taskId: number; mentorComment: string }>;
  theoryDebts?: string[];
}

/** Plans a review slot of a module; returns its id (the `reviewId` a student books). */
export async function planReviewSlot(app: FastifyInstance, input: TestReviewSlotInput): Promise<{ id: number }> {
  const code = input.link ? randomBytes(8).toString('hex') : null;
  if (code) await app.db.insertInto('meet_links').values({ code, url: input.link!, title: 'Review', expires_at: null }).execute();
  return app.db
    .insertInto('review_slots')
    .values({
      module_id: input.moduleId,
      starts_at: input.startsAt,
      capacity: input.capacity ?? 1,
      link_code: code,
      mentor_id: input.mentorId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * Records a review's outcome and its debts, freeing its seat when it no longer waits; a passed one
 * completes the module's review steps, as the outcome route does (docs/courses.md, "Reviews"). Unlike the route it
 * takes any status at any time, so tests can reach every state.
 */
export async function recordReviewOutcome(app: FastifyInstance, input: TestReviewOutcomeInput): Promise<{ id: number }> {
  const before = await app.db
    .selectFrom('student_reviews')
    .select('status')
    .where('id', '=', input.reviewId)
    .executeTakeFirstOrThrow();
  const review = await app.db
    .updateTable('student_reviews')
    .set({ status: input.status })
    .where('id', '=', input.reviewId)
    .returning(['id', 'slot_id', 'student_id', 'module_id'])
    .executeTakeFirstOrThrow();
  if (input.status === 'SUCCESS')
    await createTaskState(app.db).completedByStaff(review.student_id, { moduleIds: [review.module_id], kind: 'review_step' });
  if (before.status === 'WAITED' && input.status !== 'WAITED')
    await app.db
      .updateTable('review_slots')
      .set((eb) => ({ seats_taken: eb('seats_taken', '-', 1) }))
      .where('id', '=', review.slot_id)
      .execute();
  for (const debt of input.codeDebts ?? [])
    await app.db
      .insertInto('review_code_debts')
      .values({ review_id: review.id, task_id: debt.taskId, mentor_comment: debt.mentorComment })
      .execute();
  for (const text of input.theoryDebts ?? [])
    await app.db.insertInto('review_theory_debts').values({ review_id: review.id, text }).execute();
  return { id: review.id };
}
