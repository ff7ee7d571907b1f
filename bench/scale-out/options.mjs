// The run's options (`node bench/scale-out.mjs [--seconds 16] [--rate 150] [--port 8280] [--require]`) and
// the PostgreSQL database it runs on (SCALE_OUT_DATABASE_URL; see bench/scale-out.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? Number(process.argv[at + 1]) : fallback;
}
export const SECONDS = option('seconds', 16);
export const RATE = option('rate', 150);
export const PORT = option('port', 8280);
export const REQUIRE = process.argv.includes('--require');
export const KILL_AT = 0.4; // of the run
export const WARMUP = 3; // seconds at the same rate before the measured run
export const adminUrl = process.env.SCALE_OUT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const dbName = `academy_scale_out_${PORT}`;
export const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
