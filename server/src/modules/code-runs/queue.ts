import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Kysely } from 'kysely';
import type { GradingConfig } from '../../config';
import type { Database } from '../../db/schema';
import type { NativeGraders } from '../../grading/native';
import type { TaskRepository } from '../tasks/repository';
import type { TaskStateOwner } from '../task-state/task-state';
import type { CodeRunRepository } from './repository';
import { createCodeRunner } from './runner';

/** The pg-boss queue of runs to grade: a job names a `code_runs` row. */
export const RUN_QUEUE = 'code-runs';
/** Times a job is taken again after its grader died (each try grades the run from the start). */
const RETRIES = 3;

/**
 * Where queued runs go: `enqueue` after the run's row is written; `settled` waits up to `ms` for the
 * run's end (an answer graded within it is replied to with its result, no polling); `close` with the process.
 */
export interface CodeQueue {
  enqueue(runId: number): Promise<void>;
  settled(runId: number, ms: number): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a run's end by reading its row (a grader of another process ends it): at most `ms`. */
async function finishedWithin(db: Kysely<Database>, runId: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const row = await db.selectFrom('code_runs').select('finished_at').where('id', '=', runId).executeTakeFirst();
    if (!row || row.finished_at !== null) return;
    await sleep(40);
  }
}

/** What a queue grades with: the runs, the tasks and the task states (made by their areas), the graders. */
export interface QueueDeps {
  db: Kysely<Database>;
  runs: CodeRunRepository;
  tasks: TaskRepository;
  states: TaskStateOwner;
  graders: NativeGraders;
  log: FastifyBaseLogger;
}

/** This grader's name in a run's row: the machine and the process. */
export const workerName = () => `${os.hostname()}:${process.pid}`;

/**
 * Grading in this process (the embedded database: one process owns it all): a run is graded as soon as
 * it is queued, in the native graders' fair queue. Runs left unfinished by a previous process (a
 * restart in the middle of grading) are taken up again on start.
 */
export async function inProcessQueue(deps: QueueDeps): Promise<CodeQueue> {
  const { runs, graders, log } = deps;
  const gradeRun = createCodeRunner({ ...deps, worker: workerName() });
  const running = new Map<number, Promise<unknown>>();
  const enqueue = async (runId: number) => {
    const job = gradeRun(runId).catch((error: unknown) => {
      if (!graders.closed) log.error({ err: error, runId }, 'a run could not be graded');
    });
    running.set(runId, job);
    void job.finally(() => running.delete(runId));
  };
  for (const runId of await runs.unfinishedIds()) await enqueue(runId);
  return {
    enqueue,
    async settled(runId, ms) {
      const job = running.get(runId);
      if (!job) return;
      // the wait's timer goes as soon as the run ends (a pending one would keep the process up for it)
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([job, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
      clearTimeout(timer);
    },
    async close() {
      await Promise.allSettled([...running.values()]);
    },
  };
}

/**
 * Grading through pg-boss on the PostgreSQL server: a run is a job, taken by whichever grader (this
 * API process when `work`, and every `npm run grader`) asks first. A grader that dies holds its job
 * until it expires (`expireSeconds`), then another takes it again; the run's conditional finish keeps
 * one result. Without any grader up, the API still queues runs: results only wait.
 */
export async function pgBossQueue(
  deps: QueueDeps,
  databaseUrl: string,
  config: GradingConfig,
  work: boolean,
): Promise<CodeQueue> {
  const { db, graders, log } = deps;
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: config.queueSchema,
    application_name: 'academy-grader',
    max: 4,
    maintenanceIntervalSeconds: config.superviseSeconds,
    schedule: false,
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'the grading queue failed'));
  await boss.start();
  await boss.createQueue(RUN_QUEUE, {
    name: RUN_QUEUE,
    retryLimit: RETRIES,
    retryDelay: 0,
    expireInSeconds: config.expireSeconds,
  });
  const workers: string[] = [];
  if (work) {
    const gradeRun = createCodeRunner({ ...deps, worker: workerName() });
    // one pg-boss worker per grading slot: a job taken here starts at once (no job waits in this process)
    for (let i = 0; i < graders.concurrency; i += 1) {
      workers.push(
        await boss.work<{ runId: number }>(RUN_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
          if (job) await gradeRun(job.data.runId);
        }),
      );
    }
  }
  let next = 0;
  return {
    async enqueue(runId) {
      await boss.send(RUN_QUEUE, { runId });
      // a worker of this process looks now instead of at its next poll
      if (workers.length > 0) boss.notifyWorker(workers[next++ % workers.length]!);
    },
    settled: (runId, ms) => finishedWithin(db, runId, ms),
    async close() {
      await boss.stop({ graceful: true, timeout: 20_000, wait: true });
    },
  };
}
