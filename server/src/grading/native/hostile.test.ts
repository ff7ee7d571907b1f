import net from 'node:net';
import path from 'node:path';
import { gradeGo, GO_LIMITS } from './languages/go';
import { closeJava, gradeJava, JAVA_LIMITS } from './languages/java';
import { gradePython, PYTHON_LIMITS } from './languages/python';
import { NativeGraders } from '.';
import { sandboxAvailable } from './sandbox';

// Issue 30: hostile submissions in each sandboxed language. Every one is contained: the submission
// fails with a clear reason, nothing of the host leaks, and the next submission is graded as usual.
const sandboxed = sandboxAvailable().ok || process.env.CI === 'true' ? describe : describe.skip;

/** A value no harness or file in the sandbox holds: a hidden test's expected value. */
const SECRET = 982451653;
const DATA_FILE = path.resolve(__dirname, '../../../package.json');

/** Smaller limits than production's, so the suite is quick; the kernel enforces them the same way. */
const fast = { testMs: 800, wallMs: 5000, cpuSeconds: 2 };
const JAVA = { ...JAVA_LIMITS, ...fast };
const GO = { ...GO_LIMITS, ...fast };
const PYTHON = { ...PYTHON_LIMITS, wallMs: 3000, cpuSeconds: 2 };

let port = 0;
let connections = 0;
const server = net.createServer((socket) => {
  connections += 1;
  socket.end('academy secrets');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  server.close();
  await closeJava();
});

type Grade = (
  code: string,
  tests: Array<{ name: string; call: string; expected: unknown }>,
) => Promise<Array<{ passed: boolean; error?: string; actual?: unknown; logs?: string[] }>>;

interface Language {
  name: string;
  grade: Grade;
  /** the task's one call: the student's `attack()` */
  call: string;
  /** a solution whose attack() runs `body` (a statement or two in the language) */
  wrap(body: string): string;
  right: string;
  attacks: Record<string, string>;
}

const LANGUAGES: Language[] = [
  {
    name: 'Python',
    grade: (code, tests) => gradePython(code, tests, PYTHON),
    call: 'attack()',
    wrap: (body) =>
      `import os, socket, sys, time\n\ndef attack():\n${body
        .split('\n')
        .map((l) => `    ${l}`)
        .join('\n')}\n`,
    right: 'def attack():\n    return 982451653\n',
    attacks: {
      'reads /etc/passwd': "return open('/etc/passwd').read()",
      "reads the academy's files": `return open(${JSON.stringify(DATA_FILE)}).read()`,
      'writes outside its folder': "open('/work/x', 'w').write('x')\nopen('/usr/x', 'w').write('x')\nreturn 1",
      "connects to the academy's port": `s = socket.create_connection(('127.0.0.1', ${'PORT'}), timeout=1)\nreturn s.recv(100).decode()`,
      'forks without end': 'while True:\n    os.fork()',
      'allocates 10 GB': 'x = bytearray(10 * 1024 ** 3)\nreturn len(x)',
      'loops forever': 'while True:\n    pass',
      'prints 100 MB': "sys.stdout.write('x' * (100 * 1024 ** 2))\nreturn 1",
      'sleeps forever': 'time.sleep(10 ** 6)',
      'exits with success': 'os._exit(0)',
      'reads the harness for the expected value': "return [open('/work/' + f).read() for f in os.listdir('/work')]",
    },
  },
  {
    name: 'Java',
    grade: (code, tests) => gradeJava(code, tests, JAVA),
    call: 'Solution.attack()',
    wrap: (body) =>
      `import java.io.*;\nimport java.net.*;\nimport java.nio.file.*;\nimport java.util.*;\n\npublic class Solution {\n  static Object attack() throws Exception {\n    ${body}\n  }\n}\n`,
    right: 'public class Solution {\n  static Object attack() { return 982451653; }\n}\n',
    attacks: {
      'reads /etc/passwd': 'return Files.readString(Path.of("/etc/passwd"));',
      "reads the academy's files": `return Files.readString(Path.of(${JSON.stringify(DATA_FILE)}));`,
      'writes outside its folder':
        'Files.writeString(Path.of("/work/x"), "x"); Files.writeString(Path.of("/usr/x"), "x"); return 1;',
      "connects to the academy's port":
        'try (Socket s = new Socket("127.0.0.1", PORT)) { return new String(s.getInputStream().readAllBytes()); }',
      'forks without end': 'while (true) new ProcessBuilder("/bin/sh", "-c", ":").start();',
      'allocates 10 GB':
        'long[][] all = new long[10][]; for (int i = 0; i < 10; i++) all[i] = new long[134_217_728]; return all.length;',
      'loops forever': 'while (true) {}',
      'prints 100 MB': 'String line = "x".repeat(1 << 20); for (int i = 0; i < 100; i++) System.out.println(line); return 1;',
      'sleeps forever': 'Thread.sleep(Long.MAX_VALUE); return 1;',
      'exits with success': 'System.exit(0); return 1;',
      'reads the harness for the expected value':
        'StringBuilder all = new StringBuilder(); try (var files = Files.walk(Path.of("/work"))) { for (Path p : files.toList()) if (Files.isRegularFile(p)) all.append(new String(Files.readAllBytes(p), "ISO-8859-1")); } return all.toString();',
      'starts threads without end':
        'while (true) { Thread t = new Thread(() -> { try { Thread.sleep(100000); } catch (Exception e) {} }); t.start(); }',
    },
  },
  {
    name: 'Go',
    grade: (code, tests) => gradeGo(code, tests, GO),
    call: 'Attack()',
    wrap: (body) =>
      `package main\n\nimport (\n\t"fmt"\n\t"net"\n\t"os"\n\t"os/exec"\n\t"strings"\n\t"time"\n)\n\nvar _ = fmt.Sprint\nvar _ = net.Dial\nvar _ = exec.Command\nvar _ = strings.Repeat\nvar _ = time.Sleep\n\nfunc Attack() any {\n\t${body}\n}\n\nvar _ = os.Exit\n`,
    right: 'package main\n\nfunc Attack() any { return 982451653 }\n',
    attacks: {
      'reads /etc/passwd':
        'data, err := os.ReadFile("/etc/passwd")\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\treturn string(data)',
      "reads the academy's files": `data, err := os.ReadFile(${JSON.stringify(DATA_FILE)})\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\treturn string(data)`,
      'writes outside its folder':
        'if err := os.WriteFile("/work/x", []byte("x"), 0o644); err != nil {\n\t\tpanic(err)\n\t}\n\treturn 1',
      "connects to the academy's port":
        'conn, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", PORT))\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\tbuf := make([]byte, 100)\n\tn, _ := conn.Read(buf)\n\treturn string(buf[:n])',
      'forks without end': 'for {\n\t\tgo exec.Command("/bin/sh", "-c", "sleep 100").Start()\n\t}',
      'allocates 10 GB': 'data := make([]byte, 10<<30)\n\tfor i := range data {\n\t\tdata[i] = 1\n\t}\n\treturn len(data)',
      'loops forever': 'for {\n\t}',
      'prints 100 MB': 'line := strings.Repeat("x", 1<<20)\n\tfor i := 0; i < 100; i++ {\n\t\tfmt.Println(line)\n\t}\n\treturn 1',
      'sleeps forever': 'time.Sleep(1000 * time.Hour)\n\treturn 1',
      'exits with success': 'os.Exit(0)\n\treturn 1',
      'reads the harness for the expected value':
        'var all strings.Builder\n\tentries, _ := os.ReadDir("/work")\n\tfor _, e := range entries {\n\t\tdata, _ := os.ReadFile("/work/" + e.Name())\n\t\tall.Write(data)\n\t}\n\treturn all.String()',
    },
  },
];

for (const language of LANGUAGES) {
  sandboxed(`${language.name}: hostile submissions are contained`, () => {
    const tests = [{ name: 'hidden', call: language.call, expected: SECRET }];

    it.each(Object.keys(language.attacks))('%s: the submission fails, nothing leaks', async (attack) => {
      const body = language.attacks[attack]!.replace('PORT', String(port));
      const before = connections;
      const [outcome] = await language.grade(language.wrap(body), tests);
      expect(outcome!.passed).toBe(false);
      // what the sandbox gave back (the expected value beside it is the server's own)
      const shown = JSON.stringify({ actual: outcome!.actual, error: outcome!.error, logs: outcome!.logs });
      expect(shown).not.toContain('root:x:0:0');
      expect(shown).not.toContain('"name": "academy"');
      expect(shown).not.toContain('academy secrets');
      expect(shown).not.toContain(String(SECRET));
      expect(connections).toBe(before);
      // the reason is the student's to read: a limit, an error of their code, or an early end
      expect(outcome!.error ?? `got ${JSON.stringify(outcome!.actual)}`).toBeTruthy();
    });

    it('after all of them, a right submission is graded as usual', async () => {
      const [outcome] = await language.grade(language.right, tests);
      expect(outcome).toMatchObject({ passed: true, actual: SECRET });
    });
  });
}

sandboxed('compile bombs', () => {
  it('Java: a compile past its time fails alone; the compiler restarts for the next', async () => {
    const methods = Array.from(
      { length: 1500 },
      (_, i) => `  static int m${i}(int x) { return x * ${i} + (x ^ ${i}) - (x % ${i + 1}); }`,
    );
    const bomb = `public class Solution {\n${methods.join('\n')}\n  static Object attack() { return 1; }\n}\n`;
    const tests = [{ name: 'x', call: 'Solution.attack()', expected: 1 }];
    const [outcome] = await gradeJava(bomb, tests, { ...JAVA, compileMs: 50 }).catch((error: Error) => [
      { passed: false, error: error.message },
    ]);
    expect(outcome).toMatchObject({ passed: false, error: expect.stringMatching(/Compilation took longer than/) });
    const [next] = await gradeJava('public class Solution {\n  static Object attack() { return 1; }\n}\n', tests, JAVA);
    expect(next!.passed).toBe(true);
  });

  it('a 10 MB source is refused before any compiler sees it', async () => {
    const graders = new NativeGraders({ concurrency: 1 });
    const huge = `public class Solution {}\n//${'x'.repeat(10 * 1024 * 1024)}`;
    const [outcome] = await graders.run(
      huge,
      { language: 'java', tests: [{ name: 'x', call: 'Solution.attack()', expected: 1 }] },
      1,
    );
    expect(outcome).toMatchObject({ passed: false, error: 'The code is longer than 50000 characters' });
    await graders.close();
  });
});
