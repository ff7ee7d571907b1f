import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** Where an unfinished run is: waiting for a grader, compiling, or running test `test` of `tests`. */
export type RunStage = 'queued' | 'compiling' | 'running';

/** An unfinished run as the student's page shows it. */
export interface RunView {
  id: number;
  status: RunStage;
  test: number | null;
  tests: number;
}

/** What a grader needs of a run it took. */
export interface ClaimedRun {
  id: number;
  student_task_id: number;
  task_id: number;
  user_id: number;
  solution: string;
  attempts: number;
}

/** Unfinished runs one user may have at once (the slots of `code_runs_user_slot_idx`, migration 0034). */
export const USER_RUN_SLOTS = 3;
/**
 * A run unfinished this long was lost (every grader that took it died and the queue gave up on it): it
 * no longer holds its task or its slot, and the page stops showing it.
 */
export const RUN_LOST_AFTER_MS = 10 * 60_000;

/** Why a run could not be queued: one of the task's is unfinished, or the user's slots are taken. */
export type ReserveRefusal = 'task-busy' | 'slots-taken';

/** `code_runs`: a submission graded out of the request, from its queueing to its one result. */
export function createCodeRunRepository(db: Kysely<Database>) {
  const unfinished = () => db.selectFrom('code_runs').where('finished_at', 'is', null);
  const lostBefore = () => new Date(Date.now() - RUN_LOST_AFTER_MS);

  return {
    /**
     * Queues a run: the first free slot of the user's three, and only while no run of the task state
     * is unfinished. Both rules are unique indexes, so parallel submissions cannot pass them together.
     */
    async reserve(run: {
      stateId: number;
      userId: number;
      language: string;
      solution: string;
      tests: number;
    }): Promise<{ id: number } | ReserveRefusal> {
      const now = new Date();
      // the state's finished runs are done with (their results are `solutions` rows)
      await db.deleteFrom('code_runs').where('student_task_id', '=', run.stateId).where('finished_at', 'is not', null).execute();
      await db
        .updateTable('code_runs')
        .set({ status: 'lost', finished_at: now })
        .where('finished_at', 'is', null)
        .where('queued_at', '<', lostBefore())
        .where((eb) => eb.or([eb('student_task_id', '=', run.stateId), eb('user_id', '=', run.userId)]))
        .execute();
      for (let slot = 0; slot < USER_RUN_SLOTS; slot += 1) {
        const row = await db
          .insertInto('code_runs')
          .values({
            student_task_id: run.stateId,
            user_id: run.userId,
            slot,
            language: run.language,
            solution: run.solution,
            tests: run.tests,
            queued_at: now,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        if (row) return row;
        const taskBusy = await unfinished().select('id').where('student_task_id', '=', run.stateId).executeTakeFirst();
        if (taskBusy) return 'task-busy';
      }
      return 'slots-taken';
    },

    /** The task state's unfinished run, if any (a lost one is not shown). */
    async current(stateId: number): Promise<RunView | null> {
      const row = await unfinished()
        .select(['id', 'status', 'test', 'tests'])
        .where('student_task_id', '=', stateId)
        .where('queued_at', '>=', lostBefore())
        .executeTakeFirst();
      return row ? { ...row, status: row.status as RunStage } : null;
    },

    /**
     * A grader takes a run: any unfinished one (a grader that died left it compiling or running: it is
     * graded again from the start). Undefined when it has its result, or was taken back.
     */
    claim(runId: number, worker: string): Promise<ClaimedRun | undefined> {
      return db
        .updateTable('code_runs as r')
        .from('student_tasks as st')
        .set((eb) => ({ status: 'compiling', test: null, worker, started_at: new Date(), attempts: eb('r.attempts', '+', 1) }))
        .whereRef('st.id', '=', 'r.student_task_id')
        .where('r.id', '=', runId)
        .where('r.finished_at', 'is', null)
        .returning(['r.id', 'r.student_task_id', 'st.task_id', 'r.user_id', 'r.solution', 'r.attempts'])
        .executeTakeFirst();
    },

    /** Where the grader `worker` is with the run (nothing once it has a result or another grader took it). */
    async progress(runId: number, worker: string, status: RunStage, test: number | null): Promise<void> {
      await db
        .updateTable('code_runs')
        .set({ status, test })
        .where('id', '=', runId)
        .where('worker', '=', worker)
        .where('finished_at', 'is', null)
        .execute();
    },

    /** The run's one result, in the transaction that keeps it: true for the first grader to finish, false after. */
    async finished(trx: Transaction<Database>, runId: number): Promise<boolean> {
      const row = await trx
        .updateTable('code_runs')
        .set({ status: 'done', test: null, finished_at: new Date() })
        .where('id', '=', runId)
        .where('finished_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Takes back the state's unfinished run (a reset): its result, when it comes, is kept nowhere. */
    async cancel(stateId: number): Promise<void> {
      await db
        .updateTable('code_runs')
        .set({ status: 'cancelled', finished_at: new Date() })
        .where('student_task_id', '=', stateId)
        .where('finished_at', 'is', null)
        .execute();
    },

    /** Unfinished runs, oldest first: what an in-process grader takes up again after a restart. */
    async unfinishedIds(): Promise<number[]> {
      const rows = await unfinished().select('id').where('queued_at', '>=', lostBefore()).orderBy('queued_at').execute();
      return rows.map((row) => row.id);
    },

    /** Runs waiting or being graded, all users together (the API's soft cap on the queue's length). */
    async waiting(): Promise<number> {
      const row = await unfinished()
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('queued_at', '>=', lostBefore())
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type CodeRunRepository = ReturnType<typeof createCodeRunRepository>;
