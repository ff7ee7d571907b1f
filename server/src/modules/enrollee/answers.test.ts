import { testDatabases, type TestApp } from '../../testing/test-app';
import { ANSWER_LIMITS } from '../tasks/answer-limit';
import { createEnrolleeApp, rightPayload, type EnrolleeApp, type TestStep } from './test-helpers';

// Answering the lesson steps (spec 2 §2.13, §7): every kind's payload through the steps' one address,
// graded by the course pages' graders; points once; a reset keeps them; the same answer limits.
describe.each(testDatabases())('answering the enrollee’s steps on %s', (kind) => {
  let e: EnrolleeApp;
  let t: TestApp;
  let fe: TestStep[];
  let java: TestStep[];
  beforeAll(async () => {
    e = await createEnrolleeApp(kind);
    t = e.t;
    fe = await e.steps('FE');
    java = await e.steps('JAVA');
  });
  afterEach(() => {
    t.app.rateLimiter.now = () => Date.now();
  });
  afterAll(() => t?.close());

  const answer = (cookie: string, state: number, payload: object) =>
    e.post(`/api/enrollee/directionTask/${state}`, cookie, payload);
  const points = async (cookie: string) => (await e.heading(cookie)).json().data.studentPoints as number;
  const stateOf = async (cookie: string, position: number, steps: TestStep[]) =>
    (await e.open(cookie, position, steps[position - 1]!.taskId)).json().data.studentTaskId as number;

  it('every kind: a wrong answer is kept, the right one solves the step; all but the mentor check make 100 % less its points', async () => {
    const enrollee = await e.enrollee('JAVA');
    let earned = 0;
    for (const [i, step] of java.entries()) {
      const position = i + 1;
      const state = await stateOf(enrollee.cookie, position, java);
      if (step.kind === 'lecture') {
        const read = await e.get(`/api/enrollee/directionTask/${state}/solve-lecture`, enrollee.cookie);
        expect(read.json().data).toMatchObject({ type: 'lecture', solved: true });
        earned += step.points;
        continue;
      }
      const right = rightPayload(step.kind, step.data);
      if (!right) {
        // a mentor check is not answered through the steps
        const refused = await answer(enrollee.cookie, state, { taskType: 'mentorCheckTask', answer: 'https://example.org/x' });
        expect([step.kind, refused.statusCode, refused.json().error.key]).toEqual([step.kind, 400, 'stepNotAnswered']);
        continue;
      }
      if (step.kind === 'word') {
        const wrong = await answer(enrollee.cookie, state, { taskType: 'word', answer: 'let' });
        expect(wrong.json().data).toMatchObject({ solved: false, lastActionIsWrong: true, answer: 'let' });
      }
      const reply = await answer(enrollee.cookie, state, right);
      expect([step.kind, reply.statusCode, reply.json().data?.solved]).toEqual([step.kind, 200, true]);
      expect(reply.json().data.lastActionIsRight).toBe(true);
      earned += step.points;
      expect(await points(enrollee.cookie)).toBe(earned);
    }
    const heading = (await e.heading(enrollee.cookie)).json().data;
    expect(heading.studentPoints).toBe(heading.coursePoints - java.find((s) => s.kind === 'mentorCheckTask')!.points);
    expect(heading.taskIcons.filter((i: { solved: boolean }) => !i.solved).map((i: { taskType: string }) => i.taskType)).toEqual([
      'mentorCheckTask',
    ]);
  });

  it('a code step runs in the sandbox: hidden tests only pass or fail, the right solution solves it', async () => {
    const enrollee = await e.enrollee('JAVA');
    const state = await stateOf(enrollee.cookie, 8, java);
    const wrong = await answer(enrollee.cookie, state, { taskType: 'code', solution: 'function sum(a, b) { return a - b; }' });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().data).toMatchObject({ type: 'code', solved: false, lastActionIsWrong: true });
    expect(wrong.json().data.result.some((r: { passed: boolean }) => !r.passed)).toBe(true);
    for (const outcome of wrong.json().data.result.filter((r: { hidden: boolean }) => r.hidden))
      expect(Object.keys(outcome).sort()).toEqual(['hidden', 'name', 'passed']);
    const right = await answer(enrollee.cookie, state, rightPayload('code', java[7]!.data)!);
    expect(right.json().data).toMatchObject({ solved: true, lastActionIsRight: true });
  });

  it('the FE steps: a lecture read on open, the word answered; 100 %, and the row shows both solved', async () => {
    const enrollee = await e.enrollee('FE');
    const lecture = await stateOf(enrollee.cookie, 1, fe);
    await e.get(`/api/enrollee/directionTask/${lecture}/solve-lecture`, enrollee.cookie);
    expect((await e.heading(enrollee.cookie, 2)).json().data).toMatchObject({ studentPoints: 1, coursePoints: 2 });
    const word = await stateOf(enrollee.cookie, 2, fe);
    await answer(enrollee.cookie, word, { taskType: 'word', answer: ' HTML ' });
    const heading = (await e.heading(enrollee.cookie, 2)).json().data;
    expect(heading).toMatchObject({ studentPoints: 2, coursePoints: 2 });
    expect(heading.taskIcons.map((i: { solved: boolean }) => i.solved)).toEqual([true, true]);
    // a second read of the lecture changes nothing
    const again = await e.get(`/api/enrollee/directionTask/${lecture}/solve-lecture`, enrollee.cookie);
    expect(again.statusCode).toBe(200);
    expect(await points(enrollee.cookie)).toBe(2);
  });

  it('points once under parallel right answers and lecture reads', async () => {
    const enrollee = await e.enrollee('FE');
    const lecture = await stateOf(enrollee.cookie, 1, fe);
    const word = await stateOf(enrollee.cookie, 2, fe);
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, () => e.get(`/api/enrollee/directionTask/${lecture}/solve-lecture`, enrollee.cookie)),
      ...Array.from({ length: 10 }, () => answer(enrollee.cookie, word, { taskType: 'word', answer: 'html' })),
    ]);
    for (const reply of replies) expect([200, 400]).toContain(reply.statusCode);
    expect(replies.filter((r) => r.statusCode === 400).every((r) => r.json().error.key === 'taskAlreadySolved')).toBe(true);
    expect(await points(enrollee.cookie)).toBe(2);
    const awarded = await t.database.db
      .selectFrom('student_tasks')
      .select(['task_id', 'points'])
      .where('student_id', '=', enrollee.id)
      .orderBy('task_id')
      .execute();
    expect(awarded).toEqual([
      { task_id: fe[0]!.taskId, points: 1 },
      { task_id: fe[1]!.taskId, points: 1 },
    ]);
  });

  it('a reset makes the step new again and keeps its points; answering it again awards none', async () => {
    const enrollee = await e.enrollee('FE');
    const word = await stateOf(enrollee.cookie, 2, fe);
    await answer(enrollee.cookie, word, { taskType: 'word', answer: 'html' });
    expect(await points(enrollee.cookie)).toBe(1);
    const reset = await e.post(`/api/enrollee/directionTask/${word}/reset`, enrollee.cookie);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toMatchObject({ type: 'word', solved: false, lastActionIsRight: false, answer: '' });
    const heading = (await e.heading(enrollee.cookie, 2)).json().data;
    expect(heading.studentPoints).toBe(1);
    expect(heading.taskIcons[1]).toMatchObject({ solved: false, current: true });
    expect((await answer(enrollee.cookie, word, { taskType: 'word', answer: 'html' })).json().data.solved).toBe(true);
    expect(await points(enrollee.cookie)).toBe(1);
    const solvedAgain = await answer(enrollee.cookie, word, { taskType: 'word', answer: 'html' });
    expect(solvedAgain.json().error.key).toBe('taskAlreadySolved');
  });

  it('the course pages’ answer limit: a burst beyond it is refused with 429 and graded nowhere', async () => {
    const enrollee = await e.enrollee('FE');
    const word = await stateOf(enrollee.cookie, 2, fe);
    const burst = ANSWER_LIMITS.perSubject + 5;
    const replies = await Promise.all(
      Array.from({ length: burst }, () => answer(enrollee.cookie, word, { taskType: 'word', answer: 'css' })),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(ANSWER_LIMITS.perSubject);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json().error.key).toBe('answersTooFast');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // a minute later it answers again
    const now = Date.now() + 61_000;
    t.app.rateLimiter.now = () => now;
    expect((await answer(enrollee.cookie, word, { taskType: 'word', answer: 'html' })).json().data.solved).toBe(true);
  });
});
