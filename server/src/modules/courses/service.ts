import {
  STAFF_VIEW_ROLES,
  type ChapterNavigation,
  type CourseView,
  type EnrollResult,
  type ModuleSummary,
  type ModuleView,
  type TaskHeading,
  type TaskHeadingItem,
} from '@academy/shared/contract';
import type { CourseKind, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../plugins/errors';
import { COURSE_LEARNER_ROLES, type Subject } from '../../plugins/subject';
import { type createUserRepository } from '../users/repository';
import type { Catalog, CatalogCourse, CourseCatalog } from './catalog';
import { pictureUrl, type CourseRepository, type StructureRow, type StudentState, type TreeRow } from './repository';

/**
 * The course rule (README): the first module is always open; any later module is blocked while the
 * module before it is not complete (every task solved once), unless staff unlocked it for the student.
 * A module once complete stays complete: resetting a task to practise it again (spec 1 §4, the points
 * stay awarded) does not block the modules it opened.
 */
export function buildModuleViews(rows: TreeRow[], unlocked: Set<number>): ModuleView[] {
  const modules: ModuleView[] = [];
  // per module: how many of its tasks were ever solved (the solved counts shown are the current ones)
  const everSolved = new Map<number, number>();
  for (const row of rows) {
    let module = modules.at(-1);
    if (!module || module.moduleId !== row.module_id) {
      module = {
        moduleId: row.module_id,
        position: row.module_position,
        name: row.module_name,
        blocked: false,
        allTaskAmount: 0,
        solvedTaskAmount: 0,
        chapterViewDtos: [],
      };
      modules.push(module);
    }
    let chapter = module.chapterViewDtos.at(-1);
    if (!chapter || chapter.chapterId !== row.chapter_id) {
      chapter = {
        chapterId: row.chapter_id,
        position: row.chapter_position,
        name: row.chapter_name,
        allTaskAmount: 0,
        solvedTaskAmount: 0,
        taskViews: [],
      };
      module.chapterViewDtos.push(chapter);
    }
    chapter.taskViews.push({
      taskId: row.task_id,
      position: row.task_position,
      title: row.title,
      type: row.kind,
      solved: row.solved,
      checked: row.checked,
      needToResolve: row.need_to_resolve,
    });
    chapter.allTaskAmount += 1;
    module.allTaskAmount += 1;
    if (row.ever_solved || row.solved) everSolved.set(module.moduleId, (everSolved.get(module.moduleId) ?? 0) + 1);
    if (row.solved) {
      chapter.solvedTaskAmount += 1;
      module.solvedTaskAmount += 1;
    }
  }
  modules.forEach((module, i) => {
    const previous = modules[i - 1];
    module.blocked =
      previous !== undefined &&
      (everSolved.get(previous.moduleId) ?? 0) < previous.allTaskAmount &&
      !unlocked.has(module.moduleId);
  });
  return modules;
}

export function toModuleSummaries(modules: ModuleView[]): ModuleSummary[] {
  return modules.map((m) => ({
    moduleId: m.moduleId,
    position: m.position,
    name: m.name,
    blocked: m.blocked,
    chapterCount: m.chapterViewDtos.length,
  }));
}

export function findChapter(modules: ModuleView[], modulePosition: number, chapterPosition: number) {
  const module = modules.find((m) => m.position === modulePosition);
  const chapter = module?.chapterViewDtos.find((c) => c.position === chapterPosition);
  return module && chapter ? { module, chapter } : null;
}

/** The heading of a chapter's task page: one item per task, available when enrolled and unblocked. */
export function headingItems(rows: TreeRow[], chapterId: number, available: boolean): TaskHeadingItem[] {
  return rows
    .filter((row) => row.chapter_id === chapterId)
    .map((row) => ({
      courseTaskId: row.task_id,
      taskTitle: row.title,
      taskType: row.kind,
      checked: row.checked,
      solved: row.solved,
      available,
      video: row.video,
      needToResolve: row.need_to_resolve,
    }));
}

/** Spec 1 §3: what the next-step control needs about a chapter's neighbours, for this student. */
export function chapterNavigation(modules: ModuleView[], chapterId: number): ChapterNavigation | null {
  const chapters = modules.flatMap((module) => module.chapterViewDtos.map((chapter) => ({ module, chapter })));
  const index = chapters.findIndex((c) => c.chapter.chapterId === chapterId);
  if (index < 0) return null;
  const { module } = chapters[index]!;
  const moduleIndex = modules.indexOf(module);
  const next = chapters[index + 1];
  return {
    prevModuleChapterCount: moduleIndex > 0 ? modules[moduleIndex - 1]!.chapterViewDtos.length : 0,
    taskCountInPrevChapter: index > 0 ? chapters[index - 1]!.chapter.allTaskAmount : 0,
    currentModuleChapterCount: module.chapterViewDtos.length,
    moduleCount: modules.length,
    nextChapterBlocked: next ? next.module.blocked : false,
  };
}

/** A course's tasks with one student's state on them. */
export function withState(tree: readonly StructureRow[], state: StudentState): TreeRow[] {
  return tree.map((row) => {
    const task = state.tasks.get(row.task_id);
    return {
      ...row,
      solved: task?.solved ?? false,
      ever_solved: task?.everSolved ?? false,
      checked: task?.checked ?? false,
      need_to_resolve: task?.needToResolve ?? false,
    };
  });
}

/**
 * The courses built from one state of a student (a kept state is never changed, only replaced): the
 * next course page or task of the same course costs no building. Keyed by the state object, so they go with it.
 */
const built = new WeakMap<StudentState, Map<number, { content: Catalog; rows: TreeRow[]; modules: ModuleView[] }>>();

/** A course's tasks with the student's state on them and its module views, built once per state and content. */
function builtCourse(content: Catalog, state: StudentState, courseId: number) {
  let courses = built.get(state);
  if (!courses) built.set(state, (courses = new Map()));
  let course = courses.get(courseId);
  if (!course || course.content !== content) {
    const rows = withState(content.trees.get(courseId) ?? [], state);
    course = { content, rows, modules: buildModuleViews(rows, state.unlocked) };
    courses.set(courseId, course);
  }
  return course;
}

/** Whether a module of a course is blocked for a student (the module rule, docs/courses.md, "Points and the module rule"). */
export function moduleBlocked(content: Catalog, state: StudentState, courseId: number, moduleId: number): boolean {
  return builtCourse(content, state, courseId).modules.find((m) => m.moduleId === moduleId)?.blocked ?? false;
}

/** Whether a student may see a course (of their direction, or enrolled in it); never an enrollee course. */
export const mayView = (course: CatalogCourse, student: UserRow, state: StudentState, kind?: CourseKind) =>
  course.kind !== 'enrollee' &&
  (kind === undefined || course.kind === kind) &&
  (course.direction === student.direction || state.enrolled.has(course.id));

/**
 * The courses rules over the repository and the content catalog: what a student may see, and the views
 * built from it. A course list or page reads the content from the catalog (kept in process) and only
 * the student's own state from the database (one query), so it is never stale after their answer.
 */
export function createCourseService(
  courses: CourseRepository,
  users: ReturnType<typeof createUserRepository>,
  catalog: CourseCatalog,
  studentState: (studentId: number) => Promise<StudentState> = courses.studentState,
) {
  /** The course, if the student may see it: 404 otherwise (no hint whether it exists). */
  async function visibleCourse(student: UserRow, courseId: number, kind?: CourseKind) {
    const course = await courses.findVisibleCourse(courseId, student);
    if (!course || course.kind === 'enrollee' || (kind && course.kind !== kind))
      throw notFound('server.noCourse', { id: courseId });
    return course;
  }

  /** A course of the regular or additional kind, whoever asks (course information, staff actions). */
  async function anyCourse(courseId: number) {
    const course = await courses.findCourse(courseId);
    if (!course || course.kind === 'enrollee') throw notFound('server.noCourse', { id: courseId });
    return course;
  }

  /**
   * A course's structure (its tasks' ids and order) is staff's to see in any course; a student's only in
   * a course they may see. Otherwise the same 404 as a missing id: existence is not told.
   */
  async function seenBy(user: UserRow, courseId: number | undefined, missing: Error): Promise<void> {
    if (courseId === undefined) throw missing;
    if (STAFF_VIEW_ROLES.includes(user.role)) return;
    if (!(await courses.findVisibleCourse(courseId, user))) throw missing;
  }

  async function moduleViews(student: UserRow, courseId: number) {
    const { rows, unlocked } = await courses.courseTree(courseId, student.id);
    return { rows, modules: buildModuleViews(rows, unlocked) };
  }

  /** A course page's content with the student's state, if they may see it: 404 otherwise. */
  async function coursePage(student: UserRow, courseId: number, kind?: CourseKind) {
    const [content, state] = await Promise.all([catalog.catalog(), studentState(student.id)]);
    const course = content.byId.get(courseId);
    if (!course || !mayView(course, student, state, kind)) throw notFound('server.noCourse', { id: courseId });
    const page = builtCourse(content, state, courseId);
    return { course, rows: page.rows, modules: page.modules, enrolled: state.enrolled.has(courseId) };
  }

  const firstTask = (courseId: number, modulePosition = 1): EnrollResult => ({
    courseId,
    modulePosition,
    chapterPosition: 1,
    taskPosition: 1,
  });

  return {
    visibleCourse,
    anyCourse,
    moduleViews,

    async listCourses(subject: Subject, kind: CourseKind): Promise<CourseView[]> {
      const { student } = subject;
      const [content, state] = await Promise.all([catalog.catalog(), studentState(student.id)]);
      const points = new Map<number, number>();
      for (const [taskId, task] of state.tasks) {
        const courseId = content.taskCourse.get(taskId);
        if (courseId !== undefined) points.set(courseId, (points.get(courseId) ?? 0) + task.points);
      }
      return content.courses
        .filter((course) => mayView(course, student, state, kind))
        .map((course) => ({
          id: course.id,
          name: course.name,
          studentPoints: points.get(course.id) ?? 0,
          coursePoints: course.coursePoints,
          available: state.enrolled.has(course.id),
          fullPassRequired: course.full_pass_required,
          coursePicUrl: pictureUrl(course),
        }));
    },

    async lastCourse(subject: Subject) {
      const last = await courses.lastCourse(subject.student.id);
      return last ? { id: last.id, coursePicUrl: pictureUrl(last), available: true } : null;
    },

    async views(subject: Subject, courseId: number, kind?: CourseKind): Promise<ModuleView[]> {
      return (await coursePage(subject.student, courseId, kind)).modules;
    },

    async heading(
      subject: Subject,
      courseId: number,
      positions: { modulePosition: number; chapterPosition: number },
      kind?: CourseKind,
    ): Promise<TaskHeading> {
      const { course, rows, modules, enrolled } = await coursePage(subject.student, courseId, kind);
      const found = findChapter(modules, positions.modulePosition, positions.chapterPosition);
      if (!found)
        throw notFound('server.noChapter', { courseId, position: `${positions.modulePosition}.${positions.chapterPosition}` });
      return {
        courseName: course.name,
        chapterName: found.chapter.name,
        coursePicUrl: pictureUrl(course),
        chapterId: found.chapter.chapterId,
        moduleId: found.module.moduleId,
        taskHeadingDtos: headingItems(rows, found.chapter.chapterId, enrolled && !found.module.blocked),
      };
    },

    async isEnrolled(subject: Subject, courseId: number): Promise<boolean> {
      await visibleCourse(subject.student, courseId);
      return courses.isEnrolled(subject.student.id, courseId);
    },

    async moduleSummaries(subject: Subject, courseId: number): Promise<ModuleSummary[]> {
      return toModuleSummaries((await coursePage(subject.student, courseId)).modules);
    },

    /** A student enrols themselves in a course they may see; opens 1/1/1. */
    async enrollSelf(student: UserRow, courseId: number): Promise<EnrollResult> {
      const course = await visibleCourse(student, courseId);
      await courses.enroll(student.id, course.id);
      return firstTask(course.id);
    },

    /** Staff enrol a student in a course, and optionally open one of its modules for them. */
    async enrollByStaff(staff: UserRow, courseId: number, studentId: number, moduleId?: number): Promise<EnrollResult> {
      const [course, student] = await Promise.all([anyCourse(courseId), users.findStudent(studentId)]);
      if (!student) throw notFound('server.noStudent', { id: studentId });
      // spec 2 §6: an enrollee works only in /enrollee, never in a regular or additional course
      if (!COURSE_LEARNER_ROLES.includes(student.role)) throw badRequest('server.enrolleeNotInCourses', { id: studentId });
      if (moduleId === undefined) {
        await courses.enroll(student.id, course.id);
        return firstTask(course.id);
      }
      const module = await courses.findModule(course.id, moduleId);
      if (!module) throw notFound('server.noModule', { courseId, moduleId });
      await courses.enroll(student.id, course.id);
      await courses.unlockModule(student.id, module.id, staff.id);
      return firstTask(course.id, module.position);
    },

    async taskIdAt(user: UserRow, chapterId: number, position: number): Promise<number> {
      const missing = notFound('server.noChapterTask', { chapterId, position });
      await seenBy(user, await courses.courseOfChapter(chapterId), missing);
      const id = await courses.taskIdAt(chapterId, position);
      if (id === undefined) throw missing;
      return id;
    },

    async isLastTask(user: UserRow, taskId: number): Promise<boolean> {
      const missing = notFound('server.noTask', { id: taskId });
      await seenBy(user, await courses.courseOfTask(taskId), missing);
      const last = await courses.isLastTask(taskId);
      if (last === undefined) throw missing;
      return last;
    },

    async chapterNavigation(subject: Subject, chapterId: number): Promise<ChapterNavigation | null> {
      const courseId = await courses.courseOfChapter(chapterId);
      if (courseId === undefined) throw notFound('server.noChapterId', { id: chapterId });
      const { modules } = await coursePage(subject.student, courseId);
      return chapterNavigation(modules, chapterId);
    },

    async directionName(subject: Subject): Promise<string | null> {
      if (!subject.student.direction) return null;
      return courses.directionName(subject.student.direction, subject.viewer.language);
    },
  };
}

export type CourseService = ReturnType<typeof createCourseService>;
