// Two API instances behind nginx on one PostgreSQL database (docs/scaling.md, "Scaling"), checked end to end:
//  1. a session started through instance A works through instance B, and signing out through B ends it
//     on A too (within a second, for instances that cache sessions);
//  2. shared state: sign-in failures through A and B add up to one limit; a code answer graded on either
//     instance is the student's state and history on both;
//  3. nginx: its own origin passes the CSRF check, a client's X-Forwarded-Host/-Proto/-For change
//     nothing, the body limits are the instances', and (when the frontends are built) the cache headers;
//  4. a paced load through nginx (the bell, the course list, a course page, and marking a notice read:
//     a POST) from 16 sessions, each kept on one instance by nginx's hash of its token, after a 3 s
//     warm-up, instance A killed with SIGKILL part-way: no request fails except
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
//
// The parts, in bench/scale-out/: the options, the instances and nginx (processes.mjs), the requests, the
// checks straight to the instances and through nginx, the load with A killed (load.mjs, load-report.mjs),
// and the ok/FAIL lines with the final count (report.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { findNginx, startNginx } from '../deploy/nginx/nginx.mjs';
import { agent } from './scale-out/http.mjs';
import { cacheHeaders, proxyHeaders } from './scale-out/nginx-checks.mjs';
import { sessionsAcrossInstances, sharedGrading, sharedRateLimit } from './scale-out/instance-checks.mjs';
import { loadWithAKilled } from './scale-out/load.mjs';
import { adminUrl, dbName, PORT } from './scale-out/options.mjs';
import { children, endChildrenOnExit, ensureServerBuilt, startInstance, stopInstance } from './scale-out/processes.mjs';
import { skip, summarize } from './scale-out/report.mjs';

const nginxBinary = findNginx();
if (!nginxBinary) skip('nginx is not installed (Debian: apt-get install -y nginx)');
const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
} catch (error) {
  skip(`PostgreSQL is not reachable at ${adminUrl} (${error.message}); set SCALE_OUT_DATABASE_URL`);
}

endChildrenOnExit();

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

process.exit(summarize(crashed, runStarted));
