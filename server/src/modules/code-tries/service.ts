import { code, outcomesForStudent } from '../../grading/code-kind';
import { ApiError, badRequest, retryLater } from '../../common/errors';
import type { RateLimiter, RateLimits } from '../../plugins/rate-limit';
import type { Subject } from '../../plugins/subject';
import { gradeCode, type CodeGrading } from '../tasks/code-grading';
import type { TaskService } from '../tasks/service';
import { checkKind, trialLock } from '../tasks/task-rules';
import { customCallRefusal, customOutcome, customTest } from './custom-call';

/** The rate limiter's kind for tries (runs on the examples), per user. */
const TRIES = 'code-try';
/**
 * Tries a student may make in a minute: a try costs the sandbox what an answer does (a compile and a
 * run), so it has its own limit, apart from the answers' and beside the sandbox's share per user.
 */
export const TRY_LIMITS: RateLimits = { perSubject: 12, windowMinutes: 1 };

/**
 * A try of a code task (issue 32, "Run"): the student's code run on the task's examples (its tests shown
 * in full, never a hidden one) in the same sandbox as an answer, in any language, and on the student's
 * own call when they typed one (run last, its value shown, compared with nothing). Not an answer: no
 * attempt, no history, no points, no state written; only the limit's event.
 */
export function createCodeTryService(deps: { tasks: TaskService; grading: CodeGrading; rateLimiter: RateLimiter }) {
  const { tasks, grading, rateLimiter } = deps;
  return {
    async run(subject: Subject, studentTaskId: number, solution: string, ownCall?: string) {
      const task = await tasks.taskOfState(subject, studentTaskId);
      checkKind(task, 'code');
      const trial = trialLock(subject, task);
      if (trial) throw trial;
      if (!solution.trim()) throw badRequest('server.answerEmpty');
      const data = code.dataOf(task);
      const examples = data.tests.filter((test) => test.hidden === false);
      if (examples.length === 0) throw badRequest('server.noExamplesToRun');
      const call = ownCall?.trim() || null;
      const refusal = call && customCallRefusal(call, data.language);
      if (refusal) throw badRequest(refusal);
      const reservation = await rateLimiter.reserve(TRIES, String(subject.viewer.id), '', TRY_LIMITS);
      if (!reservation.ok)
        throw retryLater(429, 'server.triesTooFast', reservation.retryAfterSeconds, { seconds: reservation.retryAfterSeconds });
      const shown = { ...data, tests: examples };
      let results;
      try {
        const tests = call ? [...examples, customTest(call)] : examples;
        results = await gradeCode(grading, { ...data, tests }, solution, subject.viewer.id);
      } catch (error) {
        // the sandbox was busy (its share per user, a long queue): nothing ran, the try does not count
        if (error instanceof ApiError) await reservation.release();
        throw error;
      }
      const outcomes = outcomesForStudent(shown, results.slice(0, examples.length)) ?? [];
      return {
        outcomes,
        passed: outcomes.filter((outcome) => outcome.passed).length,
        total: outcomes.length,
        ...(call ? { custom: customOutcome(call, results[examples.length]) } : {}),
      };
    },
  };
}
