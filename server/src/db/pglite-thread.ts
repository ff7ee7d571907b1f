import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** What the PGlite driver needs of a database: PGlite itself, or PGlite on its own thread. */
export interface PGliteClient {
  readonly waitReady: Promise<void>;
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  close(): Promise<void>;
}

const WORKER_FILE = path.join(__dirname, 'pglite-worker.cjs');

interface Reply {
  id?: number;
  ready?: true;
  failed?: Record<string, unknown>;
  rows?: unknown[];
  affectedRows?: number;
  error?: Record<string, unknown>;
}

/** An error from the worker, rebuilt with PostgreSQL's fields (code 23505 stays a unique violation). */
function rebuild(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? 'PGlite failed'));
  Object.assign(error, fields);
  return error;
}

/**
 * PGlite on a worker thread (pglite-worker.cjs): the main thread sends each query at once and gets its
 * rows, while PostgreSQL's work runs on another core. The queue is the worker's: it runs one query at
 * a time, and an open transaction's only (see `queryAs`). If the thread dies, every waiting and later
 * query fails with the cause.
 */
export class PGliteThread implements PGliteClient {
  readonly waitReady: Promise<void>;
  readonly #worker: Worker;
  readonly #exited: Promise<void>;
  readonly #pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  #next = 0;
  #nextHolder = 0;
  #dead: Error | null = null;
  #closing = false;

  /** `onDeath`: the thread ended without being closed (a crash): the server exits on it (server.ts). */
  constructor(dataDir: string | null, onDeath?: (cause: Error) => void) {
    this.#worker = new Worker(WORKER_FILE, { workerData: { dataDir } });
    this.#exited = new Promise((resolve) => this.#worker.once('exit', () => resolve()));
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.#worker.on('message', (reply: Reply) => {
        if (reply.ready) return resolve();
        if (reply.failed) return reject(rebuild(reply.failed));
        const waiting = reply.id === undefined ? undefined : this.#pending.get(reply.id);
        if (!waiting) return;
        this.#pending.delete(reply.id!);
        if (reply.error) waiting.reject(rebuild(reply.error));
        else waiting.resolve(reply);
      });
      const die = (cause: Error) => {
        if (this.#dead) return;
        this.#dead = cause;
        if (!this.#closing) onDeath?.(cause);
        reject(cause);
        for (const waiting of this.#pending.values()) waiting.reject(cause);
        this.#pending.clear();
      };
      this.#worker.on('error', die);
      this.#worker.on('exit', (code) => die(new Error(`the PGlite thread exited (code ${code})`)));
    });
    // a failed start is reported by whoever awaits waitReady (the driver's init)
    this.waitReady.catch(() => undefined);
  }

  #send(message: Record<string, unknown>): Promise<Reply> {
    if (this.#dead) return Promise.reject(this.#dead);
    const id = this.#next++;
    return new Promise<Reply>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ...message });
    });
  }

  /** A query outside any transaction (the worker runs it in its turn). */
  query<R>(sql: string, params: unknown[] = []): Promise<{ rows: R[]; affectedRows?: number }> {
    return this.queryAs(this.holder(), sql, params);
  }

  /** A new holder: the name of one Kysely connection's queries (see pglite-worker.cjs). */
  holder(): number {
    return this.#nextHolder++;
  }

  /**
   * A holder's query; `mark` tells the worker that it opens (`begin`) or closes (`end`) the holder's
   * transaction, during which no other holder's query runs.
   */
  async queryAs<R>(
    holder: number,
    sql: string,
    params: unknown[] = [],
    mark?: 'begin' | 'end',
  ): Promise<{ rows: R[]; affectedRows?: number }> {
    const reply = await this.#send({ holder, sql, params, ...(mark ? { mark } : {}) });
    return { rows: reply.rows as R[], affectedRows: reply.affectedRows };
  }

  /** The holder is done: a transaction it left open is rolled back. */
  async release(holder: number): Promise<void> {
    await this.#send({ holder, release: true });
  }

  /** Ends the thread at once, as a crash would (tests use it to see what a crash does). */
  async kill(): Promise<void> {
    await this.#worker.terminate();
  }

  async close(): Promise<void> {
    if (this.#dead) return;
    this.#closing = true;
    await this.#send({ close: true });
    await this.#exited;
  }
}
