import { sql } from 'kysely';
import { ROLES, type StaffStudentPage, type StaffStudentRow } from '@academy/shared/contract';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { addWaitingAnswer, type TestUserInput } from '../../testing/factory-routes';
import { testDatabases, type TestApp } from '../../testing/test-app';

const LIST = '/api/fake/protect/user/students';

// The staff's students list (docs/courses.md, "Staff students list and view-as mode").
describe.each(testDatabases())('the staff’s students list on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  let curator: { id: number; cookie: string };
  let run = 0;

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
    curator = await t.userWithSession({ role: 'CURATOR', direction: null });
  });
  afterAll(() => t?.close());

  /** A surname no other test of the file uses: each test searches for its own learners. */
  const tag = () => `Тег${kind}${(run += 1)}х`;
  const get = (cookie: string, query: string) => t.inject({ method: 'GET', url: `${LIST}${query}`, headers: { cookie } });
  const read = async (query: string, cookie = curator.cookie) => {
    const reply = await get(cookie, query);
    expect(reply.statusCode).toBe(200);
    return reply.json().data as StaffStudentPage;
  };
  const names = (page: StaffStudentPage) => page.items.map((row) => row.lastName);
  const learner = (surname: string, name: string, input: TestUserInput = {}) =>
    t.userWithSession({ lastName: `${surname}${name}`, ...input });
  const coursePoints = async (slug: string) => {
    const row = await t.database.db
      .selectFrom('course_tasks as t')
      .innerJoin('course_chapters as ch', 'ch.id', 't.chapter_id')
      .innerJoin('course_modules as m', 'm.id', 'ch.module_id')
      .select(sql<number>`sum(t.points)::int`.as('points'))
      .where('m.course_id', '=', c.courses[slug]!)
      .executeTakeFirstOrThrow();
    return row.points;
  };
  /** Moves every logged answer and submission of the learner to `iso`, and their opened tasks too. */
  const activeAt = async (studentId: number, iso: string) => {
    const db = t.database.db;
    await db.updateTable('task_attempts').set({ created_at: iso }).where('student_id', '=', studentId).execute();
    await db.updateTable('student_tasks').set({ updated_at: iso }).where('student_id', '=', studentId).execute();
    await sql`update solutions s set created_at = ${iso}::timestamptz from student_tasks st
              where st.id = s.student_task_id and st.student_id = ${studentId}`.execute(db);
  };
  const enrolledAt = (studentId: number, slug: string, iso: string) =>
    t.database.db
      .updateTable('enrollments')
      .set({ enrolled_at: iso })
      .where('student_id', '=', studentId)
      .where('course_id', '=', c.courses[slug]!)
      .execute();
  const enrol = (cookie: string, slug: string) =>
    t.inject({ method: 'POST', url: `/api/student/course/enroll/${c.courses[slug]}`, headers: { cookie } });

  it('a row: the learner, their mentor, the progress of the course worked on last and the last activity', async () => {
    const surname = tag();
    const mentor = await t.createUser({ role: 'MENTOR', firstName: 'Инна', lastName: 'Менторова', direction: null });
    const worker = await learner(surname, 'А', { firstName: 'Анна', mentorId: mentor.id, paymentType: 'REGULAR' });
    await enrol(worker.cookie, 'extra');
    await enrol(worker.cookie, 'practice');
    expect((await c.solve(worker.cookie, 'const-keyword', 'word', { answer: 'const' })).statusCode).toBe(200);
    await activeAt(worker.id, '2026-03-01T10:00:00.000Z');
    await enrolledAt(worker.id, 'practice', '2026-02-01T00:00:00.000Z');
    await enrolledAt(worker.id, 'extra', '2026-01-01T00:00:00.000Z');
    const idle = await learner(surname, 'Б', { firstName: 'Борис' });
    const enrollee = await learner(surname, 'В', { role: 'STUDENT', paymentType: null });

    const page = await read(`?query=${encodeURIComponent(surname)}`);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    const practicePoints = await coursePoints('practice');
    expect(page.items[0]).toEqual<StaffStudentRow>({
      id: worker.id,
      firstName: 'Анна',
      lastName: `${surname}А`,
      email: worker.email,
      role: 'PAY_STUDENT',
      paymentType: 'REGULAR',
      direction: 'FE',
      mentor: { id: mentor.id, firstName: 'Инна', lastName: 'Менторова' },
      current: true,
      progress: {
        courseId: c.course,
        courseName: 'Практикум: JavaScript',
        courseKind: 'regular',
        studentPoints: 2,
        coursePoints: practicePoints,
        percent: Math.floor((100 * 2) / practicePoints),
      },
      lastActivity: '2026-03-01T10:00:00.000Z',
    });
    expect(page.items[1]).toMatchObject({ id: idle.id, mentor: null, progress: null, lastActivity: null, current: true });
    // an enrollee's progress is their lesson steps: their direction's enrollee course
    expect(page.items[2]).toMatchObject({
      id: enrollee.id,
      role: 'STUDENT',
      paymentType: null,
      progress: { courseName: 'Практикум абитуриента', courseKind: 'enrollee', studentPoints: 0, percent: 0 },
      lastActivity: null,
    });

    // enrolled later in the additional course than their last work in the practice: that course is current now
    await enrolledAt(worker.id, 'extra', '2026-03-02T00:00:00.000Z');
    const after = await read(`?query=${encodeURIComponent(`${surname}А`)}`);
    expect(after.items[0]!.progress).toEqual({
      courseId: c.courses.extra,
      courseName: 'Дополнительный практикум',
      courseKind: 'additional',
      studentPoints: 0,
      coursePoints: await coursePoints('extra'),
      percent: 0,
    });
  });

  it('last activity: the latest of answers sent, logged answers and tasks opened; not a mentor’s verdict', async () => {
    const surname = tag();
    const opener = await learner(surname, 'А');
    await enrol(opener.cookie, 'practice');
    expect((await c.load(opener.cookie, 'what-is-js', 'lecture')).statusCode).toBe(200);
    await activeAt(opener.id, '2026-02-10T08:00:00.000Z');
    const sender = await learner(surname, 'Б');
    const sent = await addWaitingAnswer(t.app, { studentId: sender.id, minutesAgo: 0 });
    await activeAt(sender.id, '2026-02-01T08:00:00.000Z');
    await t.database.db
      .updateTable('solutions')
      .set({ created_at: '2026-02-11T09:30:00.000Z' })
      .where('id', '=', sent.answerId)
      .execute();
    const mentor = await t.userWithSession({ role: 'MENTOR', direction: null });
    const verdict = await c.giveVerdict(mentor.cookie, sent.studentTaskId, sent.answerId, false);
    expect(verdict.statusCode).toBe(200);

    const page = await read(`?query=${encodeURIComponent(surname)}`);
    expect(page.items.map((row) => [row.id, row.lastActivity])).toEqual([
      [opener.id, '2026-02-10T08:00:00.000Z'],
      // the rejection made the task's state newer; the answer it judged is what the student did
      [sender.id, '2026-02-11T09:30:00.000Z'],
    ]);
  });

  it('sorts by name, last activity and progress, both ways; no activity or course is the lowest', async () => {
    const surname = tag();
    const none = await learner(surname, 'В');
    const zero = await learner(surname, 'А');
    await enrol(zero.cookie, 'practice');
    expect((await c.load(zero.cookie, 'what-is-js', 'lecture')).statusCode).toBe(200);
    await activeAt(zero.id, '2026-01-05T00:00:00.000Z');
    const some = await learner(surname, 'Б');
    await enrol(some.cookie, 'practice');
    expect((await c.solve(some.cookie, 'const-keyword', 'word', { answer: 'const' })).statusCode).toBe(200);
    await activeAt(some.id, '2026-01-06T00:00:00.000Z');
    const q = `?query=${encodeURIComponent(surname)}`;
    const ids = async (query: string) => (await read(`${q}${query}`)).items.map((row) => row.id);

    expect(await ids('')).toEqual([zero.id, some.id, none.id]);
    expect(await ids('&sort=name&order=desc')).toEqual([none.id, some.id, zero.id]);
    expect(await ids('&sort=lastActivity&order=desc')).toEqual([some.id, zero.id, none.id]);
    expect(await ids('&sort=lastActivity&order=asc')).toEqual([none.id, zero.id, some.id]);
    expect(await ids('&sort=progress&order=desc')).toEqual([some.id, zero.id, none.id]);
    expect(await ids('&sort=progress&order=asc')).toEqual([none.id, zero.id, some.id]);
    // the page is cut after the sort
    expect(await ids('&sort=progress&order=desc&pageSize=1&page=2')).toEqual([zero.id]);
  });

  it('filters by direction, payment type, role, the caller’s own students and current learners; search in either order', async () => {
    const surname = tag();
    const mentor = await t.userWithSession({ role: 'MENTOR', direction: null });
    const mine = await learner(surname, 'А', { firstName: 'Ян', mentorId: mentor.id, paymentType: 'TRIAL' });
    const java = await learner(surname, 'Б', { direction: 'JAVA' });
    const enrollee = await learner(surname, 'В', { role: 'STUDENT', paymentType: 'UNTIL_PAID' });
    const blocked = await t.createUser({ lastName: `${surname}Г`, blocked: true, mentorId: mentor.id });
    const expelled = await learner(surname, 'Д');
    const overdue = await learner(surname, 'Е');
    await t.database.db.updateTable('users').set({ inactivation_reason: 'EXPELLED' }).where('id', '=', expelled.id).execute();
    await t.database.db
      .updateTable('users')
      .set({ inactivation_reason: 'PAYMENT_OVERDUE' })
      .where('id', '=', overdue.id)
      .execute();
    const q = `?query=${encodeURIComponent(surname)}`;
    const ids = async (query: string, cookie = curator.cookie) => (await read(`${q}${query}`, cookie)).items.map((r) => r.id);

    expect(await ids('&direction=JAVA')).toEqual([java.id]);
    expect(await ids('&paymentType=TRIAL')).toEqual([mine.id]);
    expect(await ids('&role=STUDENT')).toEqual([enrollee.id]);
    expect(await ids('&mine=true', mentor.cookie)).toEqual([mine.id, blocked.id]);
    expect(await ids('&mine=true')).toEqual([]);
    expect(await ids('&current=true')).toEqual([mine.id, java.id, enrollee.id, overdue.id]);
    const all = await read(q);
    expect(all.total).toBe(6);
    expect(all.items.filter((row) => !row.current).map((row) => row.id)).toEqual([blocked.id, expelled.id]);
    expect(await ids('&current=true&mine=true', mentor.cookie)).toEqual([mine.id]);
    // the caller's own first, each part in the order asked
    expect(await ids('&mineFirst=true&sort=name&order=desc', mentor.cookie)).toEqual([
      blocked.id,
      mine.id,
      overdue.id,
      expelled.id,
      enrollee.id,
      java.id,
    ]);
    expect(await ids('&mineFirst=true&sort=progress&pageSize=1&page=2', mentor.cookie)).toEqual([blocked.id]);
    // the name either way round, the e-mail, any case; wildcards are plain characters
    expect((await read(`?query=${encodeURIComponent(`ян ${surname.toLowerCase()}`)}`)).items.map((r) => r.id)).toEqual([mine.id]);
    expect((await read(`?query=${encodeURIComponent(`${surname}а ЯН`)}`)).items.map((r) => r.id)).toEqual([mine.id]);
    expect((await read(`?query=${encodeURIComponent(mine.email.toUpperCase())}`)).items.map((r) => r.id)).toEqual([mine.id]);
    expect((await read(`?query=%25`)).items).toEqual([]);
    expect((await read(`?query=${encodeURIComponent('т_ст')}`)).items).toEqual([]);
  });

  it('pages: a bounded size, the total, an empty page past the end; every input bounded', async () => {
    const surname = tag();
    const made = [];
    for (const name of ['А', 'Б', 'В', 'Г', 'Д']) made.push((await t.createUser({ lastName: `${surname}${name}` })).id);
    const q = `?query=${encodeURIComponent(surname)}&pageSize=2`;
    const first = await read(`${q}&page=1`);
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items.map((r) => r.id)).toEqual(made.slice(0, 2));
    expect((await read(`${q}&page=3`)).items.map((r) => r.id)).toEqual(made.slice(4));
    expect(await read(`${q}&page=4`)).toMatchObject({ items: [], total: 5 });
    expect(names(await read(`?query=${encodeURIComponent(surname)}&pageSize=100`))).toHaveLength(5);

    for (const bad of [
      'pageSize=101',
      'pageSize=0',
      'page=0',
      'page=100001',
      'sort=email',
      'order=up',
      'direction=XX',
      'role=MENTOR',
      'mine=maybe',
      `query=${'я'.repeat(101)}`,
      'unknown=1',
    ]) {
      const reply = await get(curator.cookie, `?${bad}`);
      expect({ bad, status: reply.statusCode }).toEqual({ bad, status: 400 });
    }
  });

  it('costs the same few queries whatever the page size (no query per row)', async () => {
    const surname = tag();
    for (const name of ['А', 'Б', 'В', 'Г']) {
      const student = await learner(surname, name);
      await enrol(student.cookie, 'practice');
      await c.solve(student.cookie, 'const-keyword', 'word', { answer: 'const' });
    }
    const cost = async (query: string) => {
      const before = t.queryCount();
      await read(`?query=${encodeURIComponent(surname)}${query}`);
      return t.queryCount() - before;
    };
    for (const sort of ['name', 'lastActivity', 'progress']) {
      const one = await cost(`&sort=${sort}&pageSize=1`);
      expect(await cost(`&sort=${sort}&pageSize=4`)).toBe(one);
    }
  });

  it('staff of every role may list; learners and visitors may not', async () => {
    for (const role of ROLES) {
      const user = await t.userWithSession({ role, direction: role === 'PAY_STUDENT' || role === 'STUDENT' ? 'FE' : null });
      const status = (await get(user.cookie, '')).statusCode;
      expect({ role, status }).toEqual({ role, status: role === 'PAY_STUDENT' || role === 'STUDENT' ? 403 : 200 });
    }
    expect((await t.inject({ method: 'GET', url: LIST })).statusCode).toBe(401);
  });
});
