import { spawn } from 'node:child_process';

/** What a sandboxed command left behind. */
export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** capped at `maxOutput` bytes (the rest was never read: the process was killed) */
  stdout: string;
  stderr: string;
  /** killed by the wall-clock limit */
  timedOut: boolean;
  /** killed for printing more than `maxOutput` */
  outputCut: boolean;
  ms: number;
}

export interface RunOptions {
  /** written to the process's stdin, then closed */
  input?: string;
  wallMs: number;
  /** bytes of stdout and of stderr kept, each; printing past it kills the process */
  maxOutput: number;
  env?: NodeJS.ProcessEnv;
  /** called with the pid as soon as the process exists (to move it into a cgroup) */
  onSpawn?(pid: number): void;
  /** each piece of stdout as it arrives (within the cap): a run's progress is read from it */
  onStdout?(chunk: string): void;
}

/**
 * Runs a command (the sandbox's wrapper around a student's program) and collects its output, killing
 * it (the whole process group: bwrap takes its namespace down with it) when it runs past the wall
 * clock or prints past the cap. Never rejects: a command that cannot start reports code null.
 */
export function runProcess(command: string, args: string[], options: RunOptions): Promise<ProcessResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      env: options.env ?? {},
    });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let timedOut = false;
    let outputCut = false;
    let done = false;
    const kill = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.wallMs);
    const collect = (into: Buffer[], chunk: Buffer, which: 'out' | 'err') => {
      const used = which === 'out' ? outBytes : errBytes;
      const room = options.maxOutput - used;
      if (room <= 0) return;
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      into.push(part);
      if (which === 'out') {
        outBytes += part.length;
        options.onStdout?.(part.toString('utf8'));
      } else errBytes += part.length;
      if (chunk.length > room) {
        outputCut = true;
        kill();
      }
    };
    child.stdout.on('data', (chunk: Buffer) => collect(out, chunk, 'out'));
    child.stderr.on('data', (chunk: Buffer) => collect(err, chunk, 'err'));
    child.stdin.on('error', () => undefined);
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // the namespace's other processes go with bwrap; a leftover of the group is killed too
      kill();
      resolve({
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        timedOut,
        outputCut,
        ms: Date.now() - started,
      });
    };
    child.on('error', () => finish(null, null));
    child.on('close', finish);
    child.stdin.end(options.input ?? '');
  });
}
