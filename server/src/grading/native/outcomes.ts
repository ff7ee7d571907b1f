import { randomBytes } from 'node:crypto';
import type { SandboxTest, TestOutcome } from '../sandbox/pool';
import type { ProcessResult } from './process';

/**
 * How a harness reports, one line each on stdout, behind a mark made anew for every run:
 *   <mark> start <i>              test i begins (what is printed until its result is its log)
 *   <mark> result <i> <json>      {"value": …} or {"error": "…"}
 *   <mark> compile <json>         {"error": "…"}: the student's file did not load (Python's syntax errors)
 * The harness never holds an expected value: it prints what the student's code returned, and the
 * server compares. A solution that prints fake lines, exits early or reads the harness learns nothing
 * it could pass a hidden test with.
 */
export function newMark(): string {
  return `@@${randomBytes(9).toString('base64url')}`;
}

export interface OutcomeLimits {
  actualChars: number;
  errorChars: number;
  logLines: number;
  logLineChars: number;
}

export const OUTCOME_LIMITS: OutcomeLimits = { actualChars: 2000, errorChars: 2000, logLines: 20, logLineChars: 200 };

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Values compare as JSON does: 3 and 3.0 are one value, as are a Java List and a Go slice of the same items. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Why a run stopped early, for the tests it never reported (in the student's words, not the sandbox's). */
export function stopReason(result: ProcessResult, cpuSeconds: number): string {
  if (result.timedOut) return `Time limit exceeded: the program was stopped after ${Math.round(result.ms / 1000)} s`;
  if (result.outputCut) return 'Output limit exceeded: the program printed too much and was stopped';
  if (result.signal === 'SIGXCPU' || result.signal === 'SIGKILL' || result.code === 152)
    return `The program was stopped: it used its CPU time (${cpuSeconds} s) or memory`;
  if (result.code === 137) return 'The program was stopped: it used too much memory';
  return `The program ended before this test's result (exit code ${result.code ?? result.signal ?? '?'})`;
}

/**
 * The outcomes of a run from the harness's lines: each test's value compared with its expected value,
 * its error, or (never reported) the reason the run stopped. `onError` turns a runtime error's text
 * into the student's view of it (their own file's lines).
 */
export function readOutcomes(
  tests: SandboxTest[],
  mark: string,
  result: ProcessResult,
  reason: string,
  limits: OutcomeLimits = OUTCOME_LIMITS,
): TestOutcome[] {
  const reported = new Map<number, { value?: unknown; error?: string }>();
  const logs = new Map<number, string[]>();
  let current = -1;
  for (const line of result.stdout.split('\n')) {
    if (line.startsWith(`${mark} compile `)) {
      try {
        return compileFailed(tests, String((JSON.parse(line.slice(mark.length + 9)) as { error?: unknown }).error));
      } catch {
        return compileFailed(tests, 'The code did not compile');
      }
    }
    if (line.startsWith(`${mark} `)) {
      const [, word, index, ...rest] = line.split(' ');
      const i = Number(index);
      if (!Number.isInteger(i) || i < 0 || i >= tests.length) continue;
      if (word === 'start') current = i;
      else if (word === 'result' && !reported.has(i)) {
        try {
          reported.set(i, JSON.parse(rest.join(' ')) as { value?: unknown; error?: string });
        } catch {
          reported.set(i, { error: 'The result could not be read' });
        }
      }
    } else if (current >= 0 && line !== '') {
      const list = logs.get(current) ?? [];
      if (list.length < limits.logLines) list.push(cut(line, limits.logLineChars));
      logs.set(current, list);
    }
  }
  return tests.map((test, i) => {
    const report = reported.get(i);
    const log = logs.get(i);
    const base = { name: test.name, expected: test.expected, ...(log ? { logs: log } : {}) };
    if (!report) return { ...base, passed: false, actual: null, error: cut(reason, limits.errorChars) };
    if (report.error !== undefined || !('value' in report))
      return { ...base, passed: false, actual: null, error: cut(String(report.error ?? 'No value'), limits.errorChars) };
    const json = JSON.stringify(report.value) ?? 'null';
    const truncated = json.length > limits.actualChars;
    return {
      ...base,
      passed: sameValue(report.value, test.expected),
      actual: truncated ? `${json.slice(0, limits.actualChars)}…` : report.value,
      ...(truncated ? { truncated: true } : {}),
    };
  });
}

/** Every test failed with one text (the code did not compile, or cannot be graded here). */
export function allFailed(tests: SandboxTest[], error: string, limits: OutcomeLimits = OUTCOME_LIMITS): TestOutcome[] {
  return tests.map((test) => ({
    name: test.name,
    passed: false,
    expected: test.expected,
    actual: null,
    error: cut(error, limits.errorChars),
  }));
}

/** The compiler's errors on the student's own file: every test failed, none ran (the text is the student's to see). */
export function compileFailed(tests: SandboxTest[], errors: string): TestOutcome[] {
  return allFailed(tests, errors, { ...OUTCOME_LIMITS, errorChars: 4000 }).map((outcome) => ({
    ...outcome,
    stage: 'compile' as const,
  }));
}

/**
 * The harness's own file failed to compile with the student's code in a way no single test explains:
 * the compiler's text would quote the tests' calls (hidden ones too), so only this is said.
 */
export const TESTS_DID_NOT_COMPILE =
  'The tests could not be compiled with your code: check the names and types the task asks for';

/** Where a submission's grading is: compiling, or running test `test` (1-based) of its tests. */
export type GradingProgress = { stage: 'compiling' } | { stage: 'running'; test: number };
export type ProgressListener = (progress: GradingProgress) => void;

/**
 * Reads the harness's `<mark> start <i>` lines from stdout as it arrives (a line may come in pieces)
 * and tells `listener` which test runs. Only the mark made for this run counts: a solution cannot
 * print it, so the worst it can do is slow its own progress down.
 */
export function progressReader(mark: string, count: number, listener: ProgressListener | undefined) {
  if (!listener) return undefined;
  const prefix = `${mark} start `;
  let tail = '';
  return (chunk: string) => {
    const text = tail + chunk;
    const lines = text.split('\n');
    tail = (lines.pop() ?? '').slice(-(prefix.length + 12));
    for (const line of lines) {
      if (!line.startsWith(prefix)) continue;
      const i = Number(line.slice(prefix.length));
      if (Number.isInteger(i) && i >= 0 && i < count) listener({ stage: 'running', test: i + 1 });
    }
  };
}
