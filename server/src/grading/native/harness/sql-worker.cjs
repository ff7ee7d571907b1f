// The academy's SQL grader: one embedded PostgreSQL (PGlite, WebAssembly, in memory: no host file
// is reachable from it) in a child process of its own, so a query that never ends or eats memory is
// stopped by killing this process (the server's watchdog), never the server. Plain CommonJS, started
// with fork(); copied beside the bundle by tooling/build-server.mjs.
//
// A submission is one transaction that is always rolled back, as a role that owns only the task's
// schema: the task's tables, each test's data (in a savepoint of its own) and the student's one
// statement (the extended protocol takes one statement only), then ROLLBACK and DISCARD ALL. Nothing
// of a submission is left for the next one.
//
// Messages in: { id, schema, query, calls }. Out: { ready: true } once, then
// { id, results: [{ rows } | { error }] } or { id, error } (the task's own schema failed).
'use strict';
const { PGlite } = require('@electric-sql/pglite');

const TEXT = (value) => value;
// values as the student wrote them in SQL: dates, times and exact numbers as PostgreSQL prints them
const PARSERS = {
  1082: TEXT,
  1083: TEXT,
  1114: TEXT,
  1184: TEXT,
  1700: TEXT,
  20: (v) => (Number.isSafeInteger(Number(v)) ? Number(v) : v),
};

/** rows a test's result may have: a task's answer is a few; more is a mistake (or a flood) */
const MAX_ROWS = 1000;

let db;

async function open() {
  // the session is the superuser's (PGlite's one user): every submission runs under SET LOCAL ROLE
  // student, a role that owns the task schema alone and may not call set_config (to change role back)
  db = new PGlite();
  await db.exec(`
    CREATE ROLE student LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
    CREATE SCHEMA task AUTHORIZATION student;
    REVOKE ALL ON SCHEMA public FROM PUBLIC;
    REVOKE ALL ON DATABASE postgres FROM PUBLIC;
    REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC;`);
  process.send({ ready: true });
}

function message(error) {
  return String(error && error.message ? error.message : error).slice(0, 1000);
}

async function grade({ id, schema, query, calls }) {
  const results = [];
  try {
    await db.exec('BEGIN; SET LOCAL ROLE student; SET LOCAL search_path = task;');
    try {
      await db.exec(schema);
    } catch (error) {
      process.send({ id, error: `The task's schema failed: ${message(error)}` });
      return;
    }
    for (const call of calls) {
      await db.exec('SAVEPOINT test;');
      try {
        if (call.trim()) await db.exec(call);
      } catch (error) {
        results.push({ error: `The test's data failed: ${message(error)}` });
        await db.exec('ROLLBACK TO SAVEPOINT test;');
        continue;
      }
      try {
        const result = await db.query(query, [], { rowMode: 'array', parsers: PARSERS });
        if (result.rows.length > MAX_ROWS) results.push({ error: `The query returned more than ${MAX_ROWS} rows` });
        else results.push({ rows: result.rows, columns: result.fields.map((field) => field.name) });
      } catch (error) {
        results.push({ error: message(error) });
      }
      await db.exec('ROLLBACK TO SAVEPOINT test;');
    }
    process.send({ id, results });
  } finally {
    await db.exec('ROLLBACK;').catch(() => undefined);
    await db.exec('DISCARD ALL;').catch(() => undefined);
  }
}

// one submission at a time, in the order they came: each is a transaction of the one connection
let queue = Promise.resolve();
process.on('message', (job) => {
  queue = queue
    .then(() => grade(job))
    .catch((error) => process.send({ id: job.id, error: `The SQL grader failed: ${message(error)}` }));
});

open().catch((error) => {
  process.send({ failed: message(error) });
  process.exit(1);
});
