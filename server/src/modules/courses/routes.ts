import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CourseAuthor, CourseInfo, EnrollResult, Language } from '@academy/shared/contract';
import { STAFF_VIEW_ROLES } from '@academy/shared/contract';
import type { CourseKind } from '../../db/schema';
import { notFound, ok } from '../../plugins/errors';
import { currentUser, requireRoles, requireUser } from '../../plugins/session';
import { createCourseRepository, pictureUrl } from './repository';
import { buildModuleViews, chapterNavigation, findChapter, headingItems, toModuleSummaries } from './service';
import { resolveSubject, studentIdQuery, type Subject } from './subject';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const courseParams = { type: 'object', required: ['courseId'], properties: { courseId: id } } as const;
const positionsQuery = {
  type: 'object',
  properties: { modulePosition: { ...id, default: 1 }, chapterPosition: { ...id, default: 1 } },
} as const;

interface CourseParams {
  courseId: number;
}
interface Positions {
  modulePosition: number;
  chapterPosition: number;
}

type Handler = (subject: Subject, request: FastifyRequest) => Promise<unknown>;

export default async function courseRoutes(app: FastifyInstance): Promise<void> {
  const courses = createCourseRepository(app.db);

  /**
   * Registers a GET twice: the student's own route under /api/student/course and its
   * view-as-student twin under /api/fake/user/course (which also takes studentId).
   */
  function both(paths: { own?: string; fake?: string }, schema: { params?: object; querystring?: object }, handler: Handler) {
    if (paths.own) {
      app.get(`/api/student/course${paths.own}`, { preHandler: requireUser, schema }, async (request) =>
        ok(await handler(await resolveSubject(request, 'own'), request)),
      );
    }
    if (paths.fake) {
      const query = schema.querystring as { properties?: object } | undefined;
      const querystring = { ...studentIdQuery, properties: { ...studentIdQuery.properties, ...(query?.properties ?? {}) } };
      app.get(
        `/api/fake/user/course${paths.fake}`,
        { preHandler: requireUser, schema: { ...schema, querystring } },
        async (request) => ok(await handler(await resolveSubject(request, 'fake'), request)),
      );
    }
  }

  /** The course, if the student may see it: 404 otherwise (no hint whether it exists). */
  async function visibleCourse(subject: Subject, courseId: number, kind?: CourseKind) {
    const course = await courses.findVisibleCourse(courseId, subject.student);
    if (!course || course.kind === 'enrollee' || (kind && course.kind !== kind)) throw notFound(`There is no course ${courseId}`);
    return course;
  }

  async function moduleViews(subject: Subject, courseId: number) {
    const { rows, unlocked } = await courses.courseTree(courseId, subject.student.id);
    return { rows, modules: buildModuleViews(rows, unlocked) };
  }

  both({ own: '/all-views', fake: '/all-views' }, {}, (s) => courses.listCourseViews(s.student, 'regular'));
  both({ own: '/additional', fake: '/additional/all-views' }, {}, (s) => courses.listCourseViews(s.student, 'additional'));
  // the other spelling of each, so both areas call the same shapes
  both({ own: '/additional/all-views', fake: '/additional' }, {}, (s) => courses.listCourseViews(s.student, 'additional'));

  both({ own: '/last-course', fake: '/last-course' }, {}, async (s) => {
    const last = await courses.lastCourse(s.student.id);
    return last ? { id: last.id, coursePicUrl: pictureUrl(last), available: true } : null;
  });

  const views = (kind?: CourseKind) => async (s: Subject, request: FastifyRequest) => {
    const { courseId } = request.params as CourseParams;
    await visibleCourse(s, courseId, kind);
    return (await moduleViews(s, courseId)).modules;
  };
  both({ own: '/views/:courseId', fake: '/views/:courseId' }, { params: courseParams }, views());
  both(
    { own: '/additional/:courseId/views', fake: '/additional/:courseId/views' },
    { params: courseParams },
    views('additional'),
  );

  const heading = (kind?: CourseKind) => async (s: Subject, request: FastifyRequest) => {
    const { courseId } = request.params as CourseParams;
    const { modulePosition, chapterPosition } = request.query as Positions;
    const course = await visibleCourse(s, courseId, kind);
    const [{ rows, modules }, enrolled] = await Promise.all([
      moduleViews(s, courseId),
      courses.isEnrolled(s.student.id, courseId),
    ]);
    const found = findChapter(modules, modulePosition, chapterPosition);
    if (!found) throw notFound(`Course ${courseId} has no chapter ${modulePosition}.${chapterPosition}`);
    return {
      courseName: course.name,
      chapterName: found.chapter.name,
      coursePicUrl: pictureUrl(course),
      chapterId: found.chapter.chapterId,
      moduleId: found.module.moduleId,
      taskHeadingDtos: headingItems(rows, found.chapter.chapterId, enrolled && !found.module.blocked),
    };
  };
  both(
    { own: '/:courseId/taskHeading', fake: '/:courseId/taskHeading' },
    { params: courseParams, querystring: positionsQuery },
    heading(),
  );
  both(
    { own: '/additional/:courseId/taskHeading', fake: '/additional/:courseId/taskHeading' },
    { params: courseParams, querystring: positionsQuery },
    heading('additional'),
  );

  both({ own: '/:courseId/is-enrolling', fake: '/:courseId/is-enrolling' }, { params: courseParams }, async (s, request) => {
    const { courseId } = request.params as CourseParams;
    await visibleCourse(s, courseId);
    return courses.isEnrolled(s.student.id, courseId);
  });

  both({ own: '/:courseId/module-dto', fake: '/:courseId/module-dto' }, { params: courseParams }, async (s, request) => {
    const { courseId } = request.params as CourseParams;
    await visibleCourse(s, courseId);
    return toModuleSummaries((await moduleViews(s, courseId)).modules);
  });

  // Enrolment: a student enrols themselves in a course they may see.
  app.post<{ Params: CourseParams }>(
    '/api/student/course/enroll/:courseId',
    { preHandler: requireRoles(['PAY_STUDENT', 'STUDENT']), schema: { params: courseParams } },
    async (request) => {
      const subject = await resolveSubject(request, 'own');
      const course = await visibleCourse(subject, request.params.courseId);
      await courses.enroll(subject.student.id, course.id);
      return ok<EnrollResult>({ courseId: course.id, modulePosition: 1, chapterPosition: 1, taskPosition: 1 });
    },
  );

  // Staff enrol a student in a course, or in a course and one of its modules (which opens it).
  const staffEnroll = { preHandler: requireRoles(STAFF_VIEW_ROLES) };
  async function studentFor(studentId: number) {
    const student = await app.db.selectFrom('users').selectAll().where('id', '=', studentId).executeTakeFirst();
    if (!student || (student.role !== 'PAY_STUDENT' && student.role !== 'STUDENT'))
      throw notFound(`There is no student with id ${studentId}`);
    return student;
  }
  async function courseFor(courseId: number) {
    const course = await courses.findCourse(courseId);
    if (!course || course.kind === 'enrollee') throw notFound(`There is no course ${courseId}`);
    return course;
  }
  app.post<{ Params: { courseId: number; studentId: number } }>(
    '/api/fake/protect/enroll/course/:courseId/:studentId',
    {
      ...staffEnroll,
      schema: { params: { type: 'object', required: ['courseId', 'studentId'], properties: { courseId: id, studentId: id } } },
    },
    async (request) => {
      const [course, student] = await Promise.all([courseFor(request.params.courseId), studentFor(request.params.studentId)]);
      await courses.enroll(student.id, course.id);
      return ok<EnrollResult>({ courseId: course.id, modulePosition: 1, chapterPosition: 1, taskPosition: 1 });
    },
  );
  app.post<{ Params: { courseId: number; moduleId: number; studentId: number } }>(
    '/api/fake/protect/enroll/module/:courseId/:moduleId/:studentId',
    {
      ...staffEnroll,
      schema: {
        params: {
          type: 'object',
          required: ['courseId', 'moduleId', 'studentId'],
          properties: { courseId: id, moduleId: id, studentId: id },
        },
      },
    },
    async (request) => {
      const { courseId, moduleId } = request.params;
      const [course, student] = await Promise.all([courseFor(courseId), studentFor(request.params.studentId)]);
      const module = await app.db
        .selectFrom('course_modules')
        .select(['id', 'position'])
        .where('id', '=', moduleId)
        .where('course_id', '=', course.id)
        .executeTakeFirst();
      if (!module) throw notFound(`Course ${courseId} has no module ${moduleId}`);
      await courses.enroll(student.id, course.id);
      await courses.unlockModule(student.id, module.id, currentUser(request).id);
      return ok<EnrollResult>({ courseId: course.id, modulePosition: module.position, chapterPosition: 1, taskPosition: 1 });
    },
  );

  // Course information (the same for every student): any signed-in user.
  async function anyCourse(request: FastifyRequest) {
    const { courseId } = request.params as CourseParams;
    const course = await courses.findCourse(courseId);
    if (!course || course.kind === 'enrollee') throw notFound(`There is no course ${courseId}`);
    return course;
  }
  const info = { preHandler: requireUser, schema: { params: courseParams } };
  app.get('/api/user/course/:courseId/course-pic', info, async (request) =>
    ok({ coursePicUrl: pictureUrl(await anyCourse(request)) }),
  );
  app.get('/api/user/course/:courseId/name', info, async (request) => ok({ name: (await anyCourse(request)).name }));
  app.get('/api/user/course/:courseId/course-info', info, async (request) => {
    const c = await anyCourse(request);
    return ok<CourseInfo>({
      target: c.target,
      demands: c.demands,
      description: c.description_html,
      filling: c.filling,
      transitTime: c.transit_time,
    });
  });
  app.get('/api/user/course/:courseId/course-author', info, async (request) => {
    const c = await anyCourse(request);
    return ok<CourseAuthor>({ name: c.author_name, email: c.author_email, about: c.author_about });
  });
  app.get('/api/user/course/:courseId/size', info, async (request) =>
    ok(await courses.courseSize((await anyCourse(request)).id)),
  );

  // Course pictures are public images (landing pages use them too); the URL carries a version.
  app.get<{ Params: CourseParams }>(
    '/api/user/course/:courseId/picture.svg',
    { schema: { params: courseParams } },
    async (request, reply) => {
      const course = await courses.findCourse(request.params.courseId);
      if (!course) throw notFound(`There is no course ${request.params.courseId}`);
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(course.picture_svg);
    },
  );

  // The direction of a student (own, or in view-as-student with studentId).
  const optionalStudent = { type: 'object', properties: { studentId: id } } as const;
  async function subjectOf(request: FastifyRequest) {
    const { studentId } = request.query as { studentId?: number };
    return resolveSubject(request, studentId ? 'fake' : 'own');
  }
  app.get('/api/user/course/direction', { preHandler: requireUser, schema: { querystring: optionalStudent } }, async (request) =>
    ok({ direction: (await subjectOf(request)).student.direction }),
  );
  app.get(
    '/api/user/course/directionName',
    { preHandler: requireUser, schema: { querystring: optionalStudent } },
    async (request) => {
      const { student, viewer } = await subjectOf(request);
      if (!student.direction) return ok({ directionName: null });
      const row = await app.db
        .selectFrom('directions')
        .selectAll()
        .where('code', '=', student.direction)
        .executeTakeFirstOrThrow();
      const language: Language = viewer.language;
      return ok({ directionName: language === 'en' ? row.name_en : row.name_ru });
    },
  );

  // Navigation inside a course.
  const taskIdParams = { type: 'object', required: ['id'], properties: { id } } as const;
  app.get<{ Params: { position: number }; Querystring: { chapterId: number } }>(
    '/api/user/courseTask/getIdByChapterIdAndPosition/:position',
    {
      preHandler: requireUser,
      schema: {
        params: { type: 'object', required: ['position'], properties: { position: id } },
        querystring: { type: 'object', required: ['chapterId'], properties: { chapterId: id } },
      },
    },
    async (request) => {
      const task = await app.db
        .selectFrom('course_tasks')
        .select('id')
        .where('chapter_id', '=', request.query.chapterId)
        .where('position', '=', request.params.position)
        .executeTakeFirst();
      if (!task) throw notFound(`Chapter ${request.query.chapterId} has no task ${request.params.position}`);
      return ok(task.id);
    },
  );
  app.get<{ Params: { id: number } }>(
    '/api/user/courseTask/:id/checkIsLast',
    { preHandler: requireUser, schema: { params: taskIdParams } },
    async (request) => {
      const task = await app.db
        .selectFrom('course_tasks as t')
        .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
        .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
        .select(['t.id', 'm.course_id'])
        .where('t.id', '=', request.params.id)
        .executeTakeFirst();
      if (!task) throw notFound(`There is no task ${request.params.id}`);
      const last = await app.db
        .selectFrom('course_tasks as t')
        .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
        .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
        .select('t.id')
        .where('m.course_id', '=', task.course_id)
        .orderBy('m.position', 'desc')
        .orderBy('ch.position', 'desc')
        .orderBy('t.position', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      return ok(last.id === task.id);
    },
  );
  app.get<{ Params: { chapterId: number } }>(
    '/api/user/navigation/chapter/:chapterId',
    {
      preHandler: requireUser,
      schema: {
        params: { type: 'object', required: ['chapterId'], properties: { chapterId: id } },
        querystring: optionalStudent,
      },
    },
    async (request) => {
      const subject = await subjectOf(request);
      const chapter = await app.db
        .selectFrom('course_chapters as ch')
        .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
        .select('m.course_id')
        .where('ch.id', '=', request.params.chapterId)
        .executeTakeFirst();
      if (!chapter) throw notFound(`There is no chapter ${request.params.chapterId}`);
      await visibleCourse(subject, chapter.course_id);
      const { modules } = await moduleViews(subject, chapter.course_id);
      return ok(chapterNavigation(modules, request.params.chapterId));
    },
  );
}
