// The statistics calls for a student with three years of history (~15 answers a day: ~16,000 answers,
// three in five kept submissions of code and mentor-check tasks, two in five logged tries of the instant
// kinds) among 40 other students (40,000 answers more), on the embedded PGlite database and on PostgreSQL:
// median and p95 of 50 calls of each through app.inject (session lookup included), and the query plans.
// Usage: npx tsx bench/statistics.ts [calls per endpoint, default 50]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; the run works in a
// schema of its own there, dropped at the end). Results: printed and written to bench/results/statistics.json.
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Insertable, type Kysely } from 'kysely';
import { buildApp } from '../server/src/app';
import type { DatabaseHandle } from '../server/src/db/database';
import type { Database, SolutionsTable, TaskAttemptsTable } from '../server/src/db/schema';
import { activityByDayQuery, streaksQuery } from '../server/src/modules/statistics/repository';
import { dayInZone } from '../server/src/plugins/zone';
import { activityWindow } from '../server/src/modules/statistics/service';
import { createTestUser } from '../server/src/testing/factory-routes';
import { importFixtureContent } from '../server/src/testing/fixtures';
import { openTestDatabase, testConfig } from '../server/src/testing/test-app';

const calls = Number(process.argv[2] ?? 50);
const ZONE = 'Europe/Moscow';
const YEARS = 3;
const PER_DAY = 15;
const OTHERS = 40;
const OTHER_ROWS = 1000;
const DAY_MS = 86_400_000;
const ENDPOINTS = ['/day_without_pause', '/solution-activity-year', '/topics-count', '/topics-names'];

/** A small deterministic generator: every run builds the same history. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** A fresh database for the bench: PGlite in memory, or a private schema on BENCH_DATABASE_URL. */
const openBenchDatabase = (kind: 'pglite' | 'postgres'): Promise<DatabaseHandle> =>
  openTestDatabase(kind, undefined, {
    url: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    prefix: 'bench_statistics',
  });

/** The share of answers that are tries of the instant kinds (logged in task_attempts); the rest are kept submissions. */
const INSTANT_SHARE = 0.4;

/**
 * A student's answers: `perDay` a day on average for `days` days up to today, kept submissions on the
 * course's code and mentor-check tasks and logged tries on its instant tasks.
 */
async function history(
  db: Kysely<Database>,
  studentId: number,
  days: number,
  perDay: number,
  random: () => number,
): Promise<{ submissions: number; attempts: number }> {
  const tasks = await db
    .selectFrom('course_tasks as t')
    .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
    .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
    .innerJoin('courses as c', 'c.id', 'm.course_id')
    .select(['t.id', 't.kind'])
    .where('c.slug', '=', 'practice')
    .execute();
  // every task of the course opened; the first two modules' instant tasks and lectures solved
  const states = await db
    .insertInto('student_tasks')
    .values(
      tasks.map((t, i) => {
        const solved = i < 12 && t.kind !== 'code' && t.kind !== 'mentorCheckTask';
        return {
          student_id: studentId,
          task_id: t.id,
          solved,
          ever_solved: solved,
          last_action: solved ? ('RIGHT' as const) : null,
          answer: null,
          updated_at: new Date(Date.now() - Math.floor(random() * days) * DAY_MS),
        };
      }),
    )
    .returning(['id', 'task_id'])
    .execute();
  const kept = states.filter((s) => ['code', 'mentorCheckTask'].includes(tasks.find((t) => t.id === s.task_id)!.kind));
  const instant = tasks.filter((t) => !['code', 'mentorCheckTask', 'review_step', 'lecture'].includes(t.kind));
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const rows: Array<Insertable<SolutionsTable>> = [];
  const attempts: Array<Insertable<TaskAttemptsTable>> = [];
  for (let ago = days - 1; ago >= 0; ago -= 1) {
    if (random() < 0.1) continue; // a day off now and then
    const count = Math.round((perDay * (0.3 + 1.4 * random())) / 0.9);
    for (let i = 0; i < count; i += 1) {
      const at =
        ago === 0 ? new Date(Date.now() - (i + 1) * 60_000) : new Date(today - ago * DAY_MS + (6 + random() * 16) * 3_600_000);
      if (random() < INSTANT_SHARE) {
        const task = instant[Math.floor(random() * instant.length)]!;
        attempts.push({ student_id: studentId, task_id: task.id, right: random() < 0.5, created_at: at });
        continue;
      }
      rows.push({
        student_task_id: kept[Math.floor(random() * kept.length)]!.id,
        answer: JSON.stringify({ solution: 'function sum(a, b) { return a + b; }' }),
        result: JSON.stringify([{ name: 'sum(1, 2)', passed: true, expected: 3, actual: 3 }]),
        right_answer: random() < 0.4,
        created_at: at,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 2000)
    await db
      .insertInto('solutions')
      .values(rows.slice(i, i + 2000))
      .execute();
  for (let i = 0; i < attempts.length; i += 2000)
    await db
      .insertInto('task_attempts')
      .values(attempts.slice(i, i + 2000))
      .execute();
  return { submissions: rows.length, attempts: attempts.length };
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { medianMs: +at(0.5).toFixed(2), p95Ms: +at(0.95).toFixed(2) };
}

async function measure(kind: 'pglite' | 'postgres') {
  const database = await openBenchDatabase(kind);
  const app = await buildApp({ config: testConfig(), db: database.db });
  try {
    await app.ready();
    const db = database.db;
    await importFixtureContent(db);
    const random = generator(42);
    const course = await db.selectFrom('courses').select('id').where('slug', '=', 'practice').executeTakeFirstOrThrow();
    const student = await createTestUser(app);
    await db.insertInto('enrollments').values({ student_id: student.id, course_id: course.id }).execute();
    const started = performance.now();
    const rows = await history(db, student.id, YEARS * 365, PER_DAY, random);
    const otherRows = { submissions: 0, attempts: 0 };
    for (let i = 0; i < OTHERS; i += 1) {
      const other = await createTestUser(app);
      const added = await history(db, other.id, YEARS * 365, OTHER_ROWS / (YEARS * 365 * 0.9), random);
      otherRows.submissions += added.submissions;
      otherRows.attempts += added.attempts;
    }
    // the steady state autovacuum keeps: statistics for the planner, the visibility map for index-only scans
    await sql`vacuum analyze`.execute(db);
    console.log(
      `${kind}: ${rows.submissions} submissions and ${rows.attempts} instant tries of the student, ` +
        `${otherRows.submissions} and ${otherRows.attempts} of ${OTHERS} others, built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const signIn = await app.inject({
      method: 'POST',
      url: '/token',
      headers: { zoneid: ZONE },
      payload: { username: student.email, password: student.password },
    });
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const results = [];
    for (const endpoint of ENDPOINTS) {
      const url = `/api/student/profile${endpoint}`;
      const samples: number[] = [];
      let size = 0;
      for (let i = 0; i < calls + 5; i += 1) {
        const t0 = performance.now();
        const response = await app.inject({ method: 'GET', url, headers: { cookie, zoneid: ZONE } });
        const ms = performance.now() - t0;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        size = response.body.length;
        if (i >= 5) samples.push(ms); // five warm-up calls
      }
      results.push({ database: kind === 'pglite' ? 'PGlite' : 'PostgreSQL', call: `GET ${url}`, ...stats(samples), bytes: size });
    }

    // the plans of the two time queries, with the student's real window
    const today = dayInZone(new Date(), ZONE);
    const { from, to } = activityWindow(today);
    const plan = async (query: ReturnType<typeof activityByDayQuery> | ReturnType<typeof streaksQuery>) =>
      (await sql<Record<string, string>>`explain (analyze, costs off, timing off) ${query}`.execute(db)).rows.map(
        (row) => Object.values(row)[0]!,
      );
    const plans = {
      activity: await plan(activityByDayQuery(student.id, ZONE, from, to)),
      streaks: await plan(streaksQuery(student.id, ZONE, today)),
    };
    return { rows, otherRows, results, plans };
  } finally {
    await app.close();
    await database.close();
  }
}

async function main() {
  const runs = { pglite: await measure('pglite'), postgres: await measure('postgres') };
  const results = [...runs.pglite.results, ...runs.postgres.results];
  console.table(results);
  for (const [kind, run] of Object.entries(runs)) {
    for (const [name, lines] of Object.entries(run.plans)) {
      console.log(`\n${kind}, ${name} query plan:\n${lines.join('\n')}`);
    }
  }
  const dir = path.join(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'statistics.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        calls,
        zone: ZONE,
        studentSubmissions: runs.postgres.rows.submissions,
        studentAttempts: runs.postgres.rows.attempts,
        otherSubmissions: runs.postgres.otherRows.submissions,
        otherAttempts: runs.postgres.otherRows.attempts,
        results,
        plans: { pglite: runs.pglite.plans, postgres: runs.postgres.plans },
      },
      null,
      2,
    ),
  );
}

void main();
