import type { CodeData } from '../../grading/code-kind';
import { isNativeLanguage, type NativeGraders } from '../../grading/native';
import type { SandboxPool, TestOutcome } from '../../grading/sandbox/pool';
import { ApiError, retryLater } from '../../common/errors';
import { USER_RUN_SLOTS, type CodeRunRepository } from '../code-runs/repository';
import type { CodeQueue } from '../code-runs/queue';

/** What grades code: the sandbox in this process, the native graders, and the queue of runs (made by their plugins). */
export interface CodeGrading {
  sandbox: SandboxPool;
  graders: NativeGraders;
  codeQueue: CodeQueue;
}

/**
 * Grades a code task's solution in its language's sandbox (QuickJS for JavaScript and TypeScript, the
 * native graders for Java, Go, Python and SQL): one outcome per test. A sandbox that fails fails every
 * test with its reason; a busy one (a 429 or 503) is thrown: nothing was graded.
 */
export async function gradeCode(grading: CodeGrading, data: CodeData, solution: string, owner: number): Promise<TestOutcome[]> {
  const { tests, language } = data;
  try {
    return isNativeLanguage(language)
      ? await grading.graders.run(solution, { language, tests, schema: data.schema, orderMatters: data.orderMatters }, owner)
      : await grading.sandbox.run(solution, language, tests, owner);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const text = error instanceof Error ? error.message : 'The sandbox failed';
    return tests.map((test) => ({ name: test.name, passed: false, expected: test.expected, actual: null, error: text }));
  }
}

/** Runs waiting or being graded, all users together, past which a new one is refused (503): results would come too late. */
export const MAX_WAITING_RUNS = 500;

/**
 * Queues a Java, Go or Python submission for a grader (docs/grading-languages.md): one unfinished run per task
 * state (409) and three per user (429), both held by unique indexes; a queue too long is a 503.
 */
export async function queueRun(
  grading: CodeGrading,
  runs: CodeRunRepository,
  submission: { stateId: number; userId: number; data: CodeData; solution: string },
): Promise<void> {
  if ((await runs.waiting()) >= MAX_WAITING_RUNS) throw retryLater(503, 'server.sandboxBusy', 5);
  const reserved = await runs.reserve({
    stateId: submission.stateId,
    userId: submission.userId,
    language: submission.data.language,
    solution: submission.solution,
    tests: submission.data.tests.length,
  });
  if (reserved === 'task-busy') throw new ApiError(409, 'server.codeRunInProgress');
  if (reserved === 'slots-taken') throw retryLater(429, 'server.sandboxOwnShareUsed', 5, { count: USER_RUN_SLOTS });
  try {
    await grading.codeQueue.enqueue(reserved.id);
  } catch (error) {
    // not queued: the run must not hold the task until it counts as lost
    await runs.cancel(submission.stateId);
    throw error;
  }
  // a run graded within a moment is replied to with its result; a longer one with where it is
  await grading.codeQueue.settled(reserved.id, RESULT_WAIT_MS);
}

/** How long an answer's request waits for its run's end before it replies with the run in progress. */
export const RESULT_WAIT_MS = 1500;
