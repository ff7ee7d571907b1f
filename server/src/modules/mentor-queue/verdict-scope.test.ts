import type { LightMyRequestResponse } from 'fastify';
import type { RoleName } from '@academy/shared/contract';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { addWaitingAnswer } from '../../testing/factory-routes';
import { testDatabases, type TestApp } from '../../testing/test-app';

const QUEUE = '/api/mentor/queue';

// Issue 29 item 1: the verdict follows the queue's rule of whose answers a mentor judges (docs/courses.md, "Mentor queue").
describe.each(testDatabases())('who may give a verdict on an answer, on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
  }, 120_000);
  afterAll(() => t?.close());

  const mentorWithSession = (lastName: string, role: RoleName = 'MENTOR') =>
    t.userWithSession({ role, direction: null, firstName: 'Инна', lastName });
  const answerOf = async (mentorId?: number) => {
    const student = await t.createUser({ ...(mentorId ? { mentorId } : {}) });
    return { student, ...(await addWaitingAnswer(t.app, { studentId: student.id, minutesAgo: 30 })) };
  };
  const verdict = (sent: { studentTaskId: number; answerId: number }, cookie: string, right = true) =>
    t.post(
      `/api/fake/protect/user/taskInfo/${sent.studentTaskId}/answer/${sent.answerId}/mentorAnswer`,
      { mentorComment: '<p>Хорошо</p>', right },
      cookie,
    );
  const refusal = (reply: LightMyRequestResponse) => [reply.statusCode, reply.json().error?.key];
  /** The student's task state and the answer's verdict as the database holds them. */
  const stateOf = async (sent: { studentTaskId: number; answerId: number }) => {
    const state = await t.database.db
      .selectFrom('student_tasks')
      .select(['solved', 'checked', 'points'])
      .where('id', '=', sent.studentTaskId)
      .executeTakeFirstOrThrow();
    const answer = await t.database.db
      .selectFrom('solutions')
      .select('right_answer')
      .where('id', '=', sent.answerId)
      .executeTakeFirstOrThrow();
    return { ...state, right: answer.right_answer };
  };

  it('a mentor who is not the student’s mentor and does not hold the answer is refused as the queue refuses them: no points', async () => {
    const own = await mentorWithSession('Своя');
    const stranger = await mentorWithSession('Чужая');
    const sent = await answerOf(own.id);
    const before = await stateOf(sent);

    expect(
      refusal(await t.inject({ method: 'POST', url: `${QUEUE}/${sent.answerId}/take`, headers: { cookie: stranger.cookie } })),
    ).toEqual([404, 'queueNoAnswer']);
    const refused = await verdict(sent, stranger.cookie);
    expect(refusal(refused)).toEqual([404, 'queueNoAnswer']);
    expect(refused.json().error.text).toMatch(/нет в вашей очереди/);
    expect(await stateOf(sent)).toEqual(before);
    expect(before).toMatchObject({ checked: false, points: 0, right: null });

    // the student's own mentor judges it
    expect((await verdict(sent, own.cookie)).statusCode).toBe(200);
    expect(await stateOf(sent)).toMatchObject({ solved: true, checked: true, right: true });
    expect((await stateOf(sent)).points).toBeGreaterThan(0);
  });

  it('twelve foreign mentors at once: every verdict refused, nothing changes; the held answer only by its holder', async () => {
    const own = await mentorWithSession('Своя');
    const strangers = await Promise.all(Array.from({ length: 12 }, (_, i) => mentorWithSession(`Чужая${i}`)));
    const sent = await answerOf(own.id);
    const replies = await Promise.all(strangers.map((s, i) => verdict(sent, s.cookie, i % 2 === 0)));
    expect(replies.map(refusal)).toEqual(strangers.map(() => [404, 'queueNoAnswer']));
    expect(await stateOf(sent)).toMatchObject({ checked: false, points: 0, right: null });

    // a student without a mentor: any mentor's queue holds the answer; taken, only its holder judges
    const orphan = await answerOf();
    const [holder, other] = strangers;
    expect(
      (await t.inject({ method: 'POST', url: `${QUEUE}/${orphan.answerId}/take`, headers: { cookie: holder!.cookie } }))
        .statusCode,
    ).toBe(200);
    expect(refusal(await verdict(orphan, other!.cookie))).toEqual([409, 'queueVerdictTaken']);
    expect(refusal(await verdict(orphan, own.cookie))).toEqual([409, 'queueVerdictTaken']);
    expect((await verdict(orphan, holder!.cookie)).statusCode).toBe(200);
  });

  it('an answer the chief mentor gave to another mentor: that mentor and the chief judge it, the student’s mentor no longer', async () => {
    const chief = await mentorWithSession('Главная', 'CHIEF_MENTOR');
    const own = await mentorWithSession('Своя');
    const helper = await mentorWithSession('Помощница');
    const first = await answerOf(own.id);
    expect((await t.post(`${QUEUE}/${first.answerId}/assign`, { mentorId: helper.id }, chief.cookie)).statusCode).toBe(200);
    expect(refusal(await verdict(first, own.cookie))).toEqual([404, 'queueNoAnswer']);
    expect((await verdict(first, helper.cookie)).statusCode).toBe(200);

    // the chief mentor reads everyone's queue: judges any answer
    const second = await answerOf(own.id);
    expect((await verdict(second, chief.cookie, false)).statusCode).toBe(200);
    expect(await stateOf(second)).toMatchObject({ checked: true, points: 0, right: false });
  });
});
