import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

// The mentor-check round trip, its invariants under concurrency and the reference solution, on the fixture course (server/src/testing/fixtures).
describe.each(testDatabases())('mentor check on %s', (kind) => {
  let t: TestApp;
  let openEveryModule: CourseApp['openEveryModule'];
  let points: CourseApp['points'];
  let send: CourseApp['sendForCheck'];
  let giveVerdict: CourseApp['giveVerdict'];
  let projectTask: number;
  let quizTask: number;
  let sumTask: number;
  let course: number;
  beforeAll(async () => {
    const app = await createCourseApp(kind);
    ({ t, openEveryModule, points, sendForCheck: send, giveVerdict } = app);
    course = app.course;
    projectTask = app.task('todo-project').id;
    quizTask = app.task('functions-quiz').id;
    sumTask = app.task('sum-function').id;
  });
  afterAll(() => t?.close());

  async function studentWithOpenCourse() {
    const student = await t.userWithSession();
    const mentor = await openEveryModule(student);
    const task = await t.inject({
      method: 'GET',
      url: `/api/student/task/${projectTask}/mentorCheckTask`,
      headers: { cookie: student.cookie },
    });
    return { student, mentor, stateId: task.json().data.studentTaskId as number, task: task.json().data };
  }

  it('not sent → pending → checked wrong → sent again → checked right, points once', async () => {
    const { student, mentor, stateId, task } = await studentWithOpenCourse();
    expect(task).toMatchObject({ answerType: 'UNIQUE_LINK', pending: false, answer: '', solved: false });
    const before = await points(student.cookie);

    expect((await send(student.cookie, stateId, 'not a link')).json().error.key).toBe('answerNotLink');
    const sent = await send(student.cookie, stateId, `https://github.com/student-${student.id}/todo`);
    expect(sent.json().data).toMatchObject({ pending: true, solved: true, checked: false });
    expect((await send(student.cookie, stateId, `https://github.com/student-${student.id}/todo2`)).json().error.text).toMatch(
      /ждёт проверки ментором/,
    );

    const answerId = sent.json().data.answerId;
    const verdict = (right: boolean, comment: string, cookie = mentor.cookie, id = answerId) =>
      giveVerdict(cookie, stateId, id, right, comment);
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

  it('a waiting answer is not counted solved in its chapter and module; an accepted one is', async () => {
    const { student, mentor, stateId } = await studentWithOpenCourse();
    const solvedIn = async () => {
      const views = (
        await t.inject({ method: 'GET', url: `/api/student/course/views/${course}`, headers: { cookie: student.cookie } })
      ).json().data as Array<{ solvedTaskAmount: number; chapterViewDtos: Array<{ name: string; solvedTaskAmount: number }> }>;
      const module = views.find((m) => m.chapterViewDtos.some((c) => c.name === 'Итоговый проект'))!;
      return [module.solvedTaskAmount, module.chapterViewDtos.find((c) => c.name === 'Итоговый проект')!.solvedTaskAmount];
    };
    const before = await solvedIn();
    const sent = await send(student.cookie, stateId, `https://github.com/student-${student.id}/counted`);
    expect(sent.json().data).toMatchObject({ pending: true });
    expect(await solvedIn()).toEqual(before);
    await giveVerdict(mentor.cookie, stateId, sent.json().data.answerId, true, '<p>Принято</p>');
    expect(await solvedIn()).toEqual([before[0]! + 1, before[1]! + 1]);
  });

  it('a unique link cannot be one another student already sent; a pending answer can be cancelled', async () => {
    const first = await studentWithOpenCourse();
    const second = await studentWithOpenCourse();
    const link = `https://github.com/shared-${first.student.id}/todo`;
    expect((await send(first.student.cookie, first.stateId, link)).statusCode).toBe(200);
    const copied = await send(second.student.cookie, second.stateId, `${link.toUpperCase()}/`);
    expect(copied.statusCode).toBe(400);
    expect(copied.json().error.key).toBe('linkTaken');
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
  // what the task-state owner (modules/task-state) and the database refuse, under concurrent requests
  it('two tabs sending at once: one answer waits, the other gets answerPending', async () => {
    const { student, stateId } = await studentWithOpenCourse();
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(student.cookie, stateId, `https://github.com/s${student.id}/todo-${i}`)),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 400).map((r) => r.json().error.key)).toEqual(Array(7).fill('answerPending'));
    const history = await t.inject({
      method: 'GET',
      url: `/api/student/taskInfo/${stateId}/solutions`,
      headers: { cookie: student.cookie },
    });
    expect(history.json().data).toHaveLength(1);
  });

  it('a verdict lands only on the waiting answer: a stale tab and a second mentor are refused, points follow the verdict', async () => {
    const { student, mentor, stateId } = await studentWithOpenCourse();
    const first = (await send(student.cookie, stateId, `https://github.com/s${student.id}/one`)).json().data.answerId as number;
    expect((await giveVerdict(mentor.cookie, stateId, first, false)).statusCode).toBe(200);
    // a stale tab still shows the first answer: its verdict is refused
    const stale = await giveVerdict(mentor.cookie, stateId, first, true);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.key).toBe('staleAnswer');
    const before = await points(student.cookie);

    // two mentors judge the new answer at the same moment: exactly one verdict lands (the other finds the
    // answer taken by the first, docs/courses.md, "Mentor queue", or already judged)
    const second = (await send(student.cookie, stateId, `https://github.com/s${student.id}/two`)).json().data.answerId as number;
    const other = await t.userWithSession({ role: 'MENTOR' });
    const [a, b] = await Promise.all([
      giveVerdict(mentor.cookie, stateId, second, true),
      giveVerdict(other.cookie, stateId, second, false),
    ]);
    expect([a, b].filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect([a, b].find((reply) => reply.statusCode !== 200)!.json().error.key).toMatch(/^(staleAnswer|queueVerdictTaken)$/);
    const landed = a.statusCode === 200 ? true : false;
    const task = await t.inject({
      method: 'GET',
      url: `/api/student/task/${projectTask}/mentorCheckTask`,
      headers: { cookie: student.cookie },
    });
    expect(task.json().data).toMatchObject({ solved: landed, checked: true, result: { right: landed } });
    expect(await points(student.cookie)).toBe(landed ? before + task.json().data.taskPoints : before);
  });

  it('the task-load address takes the kind’s own spelling as well as the path spelling', async () => {
    const { student } = await studentWithOpenCourse();
    for (const spelling of ['multiTest', 'multi_test']) {
      const quiz = await t.inject({
        method: 'GET',
        url: `/api/student/task/${quizTask}/${spelling}`,
        headers: { cookie: student.cookie },
      });
      expect(quiz.json().data).toMatchObject({ type: 'multi_test', courseTaskId: quizTask });
    }
    const unknown = await t.inject({
      method: 'GET',
      url: `/api/student/task/${projectTask}/essay`,
      headers: { cookie: student.cookie },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.key).toBe('unknownKind');
  });

  it('a reset takes a waiting answer back; an accepted task takes no more answers', async () => {
    const { student, mentor, stateId } = await studentWithOpenCourse();
    await send(student.cookie, stateId, `https://github.com/s${student.id}/first`);
    const reset = await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${stateId}/reset`,
      headers: { cookie: student.cookie },
    });
    expect(reset.json().data).toMatchObject({ solved: false, pending: false, answerId: null });
    const sent = await send(student.cookie, stateId, `https://github.com/s${student.id}/second`);
    expect(sent.statusCode).toBe(200);
    expect((await giveVerdict(mentor.cookie, stateId, sent.json().data.answerId, true)).statusCode).toBe(200);
    // the student sends again at the moment of acceptance, and after it: refused, the verdict stands
    const again = await send(student.cookie, stateId, `https://github.com/s${student.id}/third`);
    expect(again.json().error.key).toBe('taskAccepted');
    const task = await t.inject({
      method: 'GET',
      url: `/api/student/task/${projectTask}/mentorCheckTask`,
      headers: { cookie: student.cookie },
    });
    expect(task.json().data).toMatchObject({ solved: true, checked: true, pending: false, result: { right: true } });
  });
});
