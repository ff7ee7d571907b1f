// The processes the run starts: the server's bundle (built when missing or stale) as instances A and B, and
// nginx (added to `children` by the entry), all ended with the script.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SERVER_NODE_ARGS from '../../tooling/server-node-args.cjs';
import { request } from './http.mjs';
import { databaseUrl, root } from './options.mjs';

export const children = new Set();

/** Whatever ends this script (a failed check, Ctrl-C, a closed pipe), the processes it started end with it. */
export function endChildrenOnExit() {
  process.on('exit', () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => process.exit(130));
  process.stdout.on('error', () => process.exit(1));
}

export function ensureServerBuilt() {
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

export async function startInstance(bundle, port, extraEnv = {}) {
  const started = performance.now();
  const log = fs.openSync(path.join(os.tmpdir(), `academy-scale-out-${port}.log`), 'w');
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, bundle], {
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

export async function stopInstance(instance) {
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGTERM');
  await instance.exited;
}
