// Paced students: how many the academy serves with p99 < 200 ms and no errors, on PGlite and on
// PostgreSQL, with this load generator on the same machine as the server (its HTTP client is the lean
// one of bench/load-http.mjs: it shares the cores with what it measures).
//
// Each student opens one page every 2–4 s (start to start), a mix of what students do: the bell's
// notifications (30 %), the course list (15 %), a course page (20 %), a task (20 %), a task's comment
// thread (7 %), an answer to a word task (6 %: its state id first, once) and a comment (2 %). Per
// student that is ~2 answers a minute (limit 30) and ~3 comments in 5 minutes (limit 10; a student with 8
// in the last 5 minutes reads the thread instead, so a long curve's unlucky few stay inside it too).
// Students start at random moments of the first 3 s; each step runs LOAD_STEP_SECONDS (default 30)
// and counts only the requests started after its first 5 s. Steps grow until a second step fails. A
// 15 s warm-up of 100 students comes first, not counted.
//
// The server runs as deployed: server/dist/server.js, built from the sources first (tooling/build-server.mjs).
// The students are made by bench/load-setup.ts before the server starts (direct inserts: accounts,
// enrolment, sessions). Usage: node bench/load.mjs [pglite|postgres|both|two] [students per step, …]
// (`two`: two instances on one PostgreSQL database behind deploy/'s nginx, bench/load-servers.mjs)
// Each step also reports the server's event-loop delay, how late a 10 ms timer fires (p50, p99, max:
// bench/loop-probe.mjs, bench/loop-delay.mjs) and the CPU each part of the request path spent per
// request (the server, PostgreSQL, nginx, this generator: bench/load-cpu.mjs). After the curve comes the
// herd (issue 33): LOAD_HERD students (PGlite 1,000, PostgreSQL 3,000) arriving within 10 s on a server
// that has just started, then paced for a minute, the whole minute counted (LOAD_HERD_ONLY=1: the herd alone).
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); the database
// BENCH_DB_NAME (default academy_load) is made anew. Results: printed and bench/results/load.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { agent, buildServer, request, root, setUp, sleep } from './load-client.mjs';
import { resetLoops as resetServerLoops, serversLoopStats, startServers, stopServers } from './load-servers.mjs';
import { cpuMeter, cpuText } from './load-cpu.mjs';
import { loopDelay } from './loop-delay.mjs';

const DB_NAME = process.env.BENCH_DB_NAME ?? 'academy_load';
const STEP_SECONDS = Number(process.env.LOAD_STEP_SECONDS ?? 30);
const WARM_UP_SECONDS = 5;
const P99_LIMIT_MS = 200;
const HERD_P99_LIMIT_MS = 500;
const HERD_ARRIVAL_SECONDS = 10;
const HERD_SECONDS = 60;
/** LOAD_HERD_ONLY=1: the herd alone, without the curve before it */
const HERD_ONLY = process.env.LOAD_HERD_ONLY === '1';
const which = process.argv[2] ?? 'both';
const customSteps = process.argv.slice(3).map(Number).filter(Boolean);
const STEPS = {
  PGlite: customSteps.length ? customSteps : [250, 500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 7000, 8000],
  PostgreSQL: customSteps.length
    ? customSteps
    : [500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 7000, 8000, 9000, 10000],
  'PostgreSQL, 2 instances': customSteps.length ? customSteps : [1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000],
};
const HERD = {
  PGlite: Number(process.env.LOAD_HERD ?? 1000),
  PostgreSQL: Number(process.env.LOAD_HERD ?? 3000),
  'PostgreSQL, 2 instances': Number(process.env.LOAD_HERD ?? 0),
};
/**
 * The load generator's own event-loop delay: a request's measured time includes the moments this process
 * was too busy to read its answer, so a busy generator would blame the server. Reported beside the server's.
 */
const generatorLoop = loopDelay();

/**
 * When each student (by session token) last commented, over every step and the herd: the server allows 10
 * comments in 5 minutes, and over a long curve one of thousands of students can draw that many by chance
 * (a correct 429, but not what the bench measures). A student at COMMENTS_KEPT_UNDER reads the thread instead.
 */
const commentTimes = new Map();
const COMMENT_WINDOW_MS = 5 * 60_000;
const COMMENTS_KEPT_UNDER = 8;
/** Whether this student may comment now (counted as done when so). */
function mayComment(token) {
  const now = performance.now();
  const recent = (commentTimes.get(token) ?? []).filter((at) => now - at < COMMENT_WINDOW_MS);
  commentTimes.set(token, recent);
  if (recent.length >= COMMENTS_KEPT_UNDER) return false;
  recent.push(now);
  return true;
}

const KIND_PATHS = { multi_test: 'multiTest', multi_answer: 'multiAnswer', multi_input: 'multiInput', review_step: 'reviewStep' };

/**
 * One step: `count` students for `seconds`, arriving at random moments of the first `arrival` seconds;
 * the latencies of requests started after `warmUp` seconds, and the server's event-loop delay meanwhile.
 */
async function step(count, setup, server, { seconds = STEP_SECONDS, arrival = 3, warmUp = WARM_UP_SECONDS } = {}) {
  const { courseId, tasks, sessions } = setup;
  const wordTasks = tasks.filter((t) => t.kind === 'word');
  const pathOf = (task) => `/api/student/task/${task.id}/${KIND_PATHS[task.kind] ?? task.kind}`;
  const started = performance.now();
  const measureFrom = started + warmUp * 1000;
  const stopAt = started + seconds * 1000;
  const cpu = cpuMeter(server);
  const resetLoops = () => {
    resetServerLoops(server);
    generatorLoop.reset();
    cpu.start();
  };
  if (warmUp === 0) resetLoops();
  else setTimeout(resetLoops, warmUp * 1000);
  const latencies = [];
  const byKind = {};
  /** the slowest request started in each second of the step (LOAD_VERBOSE: stalls show as a pattern) */
  const slowestBySecond = [];
  const errors = {};
  let comments = 0;
  const record = (startedAt, result, what) => {
    if (startedAt < measureFrom) return;
    latencies.push(result.ms);
    (byKind[what] ??= []).push(result.ms);
    const second = Math.floor((startedAt - started) / 1000);
    slowestBySecond[second] = Math.max(slowestBySecond[second] ?? 0, Math.round(result.ms));
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
    await sleep(Math.random() * arrival * 1000);
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
      } else if (!mayComment(session.token)) await call('comments', 'GET', `/api/user/comment/task/${task.id}`, cookie);
      else {
        comments += 1;
        await call('comment', 'POST', `/api/user/comment/task/${task.id}`, cookie, { text: `Вопрос под нагрузкой ${comments}` });
      }
      const next = pageStart + 2000 + Math.random() * 2000;
      await sleep(Math.max(0, next - performance.now()));
    }
  }

  await Promise.all(sessions.slice(0, count).map(student));
  const cpuPerRequest = cpu.perRequest(latencies.length);
  const { p99, max } = generatorLoop.stats();
  const generator = { p99, max };
  const loop = await serversLoopStats(server);
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
    rps: Math.round(latencies.length / (seconds - warmUp)),
    p50: +q(0.5).toFixed(1),
    p99: +q(0.99).toFixed(1),
    max: +(latencies.at(-1) ?? 0).toFixed(1),
    errors: errorCount,
    errorKinds: errors,
    kinds,
    slowestBySecond,
    loop,
    generator,
    cpu: cpuPerRequest,
    ok: errorCount === 0 && q(0.99) < P99_LIMIT_MS,
  };
}

const loopText = (loop, generator, cpu) =>
  `${loop ? `, server loop p99 ${loop.p99} ms (max ${loop.max})` : ''}, generator loop p99 ${generator.p99} ms (max ${generator.max})` +
  cpuText(cpu);

async function measure(label, env, instances = 1) {
  const steps = STEPS[label];
  const herdCount = HERD[label];
  const setup = setUp(Math.max(...steps, herdCount), env);
  let server = await startServers(env, instances);
  const curve = [];
  let herd = null;
  try {
    // a warm-up not counted: the server's first requests fill its caches and warm the JIT
    if (!HERD_ONLY) await step(Math.min(100, steps[0]), setup, server, { seconds: WARM_UP_SECONDS + 10 });
    await sleep(2000);
    let failures = 0;
    for (const count of HERD_ONLY ? [] : steps) {
      const load = os.loadavg()[0].toFixed(1);
      const result = { database: label, ...(await step(count, setup, server)), loadBefore: +load };
      curve.push(result);
      console.log(
        `${label} ${count} students: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}` +
          `${result.errors ? ` ${JSON.stringify(result.errorKinds)}` : ''}${loopText(result.loop, result.generator, result.cpu)} (load ${load})`,
      );
      if (process.env.LOAD_VERBOSE) console.log(result.kinds, `slowest per second: ${result.slowestBySecond.join(' ')}`);
      // the curve goes one step beyond the first failing one, then stops
      if (!result.ok && ++failures >= 2) break;
      await sleep(3000);
    }
    // the herd: a server that has just started (cold caches, cold JIT), every student arriving at once
    if (herdCount > 0) {
      await stopServers(server);
      server = await startServers(env, instances);
      const load = os.loadavg()[0].toFixed(1);
      const result = await step(herdCount, setup, server, { seconds: HERD_SECONDS, arrival: HERD_ARRIVAL_SECONDS, warmUp: 0 });
      herd = { database: label, ...result, ok: result.errors === 0 && result.p99 < HERD_P99_LIMIT_MS, loadBefore: +load };
      console.log(
        `${label} herd of ${herdCount} in ${HERD_ARRIVAL_SECONDS} s, first minute: ${herd.rps} req/s, p50 ${herd.p50} ms, ` +
          `p99 ${herd.p99} ms, errors ${herd.errors}${herd.errors ? ` ${JSON.stringify(herd.errorKinds)}` : ''}${loopText(herd.loop, herd.generator, herd.cpu)} (load ${load})`,
      );
      if (process.env.LOAD_VERBOSE) console.log(herd.kinds, `slowest per second: ${herd.slowestBySecond.join(' ')}`);
    }
  } finally {
    await stopServers(server);
  }
  const served = curve.filter((r) => r.ok).reduce((best, r) => Math.max(best, r.students), 0);
  return { database: label, served, curve, herd };
}

buildServer();
const runs = [];
if (which === 'pglite' || which === 'both') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-load-'));
  try {
    runs.push(await measure('PGlite', { ACADEMY_DATA_DIR: dataDir, DATABASE_URL: '' }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (which === 'postgres' || which === 'both' || which === 'two') {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DB_NAME}`);
    await admin.query(`create database ${DB_NAME}`);
    const url = new URL(adminUrl);
    url.pathname = `/${DB_NAME}`;
    if (which === 'two') runs.push(await measure('PostgreSQL, 2 instances', { DATABASE_URL: url.toString() }, 2));
    else runs.push(await measure('PostgreSQL', { DATABASE_URL: url.toString() }));
    await admin.query(`drop database if exists ${DB_NAME}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

const cell = (loop) => (loop ? `${loop.p99} / ${loop.max}` : '–');
console.log(
  '| Database | Students | req/s | p50 (ms) | p99 (ms) | errors | loop delay p99 / max (ms) | load |\n|---|---:|---:|---:|---:|---:|---:|---:|',
);
for (const run of runs) {
  for (const r of run.curve)
    console.log(
      `| ${r.database} | ${r.students} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${cell(r.loop)} | ${r.loadBefore} |`,
    );
  const h = run.herd;
  if (h)
    console.log(
      `| ${h.database} | herd ${h.students} | ${h.rps} | ${h.p50} | ${h.p99} | ${h.errors} | ${cell(h.loop)} | ${h.loadBefore} |`,
    );
}
for (const run of runs) {
  console.log(`${run.database}: ${run.served} students served with p99 < ${P99_LIMIT_MS} ms and no errors`);
  if (run.herd)
    console.log(`${run.database}: herd of ${run.herd.students} ${run.herd.ok ? 'met' : 'missed'} p99 < ${HERD_P99_LIMIT_MS} ms`);
}
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench', 'results', 'load.json'),
  JSON.stringify({ date: new Date().toISOString(), stepSeconds: STEP_SECONDS, warmUpSeconds: WARM_UP_SECONDS, runs }, null, 2),
);
agent.destroy();
