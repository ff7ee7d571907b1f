import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openCgroup, type Cgroup } from './cgroup';
import { runProcess, type ProcessResult } from './process';

/** The kernel-enforced limits of one sandboxed run. */
export interface NativeLimits {
  /** CPU seconds (RLIMIT_CPU: SIGXCPU, then SIGKILL) */
  cpuSeconds: number;
  /** wall clock, from the start of the sandbox (the host kills the whole namespace) */
  wallMs: number;
  /** address space (RLIMIT_AS) and, where cgroups are writable, the memory cgroup's limit */
  memoryMb: number;
  /** processes and threads (the pids cgroup, else RLIMIT_NPROC on the run's own uid) */
  processes: number;
  /** the largest file the program may write (RLIMIT_FSIZE) */
  fileMb: number;
  /** the private /tmp's size */
  tmpMb: number;
  /** stdout and stderr kept, each; printing past it kills the run */
  outputBytes: number;
}

/** A compiled program's run (Java, Go): every test in one process, each with its own time. */
export const COMPILED_RUN_LIMITS: NativeLimits & { testMs: number } = {
  testMs: 2000,
  cpuSeconds: 10,
  wallMs: 15_000,
  memoryMb: 1024,
  processes: 64,
  fileMb: 1,
  tmpMb: 16,
  outputBytes: 1024 * 1024,
};

export interface SandboxRun {
  /** the host folder seen as /work inside (read-only unless `writable`) */
  workDir: string;
  writable?: boolean;
  /** more host paths, read-only, at the same place inside (those that do not exist are left out) */
  readOnly?: string[];
  /** a host folder bound read-write at the same place inside: a compiler's cache (see COMPILER_UID), never a run's */
  cacheDir?: string;
  command: string[];
  env?: Record<string, string>;
  input?: string;
  limits: NativeLimits;
  /** stdout as it arrives (the harness's `start` lines: which test runs) */
  onStdout?(chunk: string): void;
}

/** The host's system folders the sandbox sees, read-only: programs and libraries, nothing of /etc but these. */
const SYSTEM = ['/usr', '/etc/ld.so.cache', '/etc/java-17-openjdk'];

const ROOT = typeof process.getuid === 'function' && process.getuid() === 0;
/** Host uids the runs take when the server is root: a run's process limit then counts only its own. */
const UID_BASE = 2_000_000;
const UID_COUNT = 64;
let available: { ok: true } | { ok: false; reason: string } | undefined;

/**
 * Whether bubblewrap is here and works (a user namespace can be made): checked once. Without it the
 * languages that need it are not graded at all; student code never runs outside the sandbox.
 */
export function sandboxAvailable(): { ok: true } | { ok: false; reason: string } {
  if (available) return available;
  try {
    // as a run does it: as a run's uid (when root), in a new user namespace
    const bwrap = ['bwrap', '--unshare-all', '--unshare-user', '--die-with-parent', '--ro-bind', '/usr', '/usr'];
    const links = ['--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64', '--', '/usr/bin/true'];
    const asRun = ROOT ? ['setpriv', `--reuid=${UID_BASE}`, `--regid=${UID_BASE}`, '--clear-groups', '--'] : [];
    const [command, ...args] = [...asRun, ...bwrap, ...links];
    execFileSync(command!, args, { stdio: 'ignore', timeout: 10_000 });
    available = { ok: true };
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    available = {
      ok: false,
      reason: missing
        ? 'bubblewrap is not installed (apt-get install -y bubblewrap)'
        : 'bubblewrap cannot create a sandbox here (user namespaces are disabled?)',
    };
  }
  return available;
}

let nextUid = 0;

/**
 * The compilers' uid (as root): it owns the compilers' caches. A compiler runs none of the student's
 * code (javac without annotation processing, go build without cgo), so its runs may share the cache.
 */
export const COMPILER_UID = UID_BASE - 1;

/** The uid a compiler runs as: COMPILER_UID as root, the server's own otherwise. */
export function compilerUid(): number | null {
  return ROOT ? COMPILER_UID : null;
}

/** A fresh uid for a run (as root), so RLIMIT_NPROC counts that run's processes alone. */
function runUid(): number | null {
  if (!ROOT) return null;
  nextUid = (nextUid + 1) % UID_COUNT;
  return UID_BASE + nextUid;
}

/**
 * A folder of the compilers' (a cache) under the grading cache: owned by their uid, so their sandboxes
 * may write it; readable by all (compiled code of the academy's and the standard library's, no secret).
 */
export function compilerFolder(name: string): string {
  const root = path.join(os.tmpdir(), 'academy-grading-cache');
  fs.mkdirSync(root, { recursive: true, mode: 0o711 });
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  if (ROOT) execFileSync('chown', ['-R', `${COMPILER_UID}:${COMPILER_UID}`, dir]);
  return dir;
}

/** Processes the server's own uid has now (RLIMIT_NPROC counts them all when runs share its uid). */
function ownProcesses(): number {
  const uid = process.getuid?.() ?? 0;
  let count = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.statSync(`/proc/${entry}`).uid === uid) count += 1;
    } catch {
      // gone meanwhile
    }
  }
  return count;
}

/** The command line of a run: setpriv (to the run's uid, as root), prlimit, bwrap, the program. */
export function sandboxCommand(run: SandboxRun, uid: number | null, cgroup: Cgroup | null): string[] {
  const { limits } = run;
  const nproc = cgroup ? limits.processes * 4 : uid !== null ? limits.processes : ownProcesses() + limits.processes;
  const prefix = uid !== null ? ['setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--'] : [];
  const rlimits = [
    'prlimit',
    `--cpu=${limits.cpuSeconds}`,
    `--as=${limits.memoryMb * 1024 * 1024}`,
    `--fsize=${limits.fileMb * 1024 * 1024}`,
    `--nproc=${nproc}`,
    '--nofile=256',
    '--core=0',
    '--',
  ];
  const binds: string[] = [];
  for (const dir of [...SYSTEM, ...(run.readOnly ?? [])]) if (fs.existsSync(dir)) binds.push('--ro-bind', dir, dir);
  if (run.cacheDir) binds.push('--bind', run.cacheDir, run.cacheDir);
  const env = { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', ...run.env };
  return [
    ...prefix,
    ...rlimits,
    'bwrap',
    '--unshare-all',
    '--unshare-user',
    '--die-with-parent',
    '--new-session',
    '--disable-userns',
    // the private /tmp first: a folder bound below it (a cache under the host's /tmp) stays visible
    '--size',
    String(limits.tmpMb * 1024 * 1024),
    '--tmpfs',
    '/tmp',
    ...binds,
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--symlink',
    'usr/bin',
    '/bin',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    run.writable ? '--bind' : '--ro-bind',
    run.workDir,
    '/work',
    '--chdir',
    '/work',
    '--clearenv',
    ...Object.entries(env).flatMap(([key, value]) => ['--setenv', key, value]),
    '--',
    ...run.command,
  ];
}

/**
 * Runs a command in a fresh sandbox: no network (an empty namespace), no host files but the system's
 * programs read-only and the run's folder, a private size-capped /tmp, its own pids and uid, the
 * limits of `run.limits` enforced by the kernel (rlimits, cgroups where writable), killed with its
 * whole namespace at the wall clock or on too much output.
 */
export async function runSandboxed(run: SandboxRun): Promise<ProcessResult> {
  const check = sandboxAvailable();
  if (!check.ok) throw new Error(`Code in this language cannot be graded here: ${check.reason}`);
  const uid = run.cacheDir ? compilerUid() : runUid();
  // a folder the run writes is its uid's; one it only reads is readable by all (0755, files 0644)
  if (uid !== null && run.writable) fs.chownSync(run.workDir, uid, uid);
  const cgroup = openCgroup(run.limits);
  try {
    const [command, ...args] = sandboxCommand(run, uid, cgroup);
    return await runProcess(command!, args, {
      input: run.input,
      wallMs: run.limits.wallMs,
      maxOutput: run.limits.outputBytes,
      env: {},
      onSpawn: (pid) => cgroup?.add(pid),
      onStdout: run.onStdout,
    });
  } finally {
    cgroup?.close();
  }
}
