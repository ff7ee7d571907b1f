import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

// What the task-state owner (modules/task-state) and the database refuse, under concurrent requests.
describe.each(testDatabases())('task state invariants on %s', (kind) => {
  let t: TestApp;
  let openEveryModule: CourseApp['openEveryModule'];
  let points: CourseApp['points'];
  let projectTask: number;
  let quizTask: number;
  beforeAll(async () => {
    const app = await createCourseApp(kind);
    ({ t, openEveryModule, points } = app);
    projectTask = app.task('todo-project').id;
    quizTask = app.task('functions-quiz').id;
  });
  afterAll(() => t.close());

  async function studentWithProject() {
    const student = await t.userWithSession();
    const mentor = await openEveryModule(student);
    const task = await t.inject({
      method: 'GET',
      url: `/api/student/task/${projectTask}/mentorCheckTask`,
      headers: { cookie: student.cookie },
    });
    return { student, mentor, stateId: task.json().data.studentTaskId as number };
  }
  const send = (cookie: string, stateId: number, answer: string) =>
    t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${stateId}/mentorCheckTask?answer=${encodeURIComponent(answer)}`,
      headers: { cookie },
    });
  const verdict = (cookie: string, stateId: number, answerId: number, right: boolean) =>
    t.inject({
      method: 'POST',
      url: `/api/fake/protect/user/taskInfo/${stateId}/answer/${answerId}/mentorAnswer`,
      headers: { cookie },
      payload: { mentorComment: right ? '<p>good</p>' : '<p>again</p>', right },
    });

  it('two tabs sending at once: one answer waits, the other gets answerPending', async () => {
    const { student, stateId } = await studentWithProject();
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
    const { student, mentor, stateId } = await studentWithProject();
    const first = (await send(student.cookie, stateId, `https://github.com/s${student.id}/one`)).json().data.answerId as number;
    expect((await verdict(mentor.cookie, stateId, first, false)).statusCode).toBe(200);
    // a stale tab still shows the first answer: its verdict is refused
    const stale = await verdict(mentor.cookie, stateId, first, true);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.key).toBe('staleAnswer');
    const before = await points(student.cookie);

    // two mentors judge the new answer at the same moment: exactly one verdict lands
    const second = (await send(student.cookie, stateId, `https://github.com/s${student.id}/two`)).json().data.answerId as number;
    const other = await t.userWithSession({ role: 'MENTOR' });
    const [a, b] = await Promise.all([
      verdict(mentor.cookie, stateId, second, true),
      verdict(other.cookie, stateId, second, false),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
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
    const { student } = await studentWithProject();
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
});
