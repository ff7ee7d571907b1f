import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { PGliteThread, type PGliteClient } from './pglite-thread';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/** A FIFO lock: PGlite has a single connection, so one holder (query or whole transaction) at a time. */
export class Mutex {
  #locked = false;
  #waiters: Array<() => void> = [];

  async lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  unlock(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#locked = false;
  }
}

/** PGlite in this thread (with the per-query options) or on its own thread (options set there). */
function asClient(client: PGlite | PGliteClient, options: QueryOptions): PGliteClient {
  if (!('exec' in client)) return client;
  return {
    waitReady: client.waitReady,
    query: (sql, params) => client.query(sql, params, options),
    close: () => client.close(),
  };
}

/** A Kysely connection to PGlite, in this thread or on its own: how a query is sent is the subclass's. */
abstract class RowsConnection implements DatabaseConnection {
  protected abstract run<R>(sql: string, params: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.run<R>(query.sql, query.parameters as unknown[]);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}

class PGliteConnection extends RowsConnection {
  constructor(private readonly client: PGliteClient) {
    super();
  }

  protected run<R>(sql: string, params: unknown[]) {
    return this.client.query<R>(sql, params);
  }
}

/**
 * Kysely acquires a connection for a single query or for a whole transaction and releases it after.
 * Holding the mutex between acquire and release keeps another request's queries out of an open
 * transaction (kysely-pglite lacks this and loses such writes on rollback).
 */
class PGliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;

  constructor(private readonly client: PGliteClient) {
    this.#connection = new PGliteConnection(client);
  }

  async init(): Promise<void> {
    await this.client.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async destroy(): Promise<void> {
    await this.client.close();
  }
}

/** One Kysely connection to PGlite on its thread: its queries carry its holder's name (pglite-worker.cjs). */
class PGliteThreadConnection extends RowsConnection {
  /** the statement being sent is the transaction's begin or end */
  mark: 'begin' | 'end' | undefined;
  /** a begin was sent and no commit or rollback yet */
  opened = false;

  constructor(
    private readonly thread: PGliteThread,
    readonly holder: number,
  ) {
    super();
  }

  protected run<R>(sql: string, params: unknown[]) {
    return this.thread.queryAs<R>(this.holder, sql, params, this.mark);
  }
}

/**
 * Kysely's driver for PGlite on its thread: no lock here, every query is sent at once and the worker
 * keeps the order (an open transaction's queries only, until its commit or rollback), so the database
 * never waits for this thread's next turn.
 */
class PGliteThreadDriver implements Driver {
  constructor(private readonly thread: PGliteThread) {}

  async init(): Promise<void> {
    await this.thread.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteThreadConnection(this.thread, this.thread.holder());
  }

  async #mark(connection: DatabaseConnection, sql: string, mark: 'begin' | 'end'): Promise<void> {
    const own = connection as PGliteThreadConnection;
    own.mark = mark;
    if (mark === 'begin') own.opened = true;
    try {
      await own.executeQuery(CompiledQuery.raw(sql));
    } finally {
      own.mark = undefined;
      if (mark === 'end') own.opened = false;
    }
  }

  beginTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#mark(connection, 'begin', 'begin');
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#mark(connection, 'commit', 'end');
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#mark(connection, 'rollback', 'end');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const own = connection as PGliteThreadConnection;
    // only a transaction can be left open; single queries need no word
    if (own.opened) await this.thread.release(own.holder);
  }

  async destroy(): Promise<void> {
    await this.thread.close();
  }
}

export class PGliteDialect implements Dialect {
  readonly #client: PGliteClient;
  readonly #thread: PGliteThread | null;

  /** `options` apply to every query run in this thread (e.g. type parsers, which PGlite takes per query). */
  constructor(client: PGlite | PGliteClient, options: QueryOptions = {}) {
    this.#client = asClient(client, options);
    this.#thread = client instanceof PGliteThread ? client : null;
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return this.#thread ? new PGliteThreadDriver(this.#thread) : new PGliteDriver(this.#client);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
