import { sql, type Kysely } from 'kysely';
import { MULTI_TEST_TRIES } from '@academy/shared/contract';
import type { Database } from '../../db/schema';
import { ApiError } from '../../common/errors';
import type { TaskState } from './task-state';

/** A multi-test's tries, a counter beside the state (the owner's table: task-state.ts). */
export function quizTries(db: Kysely<Database>) {
  return {
    /**
     * quizTryReserved: a multi-test try, reserved with one conditional UPDATE before grading, so
     * concurrent tries cannot exceed the limit. When the window's tries are used up: a 423 saying
     * when the test opens again (spec 2 §8).
     */
    async quizTryReserved(state: TaskState): Promise<void> {
      const windowMs = MULTI_TEST_TRIES.windowMinutes * 60_000;
      await db
        .updateTable('student_tasks')
        .set({ wrong_tries: 0, tries_window_start: null })
        .where('id', '=', state.id)
        .where('tries_window_start', '<', new Date(Date.now() - windowMs))
        .execute();
      const reserved = await db
        .updateTable('student_tasks')
        .set({
          wrong_tries: sql<number>`wrong_tries + 1`,
          tries_window_start: sql<Date>`coalesce(tries_window_start, ${new Date()})`,
        })
        .where('id', '=', state.id)
        .where('wrong_tries', '<', MULTI_TEST_TRIES.wrong)
        .returning('id')
        .executeTakeFirst();
      if (reserved) return;
      const row = await db
        .selectFrom('student_tasks')
        .select('tries_window_start')
        .where('id', '=', state.id)
        .executeTakeFirstOrThrow();
      const opensAt = new Date(row.tries_window_start ?? Date.now()).getTime() + windowMs;
      const minutes = Math.max(1, Math.ceil((opensAt - Date.now()) / 60_000));
      throw new ApiError(423, 'server.quizTriesUsed', { tries: MULTI_TEST_TRIES.wrong, minutes });
    },

    /** quizTryReturned: a right answer does not use up a try. */
    async quizTryReturned(state: TaskState): Promise<void> {
      await db
        .updateTable('student_tasks')
        .set({ wrong_tries: sql<number>`greatest(wrong_tries - 1, 0)` })
        .where('id', '=', state.id)
        .execute();
    },
  };
}
