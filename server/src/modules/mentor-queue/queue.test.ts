import type { MentorQueueEntry, MentorQueuePage, RoleName, StudentTask } from '@academy/shared/contract';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { addWaitingAnswer } from '../../testing/factory-routes';
import { testDatabases, type TestApp } from '../../testing/test-app';

const QUEUE = '/api/mentor/queue';
const HOUR = 60;

// The mentor's queue, what it shows to whom (docs/courses.md, "Mentor queue"; shared/contract/mentor-queue.ts).
describe.each(testDatabases())('the mentor queue’s reads on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  const NOW = '2026-04-01T12:00:00.000Z';

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
  });
  beforeEach(() => at(NOW));
  afterAll(() => t?.close());

  function at(iso: string) {
    t.app.clock.now = () => new Date(iso);
  }
  const read = async (cookie: string, query = '') => {
    const reply = await t.inject({ method: 'GET', url: `${QUEUE}${query}`, headers: { cookie } });
    expect(reply.statusCode).toBe(200);
    return reply.json().data as MentorQueuePage;
  };
  const mentorWithSession = (role: RoleName = 'MENTOR', lastName = 'Менторов') =>
    t.userWithSession({ role, direction: null, firstName: 'Инна', lastName });
  /** A paying student of the mentor (none: a student without a mentor) with an answer sent `minutesAgo` before now. */
  const answerOf = async (mentorId: number | undefined, minutesAgo: number, lastName = 'Студентов') => {
    const student = await t.createUser({ firstName: 'Пётр', lastName, ...(mentorId ? { mentorId } : {}) });
    const sent = await addWaitingAnswer(t.app, { studentId: student.id, minutesAgo });
    return { student, ...sent };
  };
  const answerIds = (page: MentorQueuePage) => page.entries.map((e) => e.answerId);

  it('a mentor sees their students’ waiting answers, oldest first, a page at a time, with what the row shows', async () => {
    const mentor = await mentorWithSession();
    const middle = await answerOf(mentor.id, 200, 'Средний');
    const newest = await answerOf(mentor.id, 100, 'Новый');
    const oldest = await answerOf(mentor.id, 300, 'Старый');

    const first = await read(mentor.cookie, `?pageSize=2&mentorId=${mentor.id}`);
    expect(answerIds(first)).toEqual([oldest.answerId, middle.answerId]);
    expect(first).toMatchObject({ total: 3, overdue: 0, page: 1, pageSize: 2, promiseHours: 24, takeMinutes: 60 });
    const second = await read(mentor.cookie, `?pageSize=2&page=2&mentorId=${mentor.id}`);
    expect(answerIds(second)).toEqual([newest.answerId]);
    expect(await read(mentor.cookie, `?pageSize=2&page=3&mentorId=${mentor.id}`)).toMatchObject({ entries: [], total: 3 });

    const row = first.entries[0]!;
    const submitted = new Date(Date.parse(NOW) - 300 * 60_000);
    expect(row).toEqual<MentorQueueEntry>({
      answerId: oldest.answerId,
      studentTaskId: oldest.studentTaskId,
      student: { id: oldest.student.id, firstName: 'Пётр', lastName: 'Старый' },
      studentMentor: { id: mentor.id, firstName: 'Инна', lastName: 'Менторов' },
      assignedTo: null,
      course: { id: c.course, name: expect.any(String), additional: false },
      task: { id: c.task('todo-project').id, title: 'Список дел' },
      position: { module: expect.any(Number), chapter: expect.any(Number), task: expect.any(Number) },
      submittedAt: submitted.toISOString(),
      promisedBy: new Date(submitted.getTime() + 24 * 3_600_000).toISOString(),
      waitingMinutes: 300,
      promiseState: 'ok',
      takenBy: null,
      takenUntil: null,
      takenByMe: false,
    });
    // the position is the task page's address
    expect(oldest.path).toBe(
      `/user/courses/${c.course}/${row.position.module}/${row.position.chapter}/${row.position.task}?studentId=${oldest.student.id}`,
    );
  });

  it('a MENTOR never sees another mentor’s students’ answers; students without a mentor are everyone’s', async () => {
    const mine = await mentorWithSession();
    const other = await mentorWithSession();
    const own = await answerOf(mine.id, 50);
    const others = await answerOf(other.id, 60);
    const nobodys = await answerOf(undefined, 40);

    const seen = answerIds(await read(mine.cookie, '?pageSize=100'));
    expect(seen).toEqual(expect.arrayContaining([own.answerId, nobodys.answerId]));
    expect(seen).not.toContain(others.answerId);
    // asking for the other mentor's answers does not widen one's own queue
    expect(answerIds(await read(mine.cookie, `?mentorId=${other.id}`))).toEqual([]);
    const theirs = answerIds(await read(other.cookie, '?pageSize=100'));
    expect(theirs).toContain(others.answerId);
    expect(theirs).not.toContain(own.answerId);
    // nor through one answer's calls
    const take = await t.inject({ method: 'POST', url: `${QUEUE}/${others.answerId}/take`, headers: { cookie: mine.cookie } });
    expect(take.statusCode).toBe(404);
    expect(take.json().error.key).toBe('queueNoAnswer');
  });

  it('the chief mentor and an administrator see everyone’s, by mentor or without one', async () => {
    const mentor = await mentorWithSession();
    const own = await answerOf(mentor.id, 30);
    const nobodys = await answerOf(undefined, 20);
    for (const role of ['CHIEF_MENTOR', 'ADMIN'] as const) {
      const chief = await mentorWithSession(role, 'Главная');
      expect(answerIds(await read(chief.cookie, '?pageSize=100'))).toEqual(
        expect.arrayContaining([own.answerId, nobodys.answerId]),
      );
      expect(answerIds(await read(chief.cookie, `?mentorId=${mentor.id}`))).toEqual([own.answerId]);
      const without = answerIds(await read(chief.cookie, '?withoutMentor=true&pageSize=100'));
      expect(without).toContain(nobodys.answerId);
      expect(without).not.toContain(own.answerId);
    }
  });

  it('who may call what: students, curators and managers are refused; only takers take, only the chief assigns', async () => {
    const mentor = await mentorWithSession();
    const { answerId } = await answerOf(mentor.id, 10);
    const calls = [
      { method: 'GET', url: QUEUE, roles: ['MENTOR', 'CHIEF_MENTOR', 'ADMIN'] },
      { method: 'GET', url: `${QUEUE}/mentors`, roles: ['CHIEF_MENTOR', 'ADMIN'] },
      { method: 'POST', url: `${QUEUE}/${answerId}/take`, roles: ['MENTOR', 'CHIEF_MENTOR'] },
      { method: 'DELETE', url: `${QUEUE}/${answerId}/take`, roles: ['MENTOR', 'CHIEF_MENTOR'] },
      { method: 'POST', url: `${QUEUE}/${answerId}/assign`, roles: ['CHIEF_MENTOR', 'ADMIN'], payload: { mentorId: mentor.id } },
    ] as const;
    const roles: RoleName[] = [
      'PAY_STUDENT',
      'STUDENT',
      'CURATOR',
      'MANAGER',
      'CHIEF_MANAGER',
      'MENTOR',
      'CHIEF_MENTOR',
      'ADMIN',
    ];
    for (const role of roles) {
      const caller = role === 'MENTOR' ? mentor : await t.userWithSession({ role });
      for (const call of calls) {
        const reply = await t.inject({
          method: call.method,
          url: call.url,
          headers: { cookie: caller.cookie },
          ...('payload' in call ? { payload: call.payload } : {}),
        });
        if ((call.roles as readonly RoleName[]).includes(role)) expect([200, 409]).toContain(reply.statusCode);
        else expect(`${role} ${call.method} ${call.url} ${reply.statusCode}`).toBe(`${role} ${call.method} ${call.url} 403`);
      }
    }
    const anonymous = await t.inject({ method: 'GET', url: QUEUE });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the promise turns amber with less than a quarter left and red once its moment comes; overdue only filters', async () => {
    const mentor = await mentorWithSession();
    // 24 h promised: a quarter is 6 h
    const quarterLeft = await answerOf(mentor.id, 18 * HOUR);
    const justUnderQuarter = await answerOf(mentor.id, 18 * HOUR + 1);
    const minuteLeft = await answerOf(mentor.id, 24 * HOUR - 1);
    const due = await answerOf(mentor.id, 24 * HOUR);
    const late = await answerOf(mentor.id, 30 * HOUR);
    const page = await read(mentor.cookie, `?mentorId=${mentor.id}`);
    const state = (id: number) => page.entries.find((e) => e.answerId === id)?.promiseState;
    expect(state(quarterLeft.answerId)).toBe('ok');
    expect(state(justUnderQuarter.answerId)).toBe('amber');
    expect(state(minuteLeft.answerId)).toBe('amber');
    expect(state(due.answerId)).toBe('red');
    expect(state(late.answerId)).toBe('red');
    expect(page).toMatchObject({ total: 5, overdue: 2 });
    const overdue = await read(mentor.cookie, `?mentorId=${mentor.id}&overdueOnly=true`);
    expect(answerIds(overdue)).toEqual([late.answerId, due.answerId]);
    expect(overdue).toMatchObject({ total: 2, overdue: 2 });

    // the same answers a minute later: the one with a minute left is due
    at(new Date(Date.parse(NOW) + 60_000).toISOString());
    const later = await read(mentor.cookie, `?mentorId=${mentor.id}&overdueOnly=true`);
    expect(answerIds(later)).toEqual([late.answerId, due.answerId, minuteLeft.answerId]);
    expect(later.entries.map((e) => e.promiseState)).toEqual(['red', 'red', 'red']);
  });

  it('the promise follows ACADEMY_VERDICT_PROMISE_HOURS', async () => {
    const mentor = await mentorWithSession();
    const sent = await answerOf(mentor.id, 3 * HOUR);
    const before = t.app.config.mentorQueue.promiseHours;
    t.app.config.mentorQueue.promiseHours = 2;
    try {
      const page = await read(mentor.cookie, `?mentorId=${mentor.id}`);
      expect(page.promiseHours).toBe(2);
      expect(page.entries[0]).toMatchObject({ answerId: sent.answerId, promiseState: 'red' });
      expect(page.entries[0]!.promisedBy).toBe(new Date(Date.parse(NOW) - HOUR * 60_000).toISOString());
    } finally {
      t.app.config.mentorQueue.promiseHours = before;
    }
  });

  it('the student’s waiting answer says when its verdict is expected; a verdict removes it from the queue', async () => {
    t.app.clock.now = () => new Date();
    const mentor = await mentorWithSession();
    const student = await c.enrolledStudent({ mentorId: mentor.id });
    await c.openEveryModule(student);
    const state = await c.stateId(student.cookie, 'todo-project');
    const sent = await c.sendForCheck(student.cookie, state, 'https://example.org/my-todo');
    expect(sent.statusCode).toBe(200);
    const view = sent.json().data as StudentTask;
    const answer = await t.database.db
      .selectFrom('solutions')
      .select(['id', 'created_at'])
      .where('id', '=', view.answerId!)
      .executeTakeFirstOrThrow();
    expect(view.verdictExpectedBy).toBe(new Date(answer.created_at.getTime() + 24 * 3_600_000).toISOString());
    const fake = await t.inject({
      method: 'GET',
      url: `/api/fake/user/task/${c.task('todo-project').id}/mentorCheckTask?studentId=${student.id}`,
      headers: { cookie: mentor.cookie },
    });
    expect((fake.json().data as StudentTask).verdictExpectedBy).toBe(view.verdictExpectedBy);
    expect(answerIds(await read(mentor.cookie, `?mentorId=${mentor.id}`))).toEqual([answer.id]);

    const verdict = await c.giveVerdict(mentor.cookie, state, answer.id, false, '<p>Добавьте README</p>');
    expect(verdict.statusCode).toBe(200);
    expect(answerIds(await read(mentor.cookie, `?mentorId=${mentor.id}`))).toEqual([]);
    const checked = await c.load(student.cookie, 'todo-project', 'mentorCheckTask');
    expect(checked.json().data).toMatchObject({ pending: false, verdictExpectedBy: null });
  });

  it('reads never write, and inputs are bounded', async () => {
    const mentor = await mentorWithSession();
    await answerOf(mentor.id, 5);
    const rows = async () => (await t.database.db.selectFrom('answer_queue').select('answer_id').execute()).length;
    const before = await rows();
    await read(mentor.cookie);
    expect(await rows()).toBe(before);
    for (const query of ['?pageSize=101', '?pageSize=0', '?page=0', '?mentorId=-1', '?overdueOnly=maybe', '?unknown=1']) {
      const reply = await t.inject({ method: 'GET', url: `${QUEUE}${query}`, headers: { cookie: mentor.cookie } });
      expect(`${query} ${reply.statusCode}`).toBe(`${query} 400`);
    }
  });
});
