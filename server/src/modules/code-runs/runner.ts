import type { FastifyBaseLogger } from 'fastify';
import { code } from '../../grading/code-kind';
import { isNativeLanguage, type NativeGraders } from '../../grading/native';
import { allFailed, type GradingProgress } from '../../grading/native/outcomes';
import type { TaskRepository } from '../tasks/repository';
import type { TaskStateOwner } from '../task-state/task-state';
import type { CodeRunRepository } from './repository';

/** The languages graded out of the request, by a grader (the OS-sandboxed ones: 30 ms to seconds a submission). */
export const QUEUED_LANGUAGES: readonly string[] = ['java', 'go', 'python'];

export const isQueuedLanguage = (language: string) => QUEUED_LANGUAGES.includes(language);

/** What happened to a run a grader was given. */
export type RunResult = 'graded' | 'already-finished' | 'stale-result';

/**
 * Grades queued runs (`code_runs`), wherever the grader is (the API process, `npm run grader`): takes
 * the run (any unfinished one: a grader that died left it half done), grades it in the language's
 * sandbox with its progress written as it goes, and keeps the result only if it is the run's first
 * (`finished`, a conditional write in the result's transaction): points once, however many graders
 * graded it. `worker` names this grader in the run's row (host and process).
 */
export function createCodeRunner(deps: {
  runs: CodeRunRepository;
  tasks: TaskRepository;
  states: TaskStateOwner;
  graders: NativeGraders;
  worker: string;
  log: FastifyBaseLogger;
}) {
  const { runs, tasks, states, graders, worker, log } = deps;

  return async function gradeRun(runId: number): Promise<RunResult> {
    const run = await runs.claim(runId, worker);
    if (!run) return 'already-finished';
    const task = await tasks.findTask(run.task_id);
    const data = task?.kind === 'code' ? code.dataOf(task) : undefined;
    // progress goes to the row in order, one write at a time; only a change is written
    let written = Promise.resolve();
    let last = 'compiling';
    const progress = (step: GradingProgress) => {
      const key = step.stage === 'running' ? `running ${step.test}` : step.stage;
      if (key === last) return;
      last = key;
      written = written
        .then(() => runs.progress(run.id, worker, step.stage, step.stage === 'running' ? step.test : null))
        .catch((error: unknown) => log.warn({ err: error, runId }, 'a run’s progress was not written'));
    };
    let results;
    if (!task || !data || !isNativeLanguage(data.language)) {
      // the task was removed or changed its language since: nothing can grade this answer as it was sent
      results = allFailed(data?.tests ?? [], 'The task changed since this answer was sent: send it again');
    } else {
      try {
        results = await graders.run(
          run.solution,
          { language: data.language, tests: data.tests, schema: data.schema, orderMatters: data.orderMatters },
          run.user_id,
          { admitted: true, progress },
        );
      } catch (error) {
        // the graders are shutting down: the run stays unfinished, for the next grader (or this one restarted)
        if (graders.closed) throw error;
        results = allFailed(data.tests, error instanceof Error ? error.message : 'The sandbox failed');
      }
    }
    await written;
    const right = results.length > 0 && results.every((outcome) => outcome.passed);
    const kept = await states.codeGraded({ id: run.student_task_id }, task?.points ?? 0, run.solution, results, right, (trx) =>
      runs.finished(trx, run.id),
    );
    return kept ? 'graded' : 'stale-result';
  };
}

export type CodeRunner = ReturnType<typeof createCodeRunner>;
