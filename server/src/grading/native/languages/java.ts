import { createHash, randomBytes } from 'node:crypto';
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
import { COMPILED_RUN_LIMITS, compilerFolder, runSandboxed, type NativeLimits } from '../sandbox';
import { WarmCompiler, type Compiled } from '../warm-compiler';
import { makeWorkspace } from '../workspace';

const HARNESS_DIR = path.join(__dirname, '..', 'harness');
const JAVA = '/usr/lib/jvm/java-17-openjdk-amd64/bin/java';
const JAVAC = '/usr/lib/jvm/java-17-openjdk-amd64/bin/javac';

/** A run of the student's classes: every test in one JVM, each with its own time. */
export const JAVA_LIMITS: NativeLimits & { testMs: number; compileMs: number } = { ...COMPILED_RUN_LIMITS, compileMs: 10_000 };

/** The warm compiler's sandbox: a JVM of its own, alive between submissions. */
const COMPILER_LIMITS: NativeLimits = {
  cpuSeconds: 24 * 3600,
  wallMs: 0,
  memoryMb: 2048,
  processes: 96,
  fileMb: 1,
  tmpMb: 16,
  outputBytes: 0,
};

/** Small, fast-starting JVMs: one compiler thread, a serial collector, the JDK's class-data archive. */
const RUN_FLAGS = [
  '-XX:TieredStopAtLevel=1',
  '-XX:+UseSerialGC',
  '-XX:CICompilerCount=1',
  '-Xshare:auto',
  '-XX:-UsePerfData',
  '-Xmx256m',
  '-XX:MaxMetaspaceSize=96m',
  '-XX:CompressedClassSpaceSize=64m',
  '-XX:ReservedCodeCacheSize=32m',
  '-Djava.io.tmpdir=/tmp',
];
/** The compiler's JVM: a bigger heap, the full JIT (it lives long), the same reserved-memory caps. */
const COMPILER_FLAGS = [
  '-XX:+UseSerialGC',
  '-Xshare:auto',
  '-XX:-UsePerfData',
  '-Xmx512m',
  '-XX:MaxMetaspaceSize=128m',
  '-XX:CompressedClassSpaceSize=64m',
  '-XX:ReservedCodeCacheSize=64m',
  '-Djava.io.tmpdir=/tmp',
];
const ENV = { MALLOC_ARENA_MAX: '2' };

/** The test runner (academy.Tests), compiled once per version of its source into a cache folder. */
function supportFolder(): Promise<string> {
  supportReady ??= (async () => {
    const source = fs.readFileSync(path.join(HARNESS_DIR, 'academy', 'Tests.java'), 'utf8');
    const hash = createHash('sha256').update(source).digest('hex').slice(0, 12);
    const dir = compilerFolder(`java-support-${hash}`);
    if (fs.existsSync(path.join(dir, 'academy', 'Tests.class'))) return dir;
    const result = await runSandboxed({
      workDir: HARNESS_DIR,
      cacheDir: dir,
      command: [
        JAVAC,
        ...COMPILER_FLAGS.map((flag) => `-J${flag}`),
        '-XDstringConcat=inline',
        '-d',
        dir,
        '-proc:none',
        '/work/academy/Tests.java',
      ],
      env: ENV,
      limits: { ...COMPILER_LIMITS, cpuSeconds: 60, wallMs: 60_000, outputBytes: 64 * 1024 },
    });
    if (result.code !== 0) {
      supportReady = undefined;
      throw new Error(`The Java test runner did not compile: ${result.stderr.slice(0, 500)}`);
    }
    return dir;
  })();
  return supportReady;
}
let supportReady: Promise<string> | undefined;

let compiler: WarmCompiler | undefined;

async function warmCompiler(): Promise<WarmCompiler> {
  const support = await supportFolder();
  compiler ??= new WarmCompiler(
    {
      workDir: HARNESS_DIR,
      readOnly: [support],
      // the warm-up (300 compiles on a thread of its own, ~20 s of CPU) is the live server's: the test
      // suites, which start compilers often and share the machine, turn it off (ACADEMY_JAVA_WARMUP=0)
      command: [
        JAVA,
        ...COMPILER_FLAGS,
        '-cp',
        support,
        '/work/CompileServer.java',
        support,
        ...(process.env.ACADEMY_JAVA_WARMUP === '0' ? [] : ['warm-up']),
      ],
      env: ENV,
      limits: COMPILER_LIMITS,
    },
    10_000,
    16 * 1024 * 1024,
  );
  return compiler;
}

/** Stops the warm compiler (the server's shutdown, tests). */
export async function closeJava(): Promise<void> {
  await compiler?.close();
  compiler = undefined;
}

/**
 * The run's main class: each test's call on a line of its own (line FIRST_CALL_LINE + i), so javac's
 * line names the test. Anonymous classes, not lambdas: a lambda's first call bootstraps
 * invokedynamic, tens of milliseconds of every JVM's start (as does string concatenation, compiled
 * inline: CompileServer.java).
 */
const FIRST_CALL_LINE = 5;

function harness(name: string, tests: SandboxTest[], broken: Map<number, string>, testMs: number): string {
  const literal = (text: string) => JSON.stringify(text).replace(/\u2028|\u2029/g, ' ');
  return [
    `public final class ${name} {`,
    '  public static void main(String[] args) {',
    `    academy.Tests.Call[] calls = new academy.Tests.Call[${tests.length}];`,
    `    String[] errors = new String[${tests.length}];`,
    ...tests.map((test, i) =>
      broken.has(i)
        ? `    errors[${i}] = ${literal(broken.get(i)!)};`
        : `    calls[${i}] = new academy.Tests.Call() { public Object call() throws Throwable { return (${test.call.replace(/[\r\n]+/g, ' ')}); } };`,
    ),
    `    academy.Tests.run(args[0], ${testMs}L, calls, errors);`,
    '  }',
    '}',
    '',
  ].join('\n');
}

/** javac's errors on Solution.java alone (each with its source line and caret), or '' when it has none. */
function ownErrors(errors: string): string {
  const entries = errors.split(/\n(?=\S[^\n]*\.java:\d+: error: )/);
  return entries
    .filter((entry) => entry.startsWith('Solution.java:'))
    .join('\n')
    .trim();
}

/** The tests whose call did not compile against the student's classes, with javac's words. */
function brokenCalls(errors: string, harnessFile: string, count: number): Map<number, string> {
  const broken = new Map<number, string>();
  const pattern = new RegExp(
    `^${harnessFile.replace('.', '\\.')}:(\\d+): error: (.*(?:\\n  (?:symbol|location|required|found|reason):.*)*)`,
    'gm',
  );
  for (const match of errors.matchAll(pattern)) {
    const index = Number(match[1]) - FIRST_CALL_LINE;
    if (index >= 0 && index < count && !broken.has(index)) broken.set(index, `The test could not call your code: ${match[2]}`);
  }
  return broken;
}

/**
 * Java 17: Solution.java compiled with the test calls by the warm compiler (javac's errors as it
 * prints them, with the lines of the student's own file), then one JVM runs every test.
 */
export async function gradeJava(
  code: string,
  tests: SandboxTest[],
  limits = JAVA_LIMITS,
  progress?: ProgressListener,
): Promise<TestOutcome[]> {
  const [support, javac] = await Promise.all([supportFolder(), warmCompiler()]);
  progress?.({ stage: 'compiling' });
  const name = `Harness_${randomBytes(6).toString('hex')}`;
  const harnessFile = `${name}.java`;
  let broken = new Map<number, string>();
  let compiled: Compiled = await javac.compile(
    { 'Solution.java': code, [harnessFile]: harness(name, tests, broken, limits.testMs) },
    limits.compileMs,
  );
  if (!compiled.ok) {
    const own = ownErrors(compiled.errors);
    if (own) return compileFailed(tests, own);
    broken = brokenCalls(compiled.errors, harnessFile, tests.length);
    if (broken.size === 0) return allFailed(tests, TESTS_DID_NOT_COMPILE);
    compiled = await javac.compile(
      { 'Solution.java': code, [harnessFile]: harness(name, tests, broken, limits.testMs) },
      limits.compileMs,
    );
    if (!compiled.ok) return allFailed(tests, TESTS_DID_NOT_COMPILE);
  }
  const files: Record<string, Buffer> = {};
  for (const [className, bytes] of compiled.classes) files[`${className.replace(/\./g, '/')}.class`] = bytes;
  const mark = newMark();
  const workspace = makeWorkspace(files);
  try {
    const result = await runSandboxed({
      workDir: workspace.dir,
      readOnly: [support],
      command: [JAVA, ...RUN_FLAGS, '-cp', `/work:${support}`, name, mark],
      env: ENV,
      limits,
      onStdout: progressReader(mark, tests.length, progress),
    });
    return readOutcomes(tests, mark, result, stopReason(result, limits.cpuSeconds));
  } finally {
    workspace.dispose();
  }
}
