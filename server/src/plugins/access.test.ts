import type { LightMyRequestResponse } from 'fastify';
import { ROLES, STAFF_VIEW_ROLES, taskKindFromPath, type RoleName } from '@academy/shared/contract';
import { createCourseApp, type CourseApp } from '../testing/course-app';
import { rowCounts } from '../testing/row-counts';
import { REPO_ROOT } from '../config';
import { createTestApp, testDatabases, type TestApp } from '../testing/test-app';
import type { AccessEntry, RouteAccess } from './access';
import { COURSE_AREA_ROLES, COURSE_LEARNER_ROLES, VIEW_AS_ROLES } from './subject';

/**
 * The authorization test, generated from the route table: every route of the fully built app is
 * called by anonymous, by a user of every role and by a student of another direction, with plausible
 * parameters pointing at one victim student's data (a fixture course, answers carrying a marker).
 * Whoever the route's declaration leaves out gets 401 or 403 (a view-as read may also hide with 404),
 * whoever it names is never turned away by the guard, and no reply to anyone not entitled to the
 * victim's pages carries the marker. View-as-student reads write nothing. A route without a
 * declaration stops the app from starting (plugins/access.ts), so a new route is covered at once.
 */

interface Caller {
  name: string;
  role: RoleName | null;
  direction: string | null;
  cookie?: string;
}

const MARKER = 'victim-marker-7f3a';
/** The guard's own refusal; a rule about whose data (another direction, someone else's picture) has its own key. */
const GUARD_KEY = 'forbidden';

/** View-as reads the spec makes POSTs (a search body): they write nothing (reviews.test.ts checks). */
const POST_READS = new Set(['POST /api/fake/protect/student/review']);

const roleRule = (access: RouteAccess) => (access.kind === 'signed-in' ? access.roles : 'any');
const named = (access: RouteAccess, role: RoleName) => {
  const roles = roleRule(access);
  return roles === 'any' || roles.includes(role);
};

// ~1300 calls (131 routes × 11 callers): about 15 s on PGlite, the same on PostgreSQL.
describe.each(testDatabases())('who may call which route, from the route table, on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  let table: AccessEntry[];
  const callers: Caller[] = [{ name: 'anonymous', role: null, direction: null }];
  const victim = { id: 0, cookie: '', states: new Map<string, number>(), answerId: 0 };
  const ids = { chapter: 0, module: 0 };
  let taskOfKind: Map<string, number>;

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
    table = t.app.accessTable();
    for (const role of ROLES) {
      const user = await t.userWithSession({ role, direction: role === 'PAY_STUDENT' || role === 'STUDENT' ? 'FE' : null });
      callers.push({ name: role === 'PAY_STUDENT' ? 'PAY_STUDENT (a classmate)' : role, role, direction: 'FE', ...user });
    }
    const stranger = await t.userWithSession({ direction: 'JAVA' });
    callers.push({ name: 'PAY_STUDENT of another direction', role: 'PAY_STUDENT', direction: 'JAVA', ...stranger });

    // the victim: enrolled, every module open, a state for a task of every kind, answers with the marker
    const student = await c.enrolledStudent();
    victim.id = student.id;
    victim.cookie = student.cookie;
    const mentor = await c.openEveryModule(student);
    const tasks = await t.database.db
      .selectFrom('course_tasks as t')
      .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
      .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
      .select(['t.id', 't.slug', 't.kind', 'ch.id as chapter_id', 'm.id as module_id'])
      .where('m.course_id', '=', c.course)
      .orderBy('m.position')
      .orderBy('ch.position')
      .orderBy('t.position')
      .execute();
    ids.chapter = tasks[0]!.chapter_id;
    ids.module = tasks[0]!.module_id;
    taskOfKind = new Map();
    for (const task of tasks) {
      if (taskOfKind.has(task.kind)) continue;
      taskOfKind.set(task.kind, task.id);
      victim.states.set(task.kind, await c.stateId(student.cookie, task.slug));
    }
    const word = await c.solve(student.cookie, 'const-keyword', 'word', { answer: `${MARKER}-word` });
    expect(word.statusCode).toBe(200);
    const sent = await c.sendForCheck(student.cookie, victim.states.get('mentorCheckTask')!, `https://example.org/${MARKER}`);
    victim.answerId = sent.json().data.answerId;
    await c.giveVerdict(mentor.cookie, victim.states.get('mentorCheckTask')!, victim.answerId, false, `<p>${MARKER}</p>`);
    await c.sendForCheck(student.cookie, victim.states.get('mentorCheckTask')!, `https://example.org/${MARKER}-again`);
  });
  afterAll(() => t?.close());

  /** The kind a task address names (its last segment), for the ids that must match it. */
  const kindIn = (url: string) => taskKindFromPath(url.split('/').at(-1)!);

  /** Plausible values for an address's parameters: the fixture course's ids, the victim's states. */
  function fill(url: string): string {
    const kindOfUrl = kindIn(url) ?? 'mentorCheckTask';
    return url.replace(/:(\w+)/g, (_m, name: string) => {
      switch (name) {
        case 'courseId':
          return String(c.course);
        case 'courseTaskId':
          return String(taskOfKind.get(kindOfUrl) ?? taskOfKind.get('word'));
        case 'studentTaskId':
          return String(victim.states.get('mentorCheckTask'));
        case 'answerId':
          return String(victim.answerId);
        case 'studentId':
          return String(victim.id);
        case 'moduleId':
          return String(ids.module);
        case 'chapterId':
          return String(ids.chapter);
        case 'position':
          return '1';
        case 'check':
          return 'common';
        case 'taskKind':
          return 'no-such-kind';
        case 'name':
          return 'writeComment';
        case 'language':
          return 'ru';
        case 'taskId':
          // a comment thread: the fixture course's task
          return String(taskOfKind.get('word'));
        case 'commentId':
          // no comment has it: the callers the route names get a 404, never a change
          return '2147483001';
        case 'reviewId':
        case 'studentReviewId':
          // no review slot or review has it: the callers the route names get a 400 or 404, never a change
          return '2147483002';
        case 'notificationId':
          // no published notification has it: the publishers get a 404, never a change
          return '2147483000';
        case 'id':
          if (url.includes('/profile/')) return String(victim.id);
          // no report has it: the authors get a 404, never a change
          if (url.includes('/report/')) return '2147483002';
          if (url.includes('/courseTask/')) return String(taskOfKind.get('word'));
          if (url.includes('/review/')) return '2147483002';
          // a student's task state: the victim's, of the address's kind (history, checks: the mentor-check one)
          return String(victim.states.get(kindOfUrl) ?? victim.states.get('lecture'));
        default:
          throw new Error(`the access test needs a value for :${name} (${url})`);
      }
    });
  }

  /** The query a route takes: its required fields, and the victim as the student wherever it names one. */
  function query(entry: AccessEntry): string {
    const schema = entry.schema?.querystring as
      { properties?: Record<string, { default?: unknown }>; required?: string[] } | undefined;
    const values: Record<string, string> = {};
    for (const name of Object.keys(schema?.properties ?? {})) {
      const value = {
        studentId: String(victim.id),
        courseTaskId: String(taskOfKind.get('mentorCheckTask')),
        chapterId: String(ids.chapter),
        userId: String(victim.id),
        moduleId: String(ids.module),
        modulePosition: '1',
        chapterPosition: '1',
        filterResult: 'ALL',
        filterDate: 'NEW',
      }[name];
      if (value !== undefined) values[name] = value;
      else if (schema?.required?.includes(name) && schema.properties?.[name]?.default === undefined)
        throw new Error(`the access test needs a value for ?${name} (${entry.url})`);
    }
    const search = new URLSearchParams(values).toString();
    return search ? `?${search}` : '';
  }

  /** May this caller read the victim's pages through this route (a view-as twin, or an optional studentId)? */
  function entitled(entry: AccessEntry, caller: Caller): boolean {
    if (!caller.role || entry.access?.kind !== 'signed-in' || !named(entry.access, caller.role)) return false;
    const viewsStudent = entry.access.twin === 'view-as' || query(entry).includes('studentId=');
    if (!viewsStudent) return false;
    if (STAFF_VIEW_ROLES.includes(caller.role)) return true;
    return caller.role === 'PAY_STUDENT' && caller.direction === 'FE';
  }

  const call = (entry: AccessEntry, caller: Caller): Promise<LightMyRequestResponse> =>
    t.inject({
      method: entry.method as 'GET',
      url: fill(entry.url) + query(entry),
      headers: caller.cookie ? { cookie: caller.cookie } : {},
      ...(entry.method === 'GET' || entry.method === 'DELETE' ? {} : { payload: {} }),
    });

  const routes = () =>
    table.filter(
      (entry) =>
        entry.method !== 'HEAD' &&
        entry.access?.kind !== 'files' &&
        entry.access?.kind !== 'test' &&
        // the browser's sign-out ends the caller's session: it is public and checked once, without one
        !(entry.method === 'DELETE' && entry.url === '/token'),
    );

  it('every route has a declaration (the app would not start otherwise), and the table is complete', () => {
    expect(table.filter((entry) => entry.access === null)).toEqual([]);
    const urls = new Set(table.map((entry) => `${entry.method} ${entry.url}`));
    for (const expected of [
      'GET /api/fake/user/taskInfo/:id/solutions',
      'POST /api/student/course/enroll/:courseId',
      'GET /api/user/profile/:id/image',
      'GET /dev/mailbox',
      'POST /token',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it('the app as `npm start` builds it (built frontends, API docs) starts: its files are the only routes declared neither by a guard nor public', async () => {
    const full = await createTestApp(kind, { staticRoot: REPO_ROOT, apiDocs: true });
    try {
      const files = full.app.accessTable().filter((entry) => entry.access?.kind === 'files');
      expect(files.length).toBeGreaterThan(0);
      for (const entry of files) expect(entry.url).toMatch(/^\/(\*|remotes\/|api\/docs(\/|$))/);
      expect(full.app.accessTable().filter((entry) => entry.access === null)).toEqual([]);
    } finally {
      await full.close();
    }
  });

  it('the declarations keep the spec’s rules: whom each route may serve', () => {
    const roles = (entry: AccessEntry) => (entry.access?.kind === 'signed-in' ? entry.access.roles : 'any');
    const wrong: string[] = [];
    for (const entry of table.filter((e) => e.method !== 'HEAD')) {
      const who = roles(entry);
      const name = `${entry.method} ${entry.url}: ${who === 'any' ? 'any' : who.join(',')}`;
      const twin = entry.access?.kind === 'signed-in' ? entry.access.twin : null;
      const list = who === 'any' ? [...ROLES] : who;
      // spec 1 §6: a student's pages are for staff and classmates; writing for a student is an administrator's
      if (twin === 'view-as' && list.some((role) => !VIEW_AS_ROLES.includes(role))) wrong.push(`${name} (view-as)`);
      if (twin === 'view-as' && entry.method !== 'GET' && !POST_READS.has(`${entry.method} ${entry.url}`))
        if (list.some((role) => role !== 'ADMIN')) wrong.push(`${name} (writes)`);
      // spec 2 §2.8: no paying student reads another student's history
      if (twin === 'view-as' && /solutions|studentCourseTaskInfoId/.test(entry.url) && list.includes('PAY_STUDENT'))
        wrong.push(`${name} (history)`);
      // spec 2 §6: an enrollee works only in /enrollee; a student's course pages are the /user area's
      if (/^\/api\/(student\/(course|task|taskInfo)\/|fake\/(user|open)\/|user\/(courseTask|navigation)\/)/.test(entry.url))
        if (list.some((role) => !COURSE_AREA_ROLES.includes(role))) wrong.push(`${name} (the /user area)`);
      // a student's own course state is written by the paying student only
      if (
        /^\/api\/student\/(course|taskInfo)\//.test(entry.url) &&
        (entry.method !== 'GET' || entry.url.endsWith('solve-lecture'))
      )
        if (list.some((role) => !COURSE_LEARNER_ROLES.includes(role))) wrong.push(`${name} (answers)`);
    }
    const mailbox = table.find((e) => e.url === '/dev/mailbox' && e.method === 'GET');
    // what anyone may call without signing in: sign-in, registration, recovery, and what public pages show
    const PUBLIC =
      /^\/(token|api\/(registration|recovery-password\/|meet\/link$|public\/site$|health$)|config\/remotes\.json$|api\/user\/course\/:courseId\/picture\.svg$)/;
    for (const entry of table.filter((e) => e.access?.kind === 'public' && e.method !== 'HEAD'))
      if (!PUBLIC.test(entry.url)) wrong.push(`${entry.method} ${entry.url} (public, not on the list of public calls)`);
    // the development mailbox holds live recovery links: an administrator's only
    if (!mailbox || JSON.stringify(roles(mailbox)) !== '["ADMIN"]') wrong.push('GET /dev/mailbox (ADMIN only)');
    expect(wrong).toEqual([]);
  });

  it('refuses whom a route does not name, lets in whom it names, and shows the victim’s data only to the entitled', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const entry of routes()) {
      const access = entry.access!;
      const who = access.kind === 'public' ? callers.slice(0, 1) : callers;
      for (const caller of who) {
        const reply = await call(entry, caller);
        checked += 1;
        const status = reply.statusCode;
        // an API reply names the refusal's key; a page (the mailbox) answers the guard's refusal as HTML
        const json = reply.headers['content-type']?.toString().startsWith('application/json');
        const key = status >= 400 && json ? (reply.json() as { error?: { key?: string } }).error?.key : undefined;
        const where = `${entry.method} ${entry.url} as ${caller.name}: ${status} ${key ?? ''}`;
        if (status >= 500) problems.push(`${where} (a server error)`);
        if (access.kind === 'public') {
          if (status === 401 || status === 403) problems.push(`${where} (a public route refused)`);
        } else if (!caller.role) {
          if (status !== 401) problems.push(`${where} (anonymous must get 401)`);
        } else if (!named(access, caller.role)) {
          if (status !== 403 || (json && key !== GUARD_KEY))
            problems.push(`${where} (a role the route does not name must get 403)`);
        } else if (access.kind === 'signed-in' && access.twin === 'view-as' && !entitled(entry, caller)) {
          if (![400, 403, 404].includes(status)) problems.push(`${where} (may not view this student)`);
        } else if (status === 401 || key === GUARD_KEY) {
          problems.push(`${where} (a declared caller was turned away by the guard)`);
        }
        if (!entitled(entry, caller) && reply.body.includes(MARKER)) problems.push(`${where} (the victim's data leaked)`);
      }
    }
    // a public sign-out without a session
    expect((await t.inject({ method: 'DELETE', url: '/token' })).statusCode).toBe(200);
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
    if (process.env.ACCESS_FIGURES) console.log(`access: ${routes().length} routes, ${checked} calls`);
  }, 240_000);

  it('the entitled see the victim’s data through the view-as reads (the marker test can fail)', async () => {
    const history = table.find((e) => e.method === 'GET' && e.url === '/api/fake/user/taskInfo/:id/solutions')!;
    const mentor = callers.find((caller) => caller.role === 'MENTOR')!;
    const seen = await call(history, mentor);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).toContain(MARKER);
  });

  it('no view-as-student read writes: every table keeps its row count', async () => {
    const reads = routes().filter((e) => e.method === 'GET' && e.access?.kind === 'signed-in' && e.access.twin === 'view-as');
    expect(reads.length).toBeGreaterThan(20);
    // a student who may work on every task but has opened none: a read must not open anything for them
    const fresh = await c.enrolledStudent();
    await c.openEveryModule(fresh);
    const before = await rowCounts(t.database.db);
    for (const entry of reads) {
      for (const caller of callers.filter((x) => entitled(entry, x))) {
        await call(entry, caller);
        await t.inject({
          method: 'GET',
          url: fill(entry.url).replace(/studentId=\d+/, '') + query(entry).replace(String(victim.id), String(fresh.id)),
          headers: { cookie: caller.cookie! },
        });
      }
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  }, 120_000);
});
