import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** Points once: the task's points the first time it is solved, else what was awarded before. */
export const pointsOnce = (points: number) => sql<number>`case when ever_solved then points else ${points} end`;

/** A right answer's changes: solved, points once, the answer (as JSON text) kept, at `at`. */
export const rightChanges = (points: number, answer: string, at: Date) => ({
  solved: true,
  last_action: 'RIGHT' as const,
  answer,
  points: pointsOnce(points),
  ever_solved: true,
  need_to_resolve: false,
  updated_at: at,
});

/** A wrong answer's changes: the answer (as JSON text) kept, marked wrong, at `at`. */
export const wrongChanges = (answer: string, at: Date) => ({
  last_action: 'WRONG' as const,
  answer,
  updated_at: at,
});

/**
 * Marks solved with points once; only from an unsolved state, so concurrent right answers award once.
 * Whether the state moved.
 */
export async function markRight(
  executor: Kysely<Database> | Transaction<Database>,
  stateId: number,
  points: number,
  stored: unknown,
): Promise<boolean> {
  const moved = await executor
    .updateTable('student_tasks')
    .set(rightChanges(points, JSON.stringify(stored), new Date()))
    .where('id', '=', stateId)
    .where('solved', '=', false)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

/** Keeps a wrong answer; a solved task stays solved (nothing moves). Whether the state moved. */
export async function markWrong(
  executor: Kysely<Database> | Transaction<Database>,
  stateId: number,
  stored: unknown,
): Promise<boolean> {
  const moved = await executor
    .updateTable('student_tasks')
    .set(wrongChanges(JSON.stringify(stored), new Date()))
    .where('id', '=', stateId)
    .where('solved', '=', false)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}
