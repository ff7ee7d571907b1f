import { sql, type Kysely, type Transaction } from 'kysely';
import { NO_CACHED_CHANGE } from '../../db/database';
import { compiledOnce } from '../../db/compiled-once';
import type { PendingReservation, Reservation } from '../../plugins/rate-limit';
import type { Database } from '../../db/schema';
import { answerStatement, STATE_COLUMNS, type AnswerValues } from './answer-statement';
import { markRight, markWrong } from './marks';
import { mentorCheckTransitions } from './mentor-check';
import { quizTries } from './quiz-tries';
import { staffTransitions } from './staff-transitions';

/**
 * The one owner of a student's task state (`student_tasks`, and the `solutions` rows that move it):
 * this folder (the mentor check's, staff's and quiz tries' transitions in files of their own). No other
 * module writes these tables. The legal states of a task for a student:
 *
 * | state        | solved | checked | last_action | meaning                                              |
 * |--------------|--------|---------|-------------|------------------------------------------------------|
 * | new          | false  | false   | null        | opened, never answered (or reset)                    |
 * | wrong        | false  | false   | WRONG       | the last answer was wrong (instant kinds, code)      |
 * | right        | true   | false   | RIGHT       | solved (instant kinds, code, lecture): inputs locked |
 * | pending      | true   | false   | null        | a mentor-check answer waits for a verdict            |
 * | accepted     | true   | true    | RIGHT       | the mentor accepted the answer                       |
 * | rejected     | false  | true    | WRONG       | the mentor rejected the answer: send another         |
 *
 * Transitions (the only writes): opened (creates `new`; only the student's own load calls it, a
 * view-as-student read uses `peek`), answeredRight, answeredWrong, codeGraded
 * (either of the two, with the submission kept, in one transaction), sentForCheck (new | wrong |
 * rejected → pending; never from accepted), withdrawn (pending → new), verdictGiven (pending →
 * accepted | rejected), reset (→ new, a waiting answer taken back with it),
 * quizTryReserved / quizTryReturned (multi-test tries, a counter beside the state); and what staff and
 * reviews decide (docs/courses.md, "Reviews"): completedByStaff (tasks of modules solved, points once: a passed
 * review's review steps, a module marked done, a course finished) and reviewDiscarded (a module's review
 * steps as if never passed).
 *
 * The log of answers: each answeredRight / answeredWrong that moves the state adds a `task_attempts`
 * row in the same transaction (the statistics count every try; docs/courses.md, "Statistics"). A refused answer
 * (already solved, no multi-test try left, invalid) moves nothing and logs nothing, nor does a second
 * read of a solved lecture; code and mentor-check answers are their `solutions` rows, never logged twice.
 *
 * Points: `points` is awarded once, the first time a task reaches `right` or `accepted`
 * (`ever_solved` remembers it through resets). What must never happen is refused by the database:
 * a second waiting answer (partial unique index `solutions_one_pending_idx`), a verdict on an answer
 * that is not the task's latest waiting one (conditional update), points twice (conditional update).
 */

/** A student's task state as the task routes read it. */
export interface TaskState {
  id: number;
  student_id: number;
  task_id: number;
  solved: boolean;
  checked: boolean;
  last_action: 'RIGHT' | 'WRONG' | null;
  answer: unknown;
  points: number;
}

/** The id a view-as-student read shows for a task the student has not opened (no state row yet). */
export const UNOPENED_STATE_ID = 0;

/**
 * A task's open: the student's state read, and made `new` only when there is none (`opened` below). Built
 * once, as every task page asks for it. The untouched state: the caches keep what they hold (migration
 * 0024), so no check follows it.
 */
const openedStatement = compiledOnce((_db, { studentId, taskId }: { studentId: number; taskId: number }) => {
  const columns = sql.join(STATE_COLUMNS.map((column) => sql.ref(column)));
  return sql<TaskState>`${sql.raw(NO_CACHED_CHANGE)}
    with existing as (
      select ${columns} from student_tasks where student_id = ${studentId} and task_id = ${taskId}
    ), made as (
      insert into student_tasks (student_id, task_id)
      select ${studentId}::integer, ${taskId}::integer where not exists (select 1 from existing)
      on conflict do nothing
      returning ${columns}
    )
    select * from existing union all select * from made`;
});

/**
 * A state by its id, only if it is the student's: asked when the student's kept progress does not hold it
 * (an answer right after a task's first open) and by every page of a task's submissions. Built once.
 */
const ofStudentStatement = compiledOnce((db, { id, studentId }: { id: number; studentId: number }) =>
  db.selectFrom('student_tasks').select(STATE_COLUMNS).where('id', '=', id).where('student_id', '=', studentId),
);

export function createTaskState(db: Kysely<Database>) {
  const byId = (id: number, executor: Kysely<Database> | Transaction<Database> = db) =>
    executor
      .selectFrom('student_tasks')
      .select(STATE_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirstOrThrow() as Promise<TaskState>;

  /** The student's state of a task, when there is one (no write). */
  const ofStudentTask = (studentId: number, taskId: number) =>
    db
      .selectFrom('student_tasks')
      .select(STATE_COLUMNS)
      .where('student_id', '=', studentId)
      .where('task_id', '=', taskId)
      .executeTakeFirst() as Promise<TaskState | undefined>;

  /**
   * An instant answer or a lecture read: the state moved and the attempt logged together, or neither,
   * in one statement (the update's row feeds the log's insert); the state as moved, or null when it did
   * not move (solved already). One round trip where a transaction took four and a read after it a fifth.
   * With `reservation` (the answers' rate limit), the same statement reserves first and moves only when
   * the reservation was made: one round trip and one commit for both; a refusal moves and logs nothing.
   */
  async function answered(
    state: TaskState,
    right: boolean,
    points: number,
    stored: unknown,
    reservation?: PendingReservation,
  ): Promise<{ moved: TaskState | null; reserved: Reservation | null }> {
    const values: AnswerValues = { stateId: state.id, answer: JSON.stringify(stored), at: new Date(), ...reservation?.args };
    if (right) values.points = points;
    const [row] = await answerStatement(db, values, `${reservation ? 'reserved' : 'free'} ${right ? 'right' : 'wrong'}`);
    const { reservation_row: reservationRow, ...moved } = row!;
    return {
      moved: moved.id === null ? null : (moved as TaskState),
      reserved: reservation && reservationRow ? reservation.outcome(reservationRow) : null,
    };
  }

  return {
    ...mentorCheckTransitions(db),
    ...staffTransitions(db),
    ...quizTries(db),
    byId: (id: number) => byId(id),

    /** A state by its id, only if it is the student's. */
    async findOfStudent(id: number, studentId: number): Promise<TaskState | undefined> {
      const [state] = await ofStudentStatement(db, { id, studentId });
      return state as TaskState | undefined;
    },

    /**
     * opened: the student's state of a task, created `new` the first time, in one statement: the read,
     * and the insert only when it found nothing (a task opened before, nearly every load, writes
     * nothing). Two first opens at once both try the insert; the unique (student, task) keeps one row,
     * and the other, whose read began before that row was committed, reads it again.
     */
    async opened(studentId: number, taskId: number): Promise<TaskState> {
      const rows = await openedStatement(db, { studentId, taskId });
      const state = rows[0] ?? (await ofStudentTask(studentId, taskId));
      if (!state) throw new Error(`the state of task ${taskId} for student ${studentId} was not made`);
      return state;
    },

    /**
     * Not a transition: the state as it is, for a view-as-student read, which never writes (a look at a
     * student's task must not record that the student opened it). A task the student never opened reads
     * as `new`, with id 0 (no row yet).
     */
    async peek(studentId: number, taskId: number): Promise<TaskState> {
      const state = await ofStudentTask(studentId, taskId);
      return (
        state ?? {
          id: UNOPENED_STATE_ID,
          student_id: studentId,
          task_id: taskId,
          solved: false,
          checked: false,
          last_action: null,
          answer: null,
          points: 0,
        }
      );
    },

    /** answeredRight: an instant kind or a lecture solved (points once), the attempt logged; the new state, or null. */
    answeredRight: async (state: TaskState, points: number, stored: unknown) =>
      (await answered(state, true, points, stored)).moved,

    /** answeredWrong: an instant kind answered wrong (a solved task stays solved), the attempt logged; the new state, or null. */
    answeredWrong: async (state: TaskState, stored: unknown) => (await answered(state, false, 0, stored)).moved,

    /**
     * An answer reserved against the answers' limit and, when the reservation is made, moved (right or
     * wrong, as above) in one statement: the moved state (null: not moved) and the reservation's outcome.
     */
    answeredReserved: async (
      state: TaskState,
      right: boolean,
      points: number,
      stored: unknown,
      reservation: PendingReservation,
    ) => {
      const { moved, reserved } = await answered(state, right, right ? points : 0, stored, reservation);
      return { moved, reserved: reserved! };
    },

    /**
     * codeGraded: the submission kept and the state moved, in one transaction. `first`, when given, is
     * asked in that transaction whether this result is the first (a queued run's conditional finish):
     * when it is not, nothing is written. Whether it was written.
     */
    async codeGraded(
      state: Pick<TaskState, 'id'>,
      points: number,
      solution: string,
      results: unknown,
      right: boolean,
      first?: (trx: Transaction<Database>) => Promise<boolean>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (first && !(await first(trx))) return false;
        await trx
          .insertInto('solutions')
          .values({
            student_task_id: state.id,
            answer: JSON.stringify({ solution }),
            result: JSON.stringify(results),
            right_answer: right,
          })
          .execute();
        if (right) await markRight(trx, state.id, points, { solution, results });
        else await markWrong(trx, state.id, { solution, results });
        return true;
      });
    },

    /**
     * reset: back to `new`, with a waiting answer taken back in the same transaction; the points stay
     * awarded (solving again gives none, and none are taken).
     */
    async reset(state: TaskState): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('solutions').where('student_task_id', '=', state.id).where('right_answer', 'is', null).execute();
        await trx
          .updateTable('student_tasks')
          .set({ solved: false, last_action: null, answer: null, checked: false, updated_at: new Date() })
          .where('id', '=', state.id)
          .execute();
      });
    },
  };
}

export type TaskStateOwner = ReturnType<typeof createTaskState>;
