import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

// Grading of the automatically checked kinds, on the fixture course (server/src/testing/fixtures).
describe.each(testDatabases())('grading on %s', (kind) => {
  let t: TestApp;
  let task: CourseApp['task'];
  let enrolledStudent: CourseApp['enrolledStudent'];
  let openEveryModule: CourseApp['openEveryModule'];
  let load: CourseApp['load'];
  let stateId: CourseApp['stateId'];
  let solve: CourseApp['solve'];
  let points: CourseApp['points'];
  beforeAll(async () => {
    ({ t, task, enrolledStudent, openEveryModule, load, stateId, solve, points } = await createCourseApp(kind));
  });
  afterAll(() => t?.close());

  it('a task reply never reveals the right answers', async () => {
    const student = await enrolledStudent();
    const word = (await load(student.cookie, 'const-keyword', 'word')).json().data;
    expect(JSON.stringify(word)).not.toMatch(/const"/);
    const theory = (await load(student.cookie, 'where-js-runs', 'theory')).json().data;
    expect(theory.probablyAnswers).toHaveLength(3);
    expect(JSON.stringify(theory)).not.toMatch(/"right"/);
    const gapping = (await load(student.cookie, 'declare-variables', 'gapping')).json().data;
    expect(gapping.taskGappings).toHaveLength(3);
    expect(JSON.stringify(gapping)).not.toMatch(/typeof|"let"|"const"/);
    const ordering = (await load(student.cookie, 'program-order', 'ordering')).json().data;
    const rightOrder = (task('program-order').data.items as Array<{ id: number; position: number }>)
      .sort((a, b) => a.position - b.position)
      .map((i) => i.id);
    expect(ordering.taskItems.map((i: { id: number }) => i.id)).not.toEqual(rightOrder);
    expect(JSON.stringify(ordering)).not.toMatch(/"position"/);
  });

  it('grades theory, word and gapping: wrong, then right with points once', async () => {
    const student = await enrolledStudent();
    const wrong = await solve(student.cookie, 'where-js-runs', 'theory', { answerIds: [1] });
    expect(wrong.json().data).toMatchObject({ solved: false, lastActionIsWrong: true, lastActionIsRight: false });
    const right = await solve(student.cookie, 'where-js-runs', 'theory', { answerIds: [2] });
    expect(right.json().data).toMatchObject({ solved: true, lastActionIsRight: true, studentAnswers: [{ id: 2 }] });
    expect(await points(student.cookie)).toBe(task('where-js-runs').points);
    const again = await solve(student.cookie, 'where-js-runs', 'theory', { answerIds: [2] });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.key).toBe('taskAlreadySolved');

    expect((await solve(student.cookie, 'const-keyword', 'word', { answer: 'let' })).json().data.solved).toBe(false);
    expect((await solve(student.cookie, 'const-keyword', 'word', { answer: '  CONST ' })).json().data.solved).toBe(true);

    const gaps = await solve(student.cookie, 'declare-variables', 'gapping', {
      studentAnswers: [
        { gappingItemId: 1, gappingText: 'const' },
        { gappingItemId: 2, gappingText: 'var' },
        { gappingItemId: 3, gappingText: 'typeof' },
      ],
    });
    expect(gaps.json().data.studentGappingResults.map((r: { isRight: boolean }) => r.isRight)).toEqual([true, false, true]);
  });

  it('grades ordering, association, multi-test, multi-answer and multi-input', async () => {
    const student = await enrolledStudent();
    await openEveryModule(student);

    const items = task('program-order').data.items as Array<{ id: number; position: number }>;
    const reversed = items.map((i) => ({ id: i.id, position: items.length + 1 - i.position }));
    expect((await solve(student.cookie, 'program-order', 'ordering', { answerItemDtos: reversed })).json().data.solved).toBe(
      false,
    );
    const ordered = await solve(student.cookie, 'program-order', 'ordering', {
      answerItemDtos: items.map(({ id, position }) => ({ id, position })),
    });
    expect(ordered.json().data.solved).toBe(true);

    const pairs = task('function-terms').data.pairs as Array<[number, number]>;
    const association = await solve(student.cookie, 'function-terms', 'association', {
      studentAnswers: pairs.map(([termId, definitionId]) => ({ termId, definitionId })),
    });
    expect(association.json().data.solved).toBe(true);

    const tests = task('functions-quiz').data.tests as Array<{ id: number; answers: Array<{ id: number; right: boolean }> }>;
    const multiTest = await solve(student.cookie, 'functions-quiz', 'multiTest', {
      studentAnswers: tests.map((q) => ({ itemId: q.id, itemProbablyAnswerId: q.answers.find((a) => a.right)!.id })),
    });
    expect(multiTest.json().data.solved).toBe(true);

    const questions = task('array-methods').data.questions as Array<{ id: number; right: number[] }>;
    const wrongAnswer = await solve(student.cookie, 'array-methods', 'multiAnswer', {
      studentAnswers: questions.map((q) => ({ questionId: q.id, studentItemAnswersIds: [1] })),
    });
    expect(wrongAnswer.json().data.solved).toBe(false);
    const multiAnswer = await solve(student.cookie, 'array-methods', 'multiAnswer', {
      studentAnswers: questions.map((q) => ({ questionId: q.id, studentItemAnswersIds: q.right })),
    });
    expect(multiAnswer.json().data.solved).toBe(true);

    const inputs = await solve(student.cookie, 'array-results', 'multiInput', {
      studentAnswers: [
        { multiInputItemId: 1, answerText: '3' },
        { multiInputItemId: 2, answerText: 'a-b' },
        { multiInputItemId: 3, answerText: '1' },
      ],
    });
    expect(inputs.json().data.solved).toBe(true);
  });

  it('a multi-input answer names its item as itemId or multiInputItemId (spec 2 §7), one per answer', async () => {
    const student = await enrolledStudent();
    await openEveryModule(student);
    const mixed = await solve(student.cookie, 'array-results', 'multiInput', {
      studentAnswers: [
        { itemId: 1, answerText: '3' },
        { multiInputItemId: 2, answerText: 'a-b' },
        { itemId: 3, answerText: '2' },
      ],
    });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json().data.studentMultiInputResults).toEqual([
      { multiInputItemId: 1, answerText: '3', isRight: true },
      { multiInputItemId: 2, answerText: 'a-b', isRight: true },
      { multiInputItemId: 3, answerText: '2', isRight: false },
    ]);
    const byItemId = await solve(student.cookie, 'array-results', 'multiInput', {
      studentAnswers: [1, 2, 3].map((itemId, i) => ({ itemId, answerText: ['3', 'a-b', '1'][i] })),
    });
    expect(byItemId.json().data.solved).toBe(true);

    const other = await enrolledStudent();
    await openEveryModule(other);
    for (const answer of [
      { answerText: '3' },
      { itemId: 1, multiInputItemId: 1, answerText: '3' },
      { itemId: 'one', answerText: '3' },
    ]) {
      const refused = await solve(other.cookie, 'array-results', 'multiInput', {
        studentAnswers: [answer, { itemId: 2, answerText: 'a-b' }, { itemId: 3, answerText: '1' }],
      });
      expect({ status: refused.statusCode, key: refused.json().error?.key }).toEqual({ status: 400, key: 'invalidRequest' });
      expect(refused.json().error.text).toMatch(/\S{3}/);
    }
  });

  it('malformed and incomplete payloads are 400 with a readable text', async () => {
    const student = await enrolledStudent();
    // the key of each refusal; its text is the catalogue's, in the student's language
    const cases: Array<[string, string, object, string]> = [
      ['where-js-runs', 'theory', { answerIds: [] }, 'chooseAnswer'],
      ['where-js-runs', 'theory', { answerIds: [1, 2] }, 'oneAnswerOnly'],
      ['where-js-runs', 'theory', { answerIds: 'x' }, 'invalidRequest'],
      ['where-js-runs', 'theory', { answerIds: [1], extra: 1 }, 'invalidRequest'],
      ['const-keyword', 'word', { answer: '   ' }, 'enterAnswer'],
      ['declare-variables', 'gapping', { studentAnswers: [{ gappingItemId: 1, gappingText: 'const' }] }, 'fillEveryGap'],
      ['program-order', 'ordering', { answerItemDtos: [{ id: 1, position: 1 }] }, 'placeEveryItem'],
      ['const-keyword', 'theory', { answerIds: [1] }, 'wrongKind'],
    ];
    for (const [slug, pathKind, payload, key] of cases) {
      const response = await solve(student.cookie, slug, pathKind, payload);
      expect(response.json().error?.text).toMatch(/\S{3}/);
      expect({ slug, pathKind, status: response.statusCode, key: response.json().error?.key }).toEqual({
        slug,
        pathKind,
        status: 400,
        key,
      });
    }
  });

  it('a multi-test allows three wrong tries per ten minutes, also under concurrency; a right try is not counted', async () => {
    const student = await enrolledStudent();
    // module 2 opens only after module 1: have a mentor open every module
    await openEveryModule(student);
    const tests = task('functions-quiz').data.tests as Array<{ id: number; answers: Array<{ id: number; right: boolean }> }>;
    const wrong = {
      studentAnswers: tests.map((q) => ({ itemId: q.id, itemProbablyAnswerId: q.answers.find((a) => !a.right)!.id })),
    };
    const right = {
      studentAnswers: tests.map((q) => ({ itemId: q.id, itemProbablyAnswerId: q.answers.find((a) => a.right)!.id })),
    };
    const tries = await Promise.all(Array.from({ length: 5 }, () => solve(student.cookie, 'functions-quiz', 'multiTest', wrong)));
    expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 423, 423]);
    const locked = await solve(student.cookie, 'functions-quiz', 'multiTest', right);
    expect(locked.statusCode).toBe(423);
    expect(locked.json().error).toMatchObject({ key: 'quizTriesUsed', text: expect.stringMatching(/3 попытки.*через 10 мин/) });

    // the window ends: the test opens again, and a right answer solves it
    const state = await stateId(student.cookie, 'functions-quiz');
    await t.database.db
      .updateTable('student_tasks')
      .set({ tries_window_start: new Date(Date.now() - 11 * 60_000) })
      .where('id', '=', state)
      .execute();
    expect((await solve(student.cookie, 'functions-quiz', 'multiTest', right)).json().data.solved).toBe(true);
  });

  it('two right answers at the same moment award the points once', async () => {
    const student = await enrolledStudent();
    const id = await stateId(student.cookie, 'primitive-types');
    const right = (task('primitive-types').data.answers as Array<{ id: number; right: boolean }>)
      .filter((a) => a.right)
      .map((a) => a.id);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.inject({
          method: 'POST',
          url: `/api/student/taskInfo/${id}/theory`,
          headers: { cookie: student.cookie },
          payload: { taskType: 'theory', answerIds: right },
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(await points(student.cookie)).toBe(task('primitive-types').points);
    const row = await t.database.db
      .selectFrom('student_tasks')
      .select(['points', 'solved'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ points: task('primitive-types').points, solved: true });
  });

  it('reset clears the answer, the task is unsolved again, and solving again gives no new points', async () => {
    const student = await enrolledStudent();
    await solve(student.cookie, 'const-keyword', 'word', { answer: 'const' });
    const awarded = await points(student.cookie);
    const id = await stateId(student.cookie, 'const-keyword');
    const reset = await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${id}/reset`,
      headers: { cookie: student.cookie },
    });
    expect(reset.json().data).toMatchObject({ solved: false, answer: '', lastActionIsRight: false, lastActionIsWrong: false });
    expect(await points(student.cookie)).toBe(awarded);
    await solve(student.cookie, 'const-keyword', 'word', { answer: 'const' });
    expect(await points(student.cookie)).toBe(awarded);
  });

  it('a lecture is solved by opening it, once', async () => {
    const student = await enrolledStudent();
    const lecture = await load(student.cookie, 'what-is-js', 'lecture');
    expect(lecture.json().data).toMatchObject({ type: 'lecture', solved: false, video: null });
    const id = await stateId(student.cookie, 'what-is-js');
    const solved = await t.inject({
      method: 'GET',
      url: `/api/student/taskInfo/${id}/solve-lecture`,
      headers: { cookie: student.cookie },
    });
    expect(solved.json().data.solved).toBe(true);
    await t.inject({ method: 'GET', url: `/api/student/taskInfo/${id}/solve-lecture`, headers: { cookie: student.cookie } });
    expect(await points(student.cookie)).toBe(task('what-is-js').points);
  });

  it('logs each instant answer that moves the task, once; refused answers, a lecture read again and code log nothing', async () => {
    const student = await enrolledStudent();
    await openEveryModule(student);
    const attempts = async () =>
      (
        await t.database.db
          .selectFrom('task_attempts')
          .select(['task_id', 'right'])
          .where('student_id', '=', student.id)
          .orderBy('id')
          .execute()
      ).map((row) => `${row.task_id}:${row.right ? 'right' : 'wrong'}`);
    const log = (slug: string, ...answers: Array<'right' | 'wrong'>) => answers.map((a) => `${task(slug).id}:${a}`);

    expect((await solve(student.cookie, 'const-keyword', 'word', { answer: 'let' })).statusCode).toBe(200);
    expect((await solve(student.cookie, 'const-keyword', 'word', { answer: '   ' })).statusCode).toBe(400);
    expect((await solve(student.cookie, 'const-keyword', 'word', { answer: 'const' })).statusCode).toBe(200);
    expect((await solve(student.cookie, 'const-keyword', 'word', { answer: 'const' })).statusCode).toBe(400);
    const lecture = await stateId(student.cookie, 'what-is-js');
    for (let i = 0; i < 2; i += 1)
      await t.inject({
        method: 'GET',
        url: `/api/student/taskInfo/${lecture}/solve-lecture`,
        headers: { cookie: student.cookie },
      });
    expect(
      (await solve(student.cookie, 'sum-function', 'code', { solution: 'function sum(a, b) { return a - b }' })).statusCode,
    ).toBe(200);
    expect(await attempts()).toEqual([...log('const-keyword', 'wrong', 'right'), ...log('what-is-js', 'right')]);

    // five right answers at the same moment move the task once: one attempt
    const id = await stateId(student.cookie, 'primitive-types');
    const right = (task('primitive-types').data.answers as Array<{ id: number; right: boolean }>)
      .filter((a) => a.right)
      .map((a) => a.id);
    await Promise.all(
      Array.from({ length: 5 }, () =>
        t.inject({
          method: 'POST',
          url: `/api/student/taskInfo/${id}/theory`,
          headers: { cookie: student.cookie },
          payload: { taskType: 'theory', answerIds: right },
        }),
      ),
    );
    expect((await attempts()).slice(3)).toEqual(log('primitive-types', 'right'));

    // a multi-test: five wrong tries at once, three allowed and logged; a right one refused (423) logs nothing
    const tests = task('functions-quiz').data.tests as Array<{ id: number; answers: Array<{ id: number; right: boolean }> }>;
    const answers = (rightOnes: boolean) => ({
      studentAnswers: tests.map((q) => ({
        itemId: q.id,
        itemProbablyAnswerId: q.answers.find((a) => a.right === rightOnes)!.id,
      })),
    });
    const tries = await Promise.all(
      Array.from({ length: 5 }, () => solve(student.cookie, 'functions-quiz', 'multiTest', answers(false))),
    );
    expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 423, 423]);
    expect((await solve(student.cookie, 'functions-quiz', 'multiTest', answers(true))).statusCode).toBe(423);
    expect((await attempts()).slice(4)).toEqual(log('functions-quiz', 'wrong', 'wrong', 'wrong'));
  });
});
