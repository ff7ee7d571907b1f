import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';

// Code tasks graded in the sandbox, on the fixture course (server/src/testing/fixtures). What only the
// sandbox decides (time and size limits, deep nesting, the queue's refusals) is checked on the first
// database; what is stored under parallel submissions, on each.
describe.each(testDatabases())('code tasks on %s', (kind) => {
  const sandboxOnly = kind === testDatabases()[0] ? it : () => undefined;
  let t: TestApp;
  let openEveryModule: CourseApp['openEveryModule'];
  let task: CourseApp['task'];
  beforeAll(async () => {
    ({ t, openEveryModule, task } = await createCourseApp(kind));
  });
  afterAll(() => t?.close());

  async function codeTask(slug: string) {
    const student = await t.userWithSession();
    await openEveryModule(student);
    const loaded = await t.inject({
      method: 'GET',
      url: `/api/student/task/${task(slug).id}/code`,
      headers: { cookie: student.cookie },
    });
    const id = loaded.json().data.studentTaskId as number;
    const submit = (solution: string) =>
      t.inject({
        method: 'POST',
        url: `/api/student/taskInfo/${id}/code`,
        headers: { cookie: student.cookie },
        payload: { taskType: 'code', solution },
      });
    return { loaded: loaded.json().data, submit, student };
  }

  sandboxOnly('grades code in the sandbox, and the server answers other requests meanwhile', async () => {
    const { loaded, submit } = await codeTask('sum-function');
    expect(loaded).toMatchObject({ type: 'code', codeLang: 'javascript', checkType: 'INTERNAL', solved: false });
    expect(JSON.stringify(loaded)).not.toContain('return a + b');

    // an endless loop runs while other requests are answered at once
    const endless = submit('function sum() { while (true) {} }');
    const started = Date.now();
    const health = await t.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(500);
    const loopedResponse = await endless;
    expect(loopedResponse.json().error).toBeNull();
    const looped = loopedResponse.json().data;
    expect(looped).toMatchObject({ solved: false, lastActionIsWrong: true });
    expect(looped.result[0].error).toMatch(/^Time limit exceeded/);

    const wrong = (await submit('function sum(a, b) { return a * b }')).json().data;
    expect(wrong.result.map((r: { passed: boolean }) => r.passed)).toEqual([false, false, false]);
    const right = (await submit('function sum(a, b) { return a + b }')).json().data;
    expect(right).toMatchObject({ solved: true, lastActionIsRight: true, answer: 'function sum(a, b) { return a + b }' });
    expect((await submit('')).statusCode).toBe(400);
  });

  it('transpiles TypeScript solutions and runs every test of the task', async () => {
    const { loaded, submit } = await codeTask('is-palindrome');
    expect(loaded).toMatchObject({ codeLang: 'typescript' });
    const right = (
      await submit(
        "function isPalindrome(text: string): boolean { const s = text.toLowerCase().replace(/[^a-zа-яё0-9]/g, ''); return s === [...s].reverse().join(''); }",
      )
    ).json().data;
    expect(right.result).toHaveLength(4);
    expect(right).toMatchObject({ solved: true });
  });

  sandboxOnly('refuses brackets nested too deeply with a clear error: the server stays up and grades the next one', async () => {
    const nested = 'Syntax error: the code is nested too deeply (limit 100 levels of brackets)';
    for (const [slug, wrong, right] of [
      ['sum-function', 'function sum(a, b) { return a - b }', 'function sum(a, b) { return a + b }'],
      [
        'is-palindrome',
        'function isPalindrome(text: string): boolean { return text.length === 0 }',
        "function isPalindrome(text: string): boolean { const s = text.toLowerCase().replace(/[^a-zа-яё0-9]/g, ''); return s === [...s].reverse().join(''); }",
      ],
    ] as const) {
      const { submit } = await codeTask(slug);
      for (const [open, close] of [
        ['(', ')'],
        ['[', ']'],
        ['{', '}'],
      ] as const) {
        for (const depth of [1_500, 5_000, 20_000, 50_000]) {
          // as deep as the route's 50,000 characters allow: closed while they fit
          const bomb = open.repeat(depth) + close.repeat(Math.min(depth, 50_000 - depth));
          const response = await submit(bomb);
          expect(response.statusCode).toBe(200);
          expect(response.json().data.result[0].error).toBe(nested);
        }
        const graded = (await submit(wrong)).json().data;
        expect(graded.result[0]).toMatchObject({ passed: false });
        expect(graded.result[0].error).toBeNull();
      }
      expect((await t.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await submit(right)).json().data).toMatchObject({ solved: true });
    }
  });

  sandboxOnly('keeps the reply of an amplifying solution small', async () => {
    const { submit } = await codeTask('sum-function');
    for (const solution of [
      "function sum() { return 'x'.repeat(5e6) }",
      "function sum() { return Array(2000).fill('y'.repeat(5000)) }",
      "function sum() { for (;;) console.log(Array(1e4).fill('z'.repeat(1e3))) }",
    ]) {
      const response = await submit(solution);
      expect(response.statusCode).toBe(200);
      // before the bounds: 30 MB for the array of long strings
      expect(response.body.length).toBeLessThan(40_000);
      const first = response.json().data.result[0];
      expect(first.passed).toBe(false);
      if (!first.error) expect(first).toMatchObject({ truncated: true });
    }
  });

  it("holds a student's share under parallel submissions: the ones beyond it get a readable 429, nothing stored", async () => {
    const { submit } = await codeTask('sum-function');
    const { sandbox } = t.app;
    const endless = 'function sum() { while (true) {} }';
    // twice the share at once, each an endless loop (so none ends before the last one is in)
    const replies = await Promise.all(Array.from({ length: sandbox.perOwner * 2 + 1 }, () => submit(endless)));
    const graded = replies.filter((r) => r.statusCode === 200);
    const refused = replies.filter((r) => r.statusCode !== 200);
    expect(graded).toHaveLength(sandbox.perOwner);
    for (const reply of graded) expect(reply.json().data.result[0].error).toMatch(/^Time limit exceeded/);
    expect(refused).toHaveLength(sandbox.perOwner + 1);
    for (const reply of refused) {
      expect(reply.statusCode).toBe(429);
      expect(Number(reply.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(reply.json()).toMatchObject({ success: false, data: null, error: { code: 429, key: 'sandboxOwnShareUsed' } });
      expect(reply.json().error.text).toMatch(/at a time|одновременно/);
    }
    // the share is given back: the next submission is graded and stored
    expect((await submit('function sum(a, b) { return a + b }')).json().data).toMatchObject({ solved: true });
  }, 60_000);

  sandboxOnly("answers 429 beyond a student's share and 503 when the queue is full, with Retry-After", async () => {
    const { submit, student } = await codeTask('sum-function');
    const { sandbox } = t.app;
    const tests = [{ name: 'loop', call: 'sum()', expected: 0 }];
    const endless = 'function sum() { while (true) {} }';
    // the student's own share taken by jobs already waiting or running
    const own = Array.from({ length: sandbox.perOwner }, () => sandbox.run(endless, 'javascript', tests, student.id));
    const share = await submit('function sum(a, b) { return a + b }');
    expect(share.statusCode).toBe(429);
    expect(Number(share.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(share.json().error).toMatchObject({ key: 'sandboxOwnShareUsed' });
    expect(share.json().error.text).toMatch(/at a time|одновременно/);
    await Promise.all(own);

    // every process busy, and the queue full of other users' jobs: a first submission still gets in
    const busy = Array.from({ length: sandbox.size }, (_, i) => sandbox.run(endless, 'javascript', tests, `busy ${i}`));
    const waiting = Array.from({ length: sandbox.maxQueued }, (_, i) =>
      sandbox.run('function sum() { return 0 }', 'javascript', tests, `queued ${i % 40}`),
    );
    const first = sandbox.run('function sum() { return 0 }', 'javascript', tests, student.id);
    // …but not a second one while the queue is full
    const full = await submit('function sum(a, b) { return a + b }');
    expect(full.statusCode).toBe(503);
    expect(Number(full.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(full.json().error).toMatchObject({ key: 'sandboxBusy' });
    await Promise.all([...busy, ...waiting, first]);
    // nothing was graded or stored for the refused submissions; the next one is graded
    expect((await submit('function sum(a, b) { return a + b }')).json().data).toMatchObject({ solved: true });
  });
});
