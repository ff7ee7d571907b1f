import { sql } from 'kysely';
import { sandboxAvailable } from '../../grading/native/sandbox';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';
import { createCodeRunRepository, USER_RUN_SLOTS } from './repository';
import { createCodeRunner } from './runner';

/** What a grader grades with, as the API's plugins made it. */
const graderDeps = ({ app }: TestApp) => ({
  runs: app.codeRuns,
  tasks: app.taskRepository,
  states: app.taskStates,
  graders: app.graders,
  log: app.log,
});

// Code graded out of the request (issue 30): a Java, Go or Python answer is a run, graded by a grader
// while the page shows its progress; one result kept, points once, whatever runs in parallel.
// The fixture's JavaScript task `sum-function` is turned into a Python one here.
const PYTHON_TESTS = [
  { name: 'add(1, 2)', call: 'add(1, 2)', expected: 3, hidden: false },
  { name: 'add(2, 2)', call: 'add(2, 2)', expected: 4 },
];
const RIGHT = 'def add(a, b):\n    return a + b\n';
const WRONG = 'def add(a, b):\n    return a - b\n';

// bubblewrap is installed where the suites run (.ci/run); elsewhere a machine without it skips grading
const sandboxed = sandboxAvailable().ok || process.env.CI === 'true' ? it : it.skip;

describe.each(testDatabases())('queued code runs on %s', (kind) => {
  let t: TestApp;
  let c: CourseApp;
  let taskId: number;
  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
    taskId = c.task('sum-function').id;
    const data = {
      ...c.task('sum-function').data,
      language: 'python',
      tests: PYTHON_TESTS,
      solution: RIGHT,
      placeholder: 'def add(a, b):\n',
    };
    await t.database.db
      .updateTable('course_tasks')
      .set({ data: JSON.stringify(data) })
      .where('id', '=', taskId)
      .execute();
  });
  afterAll(() => t?.close());

  const url = `/api/student/task/${0}/code`;
  const load = async (cookie: string) =>
    (await t.inject({ method: 'GET', url: url.replace('/0/', `/${taskId}/`), headers: { cookie } })).json().data;
  const send = (cookie: string, id: number, solution: string) =>
    t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${id}/code`,
      headers: { cookie },
      payload: { taskType: 'code', solution },
    });
  /** The task view once its run has ended (the page's polling, faster). */
  async function finished(cookie: string) {
    for (let i = 0; i < 400; i += 1) {
      const view = await load(cookie);
      if (!view.run) return view;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the run did not finish');
  }
  async function student() {
    const s = await t.userWithSession();
    await c.openEveryModule(s);
    const id = (await load(s.cookie)).studentTaskId as number;
    return { ...s, stateId: id };
  }

  sandboxed('a Python answer graded within a moment is replied to with its result; a slow one with its progress', async () => {
    const s = await student();
    const wrong = await send(s.cookie, s.stateId, WRONG);
    expect(wrong.statusCode).toBe(200);
    // the request waited for its run (RESULT_WAIT_MS): the result, no run left to follow
    expect(wrong.json().data).toMatchObject({ solved: false, lastActionIsWrong: true, run: null });
    const failed = await finished(s.cookie);
    expect(failed).toMatchObject({ solved: false, lastActionIsWrong: true, run: null });
    expect(failed.result[0]).toMatchObject({ name: 'add(1, 2)', passed: false, actual: -1, expected: 3 });
    expect(failed.result[1]).toEqual({ name: 'Hidden test 2', passed: false, hidden: true });

    // two tests of 0.8 s: together past the wait (1.5 s), the reply carries the run, the page follows it;
    // each well within a test's 2 s, even on a machine busy with the rest of the suite
    const slow = await send(s.cookie, s.stateId, `import time\n\ndef add(a, b):\n    time.sleep(0.8)\n    return a + b\n`);
    expect(slow.statusCode).toBe(200);
    expect(slow.json().data.run).toMatchObject({ status: 'running', tests: 2 });
    expect([1, 2]).toContain(slow.json().data.run.test);
    const solved = await finished(s.cookie);
    // each test's outcome first: a failure names what the grader said (a limit, an error), not only "not solved"
    expect(solved.result).toEqual([
      expect.objectContaining({ name: 'add(1, 2)', passed: true }),
      expect.objectContaining({ name: 'Hidden test 2', passed: true }),
    ]);
    expect(solved).toMatchObject({ solved: true, lastActionIsRight: true, run: null });
    expect(await c.points(s.cookie)).toBe(5);
    const rows = await t.database.db.selectFrom('solutions').select('id').where('student_task_id', '=', s.stateId).execute();
    expect(rows).toHaveLength(2);
  });

  it('ten parallel answers to one task: one run is queued, the others are told one is being checked (409)', async () => {
    const s = await student();
    // a grader may take the first run at once: it lasts ~2 s (two tests of 1 s), so the ten all arrive
    // while it is queued or running, even on a busy machine (a quick one could end before the last came)
    const slowWrong = 'import time\n\ndef add(a, b):\n    time.sleep(1)\n    return a - b\n';
    const replies = await Promise.all(Array.from({ length: 10 }, () => send(s.cookie, s.stateId, slowWrong)));
    const codes = replies.map((reply) => reply.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(9);
    expect(replies.find((reply) => reply.statusCode === 409)!.json().error).toMatchObject({ key: 'codeRunInProgress' });
    const runs = await t.database.db.selectFrom('code_runs').select('id').where('student_task_id', '=', s.stateId).execute();
    expect(runs).toHaveLength(1);
    await finished(s.cookie);
  });

  sandboxed('a hundred views at once while a run ends: its progress or its result, never the old verdict alone', async () => {
    const s = await student();
    await send(s.cookie, s.stateId, WRONG);
    expect(await finished(s.cookie)).toMatchObject({ lastActionIsWrong: true, run: null });
    const slow = await send(s.cookie, s.stateId, `import time\n\ndef add(a, b):\n    time.sleep(0.8)\n    return a + b\n`);
    expect(slow.json().data.run).toBeTruthy();
    let views: Array<{ run: unknown; solved: boolean; lastActionIsRight: boolean }> = [];
    for (let wave = 0; wave < 400 && !views.some((view) => !view.run); wave += 1) {
      const replies = await Promise.all(
        Array.from({ length: 100 }, () =>
          t.inject({ method: 'GET', url: `/api/student/task/${taskId}/code`, headers: { cookie: s.cookie } }),
        ),
      );
      expect(replies.map((reply) => reply.statusCode).filter((code) => code !== 200)).toEqual([]);
      views = replies.map((reply) => reply.json().data);
      // a view without a run is the new answer's: a page seeing the old verdict there would stop polling on it
      for (const view of views.filter((v) => !v.run)) expect(view).toMatchObject({ solved: true, lastActionIsRight: true });
      // injected requests on in-process PGlite resolve without leaving the microtask queue: the grader's
      // child process is heard only between waves (a server's requests arrive as events of their own)
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(views.some((view) => !view.run)).toBe(true);
  });

  it('a user holds at most three unfinished runs, however many tasks they send to at once', async () => {
    const s = await t.userWithSession();
    const slugs = ['sum-function', 'function-terms', 'what-is-js', 'where-js-runs', 'const-keyword', 'is-palindrome'];
    const states = await Promise.all(
      slugs.map(async (slug) => {
        const row = await t.database.db
          .insertInto('student_tasks')
          .values({ student_id: s.id, task_id: c.task(slug).id })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),
    );
    const runs = createCodeRunRepository(t.database.db);
    const results = await Promise.all(
      states.map((stateId) => runs.reserve({ stateId, userId: s.id, language: 'python', solution: WRONG, tests: 2 })),
    );
    expect(results.filter((r) => typeof r === 'object')).toHaveLength(USER_RUN_SLOTS);
    expect(results.filter((r) => r === 'slots-taken')).toHaveLength(slugs.length - USER_RUN_SLOTS);
    await t.database.db
      .updateTable('code_runs')
      .set({ status: 'cancelled', finished_at: new Date() })
      .where('user_id', '=', s.id)
      .execute();
  });

  sandboxed('two graders finishing one run keep one result (the conditional finish), points once', async () => {
    const s = await student();
    const runs = createCodeRunRepository(t.database.db);
    const reserved = await runs.reserve({ stateId: s.stateId, userId: s.id, language: 'python', solution: RIGHT, tests: 2 });
    if (typeof reserved !== 'object') throw new Error(reserved);
    const grader = (worker: string) => createCodeRunner({ ...graderDeps(t), worker });
    const outcomes = await Promise.all([grader('a:1')(reserved.id), grader('b:2')(reserved.id), grader('c:3')(reserved.id)]);
    expect(outcomes.filter((outcome) => outcome === 'graded')).toHaveLength(1);
    const rows = await t.database.db.selectFrom('solutions').select('id').where('student_task_id', '=', s.stateId).execute();
    expect(rows).toHaveLength(1);
    expect(await c.points(s.cookie)).toBe(5);
    // a grader given the finished run again grades nothing
    expect(await grader('d:4')(reserved.id)).toBe('already-finished');
  });

  it('the page shows where the run is; a reset takes the run back, and its result is kept nowhere', async () => {
    const s = await student();
    const runs = createCodeRunRepository(t.database.db);
    const reserved = await runs.reserve({ stateId: s.stateId, userId: s.id, language: 'python', solution: RIGHT, tests: 2 });
    if (typeof reserved !== 'object') throw new Error(reserved);
    await sql`update code_runs set status = 'running', test = 2, worker = 'x' where id = ${reserved.id}`.execute(t.database.db);
    expect((await load(s.cookie)).run).toEqual({ id: reserved.id, status: 'running', test: 2, tests: 2 });
    const reset = await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${s.stateId}/reset`,
      headers: { cookie: s.cookie },
    });
    expect(reset.statusCode).toBe(200);
    expect((await load(s.cookie)).run).toBeNull();
    const grader = createCodeRunner({ ...graderDeps(t), worker: 'late:1' });
    expect(await grader(reserved.id)).toBe('already-finished');
    expect(await c.points(s.cookie)).toBe(0);
  });

  it('another student sees none of a classmate’s run, nor may they send to it', async () => {
    const s = await student();
    const other = await t.userWithSession();
    expect((await send(other.cookie, s.stateId, RIGHT)).statusCode).toBe(404);
  });
});
