// A newcomer's first start: clones the repository (its committed HEAD) into a fresh folder, times
// `npm install`, then `npm start` until GET /login answers 200 (first start: every build from
// nothing), stops it, and times a second `npm start` (everything built). Prints the three figures.
// Usage: node bench/first-start.mjs [repository, default this checkout] [clone folder]
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = process.argv[2] ?? here;
const clone = process.argv[3] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'academy-first-start-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-first-start-data-'));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function timedStart(label) {
  const port = await freePort();
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: clone,
    detached: true, // its own process group, so the whole tree is stopped afterwards
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), ACADEMY_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`npm start ended before /login answered:\n${output}`);
      const status = await fetch(`http://127.0.0.1:${port}/login`).then(
        (reply) => reply.status,
        () => 0,
      );
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const ms = Date.now() - started;
    console.log(`${label}: /login answered 200 after ${seconds(ms)}`);
    for (const line of output.split('\n').filter((text) => /Built|Building|listening|started in/.test(text))) {
      console.log(`  ${line.trim()}`);
    }
    return ms;
  } finally {
    if (!exited) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

try {
  console.log(`cloning ${source} into ${clone}`);
  fs.rmSync(clone, { recursive: true, force: true });
  execFileSync('git', ['clone', '--quiet', source, clone], { stdio: 'inherit' });
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: clone, encoding: 'utf8' }).trim();
  const installStarted = Date.now();
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: clone, stdio: 'inherit' });
  const install = Date.now() - installStarted;
  console.log(`npm install: ${seconds(install)}`);
  const first = await timedStart('first npm start (fresh clone)');
  const second = await timedStart('second npm start (built)');
  console.log(
    `${new Date().toISOString().slice(0, 10)} commit ${commit}, ${os.cpus().length} cores, Node ${process.versions.node}: ` +
      `npm install ${seconds(install)}, first npm start ${seconds(first)}, second ${seconds(second)}`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
