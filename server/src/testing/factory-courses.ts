import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createTaskState } from '../modules/task-state/task-state';
import { createTestUser } from './factory-users';

// Students' course data for tests: enrolments as staff make them, waiting mentor-check answers, backdated activity.

export interface TestEnrolmentInput {
  studentId: number;
  /** the course's slug (fixtures/content) */
  course: string;
  /** open every module as staff do (otherwise only the first is open) */
  openModules?: boolean;
}

/**
 * A mentor-check answer waiting for its verdict, sent `minutesAgo` minutes before now (the queue's
 * promise states without moving the clock every test file shares): the student is enrolled with every
 * module open, so the task page opens in view-as mode.
 */
export interface TestWaitingAnswerInput {
  studentId: number;
  /** a mentor-check task of the fixture courses: `todo-project` (practice, the default) or `review-etiquette` (extra) */
  task?: string;
  minutesAgo?: number;
  answer?: string;
}

/** A waiting mentor-check answer of the student, backdated; returns its ids and the task page's address. */
export async function addWaitingAnswer(
  app: FastifyInstance,
  input: TestWaitingAnswerInput,
): Promise<{ answerId: number; studentTaskId: number; courseTaskId: number; courseId: number; path: string }> {
  const slug = input.task ?? 'todo-project';
  const task = await app.db
    .selectFrom('course_tasks as t')
    .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
    .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
    .innerJoin('courses as c', 'c.id', 'm.course_id')
    .select([
      't.id',
      't.position',
      'ch.position as chapter',
      'm.position as module',
      'c.slug as course',
      'c.id as course_id',
      'c.kind',
    ])
    .where('t.slug', '=', slug)
    .where('t.kind', '=', 'mentorCheckTask')
    .executeTakeFirst();
  if (!task) throw new Error(`no mentor-check task "${slug}"`);
  await enrolAsStaff(app, { studentId: input.studentId, course: task.course, openModules: true });
  const states = createTaskState(app.db);
  const state = await states.opened(input.studentId, task.id);
  await states.sentForCheck(state, input.answer ?? `https://example.org/${randomBytes(6).toString('hex')}`);
  const sent = new Date(app.clock.now().getTime() - (input.minutesAgo ?? 0) * 60_000);
  const answer = await app.db
    .updateTable('solutions')
    .set({ created_at: sent })
    .where('student_task_id', '=', state.id)
    .where('right_answer', 'is', null)
    .returning('id')
    .executeTakeFirstOrThrow();
  const course = task.kind === 'additional' ? `additional/${task.course_id}` : String(task.course_id);
  return {
    answerId: answer.id,
    studentTaskId: state.id,
    courseTaskId: task.id,
    courseId: task.course_id,
    path: `/user/courses/${course}/${task.module}/${task.chapter}/${task.position}?studentId=${input.studentId}`,
  };
}

/** Kept code submissions of a student on the practice course's code task, `count` of them at each instant. */
export async function addActivity(
  app: FastifyInstance,
  studentId: number,
  entries: Array<{ at: string; count: number }>,
): Promise<{ added: number }> {
  const task = await app.db.selectFrom('course_tasks').select('id').where('slug', '=', 'sum-function').executeTakeFirstOrThrow();
  await app.db
    .insertInto('student_tasks')
    .values({ student_id: studentId, task_id: task.id, last_action: null, answer: null })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const state = await app.db
    .selectFrom('student_tasks')
    .select('id')
    .where('student_id', '=', studentId)
    .where('task_id', '=', task.id)
    .executeTakeFirstOrThrow();
  const rows = entries.flatMap(({ at, count }) =>
    Array.from({ length: count }, () => ({
      student_task_id: state.id,
      answer: JSON.stringify({ solution: 'function sum(a, b) { return a - b; }' }),
      result: JSON.stringify([]),
      right_answer: false,
      created_at: at,
    })),
  );
  if (rows.length > 0) await app.db.insertInto('solutions').values(rows).execute();
  return { added: rows.length };
}

/** Enrolment through the staff endpoints, as an administrator made for the purpose; returns the course id. */
export async function enrolAsStaff(app: FastifyInstance, input: TestEnrolmentInput): Promise<{ courseId: number }> {
  const course = await app.db.selectFrom('courses').select('id').where('slug', '=', input.course).executeTakeFirst();
  if (!course) throw new Error(`no course "${input.course}"`);
  const admin = await createTestUser(app, { role: 'ADMIN', direction: null });
  const signIn = await app.inject({
    method: 'POST',
    url: '/token',
    headers: { zoneid: 'UTC' },
    payload: { username: admin.email, password: admin.password },
  });
  const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const call = async (method: 'GET' | 'POST', url: string) => {
    const response = await app.inject({ method, url, headers: { cookie, zoneid: 'UTC' } });
    if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json().data;
  };
  await call('POST', `/api/fake/protect/enroll/course/${course.id}/${input.studentId}`);
  if (input.openModules) {
    const modules = (await call('GET', `/api/fake/user/course/views/${course.id}?studentId=${input.studentId}`)) as Array<{
      moduleId: number;
    }>;
    for (const m of modules) await call('POST', `/api/fake/protect/enroll/module/${course.id}/${m.moduleId}/${input.studentId}`);
  }
  return { courseId: course.id };
}
