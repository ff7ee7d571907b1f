// Issue 30: grading Java, Go, Python and SQL, each language's design against the naive way in the same
// run, on the same solutions. Latency: one submission at a time (an idle grader: arrival to result).
// Rate: submissions from many students at once, through the graders' queue (one per core).
// Naive: Java compiled by a cold `javac` and run by `java`, Go built with an empty build cache, SQL on
// a fresh PGlite per submission; each in the same bubblewrap sandbox as the real graders.
// Usage: npx tsx bench/native-grading.ts [submissions per measurement, default 40] (about 3 minutes);
// BENCH_LANGUAGES=java,go measures only those
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NativeGraders, type NativeTask } from '../server/src/grading/native';
import { closeJava } from '../server/src/grading/native/languages/java';
import { closeSql } from '../server/src/grading/native/languages/sql';
import { runSandboxed } from '../server/src/grading/native/sandbox';
import { makeWorkspace } from '../server/src/grading/native/workspace';

const count = Number(process.argv[2] ?? 40);

const variant = (i: number) => 100 + (i % 50);
const LANGUAGES: Array<{ name: string; task: NativeTask; code(i: number): string }> = [
  {
    name: 'java',
    task: {
      language: 'java',
      tests: [
        { name: 'a', call: 'Solution.sum(1, 2)', expected: 3 },
        { name: 'b', call: 'Solution.sum(-5, 5)', expected: 0 },
        { name: 'c', call: 'Solution.sum(40, 2)', expected: 42 },
      ],
    },
    code: (i) =>
      `public class Solution {\n  static int sum(int a, int b) {\n    int s = 0;\n    for (int k = 0; k < ${variant(i)}; k++) s += 0;\n    return a + b + s;\n  }\n}\n`,
  },
  {
    name: 'go',
    task: {
      language: 'go',
      tests: [
        { name: 'a', call: 'Sum(1, 2)', expected: 3 },
        { name: 'b', call: 'Sum(-5, 5)', expected: 0 },
        { name: 'c', call: 'Sum(40, 2)', expected: 42 },
      ],
    },
    code: (i) =>
      `package main\n\nfunc Sum(a, b int) int {\n\ts := 0\n\tfor k := 0; k < ${variant(i)}; k++ {\n\t\ts += 0\n\t}\n\treturn a + b + s\n}\n`,
  },
  {
    name: 'python',
    task: {
      language: 'python',
      tests: [
        { name: 'a', call: 'total(1, 2)', expected: 3 },
        { name: 'b', call: 'total(-5, 5)', expected: 0 },
        { name: 'c', call: 'total(40, 2)', expected: 42 },
      ],
    },
    code: (i) => `def total(a, b):\n    s = 0\n    for _ in range(${variant(i)}):\n        s += 0\n    return a + b + s\n`,
  },
  {
    name: 'sql',
    task: {
      language: 'sql',
      schema:
        "CREATE TABLE users (id int, name text, city text); INSERT INTO users VALUES (1, 'Анна', 'Казань'), (2, 'Борис', 'Омск'), (3, 'Вера', 'Казань');",
      orderMatters: false,
      tests: [
        {
          name: 'a',
          call: '',
          expected: [
            [1, 'Анна'],
            [3, 'Вера'],
          ],
        },
        {
          name: 'b',
          call: "INSERT INTO users VALUES (4, 'Глеб', 'Казань')",
          expected: [
            [1, 'Анна'],
            [3, 'Вера'],
            [4, 'Глеб'],
          ],
        },
      ],
    },
    code: (i) => `SELECT id, name FROM users WHERE city = 'Казань' AND id < ${variant(i)}`,
  },
];

interface Figure {
  language: string;
  approach: string;
  submissions: number;
  concurrency: number;
  perSecond: number;
  p50ms: number;
  p90ms: number;
}

async function measure(
  language: string,
  approach: string,
  concurrency: number,
  n: number,
  grade: (i: number) => Promise<boolean>,
): Promise<Figure> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const t0 = performance.now();
        if (!(await grade(i))) throw new Error(`${language} ${approach}: a right solution failed`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return {
    language,
    approach,
    submissions: n,
    concurrency,
    perSecond: +(n / seconds).toFixed(1),
    p50ms: Math.round(p(0.5)),
    p90ms: Math.round(p(0.9)),
  };
}

/** The naive Java: a cold javac and a java per submission, in the same sandbox. */
async function naiveJava(code: string): Promise<boolean> {
  const main =
    'public class Main { public static void main(String[] a) { System.out.println(Solution.sum(1, 2) + "," + Solution.sum(-5, 5) + "," + Solution.sum(40, 2)); } }';
  const workspace = makeWorkspace({ 'Solution.java': code, 'Main.java': main });
  try {
    const limits = { cpuSeconds: 30, wallMs: 60_000, memoryMb: 2048, processes: 128, fileMb: 16, tmpMb: 64, outputBytes: 65536 };
    const javac = '/usr/lib/jvm/java-17-openjdk-amd64/bin/javac';
    const java = '/usr/lib/jvm/java-17-openjdk-amd64/bin/java';
    const flags = ['-XX:CompressedClassSpaceSize=64m', '-XX:ReservedCodeCacheSize=64m', '-Xmx256m'];
    const built = await runSandboxed({
      workDir: workspace.dir,
      writable: true,
      command: [javac, ...flags.map((f) => `-J${f}`), 'Solution.java', 'Main.java'],
      env: { MALLOC_ARENA_MAX: '2' },
      limits,
    });
    if (built.code !== 0) return false;
    const run = await runSandboxed({
      workDir: workspace.dir,
      command: [java, ...flags, '-cp', '/work', 'Main'],
      env: { MALLOC_ARENA_MAX: '2' },
      limits,
    });
    return run.stdout.trim() === '3,0,42';
  } finally {
    workspace.dispose();
  }
}

/** The naive Go: `go run` with an empty build cache of its own, per submission. */
async function naiveGo(code: string): Promise<boolean> {
  const main = 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println(Sum(1, 2), Sum(-5, 5), Sum(40, 2)) }\n';
  const workspace = makeWorkspace({ 'solution.go': code, 'main.go': main });
  try {
    const limits = {
      cpuSeconds: 60,
      wallMs: 120_000,
      memoryMb: 2048,
      processes: 128,
      fileMb: 64,
      tmpMb: 512,
      outputBytes: 65536,
    };
    const env = { GO111MODULE: 'off', CGO_ENABLED: '0', GOPATH: '/tmp/gopath', GOCACHE: '/tmp/gocache' };
    const run = await runSandboxed({ workDir: workspace.dir, writable: true, command: ['/usr/bin/go', 'run', '.'], env, limits });
    return run.stdout.trim() === '3 0 42';
  } finally {
    workspace.dispose();
  }
}

/** The naive SQL: a fresh PGlite per submission. */
async function naiveSql(task: NativeTask, code: string): Promise<boolean> {
  const db = new PGlite();
  try {
    await db.exec(task.schema!);
    const rows = (await db.query(code, [], { rowMode: 'array' })).rows;
    return rows.length === 2;
  } finally {
    await db.close();
  }
}

async function main() {
  const alive = setInterval(() => undefined, 1000);
  const figures: Figure[] = [];
  // BENCH_LANGUAGES=java,go: only those (the results file then holds only them)
  const only = process.env.BENCH_LANGUAGES?.split(',');
  for (const language of LANGUAGES.filter((l) => !only || only.includes(l.name))) {
    const graders = new NativeGraders({ perOwner: 3, maxQueued: 1000 });
    const grade = async (i: number) =>
      (await graders.run(language.code(i), language.task, `student-${i % 100}`)).every((o) => o.passed);
    // warm: the compiler started, the caches filled, PGlite loaded; Java's compiler warms up on a thread
    // of its own (300 compiles, CompileServer.java), as a live server's has after its first minute
    for (let i = 0; i < 3; i++) await grade(1000 + i);
    if (language.name === 'java') await new Promise((resolve) => setTimeout(resolve, 30_000));
    figures.push(await measure(language.name, 'academy: latency', 1, count, grade));
    figures.push(await measure(language.name, 'academy: rate', 8, count * 2, grade));
    await graders.close();
    const naiveCount = Math.max(6, Math.round(count / 4));
    if (language.name === 'java')
      figures.push(await measure('java', 'naive javac + java: rate', 2, naiveCount, (i) => naiveJava(language.code(i))));
    if (language.name === 'go')
      figures.push(await measure('go', 'naive go run, empty cache: rate', 2, naiveCount, (i) => naiveGo(language.code(i))));
    if (language.name === 'sql')
      figures.push(
        await measure('sql', 'naive fresh PGlite: rate', 1, naiveCount, (i) => naiveSql(language.task, language.code(i))),
      );
    console.table(figures.filter((f) => f.language === language.name));
  }
  await Promise.all([closeJava(), closeSql()]);
  const dir = path.join(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'native-grading.json'), JSON.stringify({ date: new Date().toISOString(), figures }, null, 2));
  clearInterval(alive);
}

void main();
