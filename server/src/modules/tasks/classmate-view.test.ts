import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

// Spec 1 §6: a paying student may open a classmate's task pages (view-as-student), but a reply never
// reveals another student's work: no answer, no grading of it. Staff viewers check work: they see it all.
describe.each(testDatabases())('a classmate’s view-as task page on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
  });
  afterAll(() => t?.close());

  const get = (url: string, cookie: string) => t.inject({ method: 'GET', url, headers: { cookie } });

  it('shows the task and whether it is solved, never the student’s answers or their grading; a mentor sees them', async () => {
    const victim = await c.enrolledStudent();
    const mentor = await c.openEveryModule(victim);
    const marker = `victimsecret${Date.now()}`;

    // a code solution with the marker in a comment (it fails the tests: graded results are kept)
    const code = await c.solve(victim.cookie, 'sum-function', 'code', {
      solution: `// ${marker}\nfunction sum(a, b) { return a - b }`,
    });
    expect(code.statusCode).toBe(200);
    // a mentor check: a link with the marker, judged with the marker in the comment
    const state = await c.stateId(victim.cookie, 'todo-project');
    const sent = await c.sendForCheck(victim.cookie, state, `https://example.org/${marker}`);
    expect(sent.statusCode).toBe(200);
    const verdict = await c.giveVerdict(mentor.cookie, state, sent.json().data.answerId, false, `<p>${marker}-comment</p>`);
    expect(verdict.statusCode).toBe(200);
    // instant kinds: a wrong typed answer with the marker, and right quiz answers
    expect((await c.solve(victim.cookie, 'const-keyword', 'word', { answer: marker })).statusCode).toBe(200);
    expect(
      (
        await c.solve(victim.cookie, 'array-results', 'multiInput', {
          studentAnswers: [
            { multiInputItemId: 1, answerText: marker },
            { multiInputItemId: 2, answerText: 'a-b' },
            { multiInputItemId: 3, answerText: '1' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect((await c.solve(victim.cookie, 'where-js-runs', 'theory', { answerIds: [2] })).json().data.solved).toBe(true);
    const tests = c.task('functions-quiz').data.tests as Array<{ id: number; answers: Array<{ id: number; right: boolean }> }>;
    const quiz = await c.solve(victim.cookie, 'functions-quiz', 'multiTest', {
      studentAnswers: tests.map((q) => ({ itemId: q.id, itemProbablyAnswerId: q.answers.find((a) => a.right)!.id })),
    });
    expect(quiz.json().data.solved).toBe(true);
    const questions = c.task('array-methods').data.questions as Array<{ id: number; right: number[] }>;
    const multiAnswer = await c.solve(victim.cookie, 'array-methods', 'multiAnswer', {
      studentAnswers: questions.map((q) => ({ questionId: q.id, studentItemAnswersIds: q.right })),
    });
    expect(multiAnswer.json().data.solved).toBe(true);

    const page = (slug: string, pathKind: string) => `/api/fake/user/task/${c.task(slug).id}/${pathKind}?studentId=${victim.id}`;
    const pages = {
      code: page('sum-function', 'code'),
      mentor: page('todo-project', 'mentorCheckTask'),
      word: page('const-keyword', 'word'),
      multiInput: page('array-results', 'multiInput'),
      theory: page('where-js-runs', 'theory'),
      multiTest: page('functions-quiz', 'multiTest'),
      multiAnswer: page('array-methods', 'multiAnswer'),
    };

    const classmate = await t.userWithSession(); // a paying student of the same direction
    const attempts = async () =>
      (
        await t.database.db
          .selectFrom('task_attempts')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const logged = await attempts();
    expect(Number(logged)).toBe(5);
    const seen: Record<string, Record<string, unknown>> = {};
    for (const [name, url] of Object.entries(pages)) {
      const reply = await get(url, classmate.cookie);
      expect({ name, status: reply.statusCode }).toEqual({ name, status: 200 });
      expect({ name, leaked: reply.body.includes(marker) }).toEqual({ name, leaked: false });
      seen[name] = reply.json().data;
    }
    // the task and its progress stay; nothing answered or graded comes with them
    expect(seen.code).toMatchObject({ title: expect.any(String), solved: false, result: null, lastActionIsWrong: false });
    expect(seen.code!.answer).toBe(c.task('sum-function').data.placeholder);
    expect(seen.mentor).toMatchObject({ answer: '', answerId: null, pending: false, result: null, prevResult: null });
    expect(seen.mentor).toMatchObject({ checked: false, lastActionIsWrong: false });
    expect(seen.word).toMatchObject({ answer: '', solved: false, lastActionIsWrong: false });
    expect(seen.multiInput).toMatchObject({ studentMultiInputResults: [] });
    expect(seen.theory).toMatchObject({ solved: true, studentAnswers: [], lastActionIsRight: false });
    expect(seen.multiTest).toMatchObject({ solved: true, studentItems: [] });
    expect(seen.multiAnswer).toMatchObject({ solved: true, studentResults: [] });

    // staff check work: the same addresses show it all
    const staffView = async (url: string) => (await get(url, mentor.cookie)).json().data;
    expect((await get(pages.code, mentor.cookie)).body).toContain(marker);
    expect(await staffView(pages.code)).toMatchObject({ lastActionIsWrong: true, result: expect.any(Array) });
    expect(await staffView(pages.mentor)).toMatchObject({
      answer: `https://example.org/${marker}`,
      checked: true,
      result: { right: false, mentorComment: expect.stringContaining(marker) },
    });
    expect(await staffView(pages.word)).toMatchObject({ answer: marker, lastActionIsWrong: true });
    expect((await get(pages.multiInput, mentor.cookie)).body).toContain(marker);
    expect(await staffView(pages.theory)).toMatchObject({ studentAnswers: [{ id: 2 }] });
    expect((await staffView(pages.multiTest)).studentItems).not.toHaveLength(0);
    expect((await staffView(pages.multiAnswer)).studentResults).not.toHaveLength(0);
    // a look at the student's tasks, by a classmate or by staff, answers nothing: the answer log does not grow
    expect(await attempts()).toBe(logged);
  });
});
