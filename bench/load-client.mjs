// The pieces of bench/load.mjs that talk to the server: one HTTP request, the server started with the
// event-loop probe (bench/loop-probe.mjs) on an IPC channel, its loop figures, and the students' set-up.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SERVER_NODE_ARGS from '../tooling/server-node-args.cjs';
import { Pool } from './load-http.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PORT = Number(process.env.BENCH_PORT ?? 8198);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The students' kept-alive connections (bench/load-http.mjs). */
export const agent = new Pool();

/** One request: its status, milliseconds and body (status 0: a network error). */
export async function request(method, url, cookie, body, port = PORT) {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  // the header the academy's pages send (the CSRF guard wants it on changes)
  const headers = { cookie, zoneid: 'UTC', ...(payload ? { 'content-type': 'application/json' } : {}) };
  try {
    const { status, text } = await agent.request(port, method, url, headers, payload);
    return { status, ms: performance.now() - started, text };
  } catch {
    return { status: 0, ms: performance.now() - started, text: '' };
  }
}

/**
 * Builds server/dist from the sources (esbuild, about a second), so the bench measures the code checked
 * out. Until 2026-12-02 the bench ran server/src through tsx: a fresh process then also transpiled and
 * resolved its modules while the herd arrived, which a deployed server does not.
 */
export function buildServer() {
  const result = spawnSync(process.execPath, [path.join(root, 'tooling', 'build-server.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the server did not build (node tooling/build-server.mjs)');
}

/**
 * The server as deployed (server/dist/server.js, as `npm start` and docs/scaling.md run it; built by
 * `buildServer` first), with the loop probe preloaded and an IPC channel to it; LOAD_NODE_ARGS adds
 * node options (`--cpu-prof --cpu-prof-dir=…` for a profile). Resolves once /api/health answers on `port`.
 */
export async function startServer(env, port = PORT) {
  const nodeArgs = (process.env.LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const probe = path.join(root, 'bench', 'loop-probe.mjs');
  const server = spawn(
    process.execPath,
    [...nodeArgs, ...SERVER_NODE_ARGS, '--import', probe, path.join(root, 'server', 'dist', 'server.js')],
    {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  for (let i = 0; i < 120; i++) {
    await sleep(500);
    if ((await request('GET', '/api/health', '', undefined, port)).status === 200) return server;
  }
  server.kill();
  throw new Error('the server did not start');
}

/** Stops the server and waits for it (a CPU profile is written on the way out). */
export async function stopServer(server) {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

/** Starts a new window of the server's event-loop delay. */
export function resetLoop(server) {
  if (server.connected) server.send('loop-reset');
}

/** The server's event-loop delay since the last reset: p50, p99 and max in ms (null when it cannot say). */
export function loopStats(server) {
  if (!server.connected) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.off('message', onMessage);
      resolve(null);
    }, 5000);
    const onMessage = (message) => {
      if (!message?.loop) return;
      clearTimeout(timer);
      server.off('message', onMessage);
      resolve(message.loop);
    };
    server.on('message', onMessage);
    server.send('loop-stats');
  });
}

/** bench/load-setup.ts: `count` students enrolled with a session each, before the server starts. */
export function setUp(count, env) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'load-setup.ts'), String(count)], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`set-up failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}
