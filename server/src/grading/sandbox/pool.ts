import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { retryLater } from '../../common/errors';
import { DEFAULT_LIMITS, type SandboxLimits, type SandboxOptions } from './limits';
import { FairQueue } from './scheduler';

export interface SandboxTest {
  name: string;
  call: string;
  expected: unknown;
  /** the student's own call (Run's custom input), not the author's: in TypeScript, its types are stripped */
  custom?: boolean;
}

export interface TestOutcome {
  name: string;
  passed: boolean;
  expected: unknown;
  actual: unknown;
  error?: string;
  /** the shown value (or the logs) were cut to fit the limits */
  truncated?: boolean;
  /** what the solution printed with console.log during this test, capped */
  logs?: string[];
  /** the error is the compiler's on the student's own file (no test ran): shown even for a hidden test */
  stage?: 'compile';
  /** a custom call returned JavaScript's undefined (`actual` is then the text 'undefined') */
  undefined?: boolean;
}

interface Job {
  id: number;
  owner: string;
  code: string;
  language: 'javascript' | 'typescript';
  /** the tests still to run (a job runs in turns) */
  tests: SandboxTest[];
  /** the outcomes of the turns so far */
  done: TestOutcome[];
  resolve(outcomes: TestOutcome[]): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
  started?: number;
}

interface Slot {
  /** started on first use and after the last one died or was killed */
  child: ChildProcess | null;
  job: Job | null;
}

interface Reply {
  id: number;
  ok: boolean;
  results?: TestOutcome[];
  error?: string;
  detail?: string;
  /** the process takes no other job (its memory grew too far): it is replaced */
  recycle?: boolean;
  /** the job's turn is over with tests left: `results` are the outcomes of its first tests */
  partial?: boolean;
}

/** The sandbox itself had to be stopped: the solution ran far beyond its limits. */
export class SandboxTimeout extends Error {
  constructor(ms: number) {
    super(`Time limit exceeded: the solution was stopped after ${Math.ceil(ms / 1000)} s`);
  }
}

const WORKER_FILE = path.join(__dirname, 'worker.cjs');
const CRASHED = 'The sandbox could not run this code: it crashed (is it nested too deeply?)';
const STOPPED = 'The sandbox stopped while running this solution';
const SHUT_DOWN = 'The sandbox is shut down';

/**
 * Child processes that run student code in QuickJS, off the server's process: whatever a solution
 * does to its process (a native crash of the TypeScript transform, a watchdog kill) fails only its
 * own job, and the process is replaced. Jobs wait in one bounded queue (see FairQueue), each user
 * with a small share, and run in short turns, so no user's submissions hold back another's for long.
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
    this.#log = options.log;
    for (let i = 0; i < this.size; i++) this.#slots.push({ child: null, job: null });
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
        const { child, job } = slot;
        slot.child = null;
        slot.job = null;
        if (job) {
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
    const slot = this.#slots.find((s) => s.job && s.child);
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
      const job = slot.job;
      if (slot.child !== child || !job || job.id !== message.id) return;
      this.#release(slot);
      if (!message.ok) this.crashes += 1;
      if (!message.ok || message.recycle) {
        // the process exits after a failure or a recycling reply: no job may be sent to it meanwhile
        slot.child = null;
        child.kill('SIGKILL');
      }
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
      if (slot.child === child && slot.job) this.#log?.error({ code, signal }, 'a sandbox process died while running a solution');
      this.#lost(slot, child, crashed ? CRASHED : STOPPED);
    });
    return child;
  }

  /** A process died or failed: its job (if any) fails, and the slot starts a new one when next used. */
  #lost(slot: Slot, child: ChildProcess, reason: string): void {
    if (slot.child !== child) return; // already replaced
    slot.child = null;
    const job = slot.job;
    if (job) {
      this.crashes += 1;
      this.#release(slot);
      this.#settle(job, () => job.reject(new Error(reason)));
    }
    this.#dispatch();
  }

  #release(slot: Slot): void {
    const job = slot.job!;
    clearTimeout(job.timer);
    slot.job = null;
    this.#queue.stopped(job);
    slot.child?.channel?.unref();
    const elapsed = Date.now() - (job.started ?? Date.now());
    this.#averageJobMs = 0.8 * this.#averageJobMs + 0.2 * elapsed;
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

  #dispatch(): void {
    if (this.#closed) return;
    for (const slot of this.#slots) {
      if (slot.job) continue;
      const job = this.#queue.next();
      if (!job) return;
      const child = (slot.child ??= this.#spawn(slot));
      slot.job = job;
      job.started = Date.now();
      child.channel?.ref();
      // A watchdog beyond every in-sandbox limit (native built-ins like fill() run between interrupt
      // checks): a process that does not answer in time is killed, and the slot starts a new one at
      // once, so the next job never goes to the dying process.
      const budget = this.#watchdogMs ?? (job.tests.length * 3 + 1) * this.limits.timeMs + this.#watchdogSlackMs;
      job.timer = setTimeout(() => {
        if (slot.job !== job) return;
        slot.child = null;
        this.#release(slot);
        child.kill('SIGKILL');
        this.#log?.error({ budget }, 'the sandbox watchdog killed a process');
        this.#settle(job, () => job.reject(new SandboxTimeout(budget)));
      }, budget);
      // the whole reply stays under its limit: each turn gets what the turns before left of it
      const replyChars = Math.max(0, this.limits.replyChars - JSON.stringify(job.done).length);
      const limits = { ...this.limits, replyChars };
      const message = { id: job.id, code: job.code, language: job.language, tests: job.tests, limits, turnMs: this.#turnMs };
      child.send(message, (error) => {
        if (error) this.#lost(slot, child, STOPPED);
      });
    }
  }
}
