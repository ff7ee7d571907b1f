import fp from 'fastify-plugin';
import type { App } from '../../common/types';
import { createCourseCatalog, createProgressCache, type CourseCatalog, type StudentProgress } from './catalog';
import { createCourseRepository, type CourseRepository } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** the course content, kept in process until it changes (courses, their trees, tasks by id) */
    courseCatalog: CourseCatalog;
    /** each student's own state (task states, enrolments, unlocks), kept until it changes */
    studentProgress: StudentProgress;
    /** the courses' rows and a student's place in them */
    courseRepository: CourseRepository;
  }
}

/**
 * One content catalog and one progress cache per instance, shared by the course pages, the task pages
 * and the comments: a task load reads the content from process memory and only the student's work
 * from the database. Both follow `cache_changes` (see the catalog).
 */
export default fp(
  async function courseContentPlugin(app: App) {
    const courses = createCourseRepository(app.db);
    app.decorate('courseRepository', courses);
    app.decorate('courseCatalog', createCourseCatalog(app.db, app.taskRepository, app.cacheChanges));
    app.decorate('studentProgress', createProgressCache(courses.studentState, app.cacheChanges));
  },
  { name: 'course-content', dependencies: ['cache-changes', 'task-repository'] },
);
