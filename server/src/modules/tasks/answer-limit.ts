import { retryLater } from '../../common/errors';
import type { RateLimiter, RateLimits, Reservation } from '../../plugins/rate-limit';
import type { Subject } from '../../plugins/subject';
import type { TaskState, TaskStateOwner } from '../task-state/task-state';

/** The rate limiter's kind for answers of the instant kinds and lectures read, per student. */
const ANSWERS = 'task-answer';
/**
 * Answers of the instant kinds (and lectures read) a student may send in a minute: far beyond what a
 * person types, so only a script reaches it; every accepted one is a row of `task_attempts`.
 */
export const ANSWER_LIMITS: RateLimits = { perSubject: 30, windowMinutes: 1 };

const refused = (reservation: Reservation) => {
  if (!reservation.ok)
    throw retryLater(429, 'server.answersTooFast', reservation.retryAfterSeconds, { seconds: reservation.retryAfterSeconds });
};

/** The answers' limit per student: each answer graded and logged counts, reserved before (or with) its write. */
export function answerLimit(rateLimiter: RateLimiter, states: TaskStateOwner) {
  return {
    /**
     * Counts an answer that will be graded and logged (reserved before the write, so a parallel burst
     * cannot pass a count made before any of it counted); over the limit, a 429.
     */
    async allowed(subject: Subject): Promise<void> {
      refused(await rateLimiter.reserve(ANSWERS, String(subject.student.id), '', ANSWER_LIMITS));
    },

    /**
     * An answer counted and moved in one statement (one round trip, one commit): over the limit, a 429
     * and nothing moved or logged; the moved state, or null when it did not move.
     */
    async moved(subject: Subject, state: TaskState, right: boolean, points: number, stored: unknown): Promise<TaskState | null> {
      const reservation = rateLimiter.reservation(ANSWERS, String(subject.student.id), '', ANSWER_LIMITS);
      const { moved, reserved } = await states.answeredReserved(state, right, points, stored, reservation);
      refused(reserved);
      return moved;
    },
  };
}
