import { badRequest, notFound } from '../../common/errors';
import type { ReviewStaffRepository } from './repository';

/** The staff's course actions for a student enrolled in the course: a module's review reset, a module done, a course finished. */
export function courseActionService(reviews: ReviewStaffRepository) {
  /** A paying student enrolled in the course; 404 for no such student, 400 for one not enrolled. */
  async function enrolled(studentId: number, courseId: number): Promise<void> {
    const state = await reviews.enrolledStudent(studentId, courseId);
    if (state === 'noStudent') throw notFound('server.noStudent', { id: studentId });
    if (state === 'notEnrolled') throw badRequest('server.reviewStudentNotEnrolled', { id: studentId });
  }

  /** The modules of a course, and the one named (404 when either is missing). */
  async function courseModules(courseId: number, moduleId?: number): Promise<number[]> {
    const modules = await reviews.courseModules(courseId);
    if (!modules) throw notFound('server.noCourse', { id: courseId });
    if (moduleId !== undefined && !modules.includes(moduleId)) throw notFound('server.noModule', { courseId, moduleId });
    return modules;
  }

  return {
    /** Staff reset a module's review for a student enrolled in its course (the review step is open again). */
    async discardReview(moduleId: number, studentId: number): Promise<void> {
      const module = await reviews.findModule(moduleId);
      if (!module) throw notFound('server.noModuleId', { id: moduleId });
      await enrolled(studentId, module.course_id);
      if (!(await reviews.hasReviewStep(moduleId))) throw badRequest('server.reviewModuleNoStep');
      await reviews.discardReview(studentId, moduleId);
    },

    /** Every task of a module solved for a student enrolled in the course (points once). */
    async moduleDone(courseId: number, moduleId: number, studentId: number): Promise<void> {
      await courseModules(courseId, moduleId);
      await enrolled(studentId, courseId);
      await reviews.completeModules(studentId, [moduleId]);
    },

    /** Every task of every module of the course solved for a student enrolled in it (points once). */
    async finishCourse(courseId: number, studentId: number): Promise<void> {
      const modules = await courseModules(courseId);
      await enrolled(studentId, courseId);
      await reviews.completeModules(studentId, modules);
    },
  };
}
