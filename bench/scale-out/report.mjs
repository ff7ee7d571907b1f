// What the run tells: a line per check (`ok` or `FAIL`), a skip when nginx or PostgreSQL is missing, and
// the final count test-all.mjs reads.
import { performance } from 'node:perf_hooks';
import { REQUIRE } from './options.mjs';

export const checks = [];
export function check(ok, text) {
  checks.push({ ok, text });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${text}`);
}

export function skip(reason) {
  if (REQUIRE) {
    console.log(`FAIL scale-out test cannot run: ${reason}`);
    process.exit(1);
  }
  console.log(`skipped: ${reason}`);
  process.exit(0);
}

/** Prints the final count (a crash counts as one failure) and returns the exit code. */
export function summarize(crashed, runStarted) {
  const passedChecks = checks.filter((c) => c.ok).length;
  const failedChecks = checks.length - passedChecks + (crashed ? 1 : 0);
  console.log(
    `\nscale-out: ${passedChecks} checks passed, ${failedChecks} failed (${((performance.now() - runStarted) / 1000).toFixed(1)} s)`,
  );
  return failedChecks === 0 ? 0 : 1;
}
