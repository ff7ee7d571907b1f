// Code-grading throughput: the QuickJS worker pool the server uses, against the naive approach of one
// fresh `node` process per submission, measured in the same run on the same solutions.
// Usage: npx tsx bench/grading.ts [submissions, default 3000] [warm-up submissions, default 2000]
// The pool is measured warm, as a server is after its first minutes: each process's QuickJS is compiled
// to optimised code as it runs (V8 tiers WebAssembly up in the background), which on a 2-core machine
// takes its first ~2,000 submissions. The cold rate (the same submissions with no warm-up) is printed too.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SandboxPool, type SandboxTest } from '../server/src/grading/sandbox/pool';

const total = Number(process.argv[2] ?? 3000);
const warmup = Number(process.argv[3] ?? 2000);
const tests: SandboxTest[] = [
  { name: 'sum(1, 2)', call: 'sum(1, 2)', expected: 3 },
  { name: 'sum(-5, 5)', call: 'sum(-5, 5)', expected: 0 },
  { name: 'sum(0.5, 0.25)', call: 'sum(0.5, 0.25)', expected: 0.75 },
];
const solutions = Array.from(
  { length: total },
  (_, i) => `function sum(a, b) { let s = 0; for (let k = 0; k < ${100 + (i % 50)}; k++) s += 0; return a + b + s; }`,
);

async function measure(
  label: string,
  concurrency: number,
  count: number,
  grade: (code: string, index: number) => Promise<boolean>,
) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        const code = solutions[index]!;
        const t0 = performance.now();
        if (!(await grade(code, index))) throw new Error(`${label}: a right solution failed`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return {
    approach: label,
    submissions: count,
    concurrency,
    perSecond: +(count / seconds).toFixed(1),
    p50ms: +p(0.5).toFixed(1),
    p99ms: +p(0.99).toFixed(1),
  };
}

function naive(code: string): Promise<boolean> {
  // a fresh Node process per submission, tests appended, 2 s time limit
  const script = `${code}\nconst tests = ${JSON.stringify(tests)};\nprocess.stdout.write(JSON.stringify(tests.map((t) => JSON.stringify(eval(t.call)) === JSON.stringify(t.expected))));`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', script], { timeout: 2000, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.on('close', () => {
      try {
        resolve((JSON.parse(out) as boolean[]).every(Boolean));
      } catch {
        resolve(false);
      }
    });
  });
}

async function main() {
  // the pool's processes do not keep Node alive by themselves (a server's socket does)
  const alive = setInterval(() => undefined, 1000);
  const pool = new SandboxPool({ size: 2 });
  // load QuickJS in both processes
  await Promise.all([0, 1].map((i) => pool.run(solutions[i]!, 'javascript', tests, `warm-${i}`)));
  // submissions of many students (one user may have only 3 jobs waiting or running)
  const grade = async (code: string, index: number) =>
    (await pool.run(code, 'javascript', tests, `student-${index % 100}`)).every((o) => o.passed);
  const cold = await measure('QuickJS sandbox pool, cold (its first submissions)', 8, Math.min(total, warmup), grade);
  const rest = Math.max(0, warmup - cold.submissions);
  if (rest > 0) await measure('warm-up', 8, rest, grade);
  const pooled = await measure('QuickJS sandbox pool (2 processes), warm', 8, total, grade);
  await pool.close();
  const naiveCount = Math.min(total, 60);
  const processes = await measure('fresh node process per submission', 2, naiveCount, naive);
  const results = [cold, pooled, processes];
  console.table(results);
  console.log(`ratio (pool / process, submissions per second): ${(pooled.perSecond / processes.perSecond).toFixed(1)}×`);
  const dir = path.join(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'grading.json'), JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
  clearInterval(alive);
}

void main();
