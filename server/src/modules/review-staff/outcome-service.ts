import { REVIEW_LIMITS, REVIEW_PLANNER_ROLES, type MentorReviewSlot, type ReviewOutcomeInput } from '@academy/shared/contract';
import type { UserRow } from '../../db/schema';
import type { Clock } from '../../plugins/clock';
import { badRequest, notFound } from '../../common/errors';
import { sqlZone } from '../../common/dates';
import type { NotifyStudents } from './notices';
import type { OutcomeDebts } from './outcome-repository';
import { withBookings } from './planning-service';
import type { ReviewStaffRepository } from './repository';

/** The mentor's screen keeps a past slot this many days while a booking of it waits for its outcome. */
export const MENTOR_WAITING_DAYS = 7;

const isPlanner = (user: UserRow) => REVIEW_PLANNER_ROLES.some((role) => role === user.role);

/** The reviewing mentor's side: their slots, and the outcomes they record with a failed review's debts. */
export function outcomeService(reviews: ReviewStaffRepository, clock: Clock, notifyStudents: NotifyStudents) {
  /** Debts only with FAILED: code tasks of the module (each once, with a comment) and questions, within the limits. */
  async function checkDebts(input: ReviewOutcomeInput, moduleId: number): Promise<OutcomeDebts> {
    const code = input.codeDebts ?? [];
    const theory = input.theoryDebts ?? [];
    if (input.status !== 'FAILED') {
      if (code.length > 0 || theory.length > 0) throw badRequest('server.reviewDebtsOnlyFailed');
      return { code: [], theory: [] };
    }
    if (code.length > REVIEW_LIMITS.maxDebts || theory.length > REVIEW_LIMITS.maxDebts)
      throw badRequest('server.reviewTooManyDebts', { max: REVIEW_LIMITS.maxDebts });
    const tasks = new Set((await reviews.codeTasks([moduleId])).map((task) => task.taskId));
    const named = new Set<number>();
    const checkedCode = code.map((debt) => {
      if (!tasks.has(debt.taskId)) throw badRequest('server.reviewDebtTask', { id: debt.taskId });
      if (named.has(debt.taskId)) throw badRequest('server.reviewDebtTaskTwice', { id: debt.taskId });
      named.add(debt.taskId);
      const mentorComment = debt.mentorComment.trim();
      if (!mentorComment || mentorComment.length > REVIEW_LIMITS.maxDebtText)
        throw badRequest('server.reviewDebtComment', { max: REVIEW_LIMITS.maxDebtText });
      return { taskId: debt.taskId, mentorComment };
    });
    const checkedTheory = theory.map((question) => {
      const text = question.trim();
      if (!text || text.length > REVIEW_LIMITS.maxDebtText)
        throw badRequest('server.reviewDebtQuestion', { max: REVIEW_LIMITS.maxDebtText });
      return text;
    });
    return { code: checkedCode, theory: checkedTheory };
  }

  return {
    /**
     * The reviewing mentor's slots (a planner's: every slot) from today on, and the last week's while a
     * booking waits for its outcome; each with the module's code tasks for debts.
     */
    async mentorSlots(user: UserRow, zone: string): Promise<MentorReviewSlot[]> {
      const rows = await reviews.mentorSlots(isPlanner(user) ? null : user.id, clock.now(), sqlZone(zone), MENTOR_WAITING_DAYS);
      const [slots, tasks] = await Promise.all([
        withBookings(reviews, rows),
        reviews.codeTasks([...new Set(rows.map((r) => r.module_id))]),
      ]);
      return slots.map((slot) => ({
        ...slot,
        debtTasks: tasks
          .filter((task) => task.moduleId === slot.moduleId)
          .map(({ taskId, chapterPosition, taskPosition, title }) => ({ taskId, chapterPosition, taskPosition, title })),
      }));
    },

    /**
     * Records a waiting review's outcome after its slot started, once; only the slot's mentor or a
     * planner (anyone else finds no such review). The student hears of it.
     */
    async recordOutcome(user: UserRow, reviewId: number, input: ReviewOutcomeInput): Promise<void> {
      const review = await reviews.outcomeTarget(reviewId);
      if (!review || (!isPlanner(user) && review.mentor_id !== user.id)) throw notFound('server.noReview', { id: reviewId });
      if (review.status !== 'WAITED') throw badRequest('server.reviewOutcomeRecorded');
      if (review.starts_at.getTime() > clock.now().getTime()) throw badRequest('server.reviewNotStarted');
      const debts = await checkDebts(input, review.module_id);
      if (!(await reviews.recordOutcome(reviewId, input.status, debts, clock.now()))) {
        const now = await reviews.outcomeTarget(reviewId);
        if (now && now.status === 'WAITED') throw badRequest('server.reviewNotStarted');
        throw badRequest('server.reviewOutcomeRecorded');
      }
      await notifyStudents([{ student_id: review.student_id }], {
        moduleName: review.module_name,
        startsAt: review.starts_at,
        event: input.status,
      });
    },
  };
}
