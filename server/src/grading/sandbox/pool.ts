import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export interface SandboxTest {
  name: string;
  call: string;
  expected: unknown;
}

export interface TestOutcome {
  name: string;
  passed: boolean;
  expected: unknown;
  actual: unknown;
  error?: string;
}

export interface SandboxLimits {
  /** per evaluation: loading the code, and each test call */
  timeMs: number;
  memoryMb: number;
  /** 256 KB or less: more lets deep recursion overflow Node's own stack first */
  stackKb: number;
}

export const DEFAULT_LIMITS: SandboxLimits = { timeMs: 1000, memoryMb: 32, stackKb: 256 };

interface Job {
  id: number;
  code: string;
  language: 'javascript' | 'typescript';
  tests: SandboxTest[];
  limits: SandboxLimits;
  resolve(outcomes: TestOutcome[]): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

/** The sandbox itself had to be stopped: the solution ran far beyond its limits. */
export class SandboxTimeout extends Error {
  constructor(ms: number) {
    super(`Time limit exceeded: the solution was stopped after ${Math.round(ms / 1000)} s`);
  }
}

const WORKER_FILE = path.join(__dirname, 'worker.cjs');

/**
 * Worker threads that run student code in QuickJS, off the main event loop. A job waits in a queue
 * for a free worker; a worker that stops answering (beyond every limit) or dies is replaced, and only
 * its own job fails.
 */
export class SandboxPool {
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;

  constructor(
    readonly size = Math.max(2, Math.min(4, os.availableParallelism() - 1)),
    readonly limits: SandboxLimits = DEFAULT_LIMITS,
  ) {
    for (let i = 0; i < size; i++) this.#slots.push(this.#spawn());
  }

  run(code: string, language: 'javascript' | 'typescript', tests: SandboxTest[]): Promise<TestOutcome[]> {
    if (this.#closed) return Promise.reject(new Error('The sandbox is shut down'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, code, language, tests, limits: this.limits, resolve, reject });
      this.#dispatch();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(new Error('The sandbox is shut down'));
    await Promise.all(this.#slots.map((slot) => slot.worker.terminate()));
  }

  #spawn(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_FILE), job: null };
    slot.worker.unref();
    slot.worker.on('message', (message: { id: number; ok: boolean; results?: TestOutcome[]; error?: string }) => {
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      this.#finish(slot);
      if (message.ok) job.resolve(message.results!);
      else job.reject(new Error(message.error ?? 'The sandbox failed'));
    });
    slot.worker.on('error', () => undefined);
    slot.worker.on('exit', () => this.#replace(slot, 'The sandbox stopped while running this solution'));
    return slot;
  }

  #replace(slot: Slot, reason: string): void {
    const job = slot.job;
    if (job) {
      clearTimeout(job.timer);
      job.reject(new Error(reason));
    }
    const index = this.#slots.indexOf(slot);
    if (index >= 0 && !this.#closed) {
      this.#slots[index] = this.#spawn();
      this.#dispatch();
    }
  }

  #finish(slot: Slot): void {
    clearTimeout(slot.job?.timer);
    slot.job = null;
    this.#dispatch();
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (slot.job || this.#queue.length === 0) continue;
      const job = this.#queue.shift()!;
      slot.job = job;
      // A watchdog beyond every in-sandbox limit (native built-ins like fill() run between interrupt
      // checks): a worker that does not answer in time is killed and replaced.
      const budget = (job.tests.length + 1) * job.limits.timeMs + 15_000;
      job.timer = setTimeout(() => {
        slot.job = null;
        job.reject(new SandboxTimeout(budget));
        void slot.worker.terminate();
      }, budget);
      slot.worker.postMessage({ id: job.id, code: job.code, language: job.language, tests: job.tests, limits: job.limits });
    }
  }
}
