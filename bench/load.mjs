// Paced students: how many the academy serves with p99 < 200 ms and no errors, on PGlite and on
// PostgreSQL, with this load generator on the same machine as the server.
//
// Each student opens one page every 2–4 s (start to start), a mix of what students do: the bell's
// notifications (30 %), the course list (15 %), a course page (20 %), a task (20 %), a task's comment
// thread (7 %), an answer to a word task (6 %: its state id first, once) and a comment (2 %). Per
// student that is at most ~2 answers a minute (limit 30) and ~3 comments in 5 minutes (limit 10).
// Students start at random moments of the first 3 s; each step runs LOAD_STEP_SECONDS (default 30)
// and counts only the requests started after its first 5 s. Steps grow until a second step fails. A
// 15 s warm-up of 100 students comes first, not counted.
//
// The students are made by bench/load-setup.ts before the server starts (direct inserts: accounts,
// enrolment, sessions). Usage: node bench/load.mjs [pglite|postgres|both] [students per step, …]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); the database
// BENCH_DB_NAME (default academy_load) is made anew. Results: printed and bench/results/load.json.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_PORT ?? 8198);
const DB_NAME = process.env.BENCH_DB_NAME ?? 'academy_load';
const STEP_SECONDS = Number(process.env.LOAD_STEP_SECONDS ?? 30);
const WARM_UP_SECONDS = 5;
const P99_LIMIT_MS = 200;
const which = process.argv[2] ?? 'both';
const customSteps = process.argv.slice(3).map(Number).filter(Boolean);
const STEPS = {
  PGlite: customSteps.length ? customSteps : [250, 500, 750, 1000, 1250, 1500, 2000, 2500, 3000],
  PostgreSQL: customSteps.length ? customSteps : [500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 5000, 6000],
};
const KIND_PATHS = { multi_test: 'multiTest', multi_answer: 'multiAnswer', multi_input: 'multiInput', review_step: 'reviewStep' };

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** One request: its status and milliseconds (status 0: a network error). */
function request(method, url, cookie, body) {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        method,
        path: url,
        agent,
        headers: {
          cookie,
          // the header the academy's pages send (the CSRF guard wants it on changes)
          zoneid: 'UTC',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, text }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, text: '' }));
    if (payload) req.write(payload);
    req.end();
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startServer(env) {
  const nodeArgs = (process.env.LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'server', 'src', 'server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    await sleep(500);
    try {
      if ((await request('GET', '/api/health', '')).status === 200) return server;
    } catch {
      // not up yet
    }
  }
  server.kill();
  throw new Error('the server did not start');
}

function setUp(count, env) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'load-setup.ts'), String(count)], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`set-up failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

/** One step: `count` students for STEP_SECONDS; the latencies of requests started after the warm-up. */
async function step(count, setup, seconds = STEP_SECONDS) {
  const { courseId, tasks, sessions } = setup;
  const wordTasks = tasks.filter((t) => t.kind === 'word');
  const pathOf = (task) => `/api/student/task/${task.id}/${KIND_PATHS[task.kind] ?? task.kind}`;
  const started = performance.now();
  const measureFrom = started + WARM_UP_SECONDS * 1000;
  const stopAt = started + seconds * 1000;
  const latencies = [];
  const byKind = {};
  const errors = {};
  let comments = 0;
  const record = (startedAt, result, what) => {
    if (startedAt < measureFrom) return;
    latencies.push(result.ms);
    (byKind[what] ??= []).push(result.ms);
    if (result.status !== 200) {
      const key = `${what} ${result.status}`;
      errors[key] = (errors[key] ?? 0) + 1;
    }
  };
  const call = async (what, method, url, cookie, body) => {
    const at = performance.now();
    const result = await request(method, url, cookie, body);
    record(at, result, what);
    return result;
  };

  async function student(session) {
    const cookie = `academy_session=${session.token}`;
    const stateIds = new Map();
    await sleep(Math.random() * 3000);
    while (performance.now() < stopAt) {
      const pageStart = performance.now();
      const r = Math.random() * 100;
      const task = tasks[Math.floor(Math.random() * tasks.length)];
      if (r < 30) await call('notifications', 'GET', '/api/student/generalNotification', cookie);
      else if (r < 45) await call('course list', 'GET', '/api/student/course/all-views', cookie);
      else if (r < 65) await call('course page', 'GET', `/api/student/course/views/${courseId}`, cookie);
      else if (r < 85) await call('task', 'GET', pathOf(task), cookie);
      else if (r < 92) await call('comments', 'GET', `/api/user/comment/task/${task.id}`, cookie);
      else if (r < 98 && wordTasks.length > 0) {
        const word = wordTasks[Math.floor(Math.random() * wordTasks.length)];
        if (!stateIds.has(word.id)) {
          const state = await call('task state', 'GET', `/api/student/task/${word.id}/studentCourseTaskInfoId`, cookie);
          if (state.status === 200) stateIds.set(word.id, JSON.parse(state.text).data);
        }
        const stateId = stateIds.get(word.id);
        if (stateId !== undefined)
          await call('answer', 'POST', `/api/student/taskInfo/${stateId}/word`, cookie, {
            taskType: 'word',
            answer: `guess ${Math.floor(Math.random() * 1000)}`,
          });
      } else {
        comments += 1;
        await call('comment', 'POST', `/api/user/comment/task/${task.id}`, cookie, { text: `Вопрос под нагрузкой ${comments}` });
      }
      const next = pageStart + 2000 + Math.random() * 2000;
      await sleep(Math.max(0, next - performance.now()));
    }
  }

  await Promise.all(sessions.slice(0, count).map(student));
  latencies.sort((a, b) => a - b);
  const q = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] : 0);
  const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
  const kinds = Object.fromEntries(
    Object.entries(byKind).map(([what, list]) => {
      list.sort((a, b) => a - b);
      const at = (p) => +list[Math.min(list.length - 1, Math.floor(p * list.length))].toFixed(1);
      return [what, { requests: list.length, p50: at(0.5), p99: at(0.99) }];
    }),
  );
  return {
    students: count,
    requests: latencies.length,
    rps: Math.round(latencies.length / (seconds - WARM_UP_SECONDS)),
    p50: +q(0.5).toFixed(1),
    p99: +q(0.99).toFixed(1),
    max: +(latencies.at(-1) ?? 0).toFixed(1),
    errors: errorCount,
    errorKinds: errors,
    kinds,
    ok: errorCount === 0 && q(0.99) < P99_LIMIT_MS,
  };
}

async function measure(label, env) {
  const steps = STEPS[label];
  const setup = setUp(Math.max(...steps), env);
  const server = await startServer(env);
  const curve = [];
  try {
    // a warm-up not counted: the server's first requests fill its caches and warm the JIT
    await step(Math.min(100, steps[0]), setup, WARM_UP_SECONDS + 10);
    await sleep(2000);
    let failures = 0;
    for (const count of steps) {
      const load = os.loadavg()[0].toFixed(1);
      const result = { database: label, ...(await step(count, setup)), loadBefore: +load };
      curve.push(result);
      console.log(
        `${label} ${count} students: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}` +
          `${result.errors ? ` ${JSON.stringify(result.errorKinds)}` : ''} (load ${load})`,
      );
      if (process.env.LOAD_VERBOSE) console.log(result.kinds);
      // the curve goes one step beyond the first failing one, then stops
      if (!result.ok && ++failures >= 2) break;
      await sleep(3000);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  const served = curve.filter((r) => r.ok).reduce((best, r) => Math.max(best, r.students), 0);
  return { database: label, served, curve };
}

const runs = [];
if (which === 'pglite' || which === 'both') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-load-'));
  try {
    runs.push(await measure('PGlite', { ACADEMY_DATA_DIR: dataDir, DATABASE_URL: '' }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (which === 'postgres' || which === 'both') {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DB_NAME}`);
    await admin.query(`create database ${DB_NAME}`);
    const url = new URL(adminUrl);
    url.pathname = `/${DB_NAME}`;
    runs.push(await measure('PostgreSQL', { DATABASE_URL: url.toString() }));
    await admin.query(`drop database if exists ${DB_NAME}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

console.log('| Database | Students | req/s | p50 (ms) | p99 (ms) | errors |\n|---|---:|---:|---:|---:|---:|');
for (const run of runs)
  for (const r of run.curve) console.log(`| ${r.database} | ${r.students} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`);
for (const run of runs) console.log(`${run.database}: ${run.served} students served with p99 < ${P99_LIMIT_MS} ms and no errors`);
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench', 'results', 'load.json'),
  JSON.stringify({ date: new Date().toISOString(), stepSeconds: STEP_SECONDS, warmUpSeconds: WARM_UP_SECONDS, runs }, null, 2),
);
agent.destroy();
