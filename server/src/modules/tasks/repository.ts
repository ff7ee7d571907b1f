import { sql, type Kysely } from 'kysely';
import type { TaskKind } from '@academy/shared/contract';
import { compiledOnce } from '../../db/compiled-once';
import type { Database } from '../../db/schema';

/** A code task's wrong submissions (its hints open with them), built once: read with every such task. */
const wrongSolutionsStatement = compiledOnce((db, { stateId }: { stateId: number }) =>
  db
    .selectFrom('solutions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('student_task_id', '=', stateId)
    .where('right_answer', '=', false),
);

/** Another kind's wrong attempts (its hints open with them), built once. */
const wrongAttemptsStatement = compiledOnce((db, { studentId, taskId }: { studentId: number; taskId: number }) =>
  db
    .selectFrom('task_attempts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('student_id', '=', studentId)
    .where('task_id', '=', taskId)
    .where('right', '=', false),
);

export interface TaskRow {
  id: number;
  kind: TaskKind;
  title: string;
  points: number;
  description_html: string;
  data: unknown;
  course_id: number;
  module_id: number;
}

/** Which page of a task's history: filters, order, the last row of the previous page, the page size. */
export interface HistoryPageQuery {
  filterResult: 'ALL' | 'SUCCESS' | 'FAILED';
  filterDate: 'NEW' | 'OLD';
  after?: number | undefined;
  limit: number;
}

/** The tasks area's reads: tasks, submissions and their history. Writes of a task state: task-state/. */
export function createTaskRepository(db: Kysely<Database>) {
  return {
    findTask(taskId: number): Promise<TaskRow | undefined> {
      return db
        .selectFrom('course_tasks as t')
        .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
        .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
        .select(['t.id', 't.kind', 't.title', 't.points', 't.description_html', 't.data', 'm.course_id', 'm.id as module_id'])
        .where('t.id', '=', taskId)
        .executeTakeFirst();
    },

    /** The last two submissions of a task state, newest first. */
    lastSubmissions(stateId: number) {
      return db
        .selectFrom('solutions')
        .select(['id', 'answer', 'result', 'right_answer', 'created_at'])
        .where('student_task_id', '=', stateId)
        .orderBy('id', 'desc')
        .limit(2)
        .execute();
    },

    /**
     * How many wrong answers a student gave to a task (what unlocks its hints, grading/hints.ts): graded
     * code submissions of their task state, else the logged tries of the instant kinds (task-state.ts).
     * Resets keep both, so a hint once shown stays shown.
     */
    async wrongAnswers(task: Pick<TaskRow, 'id' | 'kind'>, state: { id: number; student_id: number }): Promise<number> {
      const [row] =
        task.kind === 'code'
          ? await wrongSolutionsStatement(db, { stateId: state.id })
          : await wrongAttemptsStatement(db, { studentId: state.student_id, taskId: task.id });
      return Number(row!.count);
    },

    /** Whether another student already sent this link for the task (UNIQUE_LINK answers). */
    async linkTakenByOther(taskId: number, studentId: number, link: string): Promise<boolean> {
      const taken = await db
        .selectFrom('solutions as s')
        .innerJoin('student_tasks as st', 'st.id', 's.student_task_id')
        .select('s.id')
        .where('st.task_id', '=', taskId)
        .where('st.student_id', '!=', studentId)
        .where(sql<string>`lower(rtrim(s.answer->>'answer', '/'))`, '=', link.toLowerCase().replace(/\/$/, ''))
        .executeTakeFirst();
      return taken !== undefined;
    },

    /** A submission to judge: its task's kind and points. */
    findSubmission(stateId: number, answerId: number) {
      return db
        .selectFrom('solutions as s')
        .innerJoin('student_tasks as st', 'st.id', 's.student_task_id')
        .innerJoin('course_tasks as t', 't.id', 'st.task_id')
        .select(['s.id', 't.kind', 't.points', 'st.id as state_id'])
        .where('s.id', '=', answerId)
        .where('s.student_task_id', '=', stateId)
        .executeTakeFirst();
    },

    /**
     * A page of a task state's submissions, filtered and ordered (spec 2 §2.8): after the row `after`
     * (the last of the previous page; keyset, so a page costs the same however deep) at most `limit`.
     */
    history(stateId: number, page: HistoryPageQuery) {
      const order = page.filterDate === 'NEW' ? 'desc' : 'asc';
      let query = db
        .selectFrom('solutions')
        .select(['id', 'answer', 'result', 'right_answer', 'created_at'])
        .where('student_task_id', '=', stateId);
      if (page.filterResult === 'SUCCESS') query = query.where('right_answer', '=', true);
      if (page.filterResult === 'FAILED') query = query.where('right_answer', '=', false);
      if (page.after !== undefined)
        query = query.where(
          sql<boolean>`(created_at, id) ${sql.raw(order === 'desc' ? '<' : '>')} (select p.created_at, p.id from solutions p where p.id = ${page.after} and p.student_task_id = ${stateId})`,
        );
      return query.orderBy('created_at', order).orderBy('id', order).limit(page.limit).execute();
    },
  };
}

export type TaskRepository = ReturnType<typeof createTaskRepository>;
