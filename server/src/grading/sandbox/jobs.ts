// What the sandbox pool (pool.ts) and its processes (worker.cjs) pass to each other: a test, its
// outcome, a job as the pool holds it, and a process's reply.

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

export interface Job {
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
  /** the watchdog of its running turn */
  timer?: NodeJS.Timeout;
  /** when its running turn started (not when it was sent: a job may wait behind another in its process) */
  started?: number;
}

export interface Reply {
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
