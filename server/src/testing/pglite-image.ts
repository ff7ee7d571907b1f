import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { migrate } from '../db/database';
import { PGliteDialect } from '../db/pglite-dialect';

const MIGRATIONS_DIR = path.join(__dirname, '../db/migrations');

/**
 * How the image is made beyond the migrations (part of its key): 1 MB WAL segments instead of 16 and
 * no template databases (the tests create none). The image is 16 MB instead of 40, and a database
 * loads from it in about 0.8 s instead of 1.25 (measured 2026-11-28, outside jest). And 16 MB of shared
 * buffers instead of PostgreSQL's 128 (`postgresql.auto.conf`): a start sets up every buffer, and a
 * test database holds a few hundred kilobytes; a start took 0.25–0.6 s instead of 0.66–1.16 s
 * (docs/scripts.md, "What the suites spend their time on").
 */
const SHARED_BUFFERS = '16MB';
const IMAGE_RECIPE = `wal-segsize=1; no templates; shared_buffers=${SHARED_BUFFERS}`;

/**
 * What the image is made of: the migrations' sources and PGlite's version. A changed migration or
 * another PGlite makes another image; a stale one is never used.
 */
function imageKey(): string {
  const hash = createHash('sha256');
  hash.update(IMAGE_RECIPE);
  hash.update(readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '../package.json')));
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    if (name.endsWith('.test.ts')) continue;
    hash.update(name);
    hash.update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

let image: Promise<Blob> | undefined;

/**
 * An image of a freshly migrated PGlite data folder, made once per machine and kept in the system's
 * temporary folder. A test database loaded from it starts in about a second; an empty one runs
 * PostgreSQL's initdb and every migration first (4–5 s on our machines, measured 2026-11-27), and
 * the server's suite opens dozens of them.
 */
export function migratedPgliteImage(): Promise<Blob> {
  image ??= (async () => {
    const file = path.join(tmpdir(), `academy-pglite-${imageKey()}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // not made yet on this machine
    }
    const client = new PGlite({ initDbStartParams: ['--wal-segsize=1'], ...pgliteArtifacts() });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    await migrate(db);
    await client.exec(`ALTER SYSTEM SET shared_buffers = '${SHARED_BUFFERS}'`);
    // one statement each: several in one call are one transaction, where DROP DATABASE may not run
    await client.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
    for (const statement of ['DROP DATABASE template0', 'DROP DATABASE template1', 'CHECKPOINT']) await client.exec(statement);
    const dump = await client.dumpDataDir('none');
    await db.destroy();
    const bytes = Buffer.from(await dump.arrayBuffer());
    // written whole, then renamed: a parallel worker reads either nothing or the whole image
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return new Blob([bytes]);
  })();
  return image;
}

type Artifacts = Required<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>>;

let artifacts: Artifacts | undefined;

/**
 * PGlite's WebAssembly compiled once and its file bundle read once per test file, handed to each of
 * its test databases. Per file, not per jest worker: a module compiled in another test file's realm
 * fails emscripten's `instanceof WebAssembly.Module` (seen: "e.subarray is not a function").
 */
export function pgliteArtifacts(): Artifacts {
  artifacts ??= (() => {
    const dist = path.dirname(require.resolve('@electric-sql/pglite'));
    return {
      // the server's type library has no WebAssembly (no DOM): the global is Node's
      pgliteWasmModule: new (
        globalThis as unknown as { WebAssembly: { Module: new (bytes: Buffer) => Artifacts['pgliteWasmModule'] } }
      ).WebAssembly.Module(readFileSync(path.join(dist, 'pglite.wasm'))),
      fsBundle: new Blob([readFileSync(path.join(dist, 'pglite.data'))]),
    };
  })();
  return artifacts;
}
