import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { badRequest } from '../../common/errors';
import type { TaskState } from './task-state';
import { pointsOnce } from './marks';

/** The mentor check's transitions of a task state (the owner's table: task-state.ts). */
export function mentorCheckTransitions(db: Kysely<Database>) {
  return {
    /**
     * sentForCheck: a mentor-check answer waits (→ pending). At most one waits per task: the partial
     * unique index refuses a second, also when two tabs send at the same moment.
     */
    async sentForCheck(state: TaskState, answer: string): Promise<void> {
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('solutions')
            .values({ student_task_id: state.id, answer: JSON.stringify({ answer }), result: null, right_answer: null })
            .execute();
          // an accepted task takes no more answers, also when the verdict landed a moment ago
          const moved = await trx
            .updateTable('student_tasks')
            .set({ solved: true, checked: false, last_action: null, answer: JSON.stringify({ answer }), updated_at: new Date() })
            .where('id', '=', state.id)
            .where((eb) => eb.not(eb.and([eb('solved', '=', true), eb('checked', '=', true)])))
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) === 0) throw badRequest('server.taskAccepted');
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest('server.answerPending');
        throw error;
      }
    },

    /** withdrawn: the waiting answer taken back (pending → new). */
    async withdrawn(state: TaskState): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('solutions')
          .where('student_task_id', '=', state.id)
          .where('right_answer', 'is', null)
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) throw badRequest('server.nothingPending');
        await trx
          .updateTable('student_tasks')
          .set({ solved: false, checked: false, answer: null, updated_at: new Date() })
          .where('id', '=', state.id)
          .execute();
      });
    },

    /**
     * verdictGiven: a mentor's verdict on the task's waiting answer (pending → accepted | rejected).
     * Only that answer, only while it waits: a stale tab's verdict, or a second mentor's at the same
     * moment, finds no waiting answer and is refused; points follow the one verdict that landed.
     */
    async verdictGiven(
      stateId: number,
      answerId: number,
      verdict: { right: boolean; mentorComment: string; mentorId: number; points: number },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const judged = await trx
          .updateTable('solutions')
          .set({
            right_answer: verdict.right,
            result: JSON.stringify({ mentorComment: verdict.mentorComment, right: verdict.right }),
            checked_at: new Date(),
            mentor_id: verdict.mentorId,
          })
          .where('id', '=', answerId)
          .where('student_task_id', '=', stateId)
          .where('right_answer', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!judged) throw badRequest('server.staleAnswer');
        const moved = await trx
          .updateTable('student_tasks')
          .set({
            checked: true,
            solved: verdict.right,
            last_action: verdict.right ? 'RIGHT' : 'WRONG',
            points: verdict.right ? pointsOnce(verdict.points) : sql<number>`points`,
            ever_solved: verdict.right ? true : sql<boolean>`ever_solved`,
            updated_at: new Date(),
          })
          .where('id', '=', stateId)
          // only a pending task takes a verdict (the waiting answer above makes it pending)
          .where('solved', '=', true)
          .where('checked', '=', false)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 0) throw badRequest('server.staleAnswer');
      });
    },
  };
}
