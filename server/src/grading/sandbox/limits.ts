/** What the sandbox allows one solution, and how its pool is set up. */
export interface SandboxLimits {
  /** per evaluation: loading the code, the test call, and serialising its result, each */
  timeMs: number;
  memoryMb: number;
  /** QuickJS's own stack limit: deep recursion stops with a clear error before Node's stack does */
  stackKb: number;
  /** deepest nesting of brackets the parsers are given (swc's native parser recurses per level) */
  maxNesting: number;
  /**
   * deepest syntax tree (as Babel's parser reads it) the native parsers are given: a chain of unary
   * operators, type arguments, arrows or statements nests without brackets
   */
  maxDepth: number;
  /** the shown `actual` value, as JSON; longer ones are cut and marked `truncated` */
  actualChars: number;
  /** an error's text */
  errorChars: number;
  /** console.log: lines and characters kept per test, characters per line */
  logLines: number;
  logChars: number;
  logLineChars: number;
  /** all outcomes of one submission, as JSON */
  replyChars: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  timeMs: 1000,
  memoryMb: 32,
  stackKb: 256,
  maxNesting: 100,
  maxDepth: 500,
  actualChars: 2000,
  errorChars: 500,
  logLines: 20,
  logChars: 2000,
  logLineChars: 200,
  replyChars: 32_000,
};

export interface SandboxOptions {
  /** sandbox processes, started on first use (each costs ~50 MB) */
  size?: number;
  limits?: Partial<SandboxLimits>;
  /** jobs waiting for a process, all users together: beyond it a 503 */
  maxQueued?: number;
  /** one user's jobs waiting or running: beyond it a 429 */
  perOwner?: number;
  /** the watchdog's margin beyond every in-sandbox limit */
  watchdogSlackMs?: number;
  /**
   * a job's turn on a process: after the test that ends past it, the job waits again (first of its
   * owner's) if tests are left, so one long or looping job holds a process about a time limit at most
   */
  turnMs?: number;
  /**
   * the next job is sent to a busy process before its running job's reply while turns take less than
   * this on average (ms; default 20): the process then never idles for the round trip between jobs
   */
  aheadBelowMs?: number;
  /** a fixed watchdog instead of one computed from the limits (tests of the watchdog) */
  watchdogMs?: number;
  /** where a failure of the sandbox itself is reported (its detail is not shown to the student) */
  log?: { error(details: object, message: string): void };
}
