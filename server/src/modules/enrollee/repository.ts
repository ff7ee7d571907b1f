import { sql, type Kysely } from 'kysely';
import type { Direction, TaskKind } from '@academy/shared/contract';
import type { Database } from '../../db/schema';

/** A lesson step: a task of the enrollee course, in course order, with the student's state on it. */
export interface StepRow {
  task_id: number;
  kind: TaskKind;
  title: string;
  points: number;
  solved: boolean;
  checked: boolean;
  need_to_resolve: boolean;
  /** the points awarded to the student for it (once, at the first right answer) */
  student_points: number;
}

/** The enrollee area's reads. A step's state is written by task-state/, through the tasks service. */
export function createEnrolleeRepository(db: Kysely<Database>) {
  /** The tasks of a course in course order: module, chapter, task. */
  const courseTasks = (courseId: number) =>
    db
      .selectFrom('course_tasks as t')
      .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
      .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
      .where('m.course_id', '=', courseId)
      .orderBy('m.position')
      .orderBy('ch.position')
      .orderBy('t.position');

  return {
    /**
     * The enrollee course of a direction: its lesson steps. A direction has one; were there more, the
     * first in the courses' order counts, so every call agrees on the same one.
     */
    courseOfDirection(direction: Direction) {
      return db
        .selectFrom('courses')
        .select(['id', 'name', 'direction', 'updated_at'])
        .where('kind', '=', 'enrollee')
        .where('direction', '=', direction)
        .orderBy('position')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },

    /** Every step of the course with the student's state, in one query. */
    async steps(courseId: number, studentId: number): Promise<StepRow[]> {
      return courseTasks(courseId)
        .leftJoin('student_tasks as st', (join) => join.onRef('st.task_id', '=', 't.id').on('st.student_id', '=', studentId))
        .select([
          't.id as task_id',
          't.kind',
          't.title',
          't.points',
          sql<boolean>`coalesce(st.solved, false)`.as('solved'),
          sql<boolean>`coalesce(st.checked, false)`.as('checked'),
          sql<boolean>`coalesce(st.need_to_resolve, false)`.as('need_to_resolve'),
          sql<number>`coalesce(st.points, 0)::int`.as('student_points'),
        ])
        .execute();
    },

    /** The task of the step at a position (1-based), if the course has that many. */
    async stepTaskId(courseId: number, position: number): Promise<number | undefined> {
      const row = await courseTasks(courseId)
        .select('t.id')
        .offset(position - 1)
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },
  };
}

export type EnrolleeRepository = ReturnType<typeof createEnrolleeRepository>;
