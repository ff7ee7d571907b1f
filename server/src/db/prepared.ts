import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** Named statements at most, per process: the hot ones are a few dozen; the rest run unnamed. */
export const MAX_NAMED = 400;
/** A statement with more parameters than this (a long `in (…)` list) is never named: each length is a new text. */
const MAX_PARAMETERS = 32;
/** A text is named on its second use: one seen once (a migration, an import) never takes a name. */
const USES_BEFORE_NAMING = 2;
/** At most this many texts are counted while waiting for their second use (then the count starts again). */
const MAX_COUNTED = 5000;
/** PostgreSQL's error for a named statement whose result columns changed under it (`select *` after a migration). */
const RESULT_TYPE_CHANGED = /cached plan must not change result type/;
/**
 * A result whose columns a table's star decides (`select * from "users"`, `"users".*`, `returning *`:
 * Kysely's `selectAll` and `returningAll`): a column added by a migration would make its named statement
 * fail, inside a transaction too, where it cannot be run again. Such statements stay unnamed. A star over
 * a subquery (`select * from (select "id", …)`) takes the subquery's own columns and is named.
 */
const STAR_COLUMNS = /\bselect\s+\*\s+from\s+(?!\()|\breturning\s+\*|"\s*\.\s*\*/i;

/**
 * Which statement texts run as named (prepared) statements, and under which name, for one process.
 * A named statement is parsed and planned once per connection; an unnamed one, each time it runs.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly uses = new Map<string, number>();
  private next = 0;

  constructor(private readonly max = MAX_NAMED) {}

  /** The name to run `text` under, or undefined to run it unnamed. */
  nameOf(text: string, parameterCount: number): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) return known;
    if (parameterCount === 0 || parameterCount > MAX_PARAMETERS || this.names.size >= this.max || STAR_COLUMNS.test(text)) {
      return undefined;
    }
    const uses = (this.uses.get(text) ?? 0) + 1;
    if (uses < USES_BEFORE_NAMING) {
      if (this.uses.size >= MAX_COUNTED) this.uses.clear();
      this.uses.set(text, uses);
      return undefined;
    }
    this.uses.delete(text);
    return this.rename(text);
  }

  /**
   * A new name for `text` whose statement under `stale` no longer fits (its columns changed): each
   * connection then parses it again. Several connections failing at once share the one new name.
   */
  rename(text: string, stale?: string): string {
    const current = this.names.get(text);
    if (current !== undefined && current !== stale) return current;
    const name = `academy_${this.next++}`;
    this.names.set(text, name);
    return name;
  }

  get size(): number {
    return this.names.size;
  }
}

type Query = (config: pg.QueryConfig) => Promise<PostgresQueryResult<unknown>>;

/**
 * A connection of the pool as Kysely uses it, running its frequent statements as named statements.
 * Statements whose columns a star decides are never named; should another's result columns still change
 * under its name (a column's type changed by a migration while the server runs), it is run again once
 * under a new name outside a transaction; inside one, that transaction fails once, and the next use of
 * the statement takes the new name.
 */
function namingClient(client: pg.PoolClient, names: StatementNames): PostgresPoolClient {
  const query = client.query.bind(client) as unknown as Query;
  let inTransaction = false;
  return {
    query(text: unknown, parameters?: readonly unknown[]) {
      if (typeof text !== 'string') return client.query(text as pg.Submittable) as never;
      const values = parameters ? [...parameters] : [];
      if (/^\s*(?:begin|start\s+transaction)\b/i.test(text)) {
        // in a transaction once it began (a failed begin leaves none open)
        return query({ text, values }).then((result) => {
          inTransaction = true;
          return result;
        });
      }
      if (/^\s*(?:commit|rollback|end)\s*;?\s*$/i.test(text)) {
        // a failed commit ends the transaction too
        return query({ text, values }).finally(() => (inTransaction = false));
      }
      const name = names.nameOf(text, values.length);
      if (name === undefined) return query({ text, values });
      return query({ name, text, values }).catch((error: unknown) => {
        if (!(error instanceof Error) || !RESULT_TYPE_CHANGED.test(error.message)) throw error;
        const renamed = names.rename(text, name);
        if (inTransaction) throw error;
        return query({ name: renamed, text, values });
      });
    },
    release: () => client.release(),
  } as PostgresPoolClient;
}

/**
 * The pool as Kysely's PostgreSQL dialect takes it, with frequent statements named: PostgreSQL parses
 * and plans each once per connection instead of on every run (issue 14: parsing and planning were most
 * of the database's work under load, the statements themselves a small part).
 */
export function namedStatementsPool(pool: pg.Pool, names = new StatementNames()): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) clients.set(client, (wrapped = namingClient(client, names)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}
