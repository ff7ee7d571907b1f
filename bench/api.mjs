// API throughput: autocannon (10 connections) against the course list and a course page, signed in as
// the demo student, and against a bare endpoint of the same server in the same run, on the embedded
// PGlite database and on PostgreSQL. Usage: node bench/api.mjs [seconds per endpoint, default 10]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a database
// `academy_bench` is created anew there). Results: printed and written to bench/results/api.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.argv[2] ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 8199);
// the PostgreSQL database made anew for the run (several people may bench on one server at once)
const DB_NAME = process.env.BENCH_DB_NAME ?? 'academy_bench';
const base = `http://127.0.0.1:${PORT}`;

async function startServer(env) {
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 500));
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      // not up yet
    }
  }
  server.kill();
  throw new Error('the server did not start');
}

async function signIn() {
  const response = await fetch(`${base}/token`, {
    method: 'POST',
    // the zoneId header the academy's pages send: without it a state change is refused as cross-site
    headers: { 'content-type': 'application/json', zoneId: 'UTC' },
    body: JSON.stringify({ username: 'student@demo.academy', password: 'demo123', rememberMe: true }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const views = await (await fetch(`${base}/api/student/course/all-views`, { headers: { cookie } })).json();
  return { cookie, courseId: views.data[0].id };
}

function run(url, cookie) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 10, duration, headers: cookie ? { cookie } : {} }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0 || result.errors > 0)
        return reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      resolve({ rps: Math.round(result.requests.average), p99: result.latency.p99 });
    });
  });
}

async function measure(label, env) {
  const server = await startServer(env);
  try {
    const { cookie, courseId } = await signIn();
    const bare = await run(`${base}/api/health`);
    const list = await run(`${base}/api/student/course/all-views`, cookie);
    const page = await run(`${base}/api/student/course/views/${courseId}`, cookie);
    return [
      { database: label, endpoint: 'GET /api/health (bare)', ...bare, ratio: 1 },
      { database: label, endpoint: 'GET /api/student/course/all-views', ...list, ratio: +(list.rps / bare.rps).toFixed(3) },
      { database: label, endpoint: `GET /api/student/course/views/{id}`, ...page, ratio: +(page.rps / bare.rps).toFixed(3) },
    ];
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

const results = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-bench-'));
results.push(...(await measure('PGlite', { ACADEMY_DATA_DIR: dataDir, DATABASE_URL: '' })));
fs.rmSync(dataDir, { recursive: true, force: true });

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: adminUrl });
try {
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME}`);
  await admin.query(`create database ${DB_NAME}`);
  const url = new URL(adminUrl);
  url.pathname = `/${DB_NAME}`;
  results.push(...(await measure('PostgreSQL', { DATABASE_URL: url.toString(), ACADEMY_SEED_DEMO: '1' })));
  await admin.query(`drop database if exists ${DB_NAME}`);
} catch (error) {
  console.error(`PostgreSQL skipped: ${error.message}`);
} finally {
  await admin.end().catch(() => undefined);
}

console.table(results);
console.log('| Database | Endpoint | req/s | p99 (ms) | vs bare |\n|---|---|---:|---:|---:|');
for (const r of results) console.log(`| ${r.database} | ${r.endpoint} | ${r.rps} | ${r.p99} | ${r.ratio} |`);
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench', 'results', 'api.json'),
  JSON.stringify({ date: new Date().toISOString(), duration, connections: 10, results }, null, 2),
);
