import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { SandboxTest, TestOutcome } from '../../sandbox/pool';
import { openCgroup, type Cgroup } from '../cgroup';
import { allFailed, OUTCOME_LIMITS, sameValue } from '../outcomes';

const WORKER_FILE = path.join(__dirname, '..', 'harness', 'sql-worker.cjs');

/** A submission's time in the grader (all its tests), and the grader process's memory. */
export const SQL_LIMITS = { timeMs: 3000, memoryMb: 1024, queryChars: 20_000 };

export interface SqlTask {
  /** the task's tables and base data */
  schema: string;
  /** rows compared in order (else as a multiset) */
  orderMatters: boolean;
}

type Reply = { id: number; results?: Array<{ rows?: unknown[][]; error?: string }>; error?: string };

interface Job {
  id: number;
  message: { id: number; schema: string; query: string; calls: string[] };
  resolve(reply: Reply): void;
  reject(error: Error): void;
}

/**
 * The one statement a student may send: a query (SELECT, WITH, VALUES or TABLE), without the trailing
 * semicolons; null when it is something else (it would be refused anyway: the role may change nothing
 * that outlives the submission, but a query is what the task asks for).
 */
export function studentQuery(text: string): string | null {
  const query = text.trim().replace(/;\s*$/, '').trim();
  const start = query
    .replace(/^(\s|--[^\n]*\n?|\/\*[\s\S]*?\*\/|\()+/, '')
    .slice(0, 10)
    .toLowerCase();
  return /^(select|with|values|table)\b/.test(start) ? query : null;
}

/**
 * The SQL grader process (sql-worker.cjs): started on first use, one submission at a time, killed and
 * replaced when one runs past its time (PGlite has no working statement_timeout) or the process dies.
 */
class SqlGrader {
  #child: ChildProcess | null = null;
  #ready: Promise<ChildProcess> | null = null;
  #cgroup: Cgroup | null = null;
  #queue: Job[] = [];
  #running: Job | null = null;
  #timer: NodeJS.Timeout | undefined;
  #nextId = 1;
  starts = 0;

  run(schema: string, query: string, calls: string[]): Promise<Reply> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#queue.push({ id, message: { id, schema, query, calls }, resolve, reject });
      void this.#pump();
    });
  }

  async close(): Promise<void> {
    for (const job of this.#queue.splice(0)) job.reject(new Error('The SQL grader is shut down'));
    this.#running?.reject(new Error('The SQL grader is shut down'));
    this.#running = null;
    this.#stop();
  }

  #start(): Promise<ChildProcess> {
    this.#ready ??= new Promise((resolve, reject) => {
      const child = fork(WORKER_FILE, [], {
        env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
        serialization: 'json',
      });
      this.starts += 1;
      this.#child = child;
      this.#cgroup = openCgroup({ memoryMb: SQL_LIMITS.memoryMb, processes: 32 });
      if (child.pid !== undefined) this.#cgroup?.add(child.pid);
      child.unref();
      child.channel?.unref();
      child.on('message', (reply: Reply & { ready?: boolean; failed?: string }) => {
        if (reply.ready) return resolve(child);
        if (reply.failed) return reject(new Error(`The SQL grader could not start: ${reply.failed}`));
        const job = this.#running;
        if (!job || job.id !== reply.id) return;
        clearTimeout(this.#timer);
        this.#running = null;
        job.resolve(reply);
        void this.#pump();
      });
      child.on('exit', () => {
        if (this.#child !== child) return;
        this.#stop();
        reject(new Error('The SQL grader stopped'));
        const job = this.#running;
        this.#running = null;
        job?.reject(new Error('The SQL grader stopped while running this query'));
        void this.#pump();
      });
    });
    return this.#ready;
  }

  #stop(): void {
    clearTimeout(this.#timer);
    const child = this.#child;
    this.#child = null;
    this.#ready = null;
    child?.kill('SIGKILL');
    this.#cgroup?.close();
    this.#cgroup = null;
  }

  async #pump(): Promise<void> {
    if (this.#running || this.#queue.length === 0) return;
    const job = this.#queue.shift()!;
    this.#running = job;
    let child: ChildProcess;
    try {
      child = await this.#start();
    } catch (error) {
      this.#running = null;
      job.reject(error as Error);
      return void this.#pump();
    }
    this.#timer = setTimeout(() => {
      if (this.#running !== job) return;
      this.#running = null;
      this.#stop();
      job.resolve({ id: job.id, error: `Time limit exceeded: the query was stopped after ${SQL_LIMITS.timeMs / 1000} s` });
      void this.#pump();
    }, SQL_LIMITS.timeMs);
    child.send(job.message);
  }
}

let grader: SqlGrader | undefined;

export async function closeSql(): Promise<void> {
  await grader?.close();
  grader = undefined;
}

const key = (row: unknown) => JSON.stringify(row);

/** A test's expected rows against the query's: in order, or as a multiset. */
function sameRows(actual: unknown[][], expected: unknown, orderMatters: boolean): boolean {
  if (!Array.isArray(expected)) return false;
  if (orderMatters) return sameValue(actual, expected);
  return sameValue(actual.map(key).sort(), (expected as unknown[]).map(key).sort());
}

/**
 * SQL (PostgreSQL's dialect, on PGlite): the student's one query run against the task's tables, with
 * each test's own data (a test's `call` is SQL run before the query), every submission rolled back.
 */
export async function gradeSql(query: string, tests: SandboxTest[], task: SqlTask): Promise<TestOutcome[]> {
  if (query.length > SQL_LIMITS.queryChars)
    return allFailed(tests, `The query is longer than ${SQL_LIMITS.queryChars} characters`);
  const statement = studentQuery(query);
  if (!statement) return allFailed(tests, 'The answer must be one query: SELECT, WITH, VALUES or TABLE');
  grader ??= new SqlGrader();
  const reply = await grader.run(
    task.schema,
    statement,
    tests.map((test) => test.call),
  );
  if (reply.error || !reply.results) return allFailed(tests, reply.error ?? 'The SQL grader failed');
  return tests.map((test, i) => {
    const result = reply.results![i];
    const base = { name: test.name, expected: test.expected };
    if (!result?.rows)
      return { ...base, passed: false, actual: null, error: (result?.error ?? 'No result').slice(0, OUTCOME_LIMITS.errorChars) };
    const json = JSON.stringify(result.rows);
    const truncated = json.length > OUTCOME_LIMITS.actualChars;
    return {
      ...base,
      passed: sameRows(result.rows, test.expected, task.orderMatters),
      actual: truncated ? `${json.slice(0, OUTCOME_LIMITS.actualChars)}…` : result.rows,
      ...(truncated ? { truncated: true } : {}),
    };
  });
}
