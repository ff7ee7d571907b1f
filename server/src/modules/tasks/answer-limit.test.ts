import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';
import { ANSWER_LIMITS } from './answer-limit';

// A student's instant answers and lecture reads are limited per minute (docs/grading.md, "Grading"): each one
// accepted is a logged attempt, so a script must not be able to grow task_attempts without bound.
describe.each(testDatabases())('the answers’ rate limit on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
  });
  afterEach(() => {
    t.app.rateLimiter.now = () => Date.now();
  });
  afterAll(() => t?.close());

  const answer = (cookie: string, state: number, payload: object) =>
    t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${state}/word`,
      headers: { cookie },
      payload: { taskType: 'word', ...payload },
    });
  const readLecture = (cookie: string, state: number) =>
    t.inject({ method: 'GET', url: `/api/student/taskInfo/${state}/solve-lecture`, headers: { cookie } });
  const attempts = async (studentId: number) =>
    Number(
      (
        await t.database.db
          .selectFrom('task_attempts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('student_id', '=', studentId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a burst of 60 parallel answers: 30 graded and logged, the rest 429 with Retry-After and a text, none logged', async () => {
    expect(ANSWER_LIMITS).toEqual({ perSubject: 30, windowMinutes: 1 });
    const student = await c.enrolledStudent();
    const other = await c.enrolledStudent();
    const state = await c.stateId(student.cookie, 'const-keyword');
    const replies = await Promise.all(Array.from({ length: 60 }, () => answer(student.cookie, state, { answer: 'let' })));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(await attempts(student.id)).toBe(30);
    const refused = replies.find((r) => r.statusCode === 429)!;
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.json().error).toMatchObject({ key: 'answersTooFast' });
    expect(refused.json().error.text).toContain(`${seconds} с`);

    // still refused: another answer, a right one, and reading a lecture; nothing moves, nothing is logged
    expect((await answer(student.cookie, state, { answer: 'const' })).statusCode).toBe(429);
    const lecture = await c.stateId(student.cookie, 'what-is-js');
    expect((await readLecture(student.cookie, lecture)).statusCode).toBe(429);
    expect((await c.load(student.cookie, 'const-keyword', 'word')).json().data.solved).toBe(false);
    expect(await attempts(student.id)).toBe(30);

    // the limit is the student's own
    const otherState = await c.stateId(other.cookie, 'const-keyword');
    expect((await answer(other.cookie, otherState, { answer: 'const' })).json().data.solved).toBe(true);

    // a minute later the student answers again
    t.app.rateLimiter.now = () => Date.now() + 61_000;
    expect((await answer(student.cookie, state, { answer: 'const' })).json().data.solved).toBe(true);
    expect((await readLecture(student.cookie, lecture)).json().data.solved).toBe(true);
    expect(await attempts(student.id)).toBe(32);
  });

  it('answers refused before grading (invalid, already solved) and second reads of a lecture do not use the limit up', async () => {
    const student = await c.enrolledStudent();
    const state = await c.stateId(student.cookie, 'const-keyword');
    const lecture = await c.stateId(student.cookie, 'what-is-js');
    expect((await readLecture(student.cookie, lecture)).json().data.solved).toBe(true);
    for (let i = 0; i < ANSWER_LIMITS.perSubject; i += 1) {
      expect((await answer(student.cookie, state, { answer: '   ' })).statusCode).toBe(400);
      expect((await readLecture(student.cookie, lecture)).statusCode).toBe(200);
    }
    expect((await answer(student.cookie, state, { answer: 'const' })).json().data.solved).toBe(true);
    for (let i = 0; i < ANSWER_LIMITS.perSubject; i += 1)
      expect((await answer(student.cookie, state, { answer: 'const' })).json().error.key).toBe('taskAlreadySolved');
    expect(await attempts(student.id)).toBe(2);
  });
});
