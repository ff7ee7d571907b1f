import os from 'node:os';
import { retryLater } from '../../common/errors';
import type { SandboxTest, TestOutcome } from '../sandbox/pool';
import { FairQueue } from '../sandbox/scheduler';
import { closeJava, gradeJava } from './languages/java';
import { gradeGo } from './languages/go';
import { gradePython } from './languages/python';
import { closeSql, gradeSql, type SqlTask } from './languages/sql';
import { allFailed, type ProgressListener } from './outcomes';
import { sandboxAvailable } from './sandbox';

/** The languages graded outside QuickJS: compiled or interpreted in the OS sandbox, or SQL on PGlite. */
export const NATIVE_LANGUAGES = ['java', 'go', 'python', 'sql'] as const;
export type NativeLanguage = (typeof NATIVE_LANGUAGES)[number];

export function isNativeLanguage(language: string): language is NativeLanguage {
  return (NATIVE_LANGUAGES as readonly string[]).includes(language);
}

/** What a native submission needs besides its code: the SQL task's tables and how rows compare. */
export type NativeTask = { language: NativeLanguage; tests: SandboxTest[] } & Partial<SqlTask>;

interface Job {
  owner: string;
  run(): Promise<TestOutcome[]>;
  resolve(outcomes: TestOutcome[]): void;
  reject(error: Error): void;
}

export interface NativeGraderOptions {
  /** submissions graded at once (each is a compile and a run, a process each) */
  concurrency?: number;
  /** one user's submissions waiting or running: beyond it a 429 */
  perOwner?: number;
  /** submissions waiting, all users together: beyond it a 503 (a user's first always gets in) */
  maxQueued?: number;
}

/**
 * Grades code in Java, Go, Python and SQL on this machine: submissions wait in the sandbox's fair queue
 * (each user a small share, see FairQueue) and a few run at once. Where bubblewrap is missing, the
 * languages that need it fail with a clear reason and nothing runs unsandboxed.
 */
export class NativeGraders {
  readonly concurrency: number;
  readonly perOwner: number;
  readonly maxQueued: number;
  readonly #queue = new FairQueue<Job>();
  #running = 0;
  #closed = false;

  constructor(options: NativeGraderOptions = {}) {
    // one per core (a third at once measured no faster on 2 cores: bench/native-grading.ts)
    this.concurrency = options.concurrency ?? Math.max(1, os.availableParallelism());
    this.perOwner = options.perOwner ?? 3;
    this.maxQueued = options.maxQueued ?? 100;
  }

  /**
   * Grades a submission: one outcome per test. Refused (429, 503) like the JavaScript sandbox, unless
   * `admitted`: a queued run (code_runs) was admitted by the database's limits when it was sent.
   * `progress` hears where the grading is (compiling, running test i).
   */
  run(
    code: string,
    task: NativeTask,
    owner: string | number,
    options: { admitted?: boolean; progress?: ProgressListener } = {},
  ): Promise<TestOutcome[]> {
    if (this.#closed) return Promise.reject(new Error('The graders are shut down'));
    const key = String(owner);
    const pending = this.#queue.pending(key);
    if (!options.admitted && pending >= this.perOwner)
      return Promise.reject(retryLater(429, 'server.sandboxOwnShareUsed', 5, { count: this.perOwner }));
    if (!options.admitted && pending > 0 && this.#queue.waiting >= this.maxQueued)
      return Promise.reject(retryLater(503, 'server.sandboxBusy', 5));
    return new Promise((resolve, reject) => {
      this.#queue.admit({ owner: key, run: () => grade(code, task, options.progress), resolve, reject });
      this.#dispatch();
    });
  }

  /** shut down: nothing more is graded here */
  get closed(): boolean {
    return this.#closed;
  }

  get queued(): number {
    return this.#queue.waiting;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.drain()) job.reject(new Error('The graders are shut down'));
    await Promise.all([closeJava(), closeSql()]);
  }

  #dispatch(): void {
    while (this.#running < this.concurrency) {
      const job = this.#queue.next();
      if (!job) return;
      this.#running += 1;
      job
        .run()
        .then(job.resolve, job.reject)
        .finally(() => {
          this.#running -= 1;
          this.#queue.stopped(job);
          this.#queue.finished(job);
          this.#dispatch();
        });
    }
  }
}

/** The longest code graded (the API takes no longer answer; a grader refuses one before any compiler sees it). */
export const MAX_CODE_CHARS = 50_000;

/** One submission in its language (SQL needs no OS sandbox: PGlite runs it inside WebAssembly). */
async function grade(code: string, task: NativeTask, progress?: ProgressListener): Promise<TestOutcome[]> {
  if (code.length > MAX_CODE_CHARS) return allFailed(task.tests, `The code is longer than ${MAX_CODE_CHARS} characters`);
  if (task.language === 'sql')
    return gradeSql(code, task.tests, { schema: task.schema ?? '', orderMatters: task.orderMatters ?? false });
  const check = sandboxAvailable();
  if (!check.ok) throw new Error(`${task.language} cannot be graded on this server: ${check.reason}`);
  if (task.language === 'java') return gradeJava(code, task.tests, undefined, progress);
  if (task.language === 'go') return gradeGo(code, task.tests, undefined, progress);
  return gradePython(code, task.tests, undefined, progress);
}
