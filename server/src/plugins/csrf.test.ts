import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createCourseApp, type CourseApp } from '../testing/course-app';
import { testDatabases } from '../testing/test-app';

/** What a form on another site sends: no zoneId, the browser's fetch metadata, the other site's origin. */
const CROSS_SITE = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
/** Another origin of the same site (a subdomain the academy does not control), with a forged zoneId. */
const SAME_SITE = { zoneid: 'UTC', 'sec-fetch-site': 'same-site', origin: 'http://blog.academy.test' };
/** Our own pages: zoneId always, same-origin, the academy's origin. */
const OWN = { zoneid: 'UTC', 'sec-fetch-site': 'same-origin', origin: 'http://academy.test' };

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

// Cross-site request forgery: a state-changing call from any origin but the academy's own is a 403.
describe.each(testDatabases())('cross-site requests on %s', (kind) => {
  let c: CourseApp;
  beforeAll(async () => {
    c = await createCourseApp(kind);
  });
  afterAll(() => c.t.close());

  /** The request as the browser sends it: the test app's default headers left out. */
  const raw = (options: InjectOptions): Promise<LightMyRequestResponse> => c.t.app.inject(options);

  const expectRefused = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      success: false,
      error: { code: 403, key: 'foreignRequest', text: expect.stringContaining('Академии') },
    });
  };

  const sessionsOf = async (userId: number) =>
    (await c.t.database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;

  it('a login form on another site does not sign the victim in as the attacker', async () => {
    const attacker = await c.t.createUser();
    for (const headers of [CROSS_SITE, SAME_SITE, {}]) {
      const response = await raw({
        method: 'POST',
        url: '/token',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ username: attacker.email, password: attacker.password }),
      });
      expectRefused(response);
      expect(response.cookies).toEqual([]);
    }
    expect(await sessionsOf(attacker.id)).toBe(0);
  });

  it('a form posting an answer from another site or origin changes nothing', async () => {
    const student = await c.enrolledStudent();
    const state = await c.stateId(student.cookie, 'const-keyword');
    for (const headers of [CROSS_SITE, SAME_SITE]) {
      expectRefused(
        await raw({
          method: 'POST',
          url: `/api/student/taskInfo/${state}/word`,
          headers: { ...headers, cookie: student.cookie, 'content-type': 'application/x-www-form-urlencoded' },
          payload: form({ taskType: 'word', answer: 'const' }),
        }),
      );
    }
    expect((await c.load(student.cookie, 'const-keyword', 'word')).json().data.solved).toBe(false);
    expect(await c.points(student.cookie)).toBe(0);
  });

  it('solve-lecture, a GET that changes state, is refused from an <img> or a link on another site', async () => {
    const student = await c.enrolledStudent();
    const state = await c.stateId(student.cookie, 'what-is-js');
    const url = `/api/student/taskInfo/${state}/solve-lecture`;
    for (const headers of [CROSS_SITE, SAME_SITE, { 'sec-fetch-site': 'none' }, {}]) {
      expectRefused(await raw({ method: 'GET', url, headers: { ...headers, cookie: student.cookie } }));
      // a HEAD runs the GET's handler: refused the same way (its reply has no body)
      expect((await raw({ method: 'HEAD', url, headers: { ...headers, cookie: student.cookie } })).statusCode).toBe(403);
    }
    expect((await c.load(student.cookie, 'what-is-js', 'lecture')).json().data.solved).toBe(false);
    // our own page solves it
    const own = await raw({ method: 'GET', url, headers: { ...OWN, cookie: student.cookie } });
    expect(own.json().data.solved).toBe(true);
  });

  it('opening a task from another site (its first load records it as opened) is refused and opens nothing', async () => {
    const student = await c.enrolledStudent();
    const task = c.task('const-keyword');
    const url = `/api/student/task/${task.id}/word`;
    for (const headers of [CROSS_SITE, SAME_SITE, {}]) {
      expectRefused(await raw({ method: 'GET', url, headers: { ...headers, cookie: student.cookie } }));
    }
    const opened = await c.t.database.db
      .selectFrom('student_tasks')
      .select('id')
      .where('student_id', '=', student.id)
      .where('task_id', '=', task.id)
      .execute();
    expect(opened).toHaveLength(0);
    expect((await raw({ method: 'GET', url, headers: { ...OWN, cookie: student.cookie } })).statusCode).toBe(200);
  });

  it('a forged zoneId does not help a foreign Origin, nor does a foreign Sec-Fetch-Site', async () => {
    const user = await c.t.createUser();
    const payload = { username: user.email, password: user.password };
    expectRefused(
      await raw({ method: 'POST', url: '/token', headers: { zoneid: 'UTC', origin: 'https://evil.example' }, payload }),
    );
    expectRefused(await raw({ method: 'POST', url: '/token', headers: { zoneid: 'UTC', origin: 'null' }, payload }));
    expectRefused(
      await raw({ method: 'POST', url: '/token', headers: { zoneid: 'UTC', 'sec-fetch-site': 'cross-site' }, payload }),
    );
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it('our own requests pass: the public origin, the address the request came to, and clients without fetch metadata', async () => {
    const user = await c.t.createUser();
    const payload = { username: user.email, password: user.password };
    expect((await raw({ method: 'POST', url: '/token', headers: OWN, payload })).statusCode).toBe(200);
    const viaHost = { zoneid: 'UTC', 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000', host: 'localhost:3000' };
    expect((await raw({ method: 'POST', url: '/token', headers: viaHost, payload })).statusCode).toBe(200);
    expect((await raw({ method: 'POST', url: '/token', headers: { zoneid: 'Europe/Moscow' }, payload })).statusCode).toBe(200);
    expect(await sessionsOf(user.id)).toBe(3);
  });

  it('reads are not guarded, and an unknown address stays a 404', async () => {
    const student = await c.enrolledStudent();
    const read = await raw({
      method: 'GET',
      url: '/api/student/course/all-views',
      headers: { ...CROSS_SITE, cookie: student.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect((await raw({ method: 'POST', url: '/api/no-such-thing', headers: CROSS_SITE })).statusCode).toBe(404);
  });
});
