import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './config';

/** Runs `npm start`'s script on an empty data folder and resolves once the server is listening. */
function startAcademy(dataDir: string) {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'tooling', 'start.mjs')], {
    cwd: REPO_ROOT,
    // the embedded database, whatever the test run's own DATABASE_URL says
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL')),
      ACADEMY_SKIP_BUILD: '1',
      ACADEMY_DATA_DIR: dataDir,
      PORT: '0',
      LOG_FORMAT: 'json',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let seen = '';
  const up = new Promise<void>((resolve, reject) => {
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('Academy is up')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    void exited.then((code) => reject(new Error(`the academy ended with ${code} before it was up: ${errors}${seen}`)));
  });
  return { child, exited, up, output: () => seen };
}

/** The server process `npm start` runs: the one child of the start script. */
function serverPid(startPid: number): number {
  const found = spawnSync('pgrep', ['-P', String(startPid)], { encoding: 'utf8' }).stdout.trim();
  return Number(found.split('\n')[0]);
}

describe('npm start', () => {
  // one data folder for both starts: the first seeds it, the second finds it seeded (and is quicker)
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-start-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('runs the server compiled ahead of time with a long accept queue, says how long it took to start, and exits 0 on SIGTERM', async () => {
    const academy = startAcademy(dataDir);
    await academy.up;
    const command = fs.readFileSync(`/proc/${serverPid(academy.child.pid!)}/cmdline`, 'utf8').split('\0');
    expect(command).toContain(path.join(REPO_ROOT, 'server', 'dist', 'server.js'));
    expect(command.join(' ')).not.toMatch(/tsx/);
    expect(academy.output()).toMatch(/Academy is up on .* \(started in \d+\.\d s\)/);
    // the listening socket's queue (ss's Send-Q) is the server's, not Node's default of 511
    const sockets = spawnSync('ss', ['-Hltnp'], { encoding: 'utf8' }).stdout.split('\n');
    const listening = sockets.find((line) => line.includes(`pid=${serverPid(academy.child.pid!)},`));
    expect(Number(listening?.trim().split(/\s+/)[2])).toBe(
      Math.min(4096, Number(fs.readFileSync('/proc/sys/net/core/somaxconn', 'utf8'))),
    );
    academy.child.kill('SIGTERM');
    expect(await academy.exited).toBe(0);
  }, 60_000);

  it('exits non-zero when the server dies by a signal, so a supervisor restarts it', async () => {
    const academy = startAcademy(dataDir);
    await academy.up;
    process.kill(serverPid(academy.child.pid!), 'SIGSEGV');
    expect(await academy.exited).toBe(128 + os.constants.signals.SIGSEGV);
  }, 60_000);
});
