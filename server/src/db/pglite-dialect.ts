import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import type { PGliteClient } from './pglite-thread';
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

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly client: PGliteClient) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.query<R>(query.sql, query.parameters as unknown[]);
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

export class PGliteDialect implements Dialect {
  readonly #client: PGliteClient;

  /** `options` apply to every query run in this thread (e.g. type parsers, which PGlite takes per query). */
  constructor(client: PGlite | PGliteClient, options: QueryOptions = {}) {
    this.#client = asClient(client, options);
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#client);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
