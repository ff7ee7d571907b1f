// The embedded PGlite database on a thread of its own (worker_threads): the server's main thread then
// only sends each query and reads its rows, and PostgreSQL's own work (planning, executing, WAL) runs
// on the machine's second core beside the HTTP work. Plain CommonJS, so the compiled server and the
// tests load it as it is (copied beside the bundle by tooling/build-server.mjs).
//
// Messages in: { id, sql, params } (one query; the main thread's driver already serialises them, a
// transaction holding the one connection) and { id, close: true }. Out: { ready: true } or
// { failed } once, then { id, rows, affectedRows } or { id, error } per query.
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

parentPort.on('message', async (message) => {
  if (message.close) {
    try {
      await client.close();
      parentPort.postMessage({ id: message.id, rows: [] });
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: plain(error) });
    }
    parentPort.close();
    return;
  }
  try {
    const result = await client.query(message.sql, message.params, OPTIONS);
    parentPort.postMessage({ id: message.id, rows: result.rows, affectedRows: result.affectedRows });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: plain(error) });
  }
});
