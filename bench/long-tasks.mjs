// Where a page's blocking time comes from (issue 33): reads the traces Lighthouse recorded
// (`LH_TRACE=1 LH_KEEP=<folder> node bench/lighthouse.mjs …` keeps each run's trace beside its report) and
// lists, per page, the page's main-thread tasks after its first contentful paint that last 12.5 ms or more:
// the ones that Lighthouse's simulated phone (4× slower CPU) stretches past 50 ms, so each adds to TBT.
// Each task is named by what took most of it: a script's evaluation (with the promise jobs it ran: a
// chunk's arrival runs the boot stage waiting for it), a timer or message callback (the inline script's
// preload links, React's scheduler), style, layout, paint, or `no traced work` (the thread busy or
// preempted outside any traced event: network replies arriving, another process on the same cores).
// Usage: node bench/long-tasks.mjs <folder> [min-ms, default 12.5]
import fs from 'node:fs';
import path from 'node:path';

const folder = process.argv[2];
if (!folder) throw new Error('usage: node bench/long-tasks.mjs <folder with Lighthouse traces> [min-ms]');
const minMs = Number(process.argv[3] ?? 12.5);
const NAMED =
  /^(EvaluateScript|FunctionCall|v8\.compile|Layout|UpdateLayoutTree|ParseHTML|RunMicrotasks|Paint|Commit|EventDispatch|TimerFire|v8\.callFunction|ParseAuthorStyleSheet|MajorGC|MinorGC)$/;

/** A task's cause: its largest traced child (outermost), with the script it ran where there is one. */
function cause(task, events) {
  const inside = events.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && NAMED.test(e.name));
  const outer = inside.filter(
    (k) => !inside.some((o) => o !== k && o.ts <= k.ts && o.ts + o.dur >= k.ts + k.dur && o.dur > k.dur),
  );
  const largest = outer.sort((a, b) => b.dur - a.dur)[0];
  if (!largest || largest.dur < task.dur / 3) return 'no traced work';
  // a timer's or a message's callback names its script on the function call inside it
  const call = [largest, ...inside].find(
    (e) => e.args?.data?.url && e.ts >= largest.ts && e.ts + e.dur <= largest.ts + largest.dur,
  );
  const url = call?.args.data.url ?? '';
  const file = url ? new URL(url).pathname.replace(/\.[0-9a-f]{8}\./, '.') : '';
  const script = /\.js$/.test(file) ? ` ${file}` : file ? ' (the page: its inline script)' : '';
  if (largest.name === 'EvaluateScript') return `script${script}`;
  if (largest.name === 'FunctionCall' || largest.name === 'TimerFire' || largest.name === 'v8.callFunction')
    return `callback${script || ' (no script named)'}`;
  if (largest.name === 'UpdateLayoutTree' || largest.name === 'ParseAuthorStyleSheet') return 'style';
  if (largest.name === 'Layout') return 'layout';
  if (largest.name === 'Paint' || largest.name === 'Commit') return 'paint';
  return largest.name;
}

/** The tasks of one trace after its first contentful paint, at least `minMs` long. */
function longTasks(trace) {
  const events = trace.traceEvents ?? trace;
  const navigation = events.filter(
    (e) =>
      e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && /^https?:/.test(e.args.data.documentLoaderURL ?? ''),
  );
  const start = navigation.at(-1);
  if (!start) return null;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === start.pid && e.ts >= start.ts);
  const main = events
    .filter((e) => e.pid === start.pid && e.tid === start.tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = [];
  let end = 0;
  for (const e of main) {
    if (e.ts < end || !e.name.includes('RunTask')) continue;
    end = e.ts + e.dur;
    // a task under way at the first paint counts from there, as Lighthouse counts it
    const ms = fcp ? (end - Math.max(e.ts, fcp.ts)) / 1000 : 0;
    if (ms >= minMs) tasks.push({ at: (e.ts - start.ts) / 1000, ms, cause: cause(e, main) });
  }
  return { page: new URL(start.args.data.documentLoaderURL).pathname, fcp: fcp ? (fcp.ts - start.ts) / 1000 : null, tasks };
}

const blocking = (ms) => Math.max(0, ms * 4 - 50);
const byPage = new Map();
for (const name of fs
  .readdirSync(folder)
  .filter((file) => file.endsWith('.trace.json'))
  .sort()) {
  const run = longTasks(JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')));
  if (!run) continue;
  if (!byPage.has(run.page)) byPage.set(run.page, []);
  byPage.get(run.page).push(run);
}
const total = new Map();
for (const [page, runs] of byPage) {
  console.log(
    `\n${page} (${runs.length} run(s)): tasks ≥ ${minMs} ms after the first paint, ms (×4 − 50 = blocking on the phone)`,
  );
  const causes = new Map();
  for (const run of runs) {
    const estimate = run.tasks.reduce((sum, task) => sum + blocking(task.ms), 0);
    console.log(
      `  FCP ${run.fcp?.toFixed(0)} ms, estimated TBT ${estimate.toFixed(0)} ms: ${run.tasks.map((t) => `${t.ms.toFixed(0)} ${t.cause}`).join('; ')}`,
    );
    for (const task of run.tasks) {
      causes.set(task.cause, (causes.get(task.cause) ?? 0) + blocking(task.ms) / runs.length);
      total.set(task.cause, (total.get(task.cause) ?? 0) + blocking(task.ms) / runs.length);
    }
  }
  const ranked = [...causes].sort((a, b) => b[1] - a[1]).map(([c, ms]) => `${c} ${ms.toFixed(0)}`);
  console.log(`  blocking per run by cause: ${ranked.join(', ')}`);
}
console.log('\nAll pages, blocking per run by cause (sum over pages):');
for (const [c, ms] of [...total].sort((a, b) => b[1] - a[1])) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${c}`);
