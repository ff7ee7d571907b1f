import { sql, type Kysely } from 'kysely';
import type { Direction } from '@academy/shared/contract';
import type { CourseKind, Database } from '../../db/schema';
import type { CacheChanges } from '../../plugins/cache-changes';
import { createUserCache } from '../../plugins/user-cache';
import type { TaskRepository, TaskRow } from '../tasks/repository';
import type { StructureRow, StudentState } from './repository';

/** A course as its card and its page need it (no texts, no picture: those are read where shown). */
export interface CatalogCourse {
  id: number;
  name: string;
  kind: CourseKind;
  direction: Direction;
  full_pass_required: boolean;
  updated_at: Date;
  /** every task's points summed */
  coursePoints: number;
}

/** The course content at one moment; shared by every request, so never changed once read. */
export interface Catalog {
  /** every course in list order (position, id) */
  courses: readonly CatalogCourse[];
  byId: ReadonlyMap<number, CatalogCourse>;
  /** each course's tasks in course order */
  trees: ReadonlyMap<number, readonly StructureRow[]>;
  /** the course of each task */
  taskCourse: ReadonlyMap<number, number>;
  /**
   * Tasks whole (texts, answers, tests: `course_tasks.data`), each read on first use and kept with this
   * catalog (so with the content it was read from): only ever filled, only with tasks of `taskCourse`.
   */
  tasks: Map<number, TaskRow>;
}

/**
 * The course content (courses, modules, chapters, tasks: what every student sees alike), read whole
 * and kept in process until the database says it changed (`cache_changes`: an import or any edit),
 * then read again on next use. The structure is read whole (of `course_tasks.data` only a task's video
 * address); a task's whole row (its text, answers and tests) only when a task page or an answer needs it
 * (`task`), kept with the catalog it belongs to. What a student is sent is decided where it is sent.
 */
export function createCourseCatalog(db: Kysely<Database>, taskRows: TaskRepository, changes: CacheChanges) {
  let current: Catalog | null = null;
  let loading: Promise<Catalog> | null = null;
  changes.onAll('content', () => {
    current = null;
    loading = null;
  });

  async function load(): Promise<Catalog> {
    const [courses, rows] = await Promise.all([
      db
        .selectFrom('courses')
        .select(['id', 'name', 'kind', 'direction', 'full_pass_required', 'updated_at'])
        .orderBy('position')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('course_modules as m')
        .innerJoin('course_chapters as ch', 'ch.module_id', 'm.id')
        .innerJoin('course_tasks as t', 't.chapter_id', 'ch.id')
        .select([
          'm.course_id',
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
        ])
        .orderBy('m.course_id')
        .orderBy('m.position')
        .orderBy('ch.position')
        .orderBy('t.position')
        .execute(),
    ]);
    const trees = new Map<number, StructureRow[]>();
    const taskCourse = new Map<number, number>();
    const points = new Map<number, number>();
    for (const { course_id, ...row } of rows) {
      let tree = trees.get(course_id);
      if (!tree) trees.set(course_id, (tree = []));
      tree.push(row);
      taskCourse.set(row.task_id, course_id);
      points.set(course_id, (points.get(course_id) ?? 0) + row.points);
    }
    const list = courses.map((course) => ({ ...course, coursePoints: points.get(course.id) ?? 0 }));
    return { courses: list, byId: new Map(list.map((c) => [c.id, c])), trees, taskCourse, tasks: new Map() };
  }

  /** The catalog, read from the database when content changed since the last read. */
  async function catalog(): Promise<Catalog> {
    const trusted = await changes.sync(['content']);
    if (trusted && current) return current;
    if (!trusted) return load();
    if (!loading) {
      const generation = changes.generation('content');
      const pending = load();
      loading = pending;
      pending.then(
        (loaded) => {
          // content that changed while it was read is read again next time
          if (loading === pending && changes.generation('content') === generation) current = loaded;
          if (loading === pending) loading = null;
        },
        () => {
          if (loading === pending) loading = null;
        },
      );
    }
    return loading;
  }

  /**
   * A task of this catalog's content, whole: from the catalog once read, else from the database. Kept
   * only while the catalog is the current one (a read that raced a content change is not kept).
   */
  async function task(content: Catalog, taskId: number): Promise<TaskRow | undefined> {
    if (!content.taskCourse.has(taskId)) return undefined;
    const kept = content.tasks.get(taskId);
    if (kept) return kept;
    const row = await taskRows.findTask(taskId);
    if (row && content === current) content.tasks.set(taskId, row);
    return row;
  }

  return { catalog, task };
}

export type CourseCatalog = ReturnType<typeof createCourseCatalog>;

/** A student's state, from the cache when it is known to be current. */
export type StudentProgress = (studentId: number) => Promise<StudentState>;

/** At most this many students' states are kept per instance (the oldest kept goes first). */
const STATES_KEPT = 10_000;

/**
 * Each student's own state (task states, enrolments, unlocks: `studentState`), kept in process until
 * the database says it changed (`cache_changes` of kind `progress`, written by triggers on every
 * answer, verdict, enrolment or unlock). A change made through this instance is seen before its next
 * read (the write itself marks the cache for a check), so a student's page is never stale after their
 * own answer here; a change made elsewhere is seen within a second.
 */
export function createProgressCache(read: (studentId: number) => Promise<StudentState>, changes: CacheChanges): StudentProgress {
  const states = createUserCache<StudentState>(changes, { kinds: ['progress'], max: STATES_KEPT });
  return (studentId) => states(studentId, () => read(studentId));
}
