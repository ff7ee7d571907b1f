import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A run's own control group: its memory and process count capped by the kernel, for all its processes. */
export interface Cgroup {
  add(pid: number): void;
  /** kills what is left in it and removes it */
  close(): void;
}

const ROOT = '/sys/fs/cgroup';
const V2 = fs.existsSync(path.join(ROOT, 'cgroup.controllers'));

let usable: boolean | undefined;

function write(file: string, value: string): void {
  fs.writeFileSync(file, value);
}

/** The folders of a new group: one on cgroup v2, one per controller (memory, pids) on v1. */
function create(): string[] {
  const name = `academy-run-${randomBytes(6).toString('hex')}`;
  const dirs = V2 ? [path.join(ROOT, name)] : [path.join(ROOT, 'memory', name), path.join(ROOT, 'pids', name)];
  for (const dir of dirs) fs.mkdirSync(dir);
  return dirs;
}

function remove(dirs: string[]): void {
  for (const dir of dirs) {
    try {
      const procs = fs.readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean);
      for (const pid of procs) {
        try {
          process.kill(Number(pid), 'SIGKILL');
        } catch {
          // already gone
        }
      }
      fs.rmdirSync(dir);
    } catch {
      // still emptying: removed on a later try
      setTimeout(() => fs.rm(dir, { recursive: false, force: true }, () => undefined), 500).unref();
    }
  }
}

/**
 * A control group for one run, where the machine lets the server make one (root, cgroups mounted
 * writable); null elsewhere: the rlimits then carry the limits alone.
 */
export function openCgroup(limits: { memoryMb: number; processes: number }): Cgroup | null {
  if (usable === false) return null;
  let dirs: string[] = [];
  try {
    dirs = create();
    const bytes = String(limits.memoryMb * 1024 * 1024);
    if (V2) {
      write(path.join(dirs[0]!, 'memory.max'), bytes);
      write(path.join(dirs[0]!, 'memory.swap.max'), '0');
      write(path.join(dirs[0]!, 'pids.max'), String(limits.processes));
    } else {
      write(path.join(dirs[0]!, 'memory.limit_in_bytes'), bytes);
      write(path.join(dirs[1]!, 'pids.max'), String(limits.processes));
    }
    usable = true;
  } catch {
    remove(dirs);
    usable = false;
    return null;
  }
  return {
    add(pid) {
      for (const dir of dirs) {
        try {
          write(path.join(dir, 'cgroup.procs'), String(pid));
        } catch {
          // the process already ended
        }
      }
    },
    close: () => remove(dirs),
  };
}
