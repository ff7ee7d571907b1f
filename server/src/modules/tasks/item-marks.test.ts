import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

// Issue 32, "Feedback that teaches": after an answer, each kind's view marks which of the student's own
// items are right, and never tells the right answer (the right order, definition, choice or text).
describe.each(testDatabases())('per-item marks of a graded answer on %s', (kind) => {
  let app: CourseApp;
  let t: TestApp;
  beforeAll(async () => {
    app = await createCourseApp(kind);
    t = app.t;
  });
  afterAll(() => t?.close());

  const student = async () => {
    const one = await app.enrolledStudent();
    await app.openEveryModule(one);
    return one;
  };

  it('ordering: each item of the student’s order in its right place or not, not the right order', async () => {
    const { cookie } = await student();
    expect((await app.load(cookie, 'program-order', 'ordering')).json().data.answeredItems).toEqual([]);
    const items = app.task('program-order').data.items as Array<{ id: number; position: number }>;
    const [first, second, ...rest] = [...items].sort((a, b) => a.position - b.position);
    // the first two swapped
    const sent = [
      { id: first!.id, position: 2 },
      { id: second!.id, position: 1 },
      ...rest.map(({ id, position }) => ({ id, position })),
    ];
    const reply = (await app.solve(cookie, 'program-order', 'ordering', { answerItemDtos: sent })).json().data;
    expect(reply).toMatchObject({ solved: false, lastActionIsWrong: true });
    const expected = [
      { id: second!.id, position: 1, isRight: false },
      { id: first!.id, position: 2, isRight: false },
      ...rest.map(({ id, position }) => ({ id, position, isRight: true })),
    ];
    expect(reply.answeredItems).toEqual(expected);
    const text = JSON.stringify(reply);
    for (const wrong of [first!, second!]) expect(text).not.toContain(`"id":${wrong.id},"position":${wrong.position}`);
    expect(text).not.toMatch(/"items"|"right"/);
    // the page opened again shows the same marks
    expect((await app.load(cookie, 'program-order', 'ordering')).json().data.answeredItems).toEqual(expected);
  });

  it('association: each pair the student made right or not, never the right definition', async () => {
    const { cookie } = await student();
    const pairs = app.task('function-terms').data.pairs as Array<[number, number]>;
    const [[param, paramDefinition], [arg, argDefinition], [ret, retDefinition]] = pairs as [
      [number, number],
      [number, number],
      [number, number],
    ];
    const reply = (
      await app.solve(cookie, 'function-terms', 'association', {
        studentAnswers: [
          { termId: param, definitionId: argDefinition },
          { termId: arg, definitionId: paramDefinition },
          { termId: ret, definitionId: retDefinition },
        ],
      })
    ).json().data;
    expect(reply.studentAssociationResults).toEqual([
      { termId: param, definitionId: argDefinition, isRight: false },
      { termId: arg, definitionId: paramDefinition, isRight: false },
      { termId: ret, definitionId: retDefinition, isRight: true },
    ]);
    const text = JSON.stringify(reply);
    expect(text).not.toContain(`"termId":${param},"definitionId":${paramDefinition}`);
    expect(text).not.toContain(`"termId":${arg},"definitionId":${argDefinition}`);
    expect(text).not.toMatch(/"pairs"/);
  });

  it('multi-test: each question’s chosen answer right or not, never the right one', async () => {
    const { cookie } = await student();
    const tests = app.task('functions-quiz').data.tests as Array<{ id: number; answers: Array<{ id: number; right: boolean }> }>;
    const [first, second] = tests as [(typeof tests)[0], (typeof tests)[0]];
    const wrongChoice = first.answers.find((a) => !a.right)!.id;
    const rightChoice = second.answers.find((a) => a.right)!.id;
    const reply = (
      await app.solve(cookie, 'functions-quiz', 'multiTest', {
        studentAnswers: [
          { itemId: first.id, itemProbablyAnswerId: wrongChoice },
          { itemId: second.id, itemProbablyAnswerId: rightChoice },
        ],
      })
    ).json().data;
    expect(reply.studentItems).toEqual([
      { itemId: first.id, studentItemAnswers: [{ itemAnswerId: wrongChoice, isRight: false }] },
      { itemId: second.id, studentItemAnswers: [{ itemAnswerId: rightChoice, isRight: true }] },
    ]);
    expect(JSON.stringify(reply)).not.toMatch(/"right"/);
  });

  it('multi-answer: each question’s choice exactly right or not, never the answers it misses', async () => {
    const { cookie } = await student();
    // map: [1], push: [2], reduce: [3], sort: [2]
    const questions = app.task('array-methods').data.questions as Array<{ id: number; right: number[] }>;
    const chosen = [[1, 2], [2], [1], [2]];
    const reply = (
      await app.solve(cookie, 'array-methods', 'multiAnswer', {
        studentAnswers: questions.map((q, i) => ({ questionId: q.id, studentItemAnswersIds: chosen[i] })),
      })
    ).json().data;
    expect(reply.lastActionIsWrong).toBe(true);
    expect(reply.studentResults.map((r: { isRight: boolean }) => r.isRight)).toEqual([false, true, false, true]);
    // only the student's own choices come back: reduce's right answer (3) is nowhere in the results
    expect(
      reply.studentResults.map((r: { studentItemAnswers: Array<{ id: number }> }) => r.studentItemAnswers.map((a) => a.id)),
    ).toEqual(chosen);
    expect(JSON.stringify(reply)).not.toMatch(/"right"/);
    const reopened = (await app.load(cookie, 'array-methods', 'multiAnswer')).json().data;
    expect(reopened.studentResults).toEqual(reply.studentResults);
  });

  it('multi-input and gapping: each field right or not, never the right text', async () => {
    const { cookie } = await student();
    const inputs = (
      await app.solve(cookie, 'array-results', 'multiInput', {
        studentAnswers: [
          { multiInputItemId: 1, answerText: '3' },
          { multiInputItemId: 2, answerText: 'ab' },
          { multiInputItemId: 3, answerText: '1' },
        ],
      })
    ).json().data;
    expect(inputs.studentMultiInputResults.map((r: { isRight: boolean }) => r.isRight)).toEqual([true, false, true]);
    expect(JSON.stringify(inputs)).not.toContain('a-b');

    const gaps = (
      await app.solve(cookie, 'declare-variables', 'gapping', {
        studentAnswers: [
          { gappingItemId: 1, gappingText: 'const' },
          { gappingItemId: 2, gappingText: 'var' },
          { gappingItemId: 3, gappingText: 'typeof' },
        ],
      })
    ).json().data;
    expect(gaps.studentGappingResults.map((r: { isRight: boolean }) => r.isRight)).toEqual([true, false, true]);
    expect(JSON.stringify(gaps)).not.toMatch(/"let"/);
  });
});
