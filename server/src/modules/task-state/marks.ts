import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** Points once: the task's points the first time it is solved, else what was awarded before. */
export const pointsOnce = (points: number) => sql<number>`case when ever_solved then points else ${points} end`;

/** A right answer's changes: solved, points once, the answer kept. */
export const rightChanges = (points: number, stored: unknown) => ({
  solved: true,
  last_action: 'RIGHT' as const,
  answer: JSON.stringify(stored),
  points: pointsOnce(points),
  ever_solved: true,
  need_to_resolve: false,
  updated_at: new Date(),
});

/** A wrong answer's changes: the answer kept, marked wrong. */
export const wrongChanges = (stored: unknown) => ({
  last_action: 'WRONG' as const,
  answer: JSON.stringify(stored),
  updated_at: new Date(),
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
    .set(rightChanges(points, stored))
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
    .set(wrongChanges(stored))
    .where('id', '=', stateId)
    .where('solved', '=', false)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}
