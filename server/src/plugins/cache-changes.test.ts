import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../app';
import { migrate, onCachedWrite, openDatabase, type DatabaseHandle } from '../db/database';
import { createCourseApp, type CourseApp } from '../testing/course-app';
import { createTestUser, TEST_PASSWORD } from '../testing/factory-routes';
import { importFixtureContent } from '../testing/fixtures';
import { testConfig, testDatabases } from '../testing/test-app';
import { SESSION_COOKIE } from './cookies';

// The in-process caches (sessions, course content, a student's progress) and what makes them forget
// (docs/architecture.md, "Server", "Caches"): every rule once on each database, and two app instances on one
// PostgreSQL database seeing each other's changes within a second.

const LIST = '/api/student/course/all-views';

describe.each(testDatabases())('the caches on %s forget at once on the instance that changed', (kind) => {
  let c: CourseApp;
  beforeAll(async () => {
    c = await createCourseApp(kind);
  });
  afterAll(() => c.t.close());

  const get = (url: string, cookie: string) => c.t.inject({ method: 'GET', url, headers: { cookie } });
  /** the session is read (and kept) before the change: what follows must not be served from the cache */
  const warm = async (cookie: string) => {
    expect((await get(LIST, cookie)).statusCode).toBe(200);
    expect((await get(LIST, cookie)).statusCode).toBe(200);
  };

  it('a signed-out session is refused by the next request', async () => {
    const student = await c.t.userWithSession();
    await warm(student.cookie);
    expect((await c.t.inject({ method: 'DELETE', url: '/token', headers: { cookie: student.cookie } })).statusCode).toBe(200);
    const after = await get(LIST, student.cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.key).toBe('sessionEnded');
  });

  it('a user blocked by an administrator is refused by the next request, on every session', async () => {
    const student = await c.t.userWithSession();
    const second = await c.t.signIn(student);
    const admin = await c.t.userWithSession({ role: 'ADMIN' });
    await warm(student.cookie);
    await warm(second);
    const block = await c.t.inject({
      method: 'PUT',
      url: `/api/admin/users/${student.id}/blocked`,
      headers: { cookie: admin.cookie },
      payload: { blocked: true },
    });
    expect(block.statusCode).toBe(200);
    expect((await get(LIST, student.cookie)).statusCode).toBe(401);
    expect((await get(LIST, second)).statusCode).toBe(401);
  });

  it('a block written straight to the database (a script, psql) is seen by the next request', async () => {
    const student = await c.t.userWithSession();
    await warm(student.cookie);
    await c.t.database.db.updateTable('users').set({ blocked: true }).where('id', '=', student.id).execute();
    const after = await get(LIST, student.cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.key).toBe('userIsBlocked');
  });

  it('a new password ends the other sessions at once and keeps the one that changed it', async () => {
    const student = await c.t.userWithSession();
    const other = await c.t.signIn(student);
    await warm(student.cookie);
    await warm(other);
    const change = await c.t.inject({
      method: 'PUT',
      url: '/api/user/profile/password',
      headers: { cookie: student.cookie },
      payload: { oldPassword: TEST_PASSWORD, newPassword: 'another-pass-2' },
    });
    expect(change.statusCode).toBe(200);
    expect((await get(LIST, other)).statusCode).toBe(401);
    expect((await get(LIST, student.cookie)).statusCode).toBe(200);
  });

  it('a role changed by an administrator applies to the next request', async () => {
    const student = await c.t.userWithSession();
    const admin = await c.t.userWithSession({ role: 'ADMIN' });
    await warm(student.cookie);
    const change = await c.t.inject({
      method: 'PUT',
      url: `/api/admin/users/${student.id}/role`,
      headers: { cookie: admin.cookie },
      payload: { role: 'STUDENT' },
    });
    expect(change.statusCode).toBe(200);
    // an enrollee (STUDENT) has no /user area: the cached PAY_STUDENT must not let them in
    expect((await get(LIST, student.cookie)).statusCode).toBe(403);
    const profile = await get('/api/user/profile', student.cookie);
    expect(profile.json().data.role.name).toBe('STUDENT');
  });

  it('an expiry moved earlier (an ended session) is seen by the next request', async () => {
    const student = await c.t.userWithSession();
    await warm(student.cookie);
    await c.t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', student.id)
      .execute();
    expect((await get(LIST, student.cookie)).statusCode).toBe(401);
  });

  it('a student’s own answer shows on the course list and page at once', async () => {
    const student = await c.enrolledStudent();
    const before = (await get(LIST, student.cookie)).json().data.find((course: { id: number }) => course.id === c.course);
    expect(before.studentPoints).toBe(0);
    const page = async () =>
      (await get(`/api/student/course/views/${c.course}`, student.cookie)).json().data as Array<{
        chapterViewDtos: Array<{ taskViews: Array<{ taskId: number; solved: boolean }> }>;
      }>;
    const solved = async () =>
      (await page())
        .flatMap((m) => m.chapterViewDtos.flatMap((ch) => ch.taskViews))
        .find((task) => task.taskId === c.task('where-js-runs').id)!.solved;
    expect(await solved()).toBe(false);
    // the page's reply text is kept with the student's state (`snapshots`): the same text, as JSON
    const raw = () => get(`/api/student/course/views/${c.course}`, student.cookie);
    const [first, again] = [await raw(), await raw()];
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    const right = await c.solve(student.cookie, 'where-js-runs', 'theory', { answerIds: [2] });
    expect(right.json().data.solved).toBe(true);
    expect(await solved()).toBe(true);
    expect((await raw()).body).not.toBe(first.body);
    expect(await c.points(student.cookie)).toBe(c.task('where-js-runs').points);
  });

  /** the queries (the caches' bookkeeping not counted) that `run` made */
  const queriesOf = async (run: () => Promise<unknown>) => {
    const before = c.t.queryCount();
    await run();
    return c.t.queryCount() - before;
  };

  it('a task opened for the first time keeps the student’s kept state (it reads as not opened)', async () => {
    const student = await c.enrolledStudent();
    const coursePage = `/api/student/course/views/${c.course}`;
    await get(LIST, student.cookie);
    await get(coursePage, student.cookie);
    const listBefore = (await get(LIST, student.cookie)).json();
    // nor does this process note a write to check `cache_changes` for before its next cached read
    const heard: string[] = [];
    const stop = onCachedWrite(c.t.database.db, (write) => heard.push(write));
    try {
      expect((await c.load(student.cookie, 'where-js-runs', 'theory')).statusCode).toBe(200);
    } finally {
      stop();
    }
    expect(heard).not.toContain('student_tasks');
    expect(await queriesOf(() => get(LIST, student.cookie))).toBe(0);
    expect(await queriesOf(() => get(coursePage, student.cookie))).toBe(0);
    expect((await get(LIST, student.cookie)).json()).toEqual(listBefore);
    // an answer is progress (heard as a write): the next page reads the student's state again and shows it
    const stopAgain = onCachedWrite(c.t.database.db, (write) => heard.push(write));
    try {
      expect((await c.solve(student.cookie, 'where-js-runs', 'theory', { answerIds: [2] })).json().data.solved).toBe(true);
    } finally {
      stopAgain();
    }
    expect(heard).toContain('student_tasks');
    expect(await c.points(student.cookie)).toBe(c.task('where-js-runs').points);
  });

  it('the caches stay in use while other requests keep writing (each sync waits only for earlier writes)', async () => {
    const { db } = c.t.database;
    let writing = true;
    // writes of progress (heard by the caches, changing no row) landing while every read of cache_changes runs
    const writer = async () => {
      while (writing) await sql`update student_tasks set points = points where false`.execute(db);
    };
    const writers = [writer(), writer(), writer()];
    try {
      for (let i = 0; i < 5; i++) expect(await c.t.app.cacheChanges.sync(['progress'])).toBe(true);
    } finally {
      writing = false;
      await Promise.all(writers);
    }
  });

  // a herd of new students queued hundreds of requests behind the pool's ten connections; the caches'
  // reads of cache_changes waited there too, and every cached answer waited for them (bench/RESULTS.md)
  (kind === 'postgres' ? it : it.skip)('keep answering while every connection of the requests’ pool is busy', async () => {
    const student = await c.t.userWithSession();
    await warm(student.cookie);
    // twelve statements of 1.5 s: the pool's ten connections held, two more waiting behind them
    const busy = Array.from({ length: 12 }, () => sql`select pg_sleep(1.5)`.execute(c.t.database.db));
    try {
      // past the trust of the last read made before the pool filled (TRUST_MS)
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const started = Date.now();
      expect((await get(LIST, student.cookie)).statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(300);
    } finally {
      await Promise.all(busy);
    }
  });

  it('an answer keeps the student’s bell; an enrolment shows a notice to the course’s students at once', async () => {
    const student = await c.t.userWithSession();
    const admin = await c.t.userWithSession({ role: 'ADMIN' });
    const bell = async () =>
      (await get('/api/student/generalNotification', student.cookie)).json().data as Array<{ id: number; title: string }>;
    const published = await c.t.inject({
      method: 'POST',
      url: '/api/staff/notifications',
      headers: { cookie: admin.cookie },
      payload: {
        title: 'To the course',
        message: '<p>For its students</p>',
        important: false,
        endTime: null,
        audience: { kind: 'COURSE', courseId: c.course },
      },
    });
    expect(published.statusCode).toBe(200);
    const id = published.json().data.id as number;
    await bell();
    expect((await bell()).some((n) => n.id === id)).toBe(false);
    // enrolled in the course (as a script would, straight into the database): the notice shows at once
    await c.t.database.db.insertInto('enrollments').values({ student_id: student.id, course_id: c.course }).execute();
    expect((await bell()).some((n) => n.id === id)).toBe(true);
    const answered = await c.solve(student.cookie, 'where-js-runs', 'theory', { answerIds: [2] });
    expect(answered.json().data.solved).toBe(true);
    expect(await queriesOf(bell)).toBe(0);
    // and unenrolled: gone at once
    await c.t.database.db.deleteFrom('enrollments').where('student_id', '=', student.id).execute();
    expect((await bell()).some((n) => n.id === id)).toBe(false);
  });

  it('another student’s progress never shows on a student’s pages', async () => {
    const one = await c.enrolledStudent();
    const two = await c.enrolledStudent();
    await get(LIST, two.cookie);
    await c.solve(one.cookie, 'where-js-runs', 'theory', { answerIds: [2] });
    expect(await c.points(one.cookie)).toBe(c.task('where-js-runs').points);
    expect(await c.points(two.cookie)).toBe(0);
  });

  it('edited course content is read again (an import, or a change in the database)', async () => {
    const student = await c.t.userWithSession();
    const name = async () => (await get(LIST, student.cookie)).json().data.find((x: { id: number }) => x.id === c.course).name;
    const original = await name();
    await c.t.database.db.updateTable('courses').set({ name: 'Renamed' }).where('id', '=', c.course).execute();
    expect(await name()).toBe('Renamed');
    await importFixtureContent(c.t.database.db);
    expect(await name()).toBe(original);
  });

  it('the bell shows a new notification, a read mark and a withdrawal at once', async () => {
    const student = await c.t.userWithSession();
    const admin = await c.t.userWithSession({ role: 'ADMIN' });
    const bell = async () =>
      (await get('/api/student/generalNotification', student.cookie)).json().data as Array<{ id: number; show: boolean }>;
    await bell();
    await bell();
    const published = await c.t.inject({
      method: 'POST',
      url: '/api/staff/notifications',
      headers: { cookie: admin.cookie },
      payload: { title: 'Cached?', message: '<p>Cached?</p>', important: false, endTime: null, audience: { kind: 'ALL' } },
    });
    const id = published.json().data.id as number;
    expect((await bell()).find((n) => n.id === id)?.show).toBe(false);
    const read = await c.t.inject({
      method: 'POST',
      url: '/api/student/generalNotification',
      headers: { cookie: student.cookie },
      payload: { sgnId: id },
    });
    expect(read.statusCode).toBe(200);
    expect((await bell()).find((n) => n.id === id)?.show).toBe(true);
    const withdrawn = await c.t.inject({
      method: 'POST',
      url: `/api/staff/notifications/${id}/withdraw`,
      headers: { cookie: admin.cookie },
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await bell()).find((n) => n.id === id)).toBeUndefined();
  });
});

/** Two instances of the academy on one database (a schema of its own on the PostgreSQL server). */
async function twoInstances(): Promise<{ a: FastifyInstance; b: FastifyInstance; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL!;
  const schema = `caches_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: url, dataDir: null });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < 2; i++) {
    const handle = await openDatabase({ databaseUrl: url, dataDir: null, schema });
    if (i === 0) {
      await migrate(handle.db);
      await importFixtureContent(handle.db);
    }
    handles.push(handle);
    const app = await buildApp({ config: testConfig(), db: handle.db });
    await app.ready();
    apps.push(app);
  }
  return {
    a: apps[0]!,
    b: apps[1]!,
    async close() {
      for (const app of apps) await app.close();
      for (const handle of handles) await handle.close();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.close();
    },
  };
}

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('two instances on one PostgreSQL database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ a, b, close } = await twoInstances());
  });
  afterAll(() => close());

  const headers = (cookie: string) => ({ cookie, zoneid: 'UTC' });
  async function signIn(app: FastifyInstance) {
    const user = await createTestUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/token',
      headers: { zoneid: 'UTC' },
      payload: { username: user.email, password: user.password },
    });
    return { ...user, cookie: `${SESSION_COOKIE}=${response.cookies.find((x) => x.name === SESSION_COOKIE)!.value}` };
  }
  /** how long until `check` holds on the other instance (polling it every 20 ms, at most 3 s) */
  async function msUntil(check: () => Promise<boolean>): Promise<number> {
    const start = Date.now();
    while (!(await check())) {
      if (Date.now() - start > 3000) throw new Error('not seen within 3 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Date.now() - start;
  }
  const status = async (app: FastifyInstance, url: string, cookie: string) =>
    (await app.inject({ method: 'GET', url, headers: headers(cookie) })).statusCode;

  it('a session started on one works on the other, and a sign-out there is refused here within a second', async () => {
    const student = await signIn(a);
    expect(await status(b, LIST, student.cookie)).toBe(200);
    expect(await status(b, LIST, student.cookie)).toBe(200);
    expect((await a.inject({ method: 'DELETE', url: '/token', headers: headers(student.cookie) })).statusCode).toBe(200);
    expect(await status(a, LIST, student.cookie)).toBe(401);
    expect(await msUntil(async () => (await status(b, LIST, student.cookie)) === 401)).toBeLessThan(1000);
  });

  it('a block made on one is refused on the other within a second', async () => {
    const student = await signIn(a);
    const admin = await createTestUser(a, { role: 'ADMIN' });
    const adminCookie = (
      await b.inject({
        method: 'POST',
        url: '/token',
        headers: { zoneid: 'UTC' },
        payload: { username: admin.email, password: admin.password },
      })
    ).cookies.find((x) => x.name === SESSION_COOKIE)!.value;
    expect(await status(a, LIST, student.cookie)).toBe(200);
    const block = await b.inject({
      method: 'PUT',
      url: `/api/admin/users/${student.id}/blocked`,
      headers: headers(`${SESSION_COOKIE}=${adminCookie}`),
      payload: { blocked: true },
    });
    expect(block.statusCode).toBe(200);
    expect(await msUntil(async () => (await status(a, LIST, student.cookie)) === 401)).toBeLessThan(1000);
  });

  it('a new password set on one ends the sessions on the other within a second', async () => {
    const student = await signIn(a);
    const response = await b.inject({
      method: 'POST',
      url: '/token',
      headers: { zoneid: 'UTC' },
      payload: { username: student.email, password: student.password },
    });
    const other = `${SESSION_COOKIE}=${response.cookies.find((x) => x.name === SESSION_COOKIE)!.value}`;
    expect(await status(b, LIST, other)).toBe(200);
    const change = await a.inject({
      method: 'PUT',
      url: '/api/user/profile/password',
      headers: headers(student.cookie),
      payload: { oldPassword: student.password, newPassword: 'another-pass-2' },
    });
    expect(change.statusCode).toBe(200);
    expect(await msUntil(async () => (await status(b, LIST, other)) === 401)).toBeLessThan(1000);
  });

  it('progress and content changed through one are seen on the other within a second', async () => {
    const student = await signIn(a);
    const course = (await a.db.selectFrom('courses').select('id').where('slug', '=', 'practice').executeTakeFirstOrThrow()).id;
    const enrolled = async () =>
      (await b.inject({ method: 'GET', url: LIST, headers: headers(student.cookie) }))
        .json()
        .data.find((x: { id: number }) => x.id === course).available as boolean;
    expect(await enrolled()).toBe(false);
    expect(
      (await a.inject({ method: 'POST', url: `/api/student/course/enroll/${course}`, headers: headers(student.cookie) }))
        .statusCode,
    ).toBe(200);
    expect(await msUntil(enrolled)).toBeLessThan(1000);

    const name = async () =>
      (await b.inject({ method: 'GET', url: LIST, headers: headers(student.cookie) }))
        .json()
        .data.find((x: { id: number }) => x.id === course).name as string;
    await a.db.updateTable('courses').set({ name: 'Renamed elsewhere' }).where('id', '=', course).execute();
    expect(await msUntil(async () => (await name()) === 'Renamed elsewhere')).toBeLessThan(1000);
  });

  it('a notification published through one shows in the bell on the other within a second', async () => {
    const student = await signIn(a);
    const admin = await createTestUser(a, { role: 'ADMIN' });
    const adminCookie = (
      await a.inject({
        method: 'POST',
        url: '/token',
        headers: { zoneid: 'UTC' },
        payload: { username: admin.email, password: admin.password },
      })
    ).cookies.find((x) => x.name === SESSION_COOKIE)!.value;
    const titles = async () =>
      (
        (await b.inject({ method: 'GET', url: '/api/student/generalNotification', headers: headers(student.cookie) })).json()
          .data as Array<{ title: string }>
      ).map((n) => n.title);
    expect(await titles()).not.toContain('Across instances');
    const published = await a.inject({
      method: 'POST',
      url: '/api/staff/notifications',
      headers: headers(`${SESSION_COOKIE}=${adminCookie}`),
      payload: { title: 'Across instances', message: '<p>Hi</p>', important: false, endTime: null, audience: { kind: 'ALL' } },
    });
    expect(published.statusCode).toBe(200);
    expect(await msUntil(async () => (await titles()).includes('Across instances'))).toBeLessThan(1000);
  });

  it('a change whose transaction commits after a later change is still heard of', async () => {
    const slow = await signIn(a);
    const quick = await signIn(a);
    expect(await status(b, LIST, slow.cookie)).toBe(200);
    expect(await status(b, LIST, quick.cookie)).toBe(200);
    let deleted!: () => void;
    const tookItsId = new Promise<void>((resolve) => (deleted = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const transaction = a.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sessions').where('user_id', '=', slow.id).execute();
      deleted();
      await gate;
    });
    await tookItsId;
    // a later change commits first: the other instance reads past the slow one's id
    expect((await a.inject({ method: 'DELETE', url: '/token', headers: headers(quick.cookie) })).statusCode).toBe(200);
    expect(await msUntil(async () => (await status(b, LIST, quick.cookie)) === 401)).toBeLessThan(1000);
    expect(await status(b, LIST, slow.cookie)).toBe(200);
    release();
    await transaction;
    expect(await msUntil(async () => (await status(b, LIST, slow.cookie)) === 401)).toBeLessThan(1000);
  });
});
