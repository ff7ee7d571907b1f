import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { retryLater } from '../../common/errors';
import { DEFAULT_LIMITS, type SandboxLimits, type SandboxOptions } from './limits';
import { SandboxTimeout, type Job, type Reply, type SandboxTest, type TestOutcome } from './jobs';
import { FairQueue } from './scheduler';

export type { SandboxTest, TestOutcome } from './jobs';
export { SandboxTimeout } from './jobs';

interface Slot {
  /** started on first use and after the last one died or was killed */
  child: ChildProcess | null;
  /** the job it runs first, then (while turns are short) the one sent ahead of its reply */
  jobs: Job[];
}

/**
 * Turns are sent ahead to a busy process only while they take less than this on average: then a
 * process never idles for the round trip between two jobs, and a job sent ahead waits a few ms at most.
 * A long turn (a loop at its time limit) would hold the job behind it, so none is sent ahead of it.
 */
const AHEAD_BELOW_MS = 20;

const WORKER_FILE = path.join(__dirname, 'worker.cjs');
const CRASHED = 'The sandbox could not run this code: it crashed (is it nested too deeply?)';
const STOPPED = 'The sandbox stopped while running this solution';
const SHUT_DOWN = 'The sandbox is shut down';

/**
 * Child processes that run student code in QuickJS, off the server's process: whatever a solution
 * does to its process (a native crash of the TypeScript transform, a watchdog kill) fails only its
 * own job, and the process is replaced. Jobs wait in one bounded queue (see FairQueue), each user
 * with a small share, and run in short turns, so no user's submissions hold back another's for long.
 * While turns are short, each busy process also holds the next job (sent ahead), so it goes from one
 * job to the next without waiting for the pool: a job it never started goes back to the queue.
 */
export class SandboxPool {
  readonly size: number;
  readonly limits: SandboxLimits;
  readonly maxQueued: number;
  readonly perOwner: number;
  readonly #watchdogSlackMs: number;
  readonly #watchdogMs: number | undefined;
  readonly #log: SandboxOptions['log'];
  readonly #turnMs: number;
  readonly #aheadBelowMs: number;
  readonly #slots: Slot[] = [];
  readonly #queue = new FairQueue<Job>();
  #nextId = 1;
  #closed = false;
  /** a moving average of how long a turn holds a process: for Retry-After */
  #averageJobMs = 1000;
  /** processes started so far (tests read it: a crash or a kill starts a new one) */
  spawned = 0;
  /** processes that died or failed inside while running a job (not the watchdog's kills, not recycling) */
  crashes = 0;

  constructor(options: SandboxOptions = {}) {
    this.size = options.size ?? Math.max(2, Math.min(4, os.availableParallelism() - 1));
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.maxQueued = options.maxQueued ?? 100;
    this.perOwner = options.perOwner ?? 3;
    this.#watchdogSlackMs = options.watchdogSlackMs ?? 15_000;
    this.#watchdogMs = options.watchdogMs;
    this.#turnMs = options.turnMs ?? 200;
    this.#aheadBelowMs = options.aheadBelowMs ?? AHEAD_BELOW_MS;
    this.#log = options.log;
    for (let i = 0; i < this.size; i++) this.#slots.push({ child: null, jobs: [] });
  }

  /**
   * Grades a solution: one outcome per test. Refused with a 429 when the owner already has
   * `perOwner` jobs waiting or running, with a 503 when the queue is full and this is not the owner's
   * only job (a user's first job always gets in: the queue is then bounded by the number of users).
   */
  run(code: string, language: 'javascript' | 'typescript', tests: SandboxTest[], owner: string | number): Promise<TestOutcome[]> {
    if (this.#closed) return Promise.reject(new Error(SHUT_DOWN));
    const key = String(owner);
    const pending = this.#queue.pending(key);
    if (pending >= this.perOwner)
      return Promise.reject(retryLater(429, 'server.sandboxOwnShareUsed', this.#retryAfter(), { count: this.perOwner }));
    // a user with nothing waiting or running is always admitted, so a flood of other users' jobs (many
    // accounts) cannot lock anyone out; the cap bounds the extra jobs beyond each user's first
    if (pending > 0 && this.#queue.waiting >= this.maxQueued)
      return Promise.reject(retryLater(503, 'server.sandboxBusy', this.#retryAfter()));
    return new Promise((resolve, reject) => {
      const job: Job = { id: this.#nextId++, owner: key, code, language, tests, done: [], resolve, reject };
      this.#queue.admit(job);
      this.#dispatch();
    });
  }

  /** Jobs waiting for a process. */
  get queued(): number {
    return this.#queue.waiting;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.drain()) job.reject(new Error(SHUT_DOWN));
    await Promise.all(
      this.#slots.map(async (slot) => {
        const { child, jobs } = slot;
        slot.child = null;
        slot.jobs = [];
        for (const job of jobs) {
          clearTimeout(job.timer);
          this.#settle(job, () => job.reject(new Error(SHUT_DOWN)));
        }
        if (child && child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGKILL');
          await exited;
        }
      }),
    );
  }

  /** Kills the process running a job (as a crash would): for tests of the pool's recovery. */
  killRunning(signal: NodeJS.Signals): boolean {
    const slot = this.#slots.find((s) => s.jobs.length > 0 && s.child);
    return slot ? slot.child!.kill(signal) : false;
  }

  #retryAfter(): number {
    const rounds = Math.ceil((this.#queue.waiting + 1) / this.size);
    return Math.min(60, Math.max(1, Math.ceil((rounds * this.#averageJobMs) / 1000)));
  }

  #spawn(slot: Slot): ChildProcess {
    // A bigger V8 stack than QuickJS's own limit, so deep recursion inside QuickJS stops with its
    // own clear error; a small heap, so nothing the host side holds can grow the machine's memory.
    const child = fork(WORKER_FILE, [], {
      execArgv: ['--stack-size=4000', '--max-old-space-size=256'],
      // none of the server's secrets (DATABASE_URL, SMTP_URL): the child needs no configuration at all
      env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'json',
    });
    this.spawned += 1;
    child.unref();
    child.channel?.unref();
    child.on('message', (message: Reply) => {
      const job = slot.jobs[0];
      if (slot.child !== child || !job || job.id !== message.id) return;
      this.#release(slot);
      if (!message.ok) this.crashes += 1;
      if (!message.ok || message.recycle) {
        // the process exits after a failure or a recycling reply: the job sent ahead goes to another
        slot.child = null;
        this.#takeBack(slot);
        child.kill('SIGKILL');
      } else if (slot.jobs[0]) this.#start(slot, slot.jobs[0]);
      if (message.ok && message.partial) this.#nextTurn(job, message.results!);
      else if (message.ok) this.#settle(job, () => job.resolve([...job.done, ...message.results!]));
      else {
        this.#log?.error({ detail: message.detail }, 'the sandbox failed inside');
        this.#settle(job, () => job.reject(new Error(message.error ?? STOPPED)));
      }
    });
    child.on('error', (error) => this.#lost(slot, child, error.message));
    child.on('exit', (code, signal) => {
      const crashed = signal === 'SIGSEGV' || signal === 'SIGBUS' || signal === 'SIGABRT' || signal === 'SIGILL';
      if (slot.child === child && slot.jobs.length > 0)
        this.#log?.error({ code, signal }, 'a sandbox process died while running a solution');
      this.#lost(slot, child, crashed ? CRASHED : STOPPED);
    });
    return child;
  }

  /** A process died or failed: its running job fails, one sent ahead waits again, and the slot starts a new one when next used. */
  #lost(slot: Slot, child: ChildProcess, reason: string): void {
    if (slot.child !== child) return; // already replaced
    slot.child = null;
    const job = slot.jobs[0];
    if (job) {
      this.crashes += 1;
      this.#release(slot);
      this.#takeBack(slot);
      this.#settle(job, () => job.reject(new Error(reason)));
    }
    this.#dispatch();
  }

  /** The running job's turn is over: the next job of the process (if one was sent ahead) is now first. */
  #release(slot: Slot): void {
    const job = slot.jobs.shift()!;
    clearTimeout(job.timer);
    this.#queue.stopped(job);
    if (slot.jobs.length === 0) slot.child?.channel?.unref();
    const elapsed = Date.now() - (job.started ?? Date.now());
    this.#averageJobMs = 0.8 * this.#averageJobMs + 0.2 * elapsed;
  }

  /** Jobs sent ahead to a process that is gone never started: they wait again, first of their owners'. */
  #takeBack(slot: Slot): void {
    for (const job of slot.jobs.splice(0)) {
      this.#queue.stopped(job);
      this.#queue.requeue(job);
    }
  }

  /** Ends a job once: its owner's share is returned and the next job may start. */
  #settle(job: Job, end: () => void): void {
    this.#queue.finished(job);
    end();
    queueMicrotask(() => this.#dispatch());
  }

  /** A job's turn ended with tests left: it waits for its next turn with the outcomes so far. */
  #nextTurn(job: Job, results: TestOutcome[]): void {
    job.done.push(...results);
    job.tests = job.tests.slice(results.length);
    if (this.#closed) job.reject(new Error(SHUT_DOWN));
    else this.#queue.requeue(job);
    queueMicrotask(() => this.#dispatch());
  }

  /** Idle processes first; then, while turns are short, one job ahead on each busy process. */
  #dispatch(): void {
    if (this.#closed) return;
    const depths = this.#averageJobMs < this.#aheadBelowMs ? [0, 1] : [0];
    for (const depth of depths)
      for (const slot of this.#slots) {
        if (slot.jobs.length !== depth) continue;
        const job = this.#queue.next();
        if (!job) return;
        this.#send(slot, job);
      }
  }

  #send(slot: Slot, job: Job): void {
    const child = (slot.child ??= this.#spawn(slot));
    slot.jobs.push(job);
    if (slot.jobs.length === 1) this.#start(slot, job);
    child.channel?.ref();
    // the whole reply stays under its limit: each turn gets what the turns before left of it
    const replyChars = Math.max(0, this.limits.replyChars - JSON.stringify(job.done).length);
    const limits = { ...this.limits, replyChars };
    const message = { id: job.id, code: job.code, language: job.language, tests: job.tests, limits, turnMs: this.#turnMs };
    child.send(message, (error) => {
      if (error) this.#lost(slot, child, STOPPED);
    });
  }

  /**
   * A job's turn starts on its process: a watchdog beyond every in-sandbox limit (native built-ins
   * like fill() run between interrupt checks). A process that does not answer in time is killed, and
   * the slot starts a new one at once, so the next job never goes to the dying process.
   */
  #start(slot: Slot, job: Job): void {
    job.started = Date.now();
    const child = slot.child!;
    const budget = this.#watchdogMs ?? (job.tests.length * 3 + 1) * this.limits.timeMs + this.#watchdogSlackMs;
    job.timer = setTimeout(() => {
      if (slot.jobs[0] !== job) return;
      slot.child = null;
      this.#release(slot);
      this.#takeBack(slot);
      child.kill('SIGKILL');
      this.#log?.error({ budget }, 'the sandbox watchdog killed a process');
      this.#settle(job, () => job.reject(new SandboxTimeout(budget)));
    }, budget);
  }
}
