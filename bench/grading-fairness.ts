// Grading fairness: how long a normal submission waits while 20 accounts flood the sandbox, each
// keeping 3 endless loops waiting or running (the per-account bound) and sending a new one as soon as
// one ends. The pool is the server's (as many processes as the server starts here, its limits).
// Usage: npx tsx bench/grading-fairness.ts [runs, default 3] [samples per run, default 10]
import fs from 'node:fs';
import path from 'node:path';
import { SandboxPool, type SandboxTest } from '../server/src/grading/sandbox/pool';

const runs = Number(process.argv[2] ?? 3);
const samples = Number(process.argv[3] ?? 10);
const ACCOUNTS = 20;
const tests: SandboxTest[] = [
  { name: 'sum(1, 2)', call: 'sum(1, 2)', expected: 3 },
  { name: 'sum(-5, 5)', call: 'sum(-5, 5)', expected: 0 },
  { name: 'sum(0.5, 0.25)', call: 'sum(0.5, 0.25)', expected: 0.75 },
];
const RIGHT = 'function sum(a, b) { return a + b }';
const ENDLESS = 'function sum() { while (true) {} }';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function run(index: number) {
  const pool = new SandboxPool();
  // the processes started, as on a server that has graded before
  await Promise.all(Array.from({ length: pool.size }, (_, i) => pool.run(RIGHT, 'javascript', tests, `warm ${i}`)));
  let flooding = true;
  let floodJobs = 0;
  /** one flooding account's slot in its share: an endless loop, again as soon as it ends */
  const flood = async (account: number) => {
    while (flooding) {
      floodJobs += 1;
      // a refusal (the share is full) is retried a little later, as a script would
      await pool.run(ENDLESS, 'javascript', tests, `flood ${account}`).catch(() => sleep(100));
    }
  };
  const floods = Array.from({ length: ACCOUNTS * pool.perOwner }, (_, i) => flood(i % ACCOUNTS));
  await sleep(3000);
  const waits: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const outcomes = await pool.run(RIGHT, 'javascript', tests, `student ${index}.${i}`);
    if (!outcomes.every((o) => o.passed)) throw new Error('a right solution failed');
    waits.push(performance.now() - started);
    await sleep(500 + Math.random() * 1000);
  }
  flooding = false;
  const queued = pool.queued;
  await pool.close();
  await Promise.all(floods);
  waits.sort((a, b) => a - b);
  return {
    run: index + 1,
    processes: pool.size,
    floodingAccounts: ACCOUNTS,
    floodJobsSent: floodJobs,
    queuedAtEnd: queued,
    samples: waits.length,
    medianMs: Math.round(median(waits)),
    maxMs: Math.round(waits.at(-1)!),
  };
}

async function main() {
  // the pool's processes do not keep Node alive by themselves (a server's socket does)
  const alive = setInterval(() => undefined, 1000);
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await run(i));
  console.table(results);
  const medians = results.map((r) => r.medianMs);
  const summary = {
    runs,
    medianOfRunMediansMs: median(medians),
    spreadMs: [Math.min(...medians), Math.max(...medians)],
    worstMs: Math.max(...results.map((r) => r.maxMs)),
  };
  console.log(summary);
  const dir = path.join(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'grading-fairness.json'),
    JSON.stringify({ date: new Date().toISOString(), summary, results }, null, 2),
  );
  clearInterval(alive);
}

void main();
