import { createQueryId, type CompiledQuery, type Kysely, type QueryExecutorProvider } from 'kysely';
import type { Database } from './schema';

/** What a query builder or a `sql` template compiles to (`compile()`, or `compile(db)` for a template). */
interface Compilable<Row> {
  compile(executorProvider: QueryExecutorProvider): CompiledQuery<Row>;
}

const SLOT = Symbol('slot');
/** Stands in for a value while the query is built: the value of its key is sent in its place at each run. */
interface Slot {
  readonly [SLOT]: string;
}
const isSlot = (value: unknown): value is Slot => typeof value === 'object' && value !== null && SLOT in value;

/** A statement built once: its text, and for each parameter the key of the value to send or a constant. */
interface Built {
  compiled: CompiledQuery;
  parameters: ReadonlyArray<{ key: string } | { constant: unknown }>;
}

/**
 * A frequent query whose statement is built once per database handle and shape, then run with each
 * call's values: building a statement with Kysely (its operation nodes, frozen, then compiled to text)
 * was 11 % of a server's busy CPU under the paced students, most of it the comment thread, the bell and
 * a task's first open (bench/RESULTS.md, "Paced students", 2026-12-06 16:10). `kysely-params` does this
 * but brings a second Kysely (0.24) beside ours.
 *
 * `build` gets stand-ins for the values and must use each of them only as a value the statement sends
 * (a `where`'s right side, a `set` value, a template's `${…}`), never to decide what the statement
 * says: what decides the statement's shape goes to `shape`, which names one statement per answer. A
 * value used otherwise (inlined, tested in JavaScript, left out) throws when the statement is built.
 * Whatever `build` computes itself is the statement's for good: a time (`new Date()`) must be a value.
 */
export function compiledOnce<Values extends object, Shape extends string | boolean = never, Row = unknown>(
  build: (db: Kysely<Database>, values: Values, shape: Shape) => Compilable<Row>,
): (db: Kysely<Database>, values: Values, shape?: Shape) => Promise<Row[]> {
  const built = new WeakMap<Kysely<Database>, Map<Shape | undefined, Built>>();

  function statement(db: Kysely<Database>, values: Values, shape: Shape | undefined): Built {
    let shapes = built.get(db);
    if (!shapes) built.set(db, (shapes = new Map()));
    const known = shapes.get(shape);
    if (known) return known;
    const keys = Object.keys(values);
    const slots = Object.fromEntries(keys.map((key) => [key, { [SLOT]: key } satisfies Slot])) as unknown as Values;
    const compiled = build(db, slots, shape as Shape).compile(db);
    const parameters = compiled.parameters.map((value) => (isSlot(value) ? { key: value[SLOT] } : { constant: value }));
    const sent = new Set(parameters.flatMap((parameter) => ('key' in parameter ? [parameter.key] : [])));
    const unsent = keys.filter((key) => !sent.has(key));
    if (unsent.length > 0) throw new Error(`compiledOnce: ${unsent.join(', ')} not sent as a parameter of the statement`);
    const made = { compiled, parameters };
    shapes.set(shape, made);
    return made;
  }

  return async (db, values, shape) => {
    const { compiled, parameters } = statement(db, values, shape);
    const given = values as Record<string, unknown>;
    const sent = parameters.map((parameter) => {
      if (!('key' in parameter)) return parameter.constant;
      // a key left out (or undefined) would be sent as null without a word: a caller's mistake, refused
      if (given[parameter.key] === undefined) throw new Error(`compiledOnce: no value for ${parameter.key}`);
      return given[parameter.key];
    });
    const { rows } = await db.executeQuery<Row>({ ...compiled, parameters: sent, queryId: createQueryId() });
    return rows;
  };
}
