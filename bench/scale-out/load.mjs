// The load phase: a paced open-loop load through nginx after a warm-up, instance A killed with SIGKILL
// part-way, and the CPU of PostgreSQL and the instances sampled until the kill (load-report.mjs judges it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { request, signIn } from './http.mjs';
import { reportLoad } from './load-report.mjs';
import { dbName, KILL_AT, RATE, SECONDS, WARMUP } from './options.mjs';

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
/** Browsers signed in as the demo student whose requests make the load. */
const SESSIONS = 16;
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

export async function loadWithAKilled(nginxUrl, a, b, accessLog, cpu) {
  // nginx sends each session to one instance (a hash of its token, deploy/nginx/academy.conf), so the
  // load is several browsers' sessions: 16 sign-ins, all on one instance with a chance of 2 in 65,536
  const cookies = [];
  for (let i = 0; i < SESSIONS; i++) {
    const student = await signIn(nginxUrl, 'student@demo.academy');
    if (!student.cookie) throw new Error(`the demo student could not sign in (${student.status})`);
    cookies.push(student.cookie);
  }
  const cookie = cookies[0];
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
        request(nginxUrl, { ...wheel[i % wheel.length], cookie: cookies[i % SESSIONS] }),
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
          request(nginxUrl, { ...call, cookie: cookies[id % SESSIONS], id }).then((r) =>
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
  return reportLoad({ results, sessions: SESSIONS, begin, killSent, deadAt, a, b, accessLog, cpuBefore, cpuAtKill, backends });
}
