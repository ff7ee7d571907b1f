import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

// Issue 32, "feedback that teaches": a task's hints from the course file unlock one per wrong answer of
// the student, counted on the server; a locked hint never leaves it. The fixture's word task
// `const-keyword` and code task `sum-function` give two hints each (fixtures/content/practice).
const WORD_HINTS = ['Это ключевое слово объявления переменной.', 'Переназначить такую переменную нельзя, а var и let можно.'];
const CODE_HINTS = ['Функция должна вернуть значение, а не вывести его.', 'Сложите оба параметра оператором +.'];

describe.each(testDatabases())('hints after wrong answers on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
  });
  afterAll(() => t?.close());

  const word = (cookie: string, answer: string) => c.solve(cookie, 'const-keyword', 'word', { answer });
  const wordView = async (cookie: string) => (await c.load(cookie, 'const-keyword', 'word')).json().data;
  const attempts = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('task_attempts')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('none before a wrong answer, one more after each, never more than the file gives; kept once solved', async () => {
    const student = await c.enrolledStudent();
    expect((await wordView(student.cookie)).hints).toBeUndefined();

    const first = await word(student.cookie, 'let');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ lastActionIsWrong: true, hints: WORD_HINTS.slice(0, 1) });
    // the reply after the answer and the page opened again say the same
    expect((await wordView(student.cookie)).hints).toEqual(WORD_HINTS.slice(0, 1));

    expect((await word(student.cookie, 'var')).json().data.hints).toEqual(WORD_HINTS);
    expect((await word(student.cookie, 'static')).json().data.hints).toEqual(WORD_HINTS);

    // loads are reads: they unlock nothing and log nothing
    const logged = await attempts();
    await wordView(student.cookie);
    await wordView(student.cookie);
    expect(await attempts()).toBe(logged);

    const right = (await word(student.cookie, 'const')).json().data;
    expect(right).toMatchObject({ solved: true, hints: WORD_HINTS });
    // a reset does not lock them again: the wrong answers stay counted
    const reset = await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${await c.stateId(student.cookie, 'const-keyword')}/reset`,
      headers: { cookie: student.cookie },
    });
    expect(reset.statusCode).toBe(200);
    expect((await wordView(student.cookie)).hints).toEqual(WORD_HINTS);
  });

  it('another student’s wrong answers unlock nothing of yours; a classmate looking sees none, a mentor sees the student’s', async () => {
    const other = await c.enrolledStudent();
    await word(other.cookie, 'let');
    await word(other.cookie, 'var');
    const student = await c.enrolledStudent();
    expect((await wordView(student.cookie)).hints).toBeUndefined();
    expect((await word(student.cookie, 'let')).json().data.hints).toEqual(WORD_HINTS.slice(0, 1));

    const url = `/api/fake/user/task/${c.task('const-keyword').id}/word?studentId=${other.id}`;
    const classmate = await t.userWithSession();
    const seenByClassmate = await t.inject({ method: 'GET', url, headers: { cookie: classmate.cookie } });
    expect(seenByClassmate.statusCode).toBe(200);
    expect(seenByClassmate.json().data.hints).toBeUndefined();
    const mentor = await c.openEveryModule(other);
    const seenByMentor = await t.inject({ method: 'GET', url, headers: { cookie: mentor.cookie } });
    expect(seenByMentor.json().data.hints).toEqual(WORD_HINTS);
  });

  it('a code task counts its failed submissions', async () => {
    const student = await c.enrolledStudent();
    await c.openEveryModule(student);
    const solveCode = (solution: string) => c.solve(student.cookie, 'sum-function', 'code', { solution });
    expect((await c.load(student.cookie, 'sum-function', 'code')).json().data.hints).toBeUndefined();
    const wrong = await solveCode('function sum(a, b) { return a - b }');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().data).toMatchObject({ lastActionIsWrong: true, hints: CODE_HINTS.slice(0, 1) });
    expect((await solveCode('function sum(a, b) { console.log(a + b) }')).json().data.hints).toEqual(CODE_HINTS);
    expect((await solveCode('function sum(a, b) { return a * b }')).json().data.hints).toEqual(CODE_HINTS);
  });

  it('a task without hints in its file says nothing of hints after a wrong answer', async () => {
    const student = await c.enrolledStudent();
    const wrong = await c.solve(student.cookie, 'where-js-runs', 'theory', { answerIds: [1] });
    expect(wrong.json().data).toMatchObject({ lastActionIsWrong: true });
    expect(wrong.json().data).not.toHaveProperty('hints');
  });
});
