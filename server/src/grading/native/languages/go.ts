import fs from 'node:fs';
import path from 'node:path';
import type { SandboxTest, TestOutcome } from '../../sandbox/pool';
import {
  allFailed,
  compileFailed,
  newMark,
  progressReader,
  readOutcomes,
  stopReason,
  TESTS_DID_NOT_COMPILE,
  type ProgressListener,
} from '../outcomes';
import { COMPILED_RUN_LIMITS, runSandboxed } from '../sandbox';
import { makeWorkspace } from '../workspace';

const HARNESS_DIR = path.join(__dirname, '..', 'harness');

/** A run of the built program: every test in one process, each with its own time. */
export const GO_LIMITS = COMPILED_RUN_LIMITS;

/** Go's own compiler and linker, and the standard library Debian ships compiled (Go 1.19: GOROOT/pkg). */
const GOROOT = '/usr/lib/go-1.19';
const TOOLS = `${GOROOT}/pkg/tool/linux_amd64`;
const STD = `${GOROOT}/pkg/linux_amd64`;

/** The linker's and compiler's map of every standard package to its compiled archive: made once. */
function importConfig(): string {
  importcfg ??= (function walk(dir: string, prefix: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.isDirectory()) return walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      if (!entry.name.endsWith('.a')) return [];
      return [`packagefile ${prefix}${entry.name.slice(0, -2)}=${path.join(dir, entry.name)}`];
    });
  })(STD, '')
    .sort()
    .join('\n');
  return importcfg;
}
let importcfg: string | undefined;

/** The academy's runner (academy_support.go), read once. */
function supportSource(): string {
  support ??= fs.readFileSync(path.join(HARNESS_DIR, 'academy_support.go'), 'utf8');
  return support;
}
let support: string | undefined;

/**
 * Build and run in one sandbox, without the `go` command: `compile` and `link` straight on the
 * precompiled standard library (no action graph, no staleness hashing of GOROOT: 0.25 s instead of
 * `go build`'s 0.35 s and half its CPU), then the program itself. The exit codes tell the steps apart.
 */
const SCRIPT = [
  `${TOOLS}/compile -o /tmp/main.a -p main -pack -complete -trimpath=/work -importcfg /work/importcfg solution.go academy_support.go academy_main.go || exit 101`,
  `${TOOLS}/link -o /tmp/program -s -w -importcfg /work/importcfg /tmp/main.a || exit 102`,
  'exec /tmp/program "$0"',
].join('\n');
const COMPILE_FAILED = 101;
const LINK_FAILED = 102;

/** The generated main: each test's call on a line of its own (line FIRST_CALL_LINE + i). */
const FIRST_CALL_LINE = 7;

function mainFile(tests: SandboxTest[], broken: Map<number, string>, testMs: number): string {
  return [
    'package main',
    '',
    'import academyOS "os"',
    '',
    'func main() {',
    '\tacademyCalls := []func() any{',
    ...tests.map((test, i) => (broken.has(i) ? '\t\tnil,' : `\t\tfunc() any { return ${test.call.replace(/[\r\n]+/g, ' ')} },`)),
    '\t}',
    `\tacademyErrors := []string{${tests.map((_, i) => JSON.stringify(broken.get(i) ?? '')).join(', ')}}`,
    `\tacademyRun(academyOS.Args[1], ${testMs}, academyCalls, academyErrors)`,
    '}',
    '',
  ].join('\n');
}

/** The tests whose call did not build against the student's code, with the compiler's words. */
function brokenCalls(errors: string, count: number): Map<number, string> {
  const broken = new Map<number, string>();
  for (const match of errors.matchAll(/^\.\/academy_main\.go:(\d+):\d+: (.*)$/gm)) {
    const index = Number(match[1]) - FIRST_CALL_LINE;
    if (index >= 0 && index < count && !broken.has(index)) broken.set(index, `The test could not call your code: ${match[2]}`);
  }
  return broken;
}

/** The compiler's errors as the student reads them: the files' own lines (`./solution.go:3:2: …`). */
function buildErrors(output: string): string {
  return output
    .split('\n')
    .map((line) => line.replace(/^(solution|academy_main|academy_support)\.go:/, './$1.go:'))
    .join('\n')
    .trim();
}

/**
 * Go (Debian's): solution.go built with the generated main and the academy's runner (the compiler's
 * errors with the lines of the student's own file), then one process runs every test.
 */
export async function gradeGo(
  code: string,
  tests: SandboxTest[],
  limits = GO_LIMITS,
  progress?: ProgressListener,
): Promise<TestOutcome[]> {
  progress?.({ stage: 'compiling' });
  let broken = new Map<number, string>();
  const files = { 'solution.go': code, 'academy_support.go': supportSource(), importcfg: importConfig() };
  const workspace = makeWorkspace({ ...files, 'academy_main.go': mainFile(tests, broken, limits.testMs) });
  const mark = newMark();
  // the build's limits are the run's (the compiler and linker fit in them); /tmp holds their output
  const run = () =>
    runSandboxed({
      workDir: workspace.dir,
      command: ['/bin/sh', '-c', SCRIPT, mark],
      env: { GOROOT },
      limits: { ...limits, tmpMb: 256, fileMb: 64 },
      onStdout: progressReader(mark, tests.length, progress),
    });
  try {
    let result = await run();
    if (result.code === COMPILE_FAILED) {
      // the compiler prints its errors on stdout
      const errors = buildErrors(`${result.stdout}\n${result.stderr}`);
      const own = errors
        .split('\n')
        .filter((line) => line.startsWith('./solution.go:'))
        .join('\n');
      if (own) return compileFailed(tests, own);
      broken = brokenCalls(errors, tests.length);
      if (broken.size === 0) return allFailed(tests, TESTS_DID_NOT_COMPILE);
      fs.writeFileSync(path.join(workspace.dir, 'academy_main.go'), mainFile(tests, broken, limits.testMs));
      result = await run();
      if (result.code === COMPILE_FAILED) return allFailed(tests, TESTS_DID_NOT_COMPILE);
    }
    if (result.code === LINK_FAILED)
      return compileFailed(
        tests,
        `The program could not be linked:\n${`${result.stdout}\n${result.stderr}`.trim().slice(0, 2000)}`,
      );
    return readOutcomes(tests, mark, result, stopReason(result, limits.cpuSeconds));
  } finally {
    workspace.dispose();
  }
}
