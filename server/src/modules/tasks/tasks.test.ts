import { importCourses } from '../../content/import';
import { loadContent } from '../../content/load';
import { DEMO_CONTENT_DIR } from '../../db/seed';
import type { DatabaseKind } from '../../db/database';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';

/** A test app with the demo courses imported; the JavaScript course's id; a task's id by slug. */
async function demoApp(kind: DatabaseKind) {
  const t = await createTestApp(kind);
  await importCourses(t.database.db, loadContent(DEMO_CONTENT_DIR));
  const course = (
    await t.database.db.selectFrom('courses').select('id').where('slug', '=', 'js-basics').executeTakeFirstOrThrow()
  ).id;
  const taskId = async (slug: string) =>
    (await t.database.db.selectFrom('course_tasks').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  return { t, course, taskId };
}

/** Enrols the student (idempotent) and has a mentor open every module of the course for them. */
async function openEveryModule(t: TestApp, course: number, student: { id: number; cookie: string }) {
  const mentor = await t.userWithSession({ role: 'MENTOR' });
  await t.inject({ method: 'POST', url: `/api/student/course/enroll/${course}`, headers: { cookie: student.cookie } });
  const modules = await t.database.db.selectFrom('course_modules').select('id').where('course_id', '=', course).execute();
  for (const m of modules) {
    await t.inject({
      method: 'POST',
      url: `/api/fake/protect/enroll/module/${course}/${m.id}/${student.id}`,
      headers: { cookie: mentor.cookie },
    });
  }
  return mentor;
}

describe.each(testDatabases())('tasks and grading on %s', (kind) => {
  let t: TestApp;
  let course: number;
  let tasks: Record<string, { id: number; points: number; data: Record<string, unknown> }>;
  beforeAll(async () => {
    ({ t, course } = await demoApp(kind));
    const rows = await t.database.db.selectFrom('course_tasks').select(['id', 'slug', 'points', 'data']).execute();
    tasks = Object.fromEntries(
      rows.map((r) => [r.slug, { id: r.id, points: r.points, data: r.data as Record<string, unknown> }]),
    );
  });
  afterAll(() => t.close());

  async function enrolledStudent() {
    const student = await t.userWithSession();
    await t.inject({ method: 'POST', url: `/api/student/course/enroll/${course}`, headers: { cookie: student.cookie } });
    return student;
  }
  const load = (cookie: string, slug: string, pathKind: string) =>
    t.inject({ method: 'GET', url: `/api/student/task/${tasks[slug]!.id}/${pathKind}`, headers: { cookie } });
  async function stateId(cookie: string, slug: string): Promise<number> {
    const response = await t.inject({
      method: 'GET',
      url: `/api/student/task/${tasks[slug]!.id}/studentCourseTaskInfoId`,
      headers: { cookie },
    });
    return response.json().data;
  }
  const solve = async (cookie: string, slug: string, pathKind: string, payload: object) =>
    t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${await stateId(cookie, slug)}/${pathKind}`,
      headers: { cookie },
      payload: { taskType: pathKind, ...payload },
    });
  const points = async (cookie: string) => {
    const response = await t.inject({ method: 'GET', url: '/api/student/course/all-views', headers: { cookie } });
    return response.json().data.find((c: { id: number }) => c.id === course).studentPoints as number;
  };

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
    const rightOrder = (tasks['program-order']!.data.items as Array<{ id: number; position: number }>)
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
    expect(await points(student.cookie)).toBe(tasks['where-js-runs']!.points);
    const again = await solve(student.cookie, 'where-js-runs', 'theory', { answerIds: [2] });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.text).toBe('The task is already solved: reset it to answer again');

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
    await openEveryModule(t, course, student);

    const items = tasks['program-order']!.data.items as Array<{ id: number; position: number }>;
    const reversed = items.map((i) => ({ id: i.id, position: items.length + 1 - i.position }));
    expect((await solve(student.cookie, 'program-order', 'ordering', { answerItemDtos: reversed })).json().data.solved).toBe(
      false,
    );
    const ordered = await solve(student.cookie, 'program-order', 'ordering', {
      answerItemDtos: items.map(({ id, position }) => ({ id, position })),
    });
    expect(ordered.json().data.solved).toBe(true);

    const pairs = tasks['function-terms']!.data.pairs as Array<[number, number]>;
    const association = await solve(student.cookie, 'function-terms', 'association', {
      studentAnswers: pairs.map(([termId, definitionId]) => ({ termId, definitionId })),
    });
    expect(association.json().data.solved).toBe(true);

    const tests = tasks['functions-quiz']!.data.tests as Array<{ id: number; answers: Array<{ id: number; right: boolean }> }>;
    const multiTest = await solve(student.cookie, 'functions-quiz', 'multiTest', {
      studentAnswers: tests.map((q) => ({ itemId: q.id, itemProbablyAnswerId: q.answers.find((a) => a.right)!.id })),
    });
    expect(multiTest.json().data.solved).toBe(true);

    const questions = tasks['array-methods']!.data.questions as Array<{ id: number; right: number[] }>;
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

  it('malformed and incomplete payloads are 400 with a readable text', async () => {
    const student = await enrolledStudent();
    const cases: Array<[string, string, object, string]> = [
      ['where-js-runs', 'theory', { answerIds: [] }, 'Choose an answer'],
      ['where-js-runs', 'theory', { answerIds: [1, 2] }, 'This question has one answer: choose one'],
      ['where-js-runs', 'theory', { answerIds: 'x' }, 'Invalid body: answerIds.0: must be integer'],
      ['where-js-runs', 'theory', { answerIds: [1], extra: 1 }, 'Invalid body: extra: is not an allowed field'],
      ['const-keyword', 'word', { answer: '   ' }, 'Enter an answer'],
      ['declare-variables', 'gapping', { studentAnswers: [{ gappingItemId: 1, gappingText: 'const' }] }, 'Fill in every gap'],
      ['program-order', 'ordering', { answerItemDtos: [{ id: 1, position: 1 }] }, 'Place every item exactly once'],
      ['const-keyword', 'theory', { answerIds: [1] }, `Task ${tasks['const-keyword']!.id} is a word task, not theory`],
    ];
    for (const [slug, pathKind, payload, text] of cases) {
      const response = await solve(student.cookie, slug, pathKind, payload);
      expect({ slug, pathKind, status: response.statusCode, text: response.json().error?.text }).toEqual({
        slug,
        pathKind,
        status: 400,
        text,
      });
    }
  });

  it('another student’s task, a course not enrolled, a blocked module and another direction are refused', async () => {
    const student = await enrolledStudent();
    const other = await enrolledStudent();
    const otherId = await stateId(other.cookie, 'const-keyword');
    const stolen = await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${otherId}/word`,
      headers: { cookie: student.cookie },
      payload: { taskType: 'word', answer: 'const' },
    });
    expect(stolen.statusCode).toBe(404);
    const stranger = await t.userWithSession();
    expect((await load(stranger.cookie, 'const-keyword', 'word')).statusCode).toBe(423);
    expect((await load(student.cookie, 'arrays-lecture', 'lecture')).statusCode).toBe(423);
    expect((await load(student.cookie, 'arrays-lecture', 'lecture')).json().error.text).toBe(
      'This task opens when the previous module is complete',
    );
    const java = await t.userWithSession({ direction: 'JAVA' });
    expect((await load(java.cookie, 'const-keyword', 'word')).statusCode).toBe(404);
    expect((await load(student.cookie, 'const-keyword', 'theory')).statusCode).toBe(400);
    const mentor = await t.userWithSession({ role: 'MENTOR' });
    const asStaff = await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${otherId}/word`,
      headers: { cookie: mentor.cookie },
      payload: { taskType: 'word', answer: 'x' },
    });
    expect(asStaff.statusCode).toBe(403);
    const fake = await t.inject({
      method: 'GET',
      url: `/api/fake/user/task/${tasks['const-keyword']!.id}/word?studentId=${other.id}`,
      headers: { cookie: mentor.cookie },
    });
    expect(fake.statusCode).toBe(200);
  });

  it('a multi-test allows three wrong tries per ten minutes, also under concurrency; a right try is not counted', async () => {
    const student = await enrolledStudent();
    // module 2 opens only after module 1: have a mentor open every module
    await openEveryModule(t, course, student);
    const tests = tasks['functions-quiz']!.data.tests as Array<{ id: number; answers: Array<{ id: number; right: boolean }> }>;
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
    const right = (tasks['primitive-types']!.data.answers as Array<{ id: number; right: boolean }>)
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
    expect(await points(student.cookie)).toBe(tasks['primitive-types']!.points);
    const row = await t.database.db
      .selectFrom('student_tasks')
      .select(['points', 'solved'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ points: tasks['primitive-types']!.points, solved: true });
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
    expect(await points(student.cookie)).toBe(tasks['what-is-js']!.points);
  });
});

describe.each(testDatabases())('code tasks and solution history on %s', (kind) => {
  let t: TestApp;
  let course: number;
  let sumTask: number;
  beforeAll(async () => {
    const demo = await demoApp(kind);
    ({ t, course } = demo);
    sumTask = await demo.taskId('sum-function');
  });
  afterAll(() => t.close());

  it('grades code in the sandbox, keeps every submission, and the server answers meanwhile', async () => {
    const student = await t.userWithSession();
    const mentor = await openEveryModule(t, course, student);

    const task = await t.inject({ method: 'GET', url: `/api/student/task/${sumTask}/code`, headers: { cookie: student.cookie } });
    expect(task.json().data).toMatchObject({ type: 'code', codeLang: 'javascript', checkType: 'INTERNAL', solved: false });
    expect(JSON.stringify(task.json().data)).not.toContain('return a + b');
    const id = task.json().data.studentTaskId;
    const submit = (solution: string) =>
      t.inject({
        method: 'POST',
        url: `/api/student/taskInfo/${id}/code`,
        headers: { cookie: student.cookie },
        payload: { taskType: 'code', solution },
      });

    // an endless loop runs while other requests are answered at once
    const endless = submit('function sum() { while (true) {} }');
    const started = Date.now();
    const health = await t.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(500);
    const loopedResponse = await endless;
    expect(loopedResponse.json().error).toBeNull();
    const looped = loopedResponse.json().data;
    expect(looped).toMatchObject({ solved: false, lastActionIsWrong: true });
    expect(looped.result[0].error).toMatch(/^Time limit exceeded/);

    const wrong = (await submit('function sum(a, b) { return a * b }')).json().data;
    expect(wrong.result.map((r: { passed: boolean }) => r.passed)).toEqual([false, false, false]);
    const right = (await submit('function sum(a, b) { return a + b }')).json().data;
    expect(right).toMatchObject({ solved: true, lastActionIsRight: true, answer: 'function sum(a, b) { return a + b }' });
    expect((await submit('')).statusCode).toBe(400);

    const history = async (query: string, cookie = student.cookie, prefix = '/api/student') =>
      (
        await t.inject({
          method: 'GET',
          url: `${prefix}/taskInfo/${id}/solutions${query}`,
          headers: { cookie, zoneId: 'Europe/Moscow' },
        })
      ).json().data;
    const all = await history('');
    expect(all).toHaveLength(3);
    expect(all[0]).toMatchObject({ right: true, codeLang: 'javascript', courseTask: { task: { type: 'code' } } });
    expect(all[0].date).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(
      (await history('?filterResult=FAILED&filterDate=OLD')).map((s: { answer: { solution: string } }) => s.answer.solution),
    ).toEqual(['function sum() { while (true) {} }', 'function sum(a, b) { return a * b }']);
    expect(await history('?filterResult=SUCCESS')).toHaveLength(1);
    expect(await history(`?studentId=${student.id}`, mentor.cookie, '/api/fake/user')).toHaveLength(3);
    const other = await t.userWithSession();
    expect(
      (await t.inject({ method: 'GET', url: `/api/student/taskInfo/${id}/solutions`, headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/api/student/taskInfo/${id}/solutions?filterResult=MAYBE`,
          headers: { cookie: student.cookie },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe.each(testDatabases())('mentor check on %s', (kind) => {
  let t: TestApp;
  let course: number;
  let projectTask: number;
  let sumTask: number;
  beforeAll(async () => {
    const demo = await demoApp(kind);
    ({ t, course } = demo);
    projectTask = await demo.taskId('todo-project');
    sumTask = await demo.taskId('sum-function');
  });
  afterAll(() => t.close());

  async function studentWithOpenCourse() {
    const student = await t.userWithSession();
    const mentor = await openEveryModule(t, course, student);
    const task = await t.inject({
      method: 'GET',
      url: `/api/student/task/${projectTask}/mentorCheckTask`,
      headers: { cookie: student.cookie },
    });
    return { student, mentor, stateId: task.json().data.studentTaskId as number, task: task.json().data };
  }
  const send = (cookie: string, stateId: number, answer: string) =>
    t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${stateId}/mentorCheckTask?answer=${encodeURIComponent(answer)}`,
      headers: { cookie },
    });
  const points = async (cookie: string) =>
    (await t.inject({ method: 'GET', url: '/api/student/course/all-views', headers: { cookie } }))
      .json()
      .data.find((c: { id: number }) => c.id === course).studentPoints as number;

  it('not sent → pending → checked wrong → sent again → checked right, points once', async () => {
    const { student, mentor, stateId, task } = await studentWithOpenCourse();
    expect(task).toMatchObject({ answerType: 'UNIQUE_LINK', pending: false, answer: '', solved: false });
    const before = await points(student.cookie);

    expect((await send(student.cookie, stateId, 'not a link')).json().error.text).toBe(
      'The answer must be a link starting with http:// or https://',
    );
    const sent = await send(student.cookie, stateId, `https://github.com/student-${student.id}/todo`);
    expect(sent.json().data).toMatchObject({ pending: true, solved: true, checked: false });
    expect((await send(student.cookie, stateId, `https://github.com/student-${student.id}/todo2`)).json().error.text).toMatch(
      /waiting for the mentor/,
    );

    const answerId = sent.json().data.answerId;
    const verdict = (right: boolean, comment: string, cookie = mentor.cookie, id = answerId) =>
      t.inject({
        method: 'POST',
        url: `/api/fake/protect/user/taskInfo/${stateId}/answer/${id}/mentorAnswer`,
        headers: { cookie },
        payload: { mentorComment: comment, right },
      });
    // a student can never give a verdict, not even on their own answer
    expect((await verdict(true, 'ok', student.cookie)).statusCode).toBe(403);
    const wrong = await verdict(false, '<p>Нет удаления задач <script>alert(1)</script></p>');
    expect(wrong.json().data).toEqual({ mentorComment: '<p>Нет удаления задач </p>', right: false });
    const afterWrong = (
      await t.inject({
        method: 'GET',
        url: `/api/student/task/${projectTask}/mentorCheckTask`,
        headers: { cookie: student.cookie },
      })
    ).json().data;
    expect(afterWrong).toMatchObject({
      pending: false,
      solved: false,
      checked: true,
      lastActionIsWrong: true,
      result: { right: false },
    });
    expect(await points(student.cookie)).toBe(before);

    const again = await send(student.cookie, stateId, `https://github.com/student-${student.id}/todo-v2`);
    const right = await verdict(true, '<p>Отлично!</p>', mentor.cookie, again.json().data.answerId);
    expect(right.statusCode).toBe(200);
    const final = (
      await t.inject({
        method: 'GET',
        url: `/api/student/task/${projectTask}/mentorCheckTask`,
        headers: { cookie: student.cookie },
      })
    ).json().data;
    expect(final).toMatchObject({
      solved: true,
      checked: true,
      lastActionIsRight: true,
      result: { mentorComment: '<p>Отлично!</p>', right: true },
      prevResult: null,
    });
    expect(await points(student.cookie)).toBe(before + 10);
    const history = (
      await t.inject({ method: 'GET', url: `/api/student/taskInfo/${stateId}/solutions`, headers: { cookie: student.cookie } })
    ).json().data;
    expect(history.map((s: { right: boolean | null }) => s.right)).toEqual([true, false]);
    expect(history[0]).toMatchObject({ answerType: 'UNIQUE_LINK', courseTask: { task: { type: 'mentorCheckTask' } } });
    // staff see the previous result
    const asMentor = (
      await t.inject({
        method: 'GET',
        url: `/api/fake/user/task/${projectTask}/mentorCheckTask?studentId=${student.id}`,
        headers: { cookie: mentor.cookie },
      })
    ).json().data;
    expect(asMentor.prevResult).toMatchObject({ right: false });
  });

  it('a unique link cannot be one another student already sent; a pending answer can be cancelled', async () => {
    const first = await studentWithOpenCourse();
    const second = await studentWithOpenCourse();
    const link = `https://github.com/shared-${first.student.id}/todo`;
    expect((await send(first.student.cookie, first.stateId, link)).statusCode).toBe(200);
    const copied = await send(second.student.cookie, second.stateId, `${link.toUpperCase()}/`);
    expect(copied.statusCode).toBe(400);
    expect(copied.json().error.text).toBe(
      'This link has already been submitted by another student: send a link to your own work',
    );
    const cancel = await t.inject({
      method: 'DELETE',
      url: `/api/student/taskInfo/${first.stateId}/mentorCheckTask`,
      headers: { cookie: first.student.cookie },
    });
    expect(cancel.json().data).toMatchObject({ pending: false, solved: false, answer: '' });
    expect(
      (
        await t.inject({
          method: 'DELETE',
          url: `/api/student/taskInfo/${first.stateId}/mentorCheckTask`,
          headers: { cookie: first.student.cookie },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('the reference solution is for mentors only', async () => {
    const { student, mentor } = await studentWithOpenCourse();
    const reference = await t.inject({
      method: 'GET',
      url: `/api/fake/protect/student/task/referenceSolution?courseTaskId=${sumTask}`,
      headers: { cookie: mentor.cookie },
    });
    expect(reference.json().data.solution).toContain('return a + b');
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/api/fake/protect/student/task/referenceSolution?courseTaskId=${sumTask}`,
          headers: { cookie: student.cookie },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/api/fake/protect/student/task/referenceSolution?courseTaskId=${projectTask}`,
          headers: { cookie: mentor.cookie },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe.each(testDatabases())('availability, answering for a student and the comment prompt on %s', (kind) => {
  let t: TestApp;
  let course: number;
  let taskId: (slug: string) => Promise<number>;
  beforeAll(async () => {
    ({ t, course, taskId } = await demoApp(kind));
  });
  afterAll(() => t.close());

  const get = (url: string, cookie: string) => t.inject({ method: 'GET', url, headers: { cookie } });
  const check = async (cookie: string, which: string, slug: string) =>
    get(`/api/fake/open/check/${which}?courseTaskId=${await taskId(slug)}`, cookie);

  it('tells whether a task may be worked on: staff always, students when open, trial students not on code or checks', async () => {
    const mentor = await t.userWithSession({ role: 'MENTOR' });
    expect((await check(mentor.cookie, 'codeTask', 'unique-values')).json().data).toEqual({
      available: true,
      reason: null,
      reasonKey: null,
    });

    const outsider = await t.userWithSession();
    const notEnrolled = (await check(outsider.cookie, 'common', 'where-js-runs')).json().data;
    expect(notEnrolled).toMatchObject({ available: false, reason: expect.stringMatching(/Enrol/) });

    const regular = await t.userWithSession({ paymentType: 'REGULAR' });
    await openEveryModule(t, course, regular);
    expect((await check(regular.cookie, 'codeTask', 'sum-function')).json().data.available).toBe(true);
    expect((await check(regular.cookie, 'mentorCheckTask', 'todo-project')).json().data.available).toBe(true);

    const trial = await t.userWithSession({ paymentType: 'TRIAL' });
    await openEveryModule(t, course, trial);
    expect((await check(trial.cookie, 'common', 'where-js-runs')).json().data.available).toBe(true);
    const code = (await check(trial.cookie, 'codeTask', 'sum-function')).json().data;
    expect(code).toMatchObject({ available: false, reason: expect.stringMatching(/full programme/), reasonKey: 'trialLocked' });
    // and the server enforces it: the trial student's code submission is a 423
    const state = (await get(`/api/student/task/${await taskId('sum-function')}/studentCourseTaskInfoId`, trial.cookie)).json()
      .data;
    const submit = await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${state}/code`,
      headers: { cookie: trial.cookie },
      payload: { solution: 'function sum(a, b) { return a + b }' },
    });
    expect(submit.statusCode).toBe(423);

    expect((await check(regular.cookie, 'codeTask', 'where-js-runs')).statusCode).toBe(400);
    expect((await get('/api/fake/open/check/other?courseTaskId=1', regular.cookie)).statusCode).toBe(400);
    expect((await get('/api/fake/open/check/common', regular.cookie)).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/fake/open/check/common?courseTaskId=1' })).statusCode).toBe(401);
  });

  it('an administrator may answer for a student; a mentor and the student themselves may not use that call', async () => {
    const student = await t.userWithSession({ paymentType: 'REGULAR' });
    const mentor = await openEveryModule(t, course, student);
    const admin = await t.userWithSession({ role: 'ADMIN' });
    const word = await taskId('const-keyword');
    const state = (await get(`/api/student/task/${word}/studentCourseTaskInfoId`, student.cookie)).json().data;
    const answer = (cookie: string, studentId: number, payload: object) =>
      t.inject({ method: 'POST', url: `/api/fake/user/task/${state}/word?studentId=${studentId}`, headers: { cookie }, payload });

    expect((await answer(mentor.cookie, student.id, { answer: 'const' })).statusCode).toBe(403);
    expect((await answer(student.cookie, student.id, { answer: 'const' })).statusCode).toBe(403);
    expect((await answer(admin.cookie, student.id, {})).statusCode).toBe(400);
    const other = await t.userWithSession({ paymentType: 'REGULAR' });
    expect((await answer(admin.cookie, other.id, { answer: 'const' })).statusCode).toBe(404);

    const wrong = await answer(admin.cookie, student.id, { answer: 'let' });
    expect(wrong.json().data).toMatchObject({ solved: false, lastActionIsWrong: true });
    const right = await answer(admin.cookie, student.id, { answer: 'const' });
    expect(right.json().data).toMatchObject({ solved: true, lastActionIsRight: true });
    const own = (await get(`/api/student/task/${word}/word`, student.cookie)).json().data;
    expect(own).toMatchObject({ solved: true });

    const sum = await taskId('sum-function');
    const sumState = (await get(`/api/student/task/${sum}/studentCourseTaskInfoId`, student.cookie)).json().data;
    const code = await t.inject({
      method: 'POST',
      url: `/api/fake/user/task/${sumState}/code?studentId=${student.id}`,
      headers: { cookie: admin.cookie },
      payload: { solution: 'function sum(a, b) { return a + b }' },
    });
    expect(code.json().data).toMatchObject({ solved: true });
  });

  it('the comment prompt text comes in the user’s language', async () => {
    const student = await t.userWithSession();
    const ru = (await get('/api/user/message/writeComment', student.cookie)).json().data.message;
    expect(ru).toMatch(/комментари/);
    await t.database.db.updateTable('users').set({ language: 'en' }).where('id', '=', student.id).execute();
    expect((await get('/api/user/message/writeComment', student.cookie)).json().data.message).toMatch(/comments/);
    expect((await get('/api/user/message/unknown', student.cookie)).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/user/message/writeComment' })).statusCode).toBe(401);
  });
});
