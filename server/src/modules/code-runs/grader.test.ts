import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { sandboxAvailable } from '../../grading/native/sandbox';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import type { TestApp } from '../../testing/test-app';
import { pgBossQueue, type CodeQueue } from './queue';
import { createCodeRunRepository } from './repository';

// Exactly once, whatever fails (issue 30): two `npm run grader` processes work the pg-boss queue; the
// one that takes the run is killed (kill -9) in the middle of its tests. The other takes the run once its
// job expires and grades it; the result is kept once, the points awarded once, and the student's page
// shows it. PostgreSQL only (the queue is pg-boss on the server), with bubblewrap (Python runs in it).
const url = process.env.DATABASE_URL;
const runnable = url && (sandboxAvailable().ok || process.env.CI === 'true');
const suite = runnable ? describe : describe.skip;

const SLOW_RIGHT = 'import time\n\ndef add(a, b):\n    time.sleep(1)\n    return a + b\n';
const TESTS = [
  { name: 'add(1, 2)', call: 'add(1, 2)', expected: 3, hidden: false },
  { name: 'add(2, 2)', call: 'add(2, 2)', expected: 4 },
];
const GRADER = path.join(__dirname, '..', '..', 'grader.ts');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** kill -9 of a grader with its sandboxes (its process group); one already gone is left be. */
function killHard(grader: ChildProcess): void {
  try {
    if (grader.pid) process.kill(-grader.pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

suite('graders on the pg-boss queue', () => {
  let c: CourseApp;
  let t: TestApp;
  let queue: CodeQueue;
  let queueSchema: string;
  const graders: ChildProcess[] = [];

  beforeAll(async () => {
    c = await createCourseApp('postgres');
    t = c.t;
    queueSchema = `${t.database.schema!}_q`;
    const task = c.task('sum-function');
    await t.database.db
      .updateTable('course_tasks')
      .set({ data: JSON.stringify({ ...task.data, language: 'python', tests: TESTS, solution: SLOW_RIGHT }) })
      .where('id', '=', task.id)
      .execute();
    const grading = { queue: true, apiGrades: false, queueSchema, expireSeconds: 4, superviseSeconds: 1 };
    // this side only sends (the API with ACADEMY_API_GRADES=0): the graders below grade
    const { app } = t;
    queue = await pgBossQueue(
      {
        db: t.database.db,
        runs: app.codeRuns,
        tasks: app.taskRepository,
        states: app.taskStates,
        graders: app.graders,
        log: app.log,
      },
      url!,
      grading,
      false,
    );
  }, 60_000);

  afterAll(async () => {
    for (const grader of graders) killHard(grader);
    await queue?.close();
    if (t) await sql`drop schema if exists ${sql.id(queueSchema)} cascade`.execute(t.database.db);
    await t?.close();
  });

  function startGrader(): ChildProcess {
    const connection = new URL(url!);
    connection.searchParams.set('options', `-c search_path=${t.database.schema!}`);
    const grader = spawn(process.execPath, ['--import', 'tsx', GRADER], {
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: connection.toString(),
        ACADEMY_QUEUE_SCHEMA: queueSchema,
        ACADEMY_GRADER_EXPIRE_SECONDS: '4',
        ACADEMY_GRADER_SUPERVISE_SECONDS: '1',
        ACADEMY_JAVA_WARMUP: '0',
        LOG_LEVEL: 'warn',
      },
    });
    graders.push(grader);
    return grader;
  }

  const runRow = (id: number) => t.database.db.selectFrom('code_runs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** A new student's slow right answer to the Python task, queued: the student, the state and the run. */
  async function queuedRun() {
    const student = await t.userWithSession();
    await c.openEveryModule(student);
    const stateId = await c.stateId(student.cookie, 'sum-function');
    const reserved = await createCodeRunRepository(t.database.db).reserve({
      stateId,
      userId: student.id,
      language: 'python',
      solution: SLOW_RIGHT,
      tests: TESTS.length,
    });
    if (typeof reserved !== 'object') throw new Error(reserved);
    await queue.enqueue(reserved.id);
    return { student, stateId, reserved };
  }

  it('a grader killed (kill -9) in the middle of a run: the other grades it, once, and the page shows it', async () => {
    const [a, b] = [startGrader(), startGrader()];
    const { student, stateId, reserved } = await queuedRun();

    // the grader that took it is killed while it runs the first test
    let row = await runRow(reserved.id);
    for (let i = 0; i < 600 && !(row.status === 'running' && row.worker); i += 1) {
      await sleep(50);
      row = await runRow(reserved.id);
    }
    expect(row).toMatchObject({ status: 'running', test: 1, attempts: 1 });
    const [victim, survivor] = row.worker!.endsWith(`:${a.pid}`) ? [a, b] : [b, a];
    killHard(victim);

    for (let i = 0; i < 600 && row.finished_at === null; i += 1) {
      await sleep(100);
      row = await runRow(reserved.id);
    }
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
    expect(row.worker).toMatch(new RegExp(`:${survivor.pid}$`));
    const solutions = await t.database.db
      .selectFrom('solutions')
      .select('right_answer')
      .where('student_task_id', '=', stateId)
      .execute();
    expect(solutions).toEqual([{ right_answer: true }]);
    // the API's caches hear of the grader's write within a second (cache_changes)
    let points = 0;
    for (let i = 0; i < 50 && points !== 5; i += 1) {
      await sleep(100);
      points = await c.points(student.cookie);
    }
    expect(points).toBe(5);
    const page = (
      await t.inject({
        method: 'GET',
        url: `/api/student/task/${c.task('sum-function').id}/code`,
        headers: { cookie: student.cookie },
      })
    ).json().data;
    expect(page).toMatchObject({ solved: true, run: null });
    expect(page.result.map((outcome: { passed: boolean }) => outcome.passed)).toEqual([true, true]);
  }, 90_000);

  it('with no grader up the API still takes answers: the run waits, queued', async () => {
    for (const grader of graders) killHard(grader);
    const { reserved } = await queuedRun();
    await sleep(1500);
    expect(await runRow(reserved.id)).toMatchObject({ status: 'queued', attempts: 0, finished_at: null });
  });
});
