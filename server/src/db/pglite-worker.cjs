// The embedded PGlite database on a thread of its own (worker_threads): the server's main thread then
// only sends each query and reads its rows, and PostgreSQL's own work (planning, executing, WAL) runs
// on the machine's second core beside the HTTP work. Plain CommonJS, so the compiled server and the
// tests load it as it is (copied beside the bundle by tooling/build-server.mjs).
//
// The queue lives here, not in the main thread: every query is sent at once and waits in this
// thread's queue, so the database never idles while the main thread is busy with HTTP work. Each
// message names its holder (one Kysely connection: a single query, or a whole transaction). A holder
// whose `begin` ran owns the database until its `commit` or `rollback` (or its release): meanwhile only
// its own queries run, the others keep their places.
//
// Messages in: { id, holder, sql, params, mark? } (mark 'begin' or 'end' on the transaction's own
// statements), { id, holder, release: true } and { id, close: true }. Out: { ready: true } or
// { failed } once, then { id, rows, affectedRows } or { id, error } per message.
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');

const DATE_OID = 1082;
// dates stay 'yyyy-mm-dd' text (as on PostgreSQL through pg): no time-zone shifts through JS Date
const OPTIONS = { parsers: { [DATE_OID]: (value) => value } };

/** An error as plain data: its message and PostgreSQL's fields (code, detail, constraint, …). */
function plain(error) {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const fields = { message: String(error.message), name: String(error.name ?? 'Error') };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || (typeof value === 'object' && value !== null)) continue;
    fields[key] = value;
  }
  return fields;
}

const client = new PGlite(workerData?.dataDir ?? undefined);

client.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ failed: plain(error) }),
);

/** Messages not yet run, in arrival order. */
const queue = [];
/** The holder whose transaction is open, or null. */
let owner = null;
let running = false;

/** The next message that may run: the owner's first, or (no transaction open) the first of all. */
function takeNext() {
  const index = owner === null ? 0 : queue.findIndex((message) => message.holder === owner || message.close);
  if (index < 0 || index >= queue.length) return undefined;
  return queue.splice(index, 1)[0];
}

async function runOne(message) {
  if (message.close) {
    await client.close();
    return { rows: [] };
  }
  if (message.release) {
    // a holder that leaves with its transaction open (it never does through Kysely): undo it
    if (owner === message.holder) {
      owner = null;
      await client.query('rollback');
    }
    return { rows: [] };
  }
  try {
    const result = await client.query(message.sql, message.params, OPTIONS);
    if (message.mark === 'begin') owner = message.holder;
    return { rows: result.rows, affectedRows: result.affectedRows };
  } finally {
    // a commit or rollback ends the transaction even when it fails (PostgreSQL has closed it)
    if (message.mark === 'end' && owner === message.holder) owner = null;
  }
}

async function drain() {
  if (running) return;
  running = true;
  try {
    for (let message = takeNext(); message; message = takeNext()) {
      try {
        const reply = await runOne(message);
        parentPort.postMessage({ id: message.id, ...reply });
      } catch (error) {
        parentPort.postMessage({ id: message.id, error: plain(error) });
      }
      if (message.close) {
        parentPort.close();
        return;
      }
    }
  } finally {
    running = false;
  }
}

parentPort.on('message', (message) => {
  queue.push(message);
  void drain();
});
