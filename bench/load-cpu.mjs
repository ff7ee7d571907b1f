// Where a step's CPU goes (issue 33): the CPU time each part of the request path spent over the step's
// counted seconds, per request, read from /proc (Linux; elsewhere the step has no `cpu`). The parts: the
// instances (their threads, PGlite's included), PostgreSQL (every `postgres` process of the machine: run
// it on a quiet one), nginx (its workers) and this load generator. A request's cost in milliseconds of
// CPU says what a machine's two cores can serve before anyone waits, which p99 alone does not.
import fs from 'node:fs';

/** Linux's clock ticks per second for /proc times (USER_HZ: 100 on every Linux Node runs on). */
const TICK_MS = 10;

/**
 * A process's CPU in ms (its own, and its children's that it has waited for: a PostgreSQL backend that
 * ends moves its time to the postmaster, and the sum stays whole), its parent and its name; null when
 * it is gone.
 */
function processTimes(pid) {
  let text;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid …": the name may hold spaces and parentheses, the fields after it do not
  const close = text.lastIndexOf(')');
  const name = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  // utime, stime, cutime, cstime
  const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  return { name, ppid: Number(fields[1]), ms: ticks * TICK_MS };
}

/** Every process of the machine: pid → its times. */
function allProcesses() {
  const found = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const times = processTimes(entry);
    if (times) found.set(Number(entry), times);
  }
  return found;
}

/** The CPU ms of each part now. */
function snapshot(servers) {
  const all = allProcesses();
  const sum = (pids) => pids.reduce((total, pid) => total + (all.get(pid)?.ms ?? 0), 0);
  const nginxPid = servers.nginx?.child.pid;
  const nginx = nginxPid ? [nginxPid, ...[...all].filter(([, p]) => p.ppid === nginxPid).map(([pid]) => pid)] : [];
  const postgres = [...all].filter(([, p]) => p.name === 'postgres').map(([pid]) => pid);
  const usage = process.cpuUsage();
  return {
    instances: sum(servers.processes.map((child) => child.pid)),
    postgres: sum(postgres),
    nginx: sum(nginx),
    generator: (usage.user + usage.system) / 1000,
  };
}

/** A meter over part of a step: `start()` at the counted window's start, `perRequest(n)` at its end. */
export function cpuMeter(servers) {
  if (!fs.existsSync('/proc/self/stat')) return { start() {}, perRequest: () => null };
  let from = null;
  return {
    start() {
      from = snapshot(servers);
    },
    /** ms of CPU per request of each part since `start()` (parts that spent nothing are left out) */
    perRequest(requests) {
      if (!from || requests === 0) return null;
      const to = snapshot(servers);
      const result = {};
      for (const part of Object.keys(to)) {
        const ms = to[part] - from[part];
        if (ms > 0) result[part] = +(ms / requests).toFixed(3);
      }
      return result;
    },
  };
}

/** ", CPU per request server 0.22, PostgreSQL 0.10, nginx 0.05, generator 0.09 (0.46) ms" */
export function cpuText(cpu) {
  if (!cpu) return '';
  const names = { instances: 'server', postgres: 'PostgreSQL', nginx: 'nginx', generator: 'generator' };
  const parts = Object.entries(cpu).map(([part, ms]) => `${names[part]} ${ms}`);
  const total = Object.values(cpu).reduce((a, b) => a + b, 0);
  return `, CPU per request ${parts.join(', ')} (${total.toFixed(3)}) ms`;
}
