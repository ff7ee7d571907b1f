// Issue 30: a Java answer through the whole API, from its POST's arrival to its result: the session and
// the task's rules, the run reserved and queued, graded in the sandbox, kept (solutions, state, points),
// and the reply. An answer graded within RESULT_WAIT_MS is replied to with its result; past it the page
// polls, which this measures as the browser would (every RUN_POLL_MS). On PGlite the API grades in its
// own process; with DATABASE_URL also through pg-boss (the API's own workers take the jobs).
// Usage: npx tsx bench/code-runs.ts [answers per measurement, default 40] (about 2 minutes)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { importCourses } from '../server/src/content/import';
import { loadContent } from '../server/src/content/load';
import { openDatabase, type DatabaseKind } from '../server/src/db/database';
import { DEMO_CONTENT_DIR } from '../server/src/db/seed';
import { createTestApp, type TestApp } from '../server/src/testing/test-app';
import { enrolAsStaff } from '../server/src/testing/factory-routes';
import { RUN_POLL_MS } from '../shared/src/task-kinds/use-run-polling';

const count = Number(process.argv[2] ?? 40);
const STUDENTS = 24;
const right = (i: number) =>
  `public class Solution {\n  public static boolean isLeapYear(int year) {\n    int pad = ${i % 50};\n    return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;\n  }\n}\n`;

interface Figure {
  database: string;
  grading: string;
  concurrency: number;
  answers: number;
  perSecond: number;
  p50ms: number;
  p90ms: number;
  polled: number;
}

async function setUp(
  kind: DatabaseKind,
  queueSchema: string | null,
): Promise<{ t: TestApp; answer(i: number): Promise<boolean> }> {
  const t = await createTestApp(
    kind,
    queueSchema
      ? {
          databaseUrl: process.env.DATABASE_URL!,
          grading: { queue: true, apiGrades: true, queueSchema, expireSeconds: 60, superviseSeconds: 10 },
        }
      : {},
  );
  await importCourses(t.database.db, loadContent(DEMO_CONTENT_DIR));
  const task = await t.database.db
    .selectFrom('course_tasks')
    .select('id')
    .where('slug', '=', 'leap-year')
    .executeTakeFirstOrThrow();
  const students = [];
  for (let i = 0; i < STUDENTS; i++) {
    const student = await t.userWithSession({ direction: 'JAVA', role: 'PAY_STUDENT' });
    await enrolAsStaff(t.app, { studentId: student.id, course: 'java-basics', openModules: true });
    const view = await t.inject({ method: 'GET', url: `/api/student/task/${task.id}/code`, headers: { cookie: student.cookie } });
    students.push({ cookie: student.cookie, stateId: view.json().data.studentTaskId as number });
  }
  let polled = 0;
  const answer = async (i: number) => {
    const student = students[i % STUDENTS]!;
    // a solved task takes no answer: a reset first (not timed)
    await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${student.stateId}/reset`,
      headers: { cookie: student.cookie },
    });
    const started = performance.now();
    let view = (
      await t.inject({
        method: 'POST',
        url: `/api/student/taskInfo/${student.stateId}/code`,
        headers: { cookie: student.cookie },
        payload: { taskType: 'code', solution: right(i) },
      })
    ).json().data;
    while (view.run) {
      polled += 1;
      await new Promise((resolve) => setTimeout(resolve, RUN_POLL_MS));
      view = (
        await t.inject({ method: 'GET', url: `/api/student/task/${task.id}/code`, headers: { cookie: student.cookie } })
      ).json().data;
    }
    timings.push(performance.now() - started);
    return view.solved === true;
  };
  const timings: number[] = [];
  const wrapped = Object.assign(answer, { timings, polled: () => polled });
  return { t, answer: wrapped };
}

async function measure(label: [string, string], concurrency: number, n: number, answer: (i: number) => Promise<boolean>) {
  const timed = answer as typeof answer & { timings: number[]; polled(): number };
  timed.timings.length = 0;
  const polledBefore = timed.polled();
  let next = 0;
  let wrong = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        if (!(await answer(i))) wrong += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (wrong > 0) throw new Error(`${wrong} right answers were not graded right`);
  const sorted = [...timed.timings].sort((a, b) => a - b);
  const p = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
  const figure: Figure = {
    database: label[0],
    grading: label[1],
    concurrency,
    answers: n,
    // a reset and an answer per student's turn: the rate counts the answers
    perSecond: +(n / seconds).toFixed(1),
    p50ms: p(0.5),
    p90ms: p(0.9),
    polled: timed.polled() - polledBefore,
  };
  console.table([figure]);
  return figure;
}

async function main() {
  process.env.ACADEMY_JAVA_WARMUP ??= '1';
  const figures: Figure[] = [];
  const modes: Array<[DatabaseKind, string | null]> = [['pglite', null]];
  if (process.env.DATABASE_URL) modes.push(['postgres', `bench_q_${randomBytes(4).toString('hex')}`]);
  for (const [kind, queueSchema] of modes) {
    const { t, answer } = await setUp(kind, queueSchema);
    const label: [string, string] = [kind, queueSchema ? 'pg-boss queue (API workers)' : 'in the API process'];
    try {
      // the compiler started and warmed (its own 300-compile warm-up), as a live server's after a minute
      for (let i = 0; i < 3; i++) await answer(i);
      await new Promise((resolve) => setTimeout(resolve, 30_000));
      figures.push(await measure(label, 1, count, answer));
      figures.push(await measure(label, 8, count * 2, answer));
    } finally {
      await t.close();
      if (queueSchema) {
        const admin = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: null });
        await sql`drop schema if exists ${sql.id(queueSchema)} cascade`.execute(admin.db);
        await admin.close();
      }
    }
  }
  const dir = path.join(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'code-runs.json'), JSON.stringify({ date: new Date().toISOString(), figures }, null, 2));
}

void main();
