import {
  STAFF_VIEW_ROLES,
  type ChapterNavigation,
  type CourseView,
  type EnrollResult,
  type ModuleSummary,
  type ModuleView,
  type TaskHeading,
} from '@academy/shared/contract';
import { continueTarget } from '@academy/shared/contract';
import type { CourseKind, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../common/errors';
import { COURSE_LEARNER_ROLES, type Subject } from '../../plugins/subject';
import { type createUserRepository } from '../users/repository';
import type { CourseCatalog } from './catalog';
import { pictureUrl, type CourseRepository, type StudentState } from './repository';
import { buildModuleViews, builtCourse, chapterNavigation, findChapter, headingItems, mayView, toModuleSummaries } from './tree';

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
          // where the student goes on: the course page's "continue" (built from the state in hand)
          ...(state.enrolled.has(course.id) ? { next: continueTarget(builtCourse(content, state, course.id).modules) } : {}),
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
