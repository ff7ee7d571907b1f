import { sql, type Kysely } from 'kysely';
import type { Direction, Language, TaskKind } from '@academy/shared/contract';
import type { Database, UserRow } from '../../db/schema';
import type { TaskState as StoredTaskState } from '../task-state/task-state';

export const pictureUrl = (course: { id: number; updated_at: Date }) =>
  `/api/user/course/${course.id}/picture.svg?v=${course.updated_at.getTime()}`;

/** One task of a course in course order, without anyone's state on it (the content catalog's rows). */
export interface StructureRow {
  module_id: number;
  module_position: number;
  module_name: string;
  chapter_id: number;
  chapter_position: number;
  chapter_name: string;
  task_id: number;
  task_position: number;
  title: string;
  kind: TaskKind;
  points: number;
  video: string | null;
}

/** One row per task of a course, in course order, with the student's state on it. */
export interface TreeRow extends StructureRow {
  solved: boolean;
  /** solved at least once (a reset does not take it back): what opens the next module */
  ever_solved: boolean;
  checked: boolean;
  need_to_resolve: boolean;
}

/** A student's state on one task (no row: untouched, all false). */
export interface TaskState {
  points: number;
  solved: boolean;
  everSolved: boolean;
  checked: boolean;
  needToResolve: boolean;
  /**
   * The whole row as the task routes read it, when its last answer is short (`ANSWER_KEPT_BYTES`): a task
   * page opened again needs no query of its own (issue 33). Absent: read the row.
   */
  row?: StoredTaskState;
}

/**
 * A last answer stored in fewer bytes than this rides along with the progress (a word, a choice, an order);
 * a longer one (a code task's solution and results) is read with its task, so that a student's cached
 * progress stays small.
 */
export const ANSWER_KEPT_BYTES = 256;

type TaskStateTuple = [
  taskId: number,
  points: number,
  solved: boolean,
  everSolved: boolean,
  checked: boolean,
  needToResolve: boolean,
  id: number,
  lastAction: StoredTaskState['last_action'],
  answer: unknown,
  answerKept: boolean,
];

/** What the course list and the course pages read of one student (see `studentState`). */
export interface StudentState {
  tasks: Map<number, TaskState>;
  enrolled: Set<number>;
  unlocked: Set<number>;
}

export function createCourseRepository(db: Kysely<Database>) {
  /** A course the student may see: one of their direction, or one they are enrolled in. */
  const visible = (student: UserRow) =>
    sql<boolean>`(c.direction = ${student.direction} or exists (select 1 from enrollments e where e.course_id = c.id and e.student_id = ${student.id}))`;

  return {
    /**
     * Everything of one student that the course list and a course page show, in one query: the state
     * of each task they touched, the courses they are enrolled in and the modules staff unlocked.
     */
    async studentState(studentId: number): Promise<StudentState> {
      const { rows } = await sql<{ tasks: TaskStateTuple[] | null; enrolled: number[] | null; unlocked: number[] | null }>`
        select
          (select json_agg(json_build_array(task_id, points, solved, ever_solved, checked, need_to_resolve, id, last_action,
                  case when pg_column_size(answer) < ${sql.lit(ANSWER_KEPT_BYTES)} then answer end,
                  answer is null or pg_column_size(answer) < ${sql.lit(ANSWER_KEPT_BYTES)}))
             from student_tasks where student_id = ${studentId}) as tasks,
          (select array_agg(course_id) from enrollments where student_id = ${studentId}) as enrolled,
          (select array_agg(module_id) from module_unlocks where student_id = ${studentId}) as unlocked`.execute(db);
      const row = rows[0];
      const tasks = new Map<number, TaskState>();
      for (const [taskId, points, solved, everSolved, checked, needToResolve, id, lastAction, answer, answerKept] of row?.tasks ??
        []) {
        const stored = answerKept
          ? { id, student_id: studentId, task_id: taskId, solved, checked, last_action: lastAction, answer, points }
          : undefined;
        tasks.set(taskId, { points, solved, everSolved, checked, needToResolve, ...(stored && { row: stored }) });
      }
      return { tasks, enrolled: new Set(row?.enrolled ?? []), unlocked: new Set(row?.unlocked ?? []) };
    },

    findCourse(courseId: number) {
      return db.selectFrom('courses').selectAll().where('id', '=', courseId).executeTakeFirst();
    },

    /**
     * A regular or additional course the student may see (the course pages and the tasks alike): an
     * enrollee course is never one, so its tasks answer as a missing id does (404), not 423.
     */
    findVisibleCourse(courseId: number, student: UserRow) {
      return db
        .selectFrom('courses as c')
        .selectAll()
        .where('c.id', '=', courseId)
        .where('c.kind', '!=', 'enrollee')
        .where(visible(student))
        .executeTakeFirst();
    },

    async isEnrolled(studentId: number, courseId: number): Promise<boolean> {
      const row = await db
        .selectFrom('enrollments')
        .select('course_id')
        .where('student_id', '=', studentId)
        .where('course_id', '=', courseId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The whole course in one query, then the unlocks in a second: a fixed number of queries. */
    async courseTree(courseId: number, studentId: number): Promise<{ rows: TreeRow[]; unlocked: Set<number> }> {
      const rows = await db
        .selectFrom('course_modules as m')
        .innerJoin('course_chapters as ch', 'ch.module_id', 'm.id')
        .innerJoin('course_tasks as t', 't.chapter_id', 'ch.id')
        .leftJoin('student_tasks as st', (join) => join.onRef('st.task_id', '=', 't.id').on('st.student_id', '=', studentId))
        .select([
          'm.id as module_id',
          'm.position as module_position',
          'm.name as module_name',
          'ch.id as chapter_id',
          'ch.position as chapter_position',
          'ch.name as chapter_name',
          't.id as task_id',
          't.position as task_position',
          't.title',
          't.kind',
          't.points',
          sql<string | null>`t.data->>'video'`.as('video'),
          sql<boolean>`coalesce(st.solved, false)`.as('solved'),
          sql<boolean>`coalesce(st.ever_solved, false)`.as('ever_solved'),
          sql<boolean>`coalesce(st.checked, false)`.as('checked'),
          sql<boolean>`coalesce(st.need_to_resolve, false)`.as('need_to_resolve'),
        ])
        .where('m.course_id', '=', courseId)
        .orderBy('m.position')
        .orderBy('ch.position')
        .orderBy('t.position')
        .execute();
      const unlocks = await db
        .selectFrom('module_unlocks as u')
        .innerJoin('course_modules as m', 'm.id', 'u.module_id')
        .select('u.module_id')
        .where('u.student_id', '=', studentId)
        .where('m.course_id', '=', courseId)
        .execute();
      return { rows: rows as TreeRow[], unlocked: new Set(unlocks.map((u) => u.module_id)) };
    },

    async courseSize(courseId: number) {
      return db
        .selectFrom('course_modules as m')
        .leftJoin('course_chapters as ch', 'ch.module_id', 'm.id')
        .leftJoin('course_tasks as t', 't.chapter_id', 'ch.id')
        .select([
          sql<number>`count(distinct m.id)::int`.as('moduleCount'),
          sql<number>`count(distinct ch.id)::int`.as('chapterCount'),
          sql<number>`count(t.id)::int`.as('taskCount'),
          sql<number>`coalesce(sum(t.points), 0)::int`.as('coursePoints'),
        ])
        .where('m.course_id', '=', courseId)
        .executeTakeFirstOrThrow();
    },

    async enroll(studentId: number, courseId: number): Promise<void> {
      await db
        .insertInto('enrollments')
        .values({ student_id: studentId, course_id: courseId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async unlockModule(studentId: number, moduleId: number, by: number): Promise<void> {
      await db
        .insertInto('module_unlocks')
        .values({ student_id: studentId, module_id: moduleId, unlocked_by: by })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** A module of a course, or undefined. */
    findModule(courseId: number, moduleId: number) {
      return db
        .selectFrom('course_modules')
        .select(['id', 'position'])
        .where('id', '=', moduleId)
        .where('course_id', '=', courseId)
        .executeTakeFirst();
    },

    /** The course a chapter belongs to. */
    async courseOfChapter(chapterId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('course_chapters as ch')
        .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
        .select('m.course_id')
        .where('ch.id', '=', chapterId)
        .executeTakeFirst();
      return row?.course_id;
    },

    /** The course a task belongs to. */
    async courseOfTask(taskId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('course_tasks as t')
        .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
        .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
        .select('m.course_id')
        .where('t.id', '=', taskId)
        .executeTakeFirst();
      return row?.course_id;
    },

    /** The id of the task at a position of a chapter. */
    async taskIdAt(chapterId: number, position: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('course_tasks')
        .select('id')
        .where('chapter_id', '=', chapterId)
        .where('position', '=', position)
        .executeTakeFirst();
      return row?.id;
    },

    /** Whether a task is the last of its course; undefined for an unknown task. */
    async isLastTask(taskId: number): Promise<boolean | undefined> {
      const row = await db
        .selectFrom('course_tasks as t')
        .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
        .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
        .select(
          sql<number>`(select t2.id from course_tasks t2 join course_chapters ch2 on ch2.id = t2.chapter_id
            join course_modules m2 on m2.id = ch2.module_id where m2.course_id = m.course_id
            order by m2.position desc, ch2.position desc, t2.position desc limit 1)`.as('last_id'),
        )
        .where('t.id', '=', taskId)
        .executeTakeFirst();
      return row ? row.last_id === taskId : undefined;
    },

    /** A direction's name in a language. */
    async directionName(code: Direction, language: Language): Promise<string | null> {
      const row = await db.selectFrom('directions').select(['name_ru', 'name_en']).where('code', '=', code).executeTakeFirst();
      if (!row) return null;
      return language === 'en' ? row.name_en : row.name_ru;
    },

    /** The course the student worked on last (or enrolled in last). */
    lastCourse(studentId: number) {
      return db
        .selectFrom('enrollments as e')
        .innerJoin('courses as c', 'c.id', 'e.course_id')
        .select(['c.id', 'c.updated_at'])
        .select(
          sql<Date>`greatest(e.enrolled_at, coalesce((select max(st.updated_at) from student_tasks st
            join course_tasks t on t.id = st.task_id join course_chapters ch on ch.id = t.chapter_id
            join course_modules m on m.id = ch.module_id where st.student_id = e.student_id and m.course_id = c.id), e.enrolled_at))`.as(
            'last_activity',
          ),
        )
        .where('e.student_id', '=', studentId)
        .where('c.kind', '!=', 'enrollee')
        .orderBy('last_activity', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}

export type CourseRepository = ReturnType<typeof createCourseRepository>;
