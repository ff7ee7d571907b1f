import { sql, type Kysely } from 'kysely';
import type { TaskKind } from '@academy/shared/contract';
import type { Database } from '../../db/schema';

/** What staff and reviews decide of task states (the owner's table: task-state.ts). */
export function staffTransitions(db: Kysely<Database>) {
  return {
    /**
     * completedByStaff: every task of the modules (only those of `kind` when given) solved for the
     * student, as a right answer would (points once; a waiting mentor-check answer keeps waiting). Only
     * unsolved or never-solved states move, and `points` is set, never added to, so repeated or
     * concurrent calls award nothing twice. Nothing is logged: no answer was given. In the caller's
     * transaction when given one.
     */
    async completedByStaff(
      studentId: number,
      scope: { moduleIds: number[]; kind?: TaskKind },
      executor: Kysely<Database> = db,
    ): Promise<void> {
      if (scope.moduleIds.length === 0) return;
      const tasks = sql`select t.id from course_tasks t join course_chapters ch on ch.id = t.chapter_id
         where ch.module_id in (${sql.join(scope.moduleIds)}) ${scope.kind ? sql`and t.kind = ${scope.kind}` : sql``}`;
      await sql`
        insert into student_tasks (student_id, task_id, last_action, answer)
        select ${studentId}, id, null, null from (${tasks}) scoped
        on conflict do nothing`.execute(executor);
      await sql`
        update student_tasks st
           set solved = true,
               ever_solved = true,
               points = case when st.ever_solved then st.points else t.points end,
               last_action = case when st.solved then st.last_action else 'RIGHT' end,
               need_to_resolve = false,
               updated_at = ${new Date().toISOString()}::timestamptz
          from course_tasks t
         where t.id = st.task_id and st.student_id = ${studentId}
           and st.task_id in (${tasks})
           and (st.solved = false or st.ever_solved = false)`.execute(executor);
    },

    /**
     * reviewDiscarded: the module's review steps as if never passed (staff reset the review): unsolved,
     * `ever_solved` false (so the module counts as incomplete again and the next one blocks unless staff
     * opened it) and their points taken back (a new pass awards them again, once). In the caller's
     * transaction when given one.
     */
    async reviewDiscarded(studentId: number, moduleId: number, executor: Kysely<Database> = db): Promise<void> {
      await sql`
        update student_tasks st
           set solved = false, ever_solved = false, points = 0, last_action = null, answer = null, checked = false,
               updated_at = ${new Date().toISOString()}::timestamptz
          from course_tasks t join course_chapters ch on ch.id = t.chapter_id
         where t.id = st.task_id and st.student_id = ${studentId}
           and ch.module_id = ${moduleId} and t.kind = 'review_step'`.execute(executor);
    },
  };
}
