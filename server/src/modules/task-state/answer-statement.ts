import { sql, type CompiledQuery } from 'kysely';
import { TASK_KINDS, type TaskKind } from '@academy/shared/contract';
import { writesTo } from '../../db/database';
import { compiledOnce } from '../../db/compiled-once';
import { reserveCall, type ReserveArgs, type ReservationRow } from '../../plugins/rate-limit';
import { rightChanges, wrongChanges } from './marks';
import type { TaskState } from './task-state';

export const STATE_COLUMNS = ['id', 'student_id', 'task_id', 'solved', 'checked', 'last_action', 'answer', 'points'] as const;

/**
 * The kinds whose answers `task_attempts` logs: those that keep only their latest answer in the state.
 * Code and mentor-check answers are their `solutions` rows; a review step is answered elsewhere.
 */
const LOGS_ATTEMPTS: Record<TaskKind, boolean> = {
  lecture: true,
  word: true,
  theory: true,
  code: false,
  mentorCheckTask: false,
  review_step: false,
  ordering: true,
  association: true,
  multi_test: true,
  multi_answer: true,
  gapping: true,
  multi_input: true,
};
// every kind says whether it is logged: a kind added to the contract without saying is a type error
const LOGGED_KINDS = TASK_KINDS.filter((kind) => LOGS_ATTEMPTS[kind]);

/** A row of an answer's statement: the state as moved (its columns null when it did not move) and the reservation's row. */
export type AnsweredRow = { [column in keyof TaskState]: TaskState[column] | null } & { reservation_row: ReservationRow | null };

/** An answer's values: the state, the answer as JSON text, its time; the points when right; the reservation's arguments when reserved. */
export type AnswerValues = { stateId: number; answer: string; at: Date; points?: number } & Partial<ReserveArgs>;

/** Whether the answer is reserved against the limit, and whether it is right: one statement each. */
export type AnswerShape = `${'reserved' | 'free'} ${'right' | 'wrong'}`;

/**
 * An answer's one statement (task-state.ts, `answered`): the reservation when there is one, the state
 * moved only when it was made and the task is not solved, the attempt logged from the moved row. Built
 * once per shape, as every answer runs it.
 */
export const answerStatement = compiledOnce((db, values: AnswerValues, shape: AnswerShape) => {
  const right = shape.endsWith('right');
  // a reservation referred to twice is run once (PostgreSQL materialises it); without one, a row that always passes
  const reserve = shape.startsWith('reserved')
    ? db.selectFrom(reserveCall(values as ReserveArgs).as('r')).selectAll()
    : db.selectNoFrom(sql<string>`'0'`.as('reserved'));
  const query = db
    .with('reservation', () => reserve)
    .with('moved', (qb) =>
      qb
        .updateTable('student_tasks')
        .set(right ? rightChanges(values.points!, values.answer, values.at) : wrongChanges(values.answer, values.at))
        .where('id', '=', values.stateId)
        .where('solved', '=', false)
        .where((eb) => eb.exists(eb.selectFrom('reservation').select('reserved').where('reserved', 'is not', null)))
        .returning(STATE_COLUMNS),
    )
    .with('logged', (qb) =>
      // only a logged kind's: the demo seed, say, marks a code task solved without a submission
      qb
        .insertInto('task_attempts')
        .columns(['student_id', 'task_id', 'right'])
        .expression((eb) =>
          eb
            .selectFrom('moved')
            .innerJoin('course_tasks as t', 't.id', 'moved.task_id')
            .select(['moved.student_id', 't.id', eb.lit(right).as('right')])
            .where('t.kind', 'in', LOGGED_KINDS),
        ),
    )
    .selectFrom('reservation')
    .leftJoin('moved', (join) => join.onTrue())
    .selectAll('moved')
    .select(sql<ReservationRow | null>`to_json(reservation)`.as('reservation_row'));
  return {
    // the write is not the first common table expression: named, so that this process's caches check first
    compile: (): CompiledQuery<AnsweredRow> => {
      const compiled = query.compile();
      return { ...compiled, sql: writesTo('student_tasks') + compiled.sql } as CompiledQuery<AnsweredRow>;
    },
  };
});
