import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { RoleName } from '@academy/shared/contract';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { addWaitingAnswer } from '../../testing/factory-routes';
import { testDatabases, type TestApp } from '../../testing/test-app';
import { createTaskState } from '../task-state/task-state';

type Caller = { id: number; cookie: string };
type Call = (cookie: string) => Promise<LightMyRequestResponse>;

/** The tables that hold a student's learning: what a refused call must leave as it was. */
const LEARNING_TABLES = [
  'enrollments',
  'module_unlocks',
  'student_tasks',
  'solutions',
  'answer_queue',
  'task_attempts',
  'student_reviews',
  'review_slots',
  'notifications',
  'submission_keys',
] as const;

// Issue 29 (the authorization suite, mentor side): every state-changing call a mentor makes for a student,
// called by a MENTOR who is not the student's mentor (refused, nothing changes) and by the student's own
// mentor (done). docs/courses.md, "Staff students list and view-as mode": a MENTOR acts for their own students and students without a mentor.
describe.each(testDatabases())('a mentor acts only for their own students, on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  let admin: Caller;
  let own: Caller;
  let stranger: Caller;
  let practice: number[];
  let review: { course: number; modules: number[] };

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
    admin = await t.userWithSession({ role: 'ADMIN', direction: null });
    own = await t.userWithSession({ role: 'MENTOR', direction: null, lastName: 'Своя' });
    stranger = await t.userWithSession({ role: 'MENTOR', direction: null, lastName: 'Чужая' });
    practice = await c.moduleIds(c.course);
    review = { course: c.courses.review!, modules: await c.moduleIds(c.courses.review!) };
  }, 300_000);
  afterAll(() => t?.close());

  const call =
    (method: 'POST' | 'PATCH', url: string, payload?: object): Call =>
    (cookie) =>
      t.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const outcome = (reply: LightMyRequestResponse) => [reply.statusCode, reply.json().error?.key ?? null];
  /** Every row of the learning tables, in a stable order. */
  const learningData = async () => {
    const data: Record<string, string[]> = {};
    for (const table of LEARNING_TABLES) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.database.db);
      data[table] = rows.rows.map((row) => JSON.stringify(row)).sort();
    }
    return data;
  };
  const enrol = async (studentId: number, courseId: number) =>
    expect((await call('POST', `/api/fake/protect/enroll/course/${courseId}/${studentId}`)(admin.cookie)).statusCode).toBe(200);
  const studentOf = async (mentor: Caller | null) => (await t.createUser(mentor ? { mentorId: mentor.id } : {})).id;

  const REFUSED = [409, 'studentOfAnotherMentor'];
  /** Each route: how to make a student for whom it changes something, and the call. */
  const routes: Array<{
    route: string;
    prepare(studentId: number): Promise<Call>;
    refused?: unknown[];
    /** who else may make the call when the student's mentor may not either (the role rule) */
    allowed?: () => Caller;
  }> = [
    {
      route: 'POST /api/fake/protect/enroll/course/{courseId}/{studentId}',
      prepare: async (studentId) => call('POST', `/api/fake/protect/enroll/course/${c.course}/${studentId}`),
    },
    {
      route: 'POST /api/fake/protect/enroll/module/{courseId}/{moduleId}/{studentId}',
      prepare: async (studentId) => call('POST', `/api/fake/protect/enroll/module/${c.course}/${practice[1]}/${studentId}`),
    },
    {
      route: 'POST /api/fake/protect/course/{courseId}/module/{moduleId}/done/{studentId}',
      prepare: async (studentId) => {
        await enrol(studentId, c.course);
        return call('POST', `/api/fake/protect/course/${c.course}/module/${practice[0]}/done/${studentId}`);
      },
    },
    {
      route: 'POST /api/fake/protect/course/{courseId}/finish/{studentId}',
      prepare: async (studentId) => {
        await enrol(studentId, c.course);
        return call('POST', `/api/fake/protect/course/${c.course}/finish/${studentId}`);
      },
    },
    {
      route: 'PATCH /api/mentor/review/discardReview?moduleId&studentId',
      prepare: async (studentId) => {
        await enrol(studentId, review.course);
        const states = createTaskState(t.database.db);
        for (const slug of ['closures-lecture', 'counter-code', 'closures-review']) {
          const task = c.task(slug);
          await states.answeredRight(await states.opened(studentId, task.id), task.points, null);
        }
        return call('PATCH', `/api/mentor/review/discardReview?moduleId=${review.modules[0]}&studentId=${studentId}`);
      },
    },
    {
      // an answer for a student is an administrator's (support), never a mentor's: refused by role
      route: 'POST /api/fake/user/task/{id}/{kind}?studentId',
      prepare: async (studentId) => {
        await enrol(studentId, c.course);
        const task = c.task('const-keyword').id;
        return call('POST', `/api/fake/user/task/${task}/word?studentId=${studentId}&courseTaskId=${task}`, { answer: 'const' });
      },
      refused: [403, 'forbidden'],
      allowed: () => admin,
    },
    {
      route: 'POST /api/fake/protect/user/taskInfo/{studentTaskId}/answer/{answerId}/mentorAnswer',
      prepare: async (studentId) => {
        const sent = await addWaitingAnswer(t.app, { studentId, minutesAgo: 5 });
        return call('POST', `/api/fake/protect/user/taskInfo/${sent.studentTaskId}/answer/${sent.answerId}/mentorAnswer`, {
          mentorComment: '<p>Хорошо</p>',
          right: true,
        });
      },
      refused: [404, 'queueNoAnswer'],
    },
    {
      route: 'POST /api/mentor/queue/{answerId}/take',
      prepare: async (studentId) => {
        const sent = await addWaitingAnswer(t.app, { studentId, minutesAgo: 5 });
        return call('POST', `/api/mentor/queue/${sent.answerId}/take`);
      },
      refused: [404, 'queueNoAnswer'],
    },
  ];

  it.each(routes)('$route: refused to another student’s mentor, nothing changes; done by the student’s own', async (route) => {
    const studentId = await studentOf(own);
    const send = await route.prepare(studentId);
    const before = await learningData();

    expect(outcome(await send(stranger.cookie))).toEqual(route.refused ?? REFUSED);
    expect(await learningData()).toEqual(before);
    if (route.allowed) {
      // the student's own mentor may not either
      expect(outcome(await send(own.cookie))).toEqual(route.refused);
      expect(await learningData()).toEqual(before);
    }

    expect(outcome(await send((route.allowed?.() ?? own).cookie))).toEqual([200, null]);
    expect(await learningData()).not.toEqual(before);
  });

  it('a student without a mentor: any mentor acts; another mentor’s student: the chief mentor, curator and administrator act', async () => {
    const finish = (studentId: number) => call('POST', `/api/fake/protect/course/${c.course}/finish/${studentId}`);
    const orphan = await studentOf(null);
    await enrol(orphan, c.course);
    expect(outcome(await finish(orphan)(stranger.cookie))).toEqual([200, null]);
    expect(outcome(await call('POST', `/api/fake/protect/enroll/course/${review.course}/${orphan}`)(stranger.cookie))).toEqual([
      200,
      null,
    ]);

    for (const role of ['CHIEF_MENTOR', 'CURATOR', 'ADMIN'] satisfies RoleName[]) {
      const staff = await t.userWithSession({ role, direction: null });
      const studentId = await studentOf(own);
      await enrol(studentId, c.course);
      expect({ role, reply: outcome(await finish(studentId)(staff.cookie)) }).toEqual({ role, reply: [200, null] });
    }

    // a mentor given someone else's student is refused before anything is looked up: a missing course too
    const foreign = await studentOf(own);
    expect(outcome(await call('POST', `/api/fake/protect/enroll/course/999999/${foreign}`)(stranger.cookie))).toEqual(REFUSED);
    // a missing student stays a 404 for a mentor, as for everyone
    expect(outcome(await call('POST', `/api/fake/protect/enroll/course/${c.course}/999999`)(stranger.cookie))[0]).toBe(404);
  });
});
