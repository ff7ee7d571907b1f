import fs from 'node:fs';
import path from 'node:path';
import type { SandboxTest, TestOutcome } from '../../sandbox/pool';
import { newMark, progressReader, readOutcomes, stopReason, type ProgressListener } from '../outcomes';
import { runSandboxed, type NativeLimits } from '../sandbox';
import { makeWorkspace } from '../workspace';

const HARNESS = path.join(__dirname, '..', 'harness', 'harness.py');
/** the harness's source, read once */
let harness: string | undefined;

export const PYTHON_LIMITS: NativeLimits = {
  cpuSeconds: 5,
  wallMs: 8000,
  memoryMb: 256,
  processes: 16,
  fileMb: 1,
  tmpMb: 16,
  outputBytes: 1024 * 1024,
};

/** Python 3 (Debian's): the student's module run by the harness, every test in one sandboxed run. */
export async function gradePython(
  code: string,
  tests: SandboxTest[],
  limits = PYTHON_LIMITS,
  progress?: ProgressListener,
): Promise<TestOutcome[]> {
  progress?.({ stage: 'compiling' });
  const mark = newMark();
  const workspace = makeWorkspace({
    'solution.py': code,
    'harness.py': (harness ??= fs.readFileSync(HARNESS, 'utf8')),
    'calls.json': JSON.stringify(tests.map((test) => test.call)),
  });
  try {
    const result = await runSandboxed({
      workDir: workspace.dir,
      // -I: no environment or user folders; -S: no site packages; -B: no bytecode files
      command: ['/usr/bin/python3', '-I', '-S', '-B', '/work/harness.py', mark],
      limits,
      onStdout: progressReader(mark, tests.length, progress),
    });
    return readOutcomes(tests, mark, result, stopReason(result, limits.cpuSeconds));
  } finally {
    workspace.dispose();
  }
}
