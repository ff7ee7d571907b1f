import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type {
  Direction,
  InactivationReason,
  NotificationKind,
  PaymentType,
  ReviewStatus,
  RoleName,
} from '@academy/shared/contract';
import { hashPassword } from '../modules/auth/passwords';
import { createTaskState } from '../modules/task-state/task-state';

export interface TestUserInput {
  role?: RoleName;
  paymentType?: PaymentType | null;
  direction?: Direction | null;
  blocked?: boolean;
  firstName?: string;
  lastName?: string;
  isViewReport?: boolean;
  mustChangePassword?: boolean;
  /** an inactivation reason (docs/accounts.md, "Inactivation"); `mustChangePassword` is PASSWORD_CHANGE_REQUIRED */
  inactivationReason?: InactivationReason;
  /** an account made that many days ago (the yesterday's-report rule asks nothing of one made today) */
  createdDaysAgo?: number;
  /** the student's assigned mentor (docs/courses.md, "Mentor queue") */
  mentorId?: number;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

export interface TestEnrolmentInput {
  studentId: number;
  /** the course's slug (fixtures/content) */
  course: string;
  /** open every module as staff do (otherwise only the first is open) */
  openModules?: boolean;
}

export interface TestNotificationInput {
  title: string;
  message: string;
  userId?: number;
  important?: boolean;
  endTime?: string;
  kind?: NotificationKind;
  link?: string;
}

/** A review slot planned directly (no planning rules: any time, any module), with a conference link when given. */
export interface TestReviewSlotInput {
  moduleId: number;
  /** ISO instant */
  startsAt: string;
  capacity?: number;
  link?: string;
  /** the reviewing mentor */
  mentorId?: number;
}

/** A review's outcome as the reviewing mentor will record it, with its debts. */
export interface TestReviewOutcomeInput {
  reviewId: number;
  status: ReviewStatus;
  codeDebts?: Array<{ taskId: number; mentorComment: string }>;
  theoryDebts?: string[];
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

export const TEST_PASSWORD = 'test-pass-1';
let testHash: Promise<string> | null = null;

/**
 * Test data factories over HTTP, for the frontend integration tests and the browser suite. Registered
 * only by the test servers (test-server.ts, e2e-server.ts), never by `npm start`.
 */
export async function factoryRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: TestUserInput }>('/__test__/users', async (request) => createTestUser(app, request.body ?? {}));
  // an inactivation reason set or lifted (null) while the user may be signed in (docs/accounts.md, "Inactivation")
  app.post<{ Body: { userId: number; reason: InactivationReason | null } }>('/__test__/users/inactivation', async (request) =>
    app.db
      .updateTable('users')
      .set({ inactivation_reason: request.body.reason })
      .where('id', '=', request.body.userId)
      .returning(['id', 'inactivation_reason as reason'])
      .executeTakeFirstOrThrow(),
  );
  // enrols a student in a course as staff do, and opens its modules when asked
  app.post<{ Body: TestEnrolmentInput }>('/__test__/enrolments', async (request) => enrolAsStaff(app, request.body));
  // a notification for everyone, or for one user (an academy notice with its link when a kind is named)
  app.post<{ Body: TestNotificationInput }>('/__test__/notifications', async (request) =>
    app.db
      .insertInto('notifications')
      .values({
        title: request.body.title,
        message: request.body.message,
        important: request.body.important ?? false,
        end_time: request.body.endTime ?? null,
        audience: request.body.userId ? 'USER' : 'ALL',
        user_id: request.body.userId ?? null,
        kind: request.body.kind ?? 'STAFF',
        link: request.body.link ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  // backdated activity of a student (the statistics page): kept code submissions at these instants
  app.post<{ Body: { studentId: number; entries: Array<{ at: string; count: number }> } }>(
    '/__test__/activity',
    async (request) => addActivity(app, request.body.studentId, request.body.entries),
  );
  // a comment written `minutes` earlier than it was (the author's edit window without moving the shared clock)
  app.post<{ Body: { commentId: number; minutes: number } }>('/__test__/comments/age', async (request) => {
    const comment = await app.db
      .selectFrom('comments')
      .select('created_at')
      .where('id', '=', request.body.commentId)
      .executeTakeFirstOrThrow();
    const createdAt = new Date(comment.created_at.getTime() - request.body.minutes * 60_000);
    await app.db.updateTable('comments').set({ created_at: createdAt }).where('id', '=', request.body.commentId).execute();
    return { createdAt: createdAt.toISOString() };
  });
  // review slots and outcomes (docs/courses.md, "Reviews") without the planning and outcome rules: past slots, any status
  app.post<{ Body: TestReviewSlotInput }>('/__test__/review-slots', async (request) => planReviewSlot(app, request.body));
  // the review begins: its slot's start moves to a few minutes ago, bookings kept (the outcome is recorded after the start)
  app.post<{ Body: { slotId: number } }>('/__test__/review-slots/started', async (request) =>
    app.db
      .updateTable('review_slots')
      .set({ starts_at: new Date(app.clock.now().getTime() - 5 * 60_000) })
      .where('id', '=', request.body.slotId)
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  app.post<{ Body: TestReviewOutcomeInput }>('/__test__/review-outcomes', async (request) =>
    recordReviewOutcome(app, request.body),
  );
  app.post<{ Body: TestWaitingAnswerInput }>('/__test__/waiting-answers', async (request) => addWaitingAnswer(app, request.body));
  // the newest mail to an address, as the outbox holds it (recovery and invitation journeys)
  app.get<{ Querystring: { to: string } }>('/__test__/mail', async (request) =>
    app.db
      .selectFrom('mail_outbox')
      .select(['subject', 'body_text'])
      .where('recipient', '=', request.query.to)
      .orderBy('id', 'desc')
      .executeTakeFirst(),
  );
}

export async function createTestUser(app: FastifyInstance, input: TestUserInput = {}): Promise<TestUser> {
  // the made-up accounts' hash is cheap to check (scrypt N = 2^10: ~1 ms, not ~100 ms); a sign-in in
  // tests still runs the real check, on the parameters the hash records
  testHash ??= hashPassword(TEST_PASSWORD, { N: 2 ** 10, r: 8, p: 1 });
  const role = input.role ?? 'PAY_STUDENT';
  const email = `${role.toLowerCase()}-${randomBytes(5).toString('hex')}@test.academy`;
  const row = await app.db
    .insertInto('users')
    .values({
      email,
      password_hash: await testHash,
      first_name: input.firstName ?? 'Тест',
      last_name: input.lastName ?? 'Тестов',
      role,
      payment_type: input.paymentType === undefined ? (role === 'PAY_STUDENT' ? 'UNTIL_PAID' : null) : input.paymentType,
      direction: input.direction === undefined ? 'FE' : input.direction,
      blocked: input.blocked ?? false,
      is_view_report: input.isViewReport ?? false,
      birthday: null,
      avatar_url: null,
      inactivation_reason: input.inactivationReason ?? (input.mustChangePassword ? 'PASSWORD_CHANGE_REQUIRED' : null),
      ...(input.mentorId ? { mentor_id: input.mentorId, has_mentor: true } : {}),
      ...(input.createdDaysAgo ? { created_at: new Date(app.clock.now().getTime() - input.createdDaysAgo * 86_400_000) } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password: TEST_PASSWORD };
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

/** Plans a review slot of a module; returns its id (the `reviewId` a student books). */
export async function planReviewSlot(app: FastifyInstance, input: TestReviewSlotInput): Promise<{ id: number }> {
  const code = input.link ? randomBytes(8).toString('hex') : null;
  if (code) await app.db.insertInto('meet_links').values({ code, url: input.link!, title: 'Review', expires_at: null }).execute();
  return app.db
    .insertInto('review_slots')
    .values({
      module_id: input.moduleId,
      starts_at: input.startsAt,
      capacity: input.capacity ?? 1,
      link_code: code,
      mentor_id: input.mentorId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * Records a review's outcome and its debts, freeing its seat when it no longer waits; a passed one
 * completes the module's review steps, as the outcome route does (docs/courses.md, "Reviews"). Unlike the route it
 * takes any status at any time, so tests can reach every state.
 */
export async function recordReviewOutcome(app: FastifyInstance, input: TestReviewOutcomeInput): Promise<{ id: number }> {
  const before = await app.db
    .selectFrom('student_reviews')
    .select('status')
    .where('id', '=', input.reviewId)
    .executeTakeFirstOrThrow();
  const review = await app.db
    .updateTable('student_reviews')
    .set({ status: input.status })
    .where('id', '=', input.reviewId)
    .returning(['id', 'slot_id', 'student_id', 'module_id'])
    .executeTakeFirstOrThrow();
  if (input.status === 'SUCCESS')
    await createTaskState(app.db).completedByStaff(review.student_id, { moduleIds: [review.module_id], kind: 'review_step' });
  if (before.status === 'WAITED' && input.status !== 'WAITED')
    await app.db
      .updateTable('review_slots')
      .set((eb) => ({ seats_taken: eb('seats_taken', '-', 1) }))
      .where('id', '=', review.slot_id)
      .execute();
  for (const debt of input.codeDebts ?? [])
    await app.db
      .insertInto('review_code_debts')
      .values({ review_id: review.id, task_id: debt.taskId, mentor_comment: debt.mentorComment })
      .execute();
  for (const text of input.theoryDebts ?? [])
    await app.db.insertInto('review_theory_debts').values({ review_id: review.id, text }).execute();
  return { id: review.id };
}
