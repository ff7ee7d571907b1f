import { ROLES, STAFF_ROLES, STAFF_VIEW_ROLES, type RoleName, type StaffStudentBrief } from '@academy/shared/contract';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { rowCounts } from '../../testing/row-counts';
import { testDatabases, type TestApp } from '../../testing/test-app';

// The calls of the view-as-student bar and the student selector (spec 1 §6, §7 "Staff").
describe.each(testDatabases())('the staff’s view-as calls on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  const callers = new Map<RoleName, { id: number; cookie: string }>();
  let mentor: { id: number; cookie: string };
  let student: { id: number; email: string; cookie: string };
  let classmate: { id: number; cookie: string };
  let stranger: { id: number; cookie: string };

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
    for (const role of ROLES) {
      const learner = role === 'PAY_STUDENT' || role === 'STUDENT';
      callers.set(role, await t.userWithSession({ role, direction: learner ? 'FE' : null }));
    }
    mentor = await t.userWithSession({ role: 'MENTOR', firstName: 'Инна', lastName: 'Менторова', direction: null });
    student = await c.enrolledStudent({ firstName: 'Вера', lastName: 'Видимова', mentorId: mentor.id });
    classmate = callers.get('PAY_STUDENT')!;
    stranger = await t.userWithSession({ direction: 'JAVA' });
  });
  afterAll(() => t?.close());

  const get = (url: string, cookie?: string) => t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const as = (role: RoleName) => callers.get(role)!.cookie;
  /** The status each role gets; the roles named get `allowed`, the others 403. */
  const expectRoles = async (url: string, named: readonly RoleName[], allowed = 200) => {
    for (const role of ROLES) {
      const status = (await get(url, as(role))).statusCode;
      expect({ role, status }).toEqual({ role, status: named.includes(role) ? allowed : 403 });
    }
    expect((await get(url)).statusCode).toBe(401);
  };

  it('singleStudent: one learner’s row for any staff member; a 404 for an id that is no learner’s', async () => {
    const reply = await get(`/api/fake/protect/user/singleStudent/${student.id}`, as('MANAGER'));
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({
      id: student.id,
      firstName: 'Вера',
      lastName: 'Видимова',
      email: student.email,
      mentor: { id: mentor.id, firstName: 'Инна', lastName: 'Менторова' },
      progress: { courseId: c.course, percent: 0 },
      current: true,
    });
    expect((await get(`/api/fake/protect/user/singleStudent/${mentor.id}`, as('CURATOR'))).json().error.key).toBe('noStudent');
    expect((await get(`/api/fake/protect/user/singleStudent/2147483000`, as('CURATOR'))).statusCode).toBe(404);
    await expectRoles(`/api/fake/protect/user/singleStudent/${student.id}`, STAFF_ROLES);
  });

  it('student/{mentorId}: the mentor’s learners by name; a 404 for an id that is not a mentor’s', async () => {
    const own = await t.userWithSession({ role: 'MENTOR', direction: null });
    const second = await t.createUser({ lastName: 'Аверина', mentorId: own.id, blocked: true });
    const first = await t.createUser({ lastName: 'Абрамова', mentorId: own.id, role: 'STUDENT', paymentType: null });
    await t.createUser({ lastName: 'Чужая' });
    const reply = await get(`/api/fake/protect/user/student/${own.id}`, as('CURATOR'));
    expect(reply.statusCode).toBe(200);
    expect((reply.json().data as StaffStudentBrief[]).map((s) => [s.id, s.lastName, s.role, s.current])).toEqual([
      [first.id, 'Абрамова', 'STUDENT', true],
      [second.id, 'Аверина', 'PAY_STUDENT', false],
    ]);
    // a mentor reads their own list, a chief mentor anyone's
    expect((await get(`/api/fake/protect/user/student/${own.id}`, own.cookie)).json().data).toHaveLength(2);
    expect((await get(`/api/fake/protect/user/student/${mentor.id}`, as('CHIEF_MENTOR'))).json().data).toEqual([
      expect.objectContaining({ id: student.id }),
    ]);
    const curatorId = callers.get('CURATOR')!.id;
    expect((await get(`/api/fake/protect/user/student/${curatorId}`, own.cookie)).json().error.key).toBe('noMentor');
    expect((await get(`/api/fake/protect/user/student/${student.id}`, own.cookie)).statusCode).toBe(404);
    await expectRoles(`/api/fake/protect/user/student/${own.id}`, STAFF_ROLES);
  });

  it('name: for staff who view students and for a classmate; never across directions', async () => {
    const url = `/api/fake/user/name/${student.id}`;
    expect((await get(url, as('CURATOR'))).json().data).toEqual({ id: student.id, firstName: 'Вера', lastName: 'Видимова' });
    expect((await get(url, classmate.cookie)).json().data).toEqual({ id: student.id, firstName: 'Вера', lastName: 'Видимова' });
    const across = await get(url, stranger.cookie);
    expect([across.statusCode, across.json().error.key]).toEqual([403, 'otherDirection']);
    expect((await get(`/api/fake/user/name/${mentor.id}`, as('ADMIN'))).statusCode).toBe(404);
    await expectRoles(url, [...STAFF_VIEW_ROLES, 'PAY_STUDENT']);
  });

  it('mentorName: the assigned mentor or null, for staff who view students only', async () => {
    expect((await get(`/api/fake/user/mentorName/${student.id}`, as('CURATOR'))).json().data).toEqual({
      mentor: { id: mentor.id, firstName: 'Инна', lastName: 'Менторова' },
    });
    expect((await get(`/api/fake/user/mentorName/${classmate.id}`, as('ADMIN'))).json().data).toEqual({ mentor: null });
    expect((await get(`/api/fake/user/mentorName/${mentor.id}`, as('ADMIN'))).statusCode).toBe(404);
    // managers list students but do not open their pages; a classmate does not see who checks them
    await expectRoles(`/api/fake/user/mentorName/${student.id}`, STAFF_VIEW_ROLES);
  });

  it('part/{id}/problem: the statement as the student sees it, never answers or tests; the task page’s rule', async () => {
    const problem = (slug: string, studentId = student.id, cookie = as('CURATOR')) =>
      get(`/api/fake/user/task/part/${c.task(slug).id}/problem?studentId=${studentId}`, cookie);
    const before = await rowCounts(t.database.db);
    const theory = await problem('where-js-runs');
    expect(theory.statusCode).toBe(200);
    expect(theory.json().data).toEqual({
      courseTaskId: c.task('where-js-runs').id,
      title: 'Где выполняется JavaScript',
      type: 'theory',
      description: expect.any(String),
      taskPoints: 2,
    });
    expect(theory.body).not.toContain('Только в браузере');
    const code = await problem('sum-function', student.id, mentor.cookie);
    // module 2 is blocked for a student who has not completed module 1: as on the task page
    expect(code.statusCode).toBe(423);
    await c.openEveryModule(student);
    const open = await problem('sum-function', student.id, mentor.cookie);
    expect(open.json().data).toMatchObject({ title: 'Функция суммы', type: 'code', taskPoints: 5 });
    expect(open.body).not.toMatch(/sum\(1, 2\)|return a \+ b|placeholder|tests/);
    // a look writes nothing (the student never opened these tasks)
    expect(await rowCounts(t.database.db)).toMatchObject({ student_tasks: before.student_tasks });

    const notEnrolled = await t.createUser();
    expect((await problem('where-js-runs', notEnrolled.id)).statusCode).toBe(423);
    expect((await problem('where-js-runs', mentor.id)).statusCode).toBe(404);
    const missing = await get(`/api/fake/user/task/part/${c.task('where-js-runs').id}/problem`, as('CURATOR'));
    expect(missing.statusCode).toBe(400);
    await expectRoles(`/api/fake/user/task/part/${c.task('where-js-runs').id}/problem?studentId=${student.id}`, STAFF_VIEW_ROLES);
  });
});
