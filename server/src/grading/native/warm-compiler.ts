import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { sandboxAvailable, sandboxCommand, compilerUid, type SandboxRun } from './sandbox';

/** What the compiler made of the sources: class files by name, or javac's diagnostics. */
export type Compiled = { ok: true; classes: Map<string, Buffer> } | { ok: false; errors: string };

interface Request {
  id: number;
  line: string;
  ms: number;
  resolve(result: Compiled): void;
  reject(error: Error): void;
}

/** A compile that ran past its time: the compiler is restarted and the submission fails with this. */
export class CompileTimeout extends Error {}

/**
 * A long-lived compiler process in its own sandbox (no network, no host files but the system's, its
 * own uid), sent one request per line: see CompileServer.java. Started on first use and again after
 * it dies or a compile runs too long (a compile bomb): only that request fails.
 */
export class WarmCompiler {
  #child: ChildProcess | null = null;
  /** sent and not answered, in order: the compiler answers them in this order, the first is compiling */
  #queue: Request[] = [];
  /** the first request's time limit */
  #timer: NodeJS.Timeout | undefined;
  #nextId = 1;
  #closed = false;
  /** times the process was started (tests read it) */
  starts = 0;

  constructor(
    private readonly sandbox: Omit<SandboxRun, 'input'>,
    private readonly compileMs: number,
    private readonly maxReplyBytes: number,
  ) {}

  /** Compiles the sources; `ms`: this request's time once it is the one compiling (the compiler's default otherwise). */
  compile(sources: Record<string, string>, ms = this.compileMs): Promise<Compiled> {
    if (this.#closed) return Promise.reject(new Error('The compiler is shut down'));
    const check = sandboxAvailable();
    if (!check.ok) return Promise.reject(new Error(`Code in this language cannot be graded here: ${check.reason}`));
    const id = this.#nextId++;
    const line = [id, ...Object.entries(sources).flatMap(([name, text]) => [name, Buffer.from(text).toString('base64')])].join(
      ' ',
    );
    return new Promise((resolve, reject) => {
      this.#queue.push({ id, line, ms, resolve, reject });
      const child = this.#child ?? this.#start();
      child.stdin!.write(`${line}\n`);
      if (this.#queue.length === 1) this.#arm();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    for (const request of this.#queue.splice(0)) request.reject(new Error('The compiler is shut down'));
    if (this.#child) this.#kill(this.#child);
  }

  /** The first request's time limit: past it, it fails and the compiler restarts for the others. */
  #arm(): void {
    clearTimeout(this.#timer);
    const head = this.#queue[0];
    if (!head) return;
    this.#timer = setTimeout(() => {
      this.#fail(`Compilation took longer than ${head.ms / 1000} s and was stopped`, CompileTimeout);
    }, head.ms);
    this.#timer.unref();
  }

  /**
   * The first request failed the compiler (too long, too large, or the process died on it): it is
   * refused, the process replaced, and the requests behind it sent again to the new one.
   */
  #fail(reason: string, kind: new (message: string) => Error = Error): void {
    clearTimeout(this.#timer);
    const head = this.#queue.shift();
    if (this.#child) this.#kill(this.#child);
    head?.reject(new kind(reason));
    if (this.#queue.length === 0 || this.#closed) return;
    const child = this.#start();
    for (const request of this.#queue) child.stdin!.write(`${request.line}\n`);
    this.#arm();
  }

  #kill(child: ChildProcess): void {
    if (this.#child === child) this.#child = null;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }

  #start(): ChildProcess {
    const [command, ...args] = sandboxCommand(this.sandbox, compilerUid(), null);
    const child = spawn(command!, args, { stdio: ['pipe', 'pipe', 'ignore'], detached: true, env: {} });
    this.starts += 1;
    this.#child = child;
    child.unref();
    child.stdin!.on('error', () => undefined);
    const lines = createInterface({ input: child.stdout!, crlfDelay: Infinity });
    let received = 0;
    child.stdout!.on('data', (chunk: Buffer) => {
      received += chunk.length;
      // a reply past the cap (a compile that made huge class files): refused, the compiler replaced
      if (received > this.maxReplyBytes && this.#child === child) this.#fail('The compiled classes are too large');
    });
    lines.on('line', (line) => {
      received = 0;
      if (this.#child !== child) return;
      const [id, status, ...rest] = line.split(' ');
      const head = this.#queue[0];
      if (!head || head.id !== Number(id)) return;
      this.#queue.shift();
      if (status === 'ok') {
        const classes = new Map<string, Buffer>();
        for (let i = 0; i + 1 < rest.length; i += 2) classes.set(rest[i]!, Buffer.from(rest[i + 1]!, 'base64'));
        head.resolve({ ok: true, classes });
      } else head.resolve({ ok: false, errors: Buffer.from(rest[0] ?? '', 'base64').toString('utf8') });
      this.#arm();
    });
    const lost = () => {
      if (this.#child === child) this.#fail('The compiler stopped while compiling this code');
    };
    child.on('exit', lost);
    child.on('error', lost);
    return child;
  }
}
