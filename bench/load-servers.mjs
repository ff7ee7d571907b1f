// The servers bench/load.mjs talks to on BENCH_PORT: one instance, or (issue 33) two instances on one
// PostgreSQL database behind the nginx of deploy/ (one worker: the machine has two cores), the
// instances on the next two ports. Each instance carries the event-loop probe; the step's loop figures
// are the worse instance's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findNginx, startNginx } from '../deploy/nginx/nginx.mjs';
import { loopStats, PORT, resetLoop, startServer, stopServer } from './load-client.mjs';

/** `instances` servers with `env`: one on PORT, or several behind nginx on PORT. */
export async function startServers(env, instances = 1) {
  if (instances === 1) return { processes: [await startServer(env)], nginx: null, prefix: null };
  const processes = [];
  // one after the other: the first applies any migration, as a second machine's would find it done
  for (let i = 1; i <= instances; i++) processes.push(await startServer(env, PORT + i));
  const nginxBinary = findNginx();
  if (!nginxBinary) throw new Error('nginx is not installed (Debian: apt-get install -y nginx)');
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-load-nginx-'));
  const nginx = await startNginx({
    nginx: nginxBinary,
    listen: `127.0.0.1:${PORT}`,
    upstreams: processes.map((_, i) => `127.0.0.1:${PORT + i + 1}`),
    prefix,
    workers: 1,
    stderr: 'ignore',
  });
  return { processes, nginx, prefix };
}

export async function stopServers(servers) {
  if (servers.nginx) await servers.nginx.stop();
  for (const server of servers.processes) await stopServer(server);
  if (servers.prefix) fs.rmSync(servers.prefix, { recursive: true, force: true });
}

/** Starts a new window of every instance's event-loop delay. */
export const resetLoops = (servers) => servers.processes.forEach(resetLoop);

/** The event-loop delay since the last reset, the worse instance's figures (null when one cannot say). */
export async function serversLoopStats(servers) {
  const stats = await Promise.all(servers.processes.map(loopStats));
  if (stats.some((s) => !s)) return null;
  const worst = (key) => Math.max(...stats.map((s) => s[key]));
  return { p50: worst('p50'), p99: worst('p99'), max: worst('max') };
}
