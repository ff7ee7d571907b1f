import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed';
import { prepareAcademy } from './main';
import { testConfig } from './testing/test-app';

describe('start-up of the embedded academy', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-data-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('seeds the demo users on an empty database, every one can sign in, and data persists in the folder', async () => {
    // as `npm start` runs it: PGlite on its own thread
    const first = await prepareAcademy(testConfig({ dataDir, seedDemo: 'if-empty', pgliteThread: true }));
    try {
      for (const user of DEMO_USERS) {
        const response = await first.app.inject({
          method: 'POST',
          url: '/token',
          headers: { zoneid: 'UTC' },
          payload: { username: user.email, password: DEMO_PASSWORD },
        });
        expect({ email: user.email, status: response.statusCode }).toEqual({ email: user.email, status: 200 });
        expect(response.json().data.role.name).toBe(user.role);
      }
      const student = await first.app.inject({
        method: 'POST',
        url: '/token',
        headers: { zoneid: 'UTC' },
        payload: { username: 'student@demo.academy', password: DEMO_PASSWORD },
      });
      expect(student.json().data).toMatchObject({ paymentType: 'UNTIL_PAID', isViewReport: true });
      // the demo's solved quizzes keep the answers that solved them (a solved quiz shows what was chosen)
      const cookie = student.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const quiz = await first.database.db
        .selectFrom('course_tasks')
        .select('id')
        .where('slug', 'in', ['where-js-runs', 'const-keyword'])
        .orderBy('slug')
        .execute();
      const [word, theory] = await Promise.all(
        quiz.map((task, i) =>
          first.app.inject({
            method: 'GET',
            url: `/api/student/task/${task.id}/${i === 0 ? 'word' : 'theory'}`,
            headers: { zoneid: 'UTC', cookie },
          }),
        ),
      );
      expect(word!.json().data).toMatchObject({ solved: true, answer: 'const' });
      expect(theory!.json().data).toMatchObject({ solved: true, studentAnswers: [{ id: expect.any(Number) }] });
    } finally {
      await first.stop();
    }
    // reopening the same folder keeps the users and seeds nothing twice
    const second = await prepareAcademy(testConfig({ dataDir, seedDemo: 'if-empty', pgliteThread: true }));
    try {
      const count = await second.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(DEMO_USERS.length);
    } finally {
      await second.stop();
    }
  }, 90_000); // nine scrypt sign-ins and two opens of a data folder: slow on a busy machine

  // one fresh data folder for both (every migration and the content import: slow on a busy machine)
  it('does not seed when told not to (DATABASE_URL without a request for demo data), and registers no test factory unless a test server asks: /__test__ is unknown, and the e2e entry refuses to run', async () => {
    const academy = await prepareAcademy(testConfig({ seedDemo: 'never' }));
    try {
      const row = await academy.database.db.selectFrom('users').select('id').executeTakeFirst();
      expect(row).toBeUndefined();
      const response = await academy.app.inject({ method: 'POST', url: '/__test__/users', payload: {} });
      expect(response.statusCode).toBe(404);
    } finally {
      await academy.stop();
    }
    const e2e = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'testing', 'e2e-server.ts')], {
      env: { ...process.env, ACADEMY_E2E: '', PORT: '0' },
      encoding: 'utf8',
    });
    expect(e2e.status).toBe(1);
    expect(e2e.stderr).toContain('set ACADEMY_E2E=1');
  }, 90_000);
});
