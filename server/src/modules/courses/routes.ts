import { Type } from 'typebox';
import { STAFF_VIEW_ROLES } from '@academy/shared/contract';
import { Nullable, Reply } from '../../common/schemas';
import type { App } from '../../common/types';
import type { CourseKind } from '../../db/schema';
import { ok } from '../../common/errors';
import { currentUser, requireRoles, requireUser } from '../../plugins/guards';
import { COURSE_AREA_ROLES, COURSE_LEARNER_ROLES, requireActingFor, resolveSubject, VIEW_AS_ROLES } from '../../plugins/subject';
import { createCourseRepository, pictureUrl } from './repository';
import {
  ChapterIdQuery,
  ChapterNavigation,
  ChapterParams,
  CourseAuthor,
  CourseInfo,
  CourseParams,
  CourseSize,
  CourseView,
  EnrollResult,
  LastCourse,
  ModuleSummary,
  ModuleView,
  OptionalStudentQuery,
  PositionsQuery,
  StaffEnrollCourseParams,
  StaffEnrollModuleParams,
  TaskByPositionParams,
  TaskHeading,
  TaskIdParams,
} from './schemas';
import { createCourseService } from './service';

const tags = ['courses'];

/** Courses (spec 1 §7): lists, pages, headings, enrolment, course information and navigation. */
export default async function coursesModule(app: App): Promise<void> {
  const repository = createCourseRepository(app.db);
  const courses = createCourseService(repository, app.users, app.courseCatalog, app.studentProgress);

  // Per-student calls: the own address under /api/student/course, the twin under /api/fake/user/course.
  const own = (path: string) => `/api/student/course${path}`;
  const fake = (path: string) => `/api/fake/user/course${path}`;
  // own pages: the /user area's roles (never an enrollee); a student's pages: staff and classmates
  const twinRoles = { ownRoles: COURSE_AREA_ROLES, fakeRoles: VIEW_AS_ROLES };
  const list = (kind: CourseKind) => (subject: Parameters<typeof courses.listCourses>[0]) => courses.listCourses(subject, kind);

  app.studentRoute({
    method: 'GET',
    own: own('/all-views'),
    fake: fake('/all-views'),
    ...twinRoles,
    summary: 'The regular courses of the student, with progress',
    tags,
    response: Type.Array(CourseView),
    handler: list('regular'),
  });
  // the additional courses under both spellings on both sides, so both areas call the same shapes
  for (const path of ['/additional', '/additional/all-views']) {
    app.studentRoute({
      method: 'GET',
      own: own(path),
      fake: fake(path),
      ...twinRoles,
      summary: 'The additional courses of the student, with progress',
      tags,
      response: Type.Array(CourseView),
      handler: list('additional'),
    });
  }
  app.studentRoute({
    method: 'GET',
    own: own('/last-course'),
    fake: fake('/last-course'),
    ...twinRoles,
    summary: 'The course the student worked on last',
    tags,
    response: LastCourse,
    handler: (subject) => courses.lastCourse(subject),
  });
  for (const [path, kind] of [
    ['/views/:courseId', undefined],
    ['/additional/:courseId/views', 'additional'],
  ] as const) {
    app.studentRoute({
      method: 'GET',
      own: own(path),
      fake: fake(path),
      ...twinRoles,
      summary: 'A course page: modules, chapters and tasks with the student’s state',
      tags,
      params: CourseParams,
      response: Type.Array(ModuleView),
      // the modules are built once per state of the student and never changed (service.ts, builtCourse)
      snapshots: true,
      handler: (subject, { params }) => courses.views(subject, params.courseId, kind),
    });
  }
  for (const [path, kind] of [
    ['/:courseId/taskHeading', undefined],
    ['/additional/:courseId/taskHeading', 'additional'],
  ] as const) {
    app.studentRoute({
      method: 'GET',
      own: own(path),
      fake: fake(path),
      ...twinRoles,
      summary: 'The heading of a chapter’s task page',
      tags,
      params: CourseParams,
      querystring: PositionsQuery,
      response: TaskHeading,
      handler: (subject, { params, query }) => courses.heading(subject, params.courseId, query, kind),
    });
  }
  app.studentRoute({
    method: 'GET',
    own: own('/:courseId/is-enrolling'),
    fake: fake('/:courseId/is-enrolling'),
    ...twinRoles,
    summary: 'Whether the student is enrolled in a course',
    tags,
    params: CourseParams,
    response: Type.Boolean(),
    handler: (subject, { params }) => courses.isEnrolled(subject, params.courseId),
  });
  app.studentRoute({
    method: 'GET',
    own: own('/:courseId/module-dto'),
    fake: fake('/:courseId/module-dto'),
    ...twinRoles,
    summary: 'The modules of a course in short',
    tags,
    params: CourseParams,
    response: Type.Array(ModuleSummary),
    handler: (subject, { params }) => courses.moduleSummaries(subject, params.courseId),
  });

  // Enrolment: a student enrols themselves; staff enrol a student in a course, or in one of its modules.
  app.post(
    '/api/student/course/enroll/:courseId',
    {
      // spec 2 §6: an enrollee (STUDENT) works only in /enrollee, staff enrol students through the calls below
      preHandler: requireRoles(COURSE_LEARNER_ROLES),
      schema: { summary: 'Enrol in a course', tags, params: CourseParams, response: Reply(EnrollResult) },
    },
    async (request) => ok(await courses.enrollSelf(currentUser(request), request.params.courseId)),
  );
  const staff = requireRoles(STAFF_VIEW_ROLES);
  app.post(
    '/api/fake/protect/enroll/course/:courseId/:studentId',
    {
      preHandler: staff,
      schema: { summary: 'Enrol a student in a course', tags, params: StaffEnrollCourseParams, response: Reply(EnrollResult) },
    },
    async (request) => {
      await requireActingFor(request, request.params.studentId);
      return ok(await courses.enrollByStaff(currentUser(request), request.params.courseId, request.params.studentId));
    },
  );
  app.post(
    '/api/fake/protect/enroll/module/:courseId/:moduleId/:studentId',
    {
      preHandler: staff,
      schema: {
        summary: 'Enrol a student in a course and open one of its modules',
        tags,
        params: StaffEnrollModuleParams,
        response: Reply(EnrollResult),
      },
    },
    async (request) => {
      const { courseId, moduleId, studentId } = request.params;
      await requireActingFor(request, studentId);
      return ok(await courses.enrollByStaff(currentUser(request), courseId, studentId, moduleId));
    },
  );

  // Course information (the same for every student): any signed-in user.
  const info = <T extends Parameters<typeof Reply>[0]>(summary: string, response: T) => ({
    preHandler: requireUser,
    schema: { summary, tags, params: CourseParams, response: Reply(response) },
  });
  app.get(
    '/api/user/course/:courseId/course-pic',
    info('A course’s picture address', Type.Object({ coursePicUrl: Type.String() })),
    async (request) => ok({ coursePicUrl: pictureUrl(await courses.anyCourse(request.params.courseId)) }),
  );
  app.get('/api/user/course/:courseId/name', info('A course’s name', Type.Object({ name: Type.String() })), async (request) =>
    ok({ name: (await courses.anyCourse(request.params.courseId)).name }),
  );
  app.get('/api/user/course/:courseId/course-info', info('A course’s description', CourseInfo), async (request) => {
    const c = await courses.anyCourse(request.params.courseId);
    return ok({
      target: c.target,
      demands: c.demands,
      description: c.description_html,
      filling: c.filling,
      transitTime: c.transit_time,
    });
  });
  app.get('/api/user/course/:courseId/course-author', info('A course’s author', CourseAuthor), async (request) => {
    const c = await courses.anyCourse(request.params.courseId);
    return ok({ name: c.author_name, email: c.author_email, about: c.author_about });
  });
  app.get('/api/user/course/:courseId/size', info('A course’s size', CourseSize), async (request) =>
    ok(await repository.courseSize((await courses.anyCourse(request.params.courseId)).id)),
  );

  // Course pictures are public images (landing pages use them too); the URL carries a version.
  app.get(
    '/api/user/course/:courseId/picture.svg',
    { config: { access: 'public' }, schema: { summary: 'A course’s picture (SVG, public)', tags, params: CourseParams } },
    async (request, reply) => {
      const course = await repository.findCourse(request.params.courseId);
      if (!course) return reply.callNotFound();
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(course.picture_svg);
    },
  );

  // The direction of a student: own, or with studentId in view-as-student (one address for both).
  const directionRoute = <T extends Parameters<typeof Reply>[0]>(summary: string, response: T) => ({
    preHandler: requireUser,
    schema: { summary, tags, querystring: OptionalStudentQuery, response: Reply(response) },
  });
  app.get(
    '/api/user/course/direction',
    directionRoute('The student’s direction', Type.Object({ direction: Nullable(Type.String()) })),
    async (request) => ok({ direction: (await resolveSubject(request, request.query.studentId)).student.direction }),
  );
  app.get(
    '/api/user/course/directionName',
    directionRoute('The name of the student’s direction', Type.Object({ directionName: Nullable(Type.String()) })),
    async (request) => ok({ directionName: await courses.directionName(await resolveSubject(request, request.query.studentId)) }),
  );

  // Navigation inside a course: the /user area's.
  const areaUser = requireRoles(COURSE_AREA_ROLES);
  app.get(
    '/api/user/courseTask/getIdByChapterIdAndPosition/:position',
    {
      preHandler: areaUser,
      schema: {
        summary: 'The id of the task at a position of a chapter',
        tags,
        params: TaskByPositionParams,
        querystring: ChapterIdQuery,
        response: Reply(Type.Integer()),
      },
    },
    async (request) => ok(await courses.taskIdAt(currentUser(request), request.query.chapterId, request.params.position)),
  );
  app.get(
    '/api/user/courseTask/:id/checkIsLast',
    {
      preHandler: areaUser,
      schema: {
        summary: 'Whether a task is the last of its course',
        tags,
        params: TaskIdParams,
        response: Reply(Type.Boolean()),
      },
    },
    async (request) => ok(await courses.isLastTask(currentUser(request), request.params.id)),
  );
  app.get(
    '/api/user/navigation/chapter/:chapterId',
    {
      preHandler: areaUser,
      schema: {
        summary: 'What the next-step control needs about a chapter’s neighbours',
        tags,
        params: ChapterParams,
        querystring: OptionalStudentQuery,
        response: Reply(ChapterNavigation),
      },
    },
    async (request) =>
      ok(await courses.chapterNavigation(await resolveSubject(request, request.query.studentId), request.params.chapterId)),
  );
}
