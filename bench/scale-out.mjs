// Two API instances behind nginx on one PostgreSQL database (docs/scaling.md, "Scaling"), checked end to end:
//  1. a session started through instance A works through instance B, and signing out through B ends it
//     on A too (within a second, for instances that cache sessions);
//  2. shared state: sign-in failures through A and B add up to one limit; a code answer graded on either
//     instance is the student's state and history on both;
//  3. nginx: its own origin passes the CSRF check, a client's X-Forwarded-Host/-Proto/-For change
//     nothing, the body limits are the instances', and (when the frontends are built) the cache headers;
//  4. a paced load through nginx (the bell, the course list, a course page, and marking a notice read:
//     a POST) after a 3 s warm-up, instance A killed with SIGKILL part-way: no request fails except
//     those in flight on A when it died (nginx's log names A as what failed them), and the load goes on
//     through B. Prints the figures and the CPU per request of PostgreSQL and of the instances.
// Exits 1 when a check fails; 0 with "skipped: …" when nginx or PostgreSQL is missing (`--require`, as
// CI runs it, makes that a failure).
//
//   node bench/scale-out.mjs [--seconds 16] [--rate 150] [--port 8280] [--require]
//
// PostgreSQL: SCALE_OUT_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), where a
// database `academy_scale_out_<port>` is created for the run and dropped after it. Ports: nginx on
// --port, the instances on the next two. Builds server/dist when it is missing or stale.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { findNginx, startNginx } from '../deploy/nginx/nginx.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? Number(process.argv[at + 1]) : fallback;
}
const SECONDS = option('seconds', 16);
const RATE = option('rate', 150);
const PORT = option('port', 8280);
const REQUIRE = process.argv.includes('--require');
const KILL_AT = 0.4; // of the run
const WARMUP = 3; // seconds at the same rate before the measured run
const adminUrl = process.env.SCALE_OUT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `academy_scale_out_${PORT}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();

const checks = [];
function check(ok, text) {
  checks.push({ ok, text });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${text}`);
}

function skip(reason) {
  if (REQUIRE) {
    console.log(`FAIL scale-out test cannot run: ${reason}`);
    process.exit(1);
  }
  console.log(`skipped: ${reason}`);
  process.exit(0);
}

// ---------------------------------------------------------------- requests

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One request; resolves with status (0: no answer), parsed body, headers, start and end (ms). */
function request(base, { method = 'GET', path: url, cookie, body, id, headers: extraHeaders = {} }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = {
      zoneid: 'UTC',
      ...(cookie ? { cookie } : {}),
      ...(id !== undefined ? { 'x-load-id': String(id) } : {}),
      ...extraHeaders,
    };
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    const req = http.request(`${base}${url}`, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        let json = null;
        try {
          json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          // not JSON (an nginx error page)
        }
        resolve({ status: res.statusCode, json, headers: res.headers, started, ended: performance.now() });
      });
      res.on('error', () => resolve({ status: 0, json: null, headers: {}, started, ended: performance.now() }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', (error) =>
      resolve({ status: 0, error: error.message, json: null, headers: {}, started, ended: performance.now() }),
    );
    if (payload) req.write(payload);
    req.end();
  });
}

const cookieOf = (response) =>
  []
    .concat(response.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .filter((c) => c.startsWith('academy_session='))
    .join('; ');

async function signIn(base, username, password = 'demo123') {
  const response = await request(base, { method: 'POST', path: '/token', body: { username, password, rememberMe: true } });
  return { status: response.status, cookie: response.status === 200 ? cookieOf(response) : null, json: response.json };
}

// ---------------------------------------------------------------- processes

function ensureServerBuilt() {
  const bundle = path.join(root, 'server', 'dist', 'server.js');
  const newest = (dir) =>
    fs
      .readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .reduce((max, e) => Math.max(max, fs.statSync(path.join(e.parentPath ?? e.path, e.name)).mtimeMs), 0);
  const stale =
    !fs.existsSync(bundle) ||
    Math.max(newest(path.join(root, 'server', 'src')), newest(path.join(root, 'shared', 'src'))) > fs.statSync(bundle).mtimeMs;
  if (stale) {
    const built = spawnSync(process.execPath, [path.join(root, 'tooling', 'build-server.mjs')], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the server did not build');
  }
  return bundle;
}

async function startInstance(bundle, port, extraEnv = {}) {
  const started = performance.now();
  const log = fs.openSync(path.join(os.tmpdir(), `academy-scale-out-${port}.log`), 'w');
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: 'loopback',
      // not nginx's address: the CSRF check must accept nginx's origin as "the address the request came to"
      ACADEMY_PUBLIC_URL: 'https://academy.invalid',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      SMTP_URL: '',
      ...extraEnv,
    },
    stdio: ['ignore', log, log],
  });
  children.add(child);
  const exited = new Promise((resolve) => child.once('exit', () => resolve(performance.now())));
  for (let i = 0; i < 240; i += 1) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited (${child.exitCode}); see its log in ${os.tmpdir()}`);
    const health = await request(`http://127.0.0.1:${port}`, { path: '/api/health' });
    if (health.status === 200) return { child, port, exited, startedIn: (performance.now() - started) / 1000 };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`instance on ${port} did not answer within 60 s`);
}

async function stopInstance(instance) {
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGTERM');
  await instance.exited;
}

// ---------------------------------------------------------------- the checks

async function sessionsAcrossInstances(a, b) {
  const signedIn = await signIn(a, 'newcomer@demo.academy');
  check(signedIn.status === 200 && !!signedIn.cookie, `sign-in through A (${signedIn.status})`);
  const profile = await request(b, { path: '/api/user/profile', cookie: signedIn.cookie });
  check(
    profile.status === 200 && profile.json?.data?.email === 'newcomer@demo.academy',
    `the session started on A works on B (GET /api/user/profile through B: ${profile.status})`,
  );
  const out = await request(b, { method: 'DELETE', path: '/token', cookie: signedIn.cookie });
  // an instance may keep sessions in memory for up to a second (issue 14): wait that long, no longer
  let refusedAfter = null;
  const signedOutAt = performance.now();
  for (let i = 0; i < 30; i += 1) {
    const after = await request(a, { path: '/api/user/profile', cookie: signedIn.cookie });
    if (after.status === 401) {
      refusedAfter = performance.now() - signedOutAt;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  check(
    out.status === 200 && refusedAfter !== null && refusedAfter <= 1500,
    `signed out through B (${out.status}), refused on A after ${refusedAfter === null ? 'never' : `${Math.round(refusedAfter)} ms`}`,
  );
}

async function sharedRateLimit(a, b) {
  // a made-up account: failures are counted per account and address whether or not it exists
  const account = `nobody-${process.pid}@demo.academy`;
  const statuses = [];
  for (const base of [a, b, a, b, a, b]) statuses.push((await signIn(base, account, 'wrong-password')).status);
  const expected = [401, 401, 401, 401, 401, 429];
  const wrong = statuses.slice(0, 5).every((s) => s !== 429 && s >= 400) && statuses[5] === 429;
  check(
    wrong,
    `sign-in limit shared: 5 failures alternating A and B, the 6th refused (${statuses.join(', ')}; expected ${expected.join(', ')} or 400s before the 429)`,
  );
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function readAccessLog(file) {
  const byId = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = / (\d{3}) \d+ [\d.]+ up=(.*) upstatus=(.*) id=(\d+)$/.exec(line);
    if (match)
      byId.set(Number(match[4]), { status: Number(match[1]), upstreams: match[2].split(', '), upstreamStatus: match[3] });
  }
  return byId;
}

/** CPU seconds (user + system) a process has used so far, from /proc; 0 when it is gone or not Linux. */
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of the line (11 and 12 after the name), in clock ticks
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

async function loadWithAKilled(nginxUrl, a, b, accessLog, cpu) {
  const student = await signIn(nginxUrl, 'student@demo.academy');
  if (!student.cookie) throw new Error(`the demo student could not sign in (${student.status})`);
  const cookie = student.cookie;
  const courses = await request(nginxUrl, { path: '/api/student/course/all-views', cookie });
  const courseId = courses.json?.data?.[0]?.id;
  const bell = await request(nginxUrl, { path: '/api/student/generalNotification', cookie });
  const noticeId = bell.json?.data?.[0]?.id;
  if (!courseId || !noticeId) throw new Error('the demo student has no course or no notification: is the demo data seeded?');

  const mix = [
    { weight: 3, method: 'GET', path: '/api/student/generalNotification' },
    { weight: 3, method: 'GET', path: '/api/student/course/all-views' },
    { weight: 2, method: 'GET', path: `/api/student/course/views/${courseId}` },
    { weight: 2, method: 'POST', path: '/api/student/generalNotification', body: { sgnId: noticeId } },
  ];
  const wheel = mix.flatMap((m) => Array.from({ length: m.weight }, () => m));
  // warm-up (not counted): the first requests of a fresh instance run while its code is compiled and its
  // pool connects, seconds slower than the rest on a busy 2-core machine
  const warm = await Promise.all(
    Array.from({ length: Math.round(RATE * WARMUP) }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, (i * 1000) / RATE)).then(() =>
        request(nginxUrl, { ...wheel[i % wheel.length], cookie }),
      ),
    ),
  );
  if (warm.some((r) => r.status !== 200))
    throw new Error(`warm-up: ${warm.filter((r) => r.status !== 200).length} requests failed`);
  const results = [];
  const pending = [];
  // where the CPU goes while both instances serve (from here to the kill): the PostgreSQL backends of
  // this database and the two instances. Only when PostgreSQL runs on this machine (its pids in /proc).
  const backends = (await cpu.query('select pid from pg_stat_activity where datname = $1', [dbName])).rows.map((r) => r.pid);
  const measured = { postgres: backends, instances: [a.child.pid, b.child.pid] };
  const sample = () => Object.fromEntries(Object.entries(measured).map(([k, pids]) => [k, pids.map(cpuSeconds)]));
  const cpuBefore = sample();
  let cpuAtKill = null;
  const begin = performance.now();
  const killAt = begin + SECONDS * 1000 * KILL_AT;
  let killSent = null;
  let deadAt = null;
  let launched = 0;
  // open loop: requests leave at the rate whatever the answers do, as students' clicks would
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      if (killSent === null && now >= killAt) {
        killSent = now;
        cpuAtKill = sample();
        a.child.kill('SIGKILL');
        void a.exited.then((at) => (deadAt = at));
      }
      if (now - begin >= SECONDS * 1000) {
        clearInterval(timer);
        resolve();
        return;
      }
      const due = Math.floor(((now - begin) / 1000) * RATE);
      for (; launched < due; launched += 1) {
        const call = wheel[launched % wheel.length];
        const id = launched;
        pending.push(
          request(nginxUrl, { ...call, cookie, id }).then((r) =>
            results.push({ ...r, id, method: call.method, path: call.path }),
          ),
        );
      }
    }, 5);
  });
  await Promise.all(pending);
  await a.exited;
  // nginx writes its access log line when the request ends; give it a moment to reach the file
  await new Promise((resolve) => setTimeout(resolve, 300));
  const logged = readAccessLog(accessLog);
  const aAddress = `127.0.0.1:${a.port}`;
  const bAddress = `127.0.0.1:${b.port}`;

  const failed = results.filter((r) => r.status < 200 || r.status >= 300);
  const inFlight = results.filter((r) => r.started < deadAt && r.ended > killSent);
  // a failure is excused only when it was in flight when A died and nginx says A is what failed it
  const excused = (r) => {
    const line = logged.get(r.id);
    return r.started < deadAt && r.ended > killSent && line?.status === 502 && line.upstreams.at(-1) === aAddress;
  };
  const unexcused = failed.filter((r) => !excused(r));
  const after = results.filter((r) => r.started >= deadAt);
  const afterOk = after.filter((r) => r.status >= 200 && r.status < 300);
  const afterOnB = after.filter((r) => logged.get(r.id)?.upstreams.at(-1) === bAddress);
  const before = results.filter((r) => r.ended <= killSent);
  const beforeOnA = before.filter((r) => logged.get(r.id)?.upstreams.at(-1) === aAddress);
  const retried = results.filter((r) => (logged.get(r.id)?.upstreams.length ?? 0) > 1);
  const latencies = (rows) => rows.map((r) => r.ended - r.started).sort((x, y) => x - y);
  const figures = (rows, seconds) => {
    const ms = latencies(rows);
    return {
      requests: rows.length,
      'req/s': +(rows.length / seconds).toFixed(1),
      'p50 ms': +percentile(ms, 50).toFixed(1),
      'p99 ms': +percentile(ms, 99).toFixed(1),
      'max ms': +(ms.at(-1) ?? 0).toFixed(1),
    };
  };
  const beforeSeconds = (killSent - begin) / 1000;
  const afterSeconds = (begin + SECONDS * 1000 - deadAt) / 1000;

  console.log(`\nload: ${RATE} req/s for ${SECONDS} s through nginx, A killed (SIGKILL) at ${beforeSeconds.toFixed(1)} s`);
  console.table({
    'before the kill': { ...figures(before, beforeSeconds), failed: before.filter((r) => r.status !== 200).length },
    'after A died (B alone)': { ...figures(after, afterSeconds), failed: after.filter((r) => r.status !== 200).length },
    'the whole run': { ...figures(results, SECONDS), failed: failed.length },
  });
  console.log(
    `A died ${(deadAt - killSent).toFixed(1)} ms after the signal; ${inFlight.length} requests were in flight then ` +
      `(${inFlight.filter((r) => r.method === 'POST').length} POSTs); ${failed.length} failed ` +
      `(${failed.map((r) => `${r.method} ${r.status || r.error}`).join(', ') || 'none'}); ` +
      `${retried.length} went to B after A failed them (GETs in flight, and new requests while nginx learnt A was gone)`,
  );

  // CPU per request before the kill (pids present at both samples; a backend that closed meanwhile is left out)
  const used = (key) =>
    cpuBefore[key].reduce((sum, start, i) => (start > 0 && cpuAtKill[key][i] > 0 ? sum + cpuAtKill[key][i] - start : sum), 0);
  const startedBeforeKill = results.filter((r) => r.started < killSent).length;
  const cpuPerRequest = {
    postgres: (used('postgres') * 1000) / startedBeforeKill,
    instances: (used('instances') * 1000) / startedBeforeKill,
  };
  const localPostgres = used('postgres') > 0;
  console.log(
    localPostgres
      ? `CPU per request before the kill (${startedBeforeKill} requests, ${backends.length} PostgreSQL backends): ` +
          `PostgreSQL ${cpuPerRequest.postgres.toFixed(2)} ms, the instances ${cpuPerRequest.instances.toFixed(2)} ms ` +
          `(PostgreSQL is ${Math.round((100 * cpuPerRequest.postgres) / (cpuPerRequest.postgres + cpuPerRequest.instances))} % of the server side)`
      : `CPU per request: the instances ${cpuPerRequest.instances.toFixed(2)} ms (PostgreSQL not on this machine: not measured)`,
  );

  // second by second: requests that started in it, their p99 and failures (the kill's second marked)
  const timeline = [];
  for (let second = 0; second < SECONDS; second += 1) {
    const rows = results.filter((r) => Math.floor((r.started - begin) / 1000) === second);
    const ms = latencies(rows);
    const killedHere = Math.floor((killSent - begin) / 1000) === second;
    timeline.push(
      `${second}s${killedHere ? '†' : ''}: ${rows.length} p99 ${Math.round(percentile(ms, 99))} ms${rows.some((r) => r.status !== 200) ? ` ${rows.filter((r) => r.status !== 200).length} failed` : ''}`,
    );
  }
  console.log(`per second (started, p99; † A killed): ${timeline.join(' · ')}\n`);

  check(
    before.length > 0 && before.every((r) => r.status === 200),
    `every request before the kill answered 200 (${before.length})`,
  );
  check(
    beforeOnA.length > 0 && beforeOnA.length < before.length,
    `both instances served before the kill (A ${beforeOnA.length} of ${before.length})`,
  );
  check(
    unexcused.length === 0,
    `no request failed but those in flight on A when it died (failed ${failed.length}, in flight ${inFlight.length}` +
      (unexcused.length
        ? `; not excused: ${unexcused.map((r) => `#${r.id} ${r.method} ${r.path} ${r.status || r.error}`).join(', ')}`
        : '') +
      ')',
  );
  check(
    failed.every((r) => r.method === 'POST'),
    'only POSTs failed: GETs in flight on A were answered by B, POSTs that reached A were not sent twice',
  );
  check(
    afterOk.length === after.length && afterOnB.length === after.length && after.length >= RATE * afterSeconds * 0.25,
    `the load went on through B: ${afterOk.length} of ${after.length} requests after A died answered, all by B`,
  );
  return {
    before: figures(before, beforeSeconds),
    after: figures(after, afterSeconds),
    failed: failed.length,
    inFlight: inFlight.length,
    retried: retried.length,
  };
}

/** A code answer graded on one instance is the student's state and history on the other, both ways. */
async function sharedGrading(a, b) {
  const { cookie } = await signIn(a, 'student@demo.academy');
  const courses = (await request(a, { path: '/api/student/course/all-views', cookie })).json?.data ?? [];
  let courseTaskId = null;
  const findCode = (node) => {
    if (courseTaskId !== null || !node || typeof node !== 'object') return;
    if (!Array.isArray(node) && node.type === 'code' && node.solved === false && typeof node.taskId === 'number')
      courseTaskId = node.taskId;
    for (const value of Object.values(node)) findCode(value);
  };
  for (const course of courses)
    findCode((await request(a, { path: `/api/student/course/views/${course.id}`, cookie })).json?.data);
  if (courseTaskId === null) throw new Error('the demo student has no unsolved code task');
  const task = await request(a, { path: `/api/student/task/${courseTaskId}/code`, cookie });
  const stateId = task.json?.data?.studentTaskId;
  // a wrong solution, whatever the task: graded (its tests run in the instance's sandbox) and kept
  const send = (base, marker) =>
    request(base, {
      method: 'POST',
      path: `/api/student/taskInfo/${stateId}/code`,
      cookie,
      body: { solution: `// ${marker}\nconst nothing = 0;` },
    });
  const history = async (base) =>
    ((await request(base, { path: `/api/student/taskInfo/${stateId}/solutions`, cookie })).json?.data ?? []).map(
      (s) => `${/\/\/ (\S+)/.exec(s.answer?.solution ?? '')?.[1]}:${s.result?.length ?? 0} results`,
    );
  const markers = [`graded-on-a-${process.pid}`, `graded-on-b-${process.pid}`];
  const onA = await send(a, markers[0]);
  const onB = await send(b, markers[1]);
  const [seenOnB, seenOnA] = [await history(b), await history(a)];
  const viewOnB = (await request(b, { path: `/api/student/task/${courseTaskId}/code`, cookie })).json?.data;
  check(
    onA.status === 200 &&
      onB.status === 200 &&
      markers.every((m) => seenOnA.some((h) => h.startsWith(`${m}:`)) && seenOnB.some((h) => h.startsWith(`${m}:`))) &&
      seenOnA.join() === seenOnB.join() &&
      viewOnB?.lastActionIsWrong === true,
    `grading state shared: a code answer graded on A and one on B are in both instances' history ` +
      `(${seenOnB.slice(0, 2).join(', ')}), and B shows the task answered wrong`,
  );
}

/** What nginx passes on is what the instances decide by: the client cannot forge it. */
async function proxyHeaders(nginxUrl) {
  const student = await signIn(nginxUrl, 'student@demo.academy');
  const bell = await request(nginxUrl, { path: '/api/student/generalNotification', cookie: student.cookie });
  const noticeId = bell.json?.data?.[0]?.id;
  const markRead = (headers) =>
    new Promise((resolve) => {
      const body = JSON.stringify({ sgnId: noticeId });
      const req = http.request(
        `${nginxUrl}/api/student/generalNotification`,
        {
          method: 'POST',
          agent,
          headers: {
            zoneid: 'UTC',
            cookie: student.cookie,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...headers,
          },
        },
        (res) => (res.resume(), res.on('end', () => resolve(res.statusCode))),
      );
      req.on('error', () => resolve(0));
      req.end(body);
    });
  const sameOrigin = await markRead({ origin: nginxUrl, 'sec-fetch-site': 'same-origin' });
  const forgedHost = await markRead({ origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' });
  check(
    sameOrigin === 200 && forgedHost === 403,
    `CSRF through nginx: nginx's own origin accepted (${sameOrigin}), a forged X-Forwarded-Host does not make another origin ours (${forgedHost})`,
  );

  const forgedProto = await request(nginxUrl, {
    method: 'POST',
    path: '/token',
    body: { username: 'newcomer@demo.academy', password: 'demo123' },
    headers: { 'x-forwarded-proto': 'https' },
  });
  const secure = [].concat(forgedProto.headers['set-cookie'] ?? []).some((c) => /academy_session=.*;\s*Secure/i.test(c));
  check(
    forgedProto.status === 200 && !secure,
    `a client's X-Forwarded-Proto is replaced: plain http gives no Secure cookie (${forgedProto.status})`,
  );

  const account = `forger-${process.pid}@demo.academy`;
  const statuses = [];
  for (let i = 0; i < 6; i += 1) {
    const response = await request(nginxUrl, {
      method: 'POST',
      path: '/token',
      body: { username: account, password: 'wrong-password' },
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
    });
    statuses.push(response.status);
  }
  check(statuses[5] === 429, `a forged X-Forwarded-For does not dodge the limit: ${statuses.join(', ')}`);

  // the same limit as the instances' (1 MB of JSON): over it, nginx answers with the academy's envelope
  const over = await request(nginxUrl, {
    method: 'POST',
    path: '/token',
    body: { username: 'x'.repeat(1536 * 1024), password: 'x' },
  });
  const under = await request(nginxUrl, {
    method: 'POST',
    path: '/token',
    body: { username: 'x'.repeat(1000 * 1000), password: 'x' },
  });
  check(
    over.status === 413 && over.json?.error?.key === 'tooLarge' && under.status === 400 && under.json?.success === false,
    `body limits: 1.5 MB of JSON refused by nginx with the envelope (${over.status} ${over.json?.error?.key}), ` +
      `1 MB reaches an instance and gets its readable 400 (${under.status})`,
  );
}

async function cacheHeaders(nginxUrl) {
  const shell = path.join(root, 'shell', 'dist');
  if (!fs.existsSync(path.join(shell, 'index.html'))) {
    console.log('(cache headers through nginx not checked: the frontends are not built; `npm run build`)');
    return;
  }
  // as a browser asks: the instances send the brotli file the build made
  const headers = { 'accept-encoding': 'br, gzip' };
  const page = await request(nginxUrl, { path: '/login', headers });
  const chunk = fs.readdirSync(shell).find((name) => /\.[0-9a-f]{8,}\.js$/.test(name));
  const hashed = chunk ? await request(nginxUrl, { path: `/${chunk}`, headers }) : null;
  const entry = await request(nginxUrl, { path: '/remotes/student/remoteEntry.js', headers });
  check(
    /no-cache/.test(page.headers['cache-control'] ?? '') &&
      /no-cache/.test(entry.headers['cache-control'] ?? '') &&
      page.status === 200 &&
      entry.status === 200 &&
      (!hashed || /max-age=31536000/.test(hashed.headers['cache-control'] ?? '')),
    `cache headers through nginx: page ${page.headers['cache-control']}, remoteEntry.js ${entry.headers['cache-control']}, ` +
      `hashed chunk ${hashed ? `${hashed.headers['cache-control']} (${hashed.headers['content-encoding'] ?? 'not compressed'})` : '(none)'}`,
  );
}

// ---------------------------------------------------------------- the run

const nginxBinary = findNginx();
if (!nginxBinary) skip('nginx is not installed (Debian: apt-get install -y nginx)');
const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
} catch (error) {
  skip(`PostgreSQL is not reachable at ${adminUrl} (${error.message}); set SCALE_OUT_DATABASE_URL`);
}

// whatever ends this script (a failed check, Ctrl-C, a closed pipe), the processes it started end with it
const children = new Set();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => process.exit(130));
process.stdout.on('error', () => process.exit(1));

const runStarted = performance.now();
let a = null;
let b = null;
let nginx = null;
let crashed = null;
try {
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const bundle = ensureServerBuilt();
  // A seeds the demo data; B then starts on the migrated database, as a second machine would
  a = await startInstance(bundle, PORT + 1, { ACADEMY_SEED_DEMO: '1' });
  b = await startInstance(bundle, PORT + 2);
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-nginx-'));
  nginx = await startNginx({
    nginx: nginxBinary,
    listen: `127.0.0.1:${PORT}`,
    upstreams: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`],
    prefix,
    workers: 1,
    stderr: 'ignore',
  });
  children.add(nginx.child);
  console.log(
    `two instances on PostgreSQL ${dbName} (A :${a.port} up in ${a.startedIn.toFixed(1)} s with the demo seed, ` +
      `B :${b.port} in ${b.startedIn.toFixed(1)} s), nginx ${nginx.url}\n`,
  );
  const direct = (instance) => `http://127.0.0.1:${instance.port}`;
  await sessionsAcrossInstances(direct(a), direct(b));
  await sharedRateLimit(direct(a), direct(b));
  await sharedGrading(direct(a), direct(b));
  await proxyHeaders(nginx.url);
  await cacheHeaders(nginx.url);
  await loadWithAKilled(nginx.url, a, b, nginx.accessLog, admin);
} catch (error) {
  crashed = error;
  console.log(`FAIL ${error instanceof Error ? error.message : error}`);
} finally {
  agent.destroy();
  if (nginx) await nginx.stop();
  for (const instance of [a, b]) if (instance) await stopInstance(instance);
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  await admin.end();
}

const passedChecks = checks.filter((c) => c.ok).length;
const failedChecks = checks.length - passedChecks + (crashed ? 1 : 0);
console.log(
  `\nscale-out: ${passedChecks} checks passed, ${failedChecks} failed (${((performance.now() - runStarted) / 1000).toFixed(1)} s)`,
);
process.exit(failedChecks === 0 ? 0 : 1);
