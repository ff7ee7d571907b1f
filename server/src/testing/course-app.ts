import type { LightMyRequestResponse } from 'fastify';
import type { DatabaseKind } from '../db/database';
import { importFixtureContent } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

export interface FixtureTask {
  id: number;
  points: number;
  /** the kind's data as stored, answers included (what the tests answer with) */
  data: Record<string, unknown>;
}

export interface CourseApp {
  t: TestApp;
  /** database ids of the fixture courses by slug (fixtures/content) */
  courses: Record<string, number>;
  /** the practice course's id (every task kind) */
  course: number;
  /** a fixture task by its slug (task slugs are unique across the fixture) */
  task(slug: string): FixtureTask;
  /** the module ids of a course, by position */
  moduleIds(course: number): Promise<number[]>;
  /** a signed-in paying student of FE, enrolled in the practice course */
  enrolledStudent(input?: Parameters<TestApp['userWithSession']>[0]): ReturnType<TestApp['userWithSession']>;
  /** Enrols the student (idempotent) and has staff open every module of the course; returns a (new) mentor. */
  openEveryModule(student: { id: number; cookie: string }, course?: number): ReturnType<TestApp['userWithSession']>;
  /** GET /api/student/task/{id}/{pathKind} */
  load(cookie: string, slug: string, pathKind: string): Promise<LightMyRequestResponse>;
  /** the student's state id of the task (created on first call) */
  stateId(cookie: string, slug: string): Promise<number>;
  /** POST /api/student/taskInfo/{state}/{pathKind} with the payload */
  solve(cookie: string, slug: string, pathKind: string, payload: object): Promise<LightMyRequestResponse>;
  /** the student's points in the practice course */
  points(cookie: string): Promise<number>;
  /** POST an answer of a mentor-check task (`?answer=`) for the student's task state */
  sendForCheck(cookie: string, stateId: number, answer: string): Promise<LightMyRequestResponse>;
  /** POST a mentor's verdict on an answer */
  giveVerdict(
    cookie: string,
    stateId: number,
    answerId: number,
    right: boolean,
    comment?: string,
  ): Promise<LightMyRequestResponse>;
}

/** A test app with the fixture courses imported, and the calls the task and course tests share. */
export async function createCourseApp(kind: DatabaseKind): Promise<CourseApp> {
  const t = await createTestApp(kind);
  await importFixtureContent(t.database.db);
  const courseRows = await t.database.db.selectFrom('courses').select(['id', 'slug']).execute();
  const courses = Object.fromEntries(courseRows.map((r) => [r.slug, r.id]));
  const taskRows = await t.database.db.selectFrom('course_tasks').select(['id', 'slug', 'points', 'data']).execute();
  const tasks = new Map(taskRows.map((r) => [r.slug, { id: r.id, points: r.points, data: r.data as Record<string, unknown> }]));
  const course = courses.practice!;
  let admin: ReturnType<TestApp['userWithSession']> | undefined;

  const task = (slug: string) => {
    const found = tasks.get(slug);
    if (!found) throw new Error(`no fixture task "${slug}"`);
    return found;
  };
  const enrol = (cookie: string, id: number) =>
    t.inject({ method: 'POST', url: `/api/student/course/enroll/${id}`, headers: { cookie } });
  const stateId = async (cookie: string, slug: string) =>
    (
      await t.inject({ method: 'GET', url: `/api/student/task/${task(slug).id}/studentCourseTaskInfoId`, headers: { cookie } })
    ).json().data as number;

  return {
    t,
    courses,
    course,
    task,
    async moduleIds(id) {
      const rows = await t.database.db
        .selectFrom('course_modules')
        .select('id')
        .where('course_id', '=', id)
        .orderBy('position')
        .execute();
      return rows.map((m) => m.id);
    },
    async enrolledStudent(input) {
      const student = await t.userWithSession(input);
      await enrol(student.cookie, course);
      return student;
    },
    async openEveryModule(student, id = course) {
      const mentor = await t.userWithSession({ role: 'MENTOR' });
      await enrol(student.cookie, id);
      // opened by an administrator: a MENTOR acts only for their own students and those without a mentor
      admin ??= t.userWithSession({ role: 'ADMIN', direction: null });
      const { cookie } = await admin;
      const modules = await t.database.db.selectFrom('course_modules').select('id').where('course_id', '=', id).execute();
      for (const m of modules) {
        await t.inject({
          method: 'POST',
          url: `/api/fake/protect/enroll/module/${id}/${m.id}/${student.id}`,
          headers: { cookie },
        });
      }
      return mentor;
    },
    load: (cookie, slug, pathKind) =>
      t.inject({ method: 'GET', url: `/api/student/task/${task(slug).id}/${pathKind}`, headers: { cookie } }),
    stateId,
    async solve(cookie, slug, pathKind, payload) {
      return t.inject({
        method: 'POST',
        url: `/api/student/taskInfo/${await stateId(cookie, slug)}/${pathKind}`,
        headers: { cookie },
        payload: { taskType: pathKind, ...payload },
      });
    },
    async points(cookie) {
      const response = await t.inject({ method: 'GET', url: '/api/student/course/all-views', headers: { cookie } });
      return response.json().data.find((c: { id: number }) => c.id === course).studentPoints as number;
    },
    sendForCheck: (cookie, state, answer) =>
      t.inject({
        method: 'POST',
        url: `/api/student/taskInfo/${state}/mentorCheckTask?answer=${encodeURIComponent(answer)}`,
        headers: { cookie },
      }),
    giveVerdict: (cookie, state, answerId, right, comment = right ? '<p>good</p>' : '<p>again</p>') =>
      t.inject({
        method: 'POST',
        url: `/api/fake/protect/user/taskInfo/${state}/answer/${answerId}/mentorAnswer`,
        headers: { cookie },
        payload: { mentorComment: comment, right },
      }),
  };
}
