import { ApiError } from '../../common/errors';
import { ACADEMY_ZONE } from '../../common/dates';
import { SESSION_COOKIE } from '../../plugins/cookies';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { rowCounts } from '../../testing/row-counts';
import { testDatabases, type TestApp } from '../../testing/test-app';
import { createStatisticsRepository } from './repository';
import { dayInZone, sqlZone } from '../../common/dates';
import { activityWindow, createStatisticsService } from './service';

const STREAKS = '/api/student/profile/day_without_pause';
const ACTIVITY = '/api/student/profile/solution-activity-year';
const COUNT = '/api/student/profile/topics-count';
const NAMES = '/api/student/profile/topics-names';

describe('statistics days', () => {
  it('the day of an instant is the calendar day of the zone', () => {
    expect(dayInZone(new Date('2026-03-09T23:30:00Z'), 'UTC')).toBe('2026-03-09');
    expect(dayInZone(new Date('2026-03-09T23:30:00Z'), 'Europe/Moscow')).toBe('2026-03-10');
    expect(dayInZone(new Date('2026-03-10T04:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-09');
  });

  it('an offset zone reaches the database as the same zone (PostgreSQL reads offsets with POSIX signs)', () => {
    expect(sqlZone('Europe/Moscow')).toBe('Europe/Moscow');
    expect(sqlZone('+03:00')).toBe('Etc/GMT-3');
    expect(sqlZone('-05:00')).toBe('Etc/GMT+5');
    expect(dayInZone(new Date('2026-03-09T23:30:00Z'), sqlZone('+03:00'))).toBe('2026-03-10');
  });

  it('the window starts on the first day of the month a year ago', () => {
    expect(activityWindow('2026-03-10')).toEqual({ from: '2025-03-01', to: '2026-03-10' });
    expect(activityWindow('2028-02-29')).toEqual({ from: '2027-02-01', to: '2028-02-29' });
    expect(activityWindow('2026-01-01')).toEqual({ from: '2025-01-01', to: '2026-01-01' });
  });
});

// Statistics (spec 2 §2.15, docs/courses.md, "Statistics") on the fixture course.
describe.each(testDatabases())('statistics on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
  });
  afterEach(() => {
    t.app.clock.now = () => new Date();
  });
  afterAll(() => t?.close());

  const get = async (url: string, cookie: string, zone = 'UTC') => {
    const response = await t.inject({ method: 'GET', url, headers: { cookie, zoneid: zone } });
    expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    return response.json().data;
  };
  const at = (iso: string) => {
    t.app.clock.now = () => new Date(iso);
  };

  /** The student's state of a fixture task (created as an opened task when missing). */
  async function stateOf(studentId: number, slug: string): Promise<number> {
    const db = t.database.db;
    await db
      .insertInto('student_tasks')
      .values({ student_id: studentId, task_id: c.task(slug).id, last_action: null, answer: null })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const row = await db
      .selectFrom('student_tasks')
      .select('id')
      .where('student_id', '=', studentId)
      .where('task_id', '=', c.task(slug).id)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Kept code submissions at these instants (backdated history). */
  async function submitted(studentId: number, instants: string[], slug = 'sum-function', right = false): Promise<void> {
    const state = await stateOf(studentId, slug);
    if (instants.length === 0) return;
    await t.database.db
      .insertInto('solutions')
      .values(
        instants.map((created_at) => ({
          student_task_id: state,
          answer: JSON.stringify({ solution: 'function sum() {}' }),
          result: JSON.stringify([]),
          right_answer: right,
          created_at,
        })),
      )
      .execute();
  }

  /** An answer of an instant kind or a lecture read, at an instant: the state moved and the attempt logged. */
  async function answered(studentId: number, slug: string, instant: string, right = true): Promise<void> {
    const state = await stateOf(studentId, slug);
    await t.database.db
      .updateTable('student_tasks')
      .set({ solved: right, ever_solved: right, last_action: right ? 'RIGHT' : 'WRONG', updated_at: instant })
      .where('id', '=', state)
      .execute();
    await t.database.db
      .insertInto('task_attempts')
      .values({ student_id: studentId, task_id: c.task(slug).id, right, created_at: instant })
      .execute();
  }

  const streaks = (cookie: string, zone = 'UTC') => get(STREAKS, cookie, zone);

  describe('days without a break', () => {
    beforeEach(() => at('2026-03-10T12:00:00Z'));

    it('none at all: 0 and 0', async () => {
      const student = await c.enrolledStudent();
      expect(await streaks(student.cookie)).toEqual({ currentDaysWithoutPause: 0, maxDaysWithoutPause: 0 });
      expect(await get(ACTIVITY, student.cookie)).toEqual([]);
    });

    it('today only: 1 and 1, however many answers that day', async () => {
      const student = await c.enrolledStudent();
      await submitted(student.id, ['2026-03-10T00:00:00Z', '2026-03-10T08:00:00Z', '2026-03-10T11:59:00Z']);
      expect(await streaks(student.cookie)).toEqual({ currentDaysWithoutPause: 1, maxDaysWithoutPause: 1 });
    });

    it('yesterday only: the run is not broken in the morning; the day before yesterday is', async () => {
      const yesterday = await c.enrolledStudent();
      await submitted(yesterday.id, ['2026-03-09T23:59:59Z']);
      expect(await streaks(yesterday.cookie)).toEqual({ currentDaysWithoutPause: 1, maxDaysWithoutPause: 1 });
      const before = await c.enrolledStudent();
      await submitted(before.id, ['2026-03-08T12:00:00Z']);
      expect(await streaks(before.cookie)).toEqual({ currentDaysWithoutPause: 0, maxDaysWithoutPause: 1 });
    });

    it('a gap ends a run: the current run starts after it', async () => {
      const student = await c.enrolledStudent();
      await submitted(student.id, ['2026-03-05T10:00:00Z', '2026-03-06T10:00:00Z', '2026-03-07T10:00:00Z']);
      await submitted(student.id, ['2026-03-09T10:00:00Z', '2026-03-10T09:00:00Z']);
      expect(await streaks(student.cookie)).toEqual({ currentDaysWithoutPause: 2, maxDaysWithoutPause: 3 });
    });

    it('the longest run may be long ago, older than the heat map; answers of every kind make the days', async () => {
      const student = await c.enrolledStudent();
      // 2023-12-25 … 2024-01-14: 21 days across a new year, from code submissions
      const old = Array.from({ length: 21 }, (_, i) => new Date(Date.UTC(2023, 11, 25 + i, 9)).toISOString());
      await submitted(student.id, old);
      // the last three days from three other kinds: a lecture read, a word answered wrong, a mentor-check answer
      await answered(student.id, 'what-is-js', '2026-03-08T09:00:00Z');
      await answered(student.id, 'const-keyword', '2026-03-09T09:00:00Z', false);
      await submitted(student.id, ['2026-03-10T09:00:00Z'], 'todo-project');
      expect(await streaks(student.cookie)).toEqual({ currentDaysWithoutPause: 3, maxDaysWithoutPause: 21 });
      // a task opened but never answered is no activity
      await stateOf(student.id, 'where-js-runs');
      await t.database.db
        .updateTable('student_tasks')
        .set({ updated_at: '2026-03-07T09:00:00Z' })
        .where('task_id', '=', c.task('where-js-runs').id)
        .where('student_id', '=', student.id)
        .execute();
      expect(await streaks(student.cookie)).toEqual({ currentDaysWithoutPause: 3, maxDaysWithoutPause: 21 });
    });

    it('answers after "today" (a clock behind the data) count neither for the run nor for the map', async () => {
      const student = await c.enrolledStudent();
      await submitted(student.id, ['2026-03-11T09:00:00Z', '2026-03-12T09:00:00Z']);
      expect(await streaks(student.cookie)).toEqual({ currentDaysWithoutPause: 0, maxDaysWithoutPause: 0 });
      expect(await get(ACTIVITY, student.cookie)).toEqual([]);
    });

    it('another student’s work never counts', async () => {
      const student = await c.enrolledStudent();
      const other = await c.enrolledStudent();
      await submitted(other.id, ['2026-03-09T10:00:00Z', '2026-03-10T10:00:00Z']);
      await answered(other.id, 'what-is-js', '2026-03-10T10:00:00Z');
      expect(await streaks(student.cookie)).toEqual({ currentDaysWithoutPause: 0, maxDaysWithoutPause: 0 });
      expect(await get(ACTIVITY, student.cookie)).toEqual([]);
      expect(await get(ACTIVITY, other.cookie)).toEqual([
        { date: '2026-03-09', count: 1 },
        { date: '2026-03-10', count: 2 },
      ]);
    });
  });

  it('days are the caller’s: 23:30 UTC is tomorrow in Moscow', async () => {
    at('2026-03-10T10:00:00Z');
    const student = await c.enrolledStudent();
    await submitted(student.id, ['2026-03-09T10:00:00Z', '2026-03-09T23:30:00Z']);
    expect(await streaks(student.cookie, 'UTC')).toEqual({ currentDaysWithoutPause: 1, maxDaysWithoutPause: 1 });
    expect(await get(ACTIVITY, student.cookie, 'UTC')).toEqual([{ date: '2026-03-09', count: 2 }]);
    expect(await streaks(student.cookie, 'Europe/Moscow')).toEqual({ currentDaysWithoutPause: 2, maxDaysWithoutPause: 2 });
    expect(await get(ACTIVITY, student.cookie, 'Europe/Moscow')).toEqual([
      { date: '2026-03-09', count: 1 },
      { date: '2026-03-10', count: 1 },
    ]);
    // and west of Greenwich "today" is still the 9th at 02:00 local time
    expect(await get(ACTIVITY, student.cookie, 'America/New_York')).toEqual([{ date: '2026-03-09', count: 2 }]);
  });

  it('zones ICU knows by another name (US/Pacific-New, Canada/East-Saskatchewan, any case) count as their canonical zone', async () => {
    at('2026-03-10T20:00:00Z');
    const student = await c.enrolledStudent();
    // 05:30 UTC on the 10th is the 9th in Los Angeles and in Regina; 19:00 UTC the 10th in both
    await submitted(student.id, ['2026-03-10T05:30:00Z', '2026-03-10T19:00:00Z']);
    const pairs: Array<[string, string]> = [
      ['US/Pacific-New', 'America/Los_Angeles'],
      ['Canada/East-Saskatchewan', 'America/Regina'],
      ['europe/moscow', 'Europe/Moscow'],
    ];
    for (const [alias, zone] of pairs) {
      expect(await get(ACTIVITY, student.cookie, alias)).toEqual(await get(ACTIVITY, student.cookie, zone));
      expect(await streaks(student.cookie, alias)).toEqual(await streaks(student.cookie, zone));
    }
    expect(await get(ACTIVITY, student.cookie, 'US/Pacific-New')).toEqual([
      { date: '2026-03-09', count: 1 },
      { date: '2026-03-10', count: 1 },
    ]);
    // a name that is no zone at all is the caller's mistake
    const bad = await t.inject({ method: 'GET', url: ACTIVITY, headers: { cookie: student.cookie, zoneid: 'Mars/Olympus' } });
    expect({ status: bad.statusCode, key: bad.json().error.key }).toEqual({ status: 400, key: 'badZone' });
  });

  it('a zone the database does not know: a 400 when the caller sent it, the academy’s zone when it was stored', async () => {
    at('2026-03-10T20:00:00Z');
    const student = await c.enrolledStudent();
    await submitted(student.id, ['2026-03-10T07:30:00Z', '2026-03-10T22:30:00Z']);
    // reached past the zone plugin (which would have made it canonical): PostgreSQL's SQLSTATE 22023
    const statistics = createStatisticsService(createStatisticsRepository(t.database.db), t.app.clock);
    for (const name of ['US/Pacific-New', 'Canada/East-Saskatchewan']) {
      for (const call of [
        statistics.activityYear(student.id, { name, fromCaller: true }),
        statistics.daysWithoutPause(student.id, { name, fromCaller: true }),
      ]) {
        const error = await call.then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ApiError);
        expect({ status: (error as ApiError).status, key: (error as ApiError).key }).toEqual({
          status: 400,
          key: 'server.badZone',
        });
      }
    }
    // a student whose stored zone the database does not know: their days in the academy's zone
    await t.database.db.updateTable('users').set({ time_zone: 'US/Pacific-New' }).where('id', '=', student.id).execute();
    const mentor = await t.userWithSession({ role: 'MENTOR', direction: null });
    const moscow = await get(ACTIVITY, student.cookie, ACADEMY_ZONE);
    expect(moscow).toEqual([{ date: '2026-03-10', count: 1 }]);
    expect(await get(`/api/fake/profile/solution-activity-year?studentId=${student.id}`, mentor.cookie, 'UTC')).toEqual(moscow);
    expect(await get(`/api/fake/profile/day_without_pause?studentId=${student.id}`, mentor.cookie, 'UTC')).toEqual(
      await streaks(student.cookie, ACADEMY_ZONE),
    );
  });

  it('view-as reads count days in the student’s zone (stored at sign-in), never the viewer’s: hours cannot be differenced', async () => {
    at('2026-03-10T20:00:00Z');
    const student = await c.enrolledStudent();
    // answers at every hour of the 9th (UTC): seen from 27 zones, the days would give each answer's hour away
    await submitted(
      student.id,
      Array.from({ length: 24 }, (_, h) => `2026-03-09T${String(h).padStart(2, '0')}:10:00Z`),
    );
    const signIn = async (zone: string) => {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/token',
        headers: { zoneid: zone },
        payload: { username: student.email, password: student.password, rememberMe: false },
      });
      expect(reply.statusCode).toBe(200);
      return `${SESSION_COOKIE}=${reply.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value}`;
    };
    const storedZone = async () =>
      (await t.database.db.selectFrom('users').select('time_zone').where('id', '=', student.id).executeTakeFirstOrThrow())
        .time_zone;
    // sign-in stores the browser's zone, canonical
    const cookie = await signIn('US/Pacific-New');
    expect(await storedZone()).toBe('America/Los_Angeles');
    await signIn('Asia/Tokyo');
    expect(await storedZone()).toBe('Asia/Tokyo');
    const own = [await get(ACTIVITY, cookie, 'Asia/Tokyo'), await streaks(cookie, 'Asia/Tokyo')];
    expect(own[0]).toEqual([
      { date: '2026-03-09', count: 15 },
      { date: '2026-03-10', count: 9 },
    ]);

    const classmate = await t.userWithSession();
    const mentor = await t.userWithSession({ role: 'MENTOR', direction: null });
    const zones = ['UTC', 'Pacific/Kiritimati', 'Etc/GMT+12', 'America/Los_Angeles', 'Asia/Kolkata', 'US/Pacific-New'];
    for (const viewer of [classmate, mentor]) {
      for (const zone of zones) {
        const seen = [
          await get(`/api/fake/profile/solution-activity-year?studentId=${student.id}`, viewer.cookie, zone),
          await get(`/api/fake/profile/day_without_pause?studentId=${student.id}`, viewer.cookie, zone),
        ];
        expect({ zone, seen }).toEqual({ zone, seen: own });
      }
    }
    // the student's own calls keep their browser's zone
    expect(await get(ACTIVITY, cookie, 'UTC')).toEqual([{ date: '2026-03-09', count: 24 }]);

    // a zone never stored: the academy's (Moscow), whatever the viewer's
    await t.database.db.updateTable('users').set({ time_zone: null }).where('id', '=', student.id).execute();
    const moscow = await get(ACTIVITY, cookie, ACADEMY_ZONE);
    expect(moscow).toEqual([
      { date: '2026-03-09', count: 21 },
      { date: '2026-03-10', count: 3 },
    ]);
    for (const zone of zones)
      expect(await get(`/api/fake/profile/solution-activity-year?studentId=${student.id}`, classmate.cookie, zone)).toEqual(
        moscow,
      );
  });

  it('a daylight-saving change: the 23-hour and the 25-hour day are one day each (Europe/Berlin)', async () => {
    const spring = await c.enrolledStudent();
    // 29 March 2026 has 23 hours in Berlin: 23:30 CET on the 28th, 00:30 CET and 23:30 CEST on the 29th, 00:30 CEST on the 30th
    await submitted(spring.id, ['2026-03-28T22:30:00Z', '2026-03-28T23:30:00Z', '2026-03-29T21:30:00Z', '2026-03-29T22:30:00Z']);
    at('2026-03-30T10:00:00Z');
    expect(await get(ACTIVITY, spring.cookie, 'Europe/Berlin')).toEqual([
      { date: '2026-03-28', count: 1 },
      { date: '2026-03-29', count: 2 },
      { date: '2026-03-30', count: 1 },
    ]);
    expect(await streaks(spring.cookie, 'Europe/Berlin')).toEqual({ currentDaysWithoutPause: 3, maxDaysWithoutPause: 3 });

    const autumn = await c.enrolledStudent();
    // 26 October 2025 has 25 hours: 00:30 CEST and 23:30 CET are the same day, 00:30 CET on the 27th the next
    await submitted(autumn.id, ['2025-10-25T22:30:00Z', '2025-10-26T22:30:00Z', '2025-10-26T23:30:00Z']);
    at('2025-10-27T12:00:00Z');
    expect(await get(ACTIVITY, autumn.cookie, 'Europe/Berlin')).toEqual([
      { date: '2025-10-26', count: 2 },
      { date: '2025-10-27', count: 1 },
    ]);
    expect(await streaks(autumn.cookie, 'Europe/Berlin')).toEqual({ currentDaysWithoutPause: 2, maxDaysWithoutPause: 2 });
  });

  it('the heat map: from the first day of the month a year ago until today, nothing older, ascending', async () => {
    at('2026-03-10T12:00:00Z');
    const student = await c.enrolledStudent();
    await submitted(student.id, [
      '2025-02-28T23:59:59Z', // the day before the window
      '2025-03-01T00:00:00Z',
      '2025-03-01T10:00:00Z',
      '2025-09-15T10:00:00Z',
      '2026-03-10T11:00:00Z',
    ]);
    await answered(student.id, 'what-is-js', '2025-09-15T18:00:00Z');
    await answered(student.id, 'where-js-runs', '2024-06-01T10:00:00Z'); // long ago: the streak's, not the map's
    expect(await get(ACTIVITY, student.cookie)).toEqual([
      { date: '2025-03-01', count: 2 },
      { date: '2025-09-15', count: 2 },
      { date: '2026-03-10', count: 1 },
    ]);
    // in Moscow the window opens at 21:00 UTC on 28 February
    expect((await get(ACTIVITY, student.cookie, 'Europe/Moscow'))[0]).toEqual({ date: '2025-03-01', count: 3 });
  });

  it('counts what the student does through the API: every answer sent, of every kind, and lectures read', async () => {
    const student = await c.enrolledStudent();
    await c.openEveryModule(student);
    const lecture = await c.stateId(student.cookie, 'what-is-js');
    const read = await t.inject({
      method: 'GET',
      url: `/api/student/taskInfo/${lecture}/solve-lecture`,
      headers: { cookie: student.cookie },
    });
    expect(read.json().data.solved).toBe(true);
    // a word answered wrong, then right: two answers, two
    expect((await c.solve(student.cookie, 'const-keyword', 'word', { answer: 'let' })).json().data.solved).toBe(false);
    expect((await c.solve(student.cookie, 'const-keyword', 'word', { answer: 'const' })).json().data.solved).toBe(true);
    // two code submissions, wrong then right: both kept, two
    expect(
      (await c.solve(student.cookie, 'sum-function', 'code', { solution: 'function sum(a, b) { return a - b }' })).statusCode,
    ).toBe(200);
    expect(
      (await c.solve(student.cookie, 'sum-function', 'code', { solution: 'function sum(a, b) { return a + b }' })).json().data
        .solved,
    ).toBe(true);
    // a mentor-check answer: one; an opened task without an answer: none
    const project = await c.stateId(student.cookie, 'todo-project');
    expect((await c.sendForCheck(student.cookie, project, 'https://example.org/todo')).statusCode).toBe(200);
    await c.load(student.cookie, 'primitive-types', 'theory');
    const days = (await get(ACTIVITY, student.cookie)) as Array<{ date: string; count: number }>;
    expect(days.reduce((sum, day) => sum + day.count, 0)).toBe(6);
    const { currentDaysWithoutPause } = await streaks(student.cookie);
    expect(currentDaysWithoutPause).toBeGreaterThanOrEqual(1);
  });

  it('every try counts: three wrong tries and a right one are 4; a reset then a new answer counts again; a refused one never', async () => {
    const student = await c.enrolledStudent();
    await c.openEveryModule(student);
    const total = async () =>
      ((await get(ACTIVITY, student.cookie)) as Array<{ date: string; count: number }>).reduce((sum, day) => sum + day.count, 0);
    for (const answerIds of [[1], [3], [1]])
      expect((await c.solve(student.cookie, 'where-js-runs', 'theory', { answerIds })).json().data.solved).toBe(false);
    expect((await c.solve(student.cookie, 'where-js-runs', 'theory', { answerIds: [2] })).json().data.solved).toBe(true);
    expect(await total()).toBe(4);
    // refused: a solved task takes no answer, a malformed one is not graded
    expect((await c.solve(student.cookie, 'where-js-runs', 'theory', { answerIds: [2] })).statusCode).toBe(400);
    expect((await c.solve(student.cookie, 'const-keyword', 'word', { answer: '   ' })).statusCode).toBe(400);
    expect(await total()).toBe(4);
    // a reset is no answer; answering again is
    const id = await c.stateId(student.cookie, 'where-js-runs');
    const reset = await t.inject({
      method: 'POST',
      url: `/api/student/taskInfo/${id}/reset`,
      headers: { cookie: student.cookie },
    });
    expect(reset.statusCode).toBe(200);
    expect(await total()).toBe(4);
    expect((await c.solve(student.cookie, 'where-js-runs', 'theory', { answerIds: [2] })).json().data.solved).toBe(true);
    expect(await total()).toBe(5);
    // a lecture read twice is read once
    const lecture = await c.stateId(student.cookie, 'what-is-js');
    for (let i = 0; i < 2; i += 1) {
      const read = await t.inject({
        method: 'GET',
        url: `/api/student/taskInfo/${lecture}/solve-lecture`,
        headers: { cookie: student.cookie },
      });
      expect(read.json().data.solved).toBe(true);
    }
    expect(await total()).toBe(6);
    // five multi-test tries at once: the three the window allows count, the two refused do not
    const tests = c.task('functions-quiz').data.tests as Array<{ id: number; answers: Array<{ id: number; right: boolean }> }>;
    const wrong = {
      studentAnswers: tests.map((q) => ({ itemId: q.id, itemProbablyAnswerId: q.answers.find((a) => !a.right)!.id })),
    };
    const tries = await Promise.all(
      Array.from({ length: 5 }, () => c.solve(student.cookie, 'functions-quiz', 'multiTest', wrong)),
    );
    expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 423, 423]);
    expect(await total()).toBe(9);
  });

  describe('topics mastered', () => {
    /** Marks every task of the chapters as solved once. */
    async function mastered(studentId: number, slugs: string[]) {
      for (const slug of slugs) await answered(studentId, slug, new Date().toISOString());
    }
    const FIRST_STEPS = ['what-is-js', 'where-js-runs', 'const-keyword'];
    const DATA_TYPES = ['primitive-types', 'declare-variables', 'program-order'];
    const DECLARING = ['functions-lecture', 'sum-function', 'function-terms'];

    it('a chapter counts when each of its tasks is solved; one unsolved task keeps it out', async () => {
      const student = await c.enrolledStudent();
      expect(await get(COUNT, student.cookie)).toBe(0);
      expect(await get(NAMES, student.cookie)).toEqual([]);
      // through the API: read the lecture, answer the test and the word
      const lecture = await c.stateId(student.cookie, 'what-is-js');
      await t.inject({
        method: 'GET',
        url: `/api/student/taskInfo/${lecture}/solve-lecture`,
        headers: { cookie: student.cookie },
      });
      expect((await c.solve(student.cookie, 'where-js-runs', 'theory', { answerIds: [2] })).json().data.solved).toBe(true);
      expect(await get(COUNT, student.cookie)).toBe(0);
      expect((await c.solve(student.cookie, 'const-keyword', 'word', { answer: 'const' })).json().data.solved).toBe(true);
      expect(await get(COUNT, student.cookie)).toBe(1);
      expect(await get(NAMES, student.cookie)).toEqual(['Первые шаги']);
      // two of three tasks of "Типы данных", and one wrong: not yet
      await mastered(student.id, DATA_TYPES.slice(0, 2));
      await answered(student.id, 'program-order', new Date().toISOString(), false);
      expect(await get(COUNT, student.cookie)).toBe(1);
    });

    it('names follow the course order; a reset to practise keeps the topic; other students’ work never counts', async () => {
      const student = await c.enrolledStudent();
      const other = await c.enrolledStudent();
      await mastered(other.id, FIRST_STEPS);
      await mastered(student.id, [...DECLARING, ...FIRST_STEPS]);
      expect(await get(NAMES, student.cookie)).toEqual(['Первые шаги', 'Объявление функций']);
      expect(await get(COUNT, student.cookie)).toBe(2);
      await t.database.db
        .updateTable('student_tasks')
        .set({ solved: false, last_action: null })
        .where('student_id', '=', student.id)
        .where('task_id', '=', c.task('sum-function').id)
        .execute();
      expect(await get(COUNT, student.cookie)).toBe(2);
      const fresh = await c.enrolledStudent();
      expect(await get(NAMES, fresh.cookie)).toEqual([]);
      expect(await get(NAMES, other.cookie)).toEqual(['Первые шаги']);
    });

    it('only the courses the student is enrolled in', async () => {
      const student = await t.userWithSession();
      await mastered(student.id, FIRST_STEPS);
      expect(await get(COUNT, student.cookie)).toBe(0);
      await t.inject({ method: 'POST', url: `/api/student/course/enroll/${c.course}`, headers: { cookie: student.cookie } });
      expect(await get(COUNT, student.cookie)).toBe(1);
    });
  });

  describe('whose statistics', () => {
    const ALL = [STREAKS, ACTIVITY, COUNT, NAMES];
    const fakeOf = (url: string, studentId: number) =>
      `${url.replace('/api/student/profile', '/api/fake/profile')}?studentId=${studentId}`;

    it('staff and a classmate see the student’s; another direction and an enrollee are refused; a read writes nothing', async () => {
      at('2026-03-10T12:00:00Z');
      const student = await c.enrolledStudent();
      await submitted(student.id, ['2026-03-09T10:00:00Z', '2026-03-10T10:00:00Z']);
      await answered(student.id, 'what-is-js', '2026-03-10T11:00:00Z');
      await answered(student.id, 'where-js-runs', '2026-03-10T11:00:00Z');
      await answered(student.id, 'const-keyword', '2026-03-10T11:00:00Z');
      const own = await Promise.all(ALL.map((url) => get(url, student.cookie)));
      expect(own).toEqual([
        { currentDaysWithoutPause: 2, maxDaysWithoutPause: 2 },
        [
          { date: '2026-03-09', count: 1 },
          { date: '2026-03-10', count: 4 },
        ],
        1,
        ['Первые шаги'],
      ]);
      const viewers = [
        await t.userWithSession({ role: 'MENTOR', direction: null }),
        await t.userWithSession({ role: 'CURATOR', direction: null }),
        await t.userWithSession({ role: 'ADMIN', direction: null }),
        await t.userWithSession({ role: 'CHIEF_MENTOR', direction: 'JAVA' }),
        await t.userWithSession(), // a paying student of the same direction
      ];
      const before = await rowCounts(t.database.db);
      for (const viewer of viewers) {
        expect(await Promise.all(ALL.map((url) => get(fakeOf(url, student.id), viewer.cookie)))).toEqual(own);
      }
      expect(await Promise.all(ALL.map((url) => get(url, student.cookie)))).toEqual(own);
      expect(await rowCounts(t.database.db)).toEqual(before);

      const stranger = await t.userWithSession({ direction: 'JAVA' });
      const enrollee = await t.userWithSession({ role: 'STUDENT' });
      // an enrollee of the same direction is no classmate of a paying student: staff only
      const enrolleeSubject = await t.userWithSession({ role: 'STUDENT', direction: 'FE' });
      await submitted(enrolleeSubject.id, ['2026-03-10T10:00:00Z']);
      const classmate = viewers[4]!;
      for (const url of ALL) {
        const refused = await t.inject({
          method: 'GET',
          url: fakeOf(url, enrolleeSubject.id),
          headers: { cookie: classmate.cookie },
        });
        expect({ url, status: refused.statusCode, key: refused.json().error?.key }).toEqual({
          url,
          status: 403,
          key: 'notClassmate',
        });
        expect(refused.json().data).toBeFalsy();
      }
      expect(await get(fakeOf(ACTIVITY, enrolleeSubject.id), viewers[0]!.cookie)).toEqual([{ date: '2026-03-10', count: 1 }]);
      for (const url of ALL) {
        const refused = await t.inject({ method: 'GET', url: fakeOf(url, student.id), headers: { cookie: stranger.cookie } });
        expect(refused.statusCode).toBe(403);
        expect(refused.body).not.toContain('Первые шаги');
        expect(
          (await t.inject({ method: 'GET', url: fakeOf(url, student.id), headers: { cookie: enrollee.cookie } })).statusCode,
        ).toBe(403);
        expect((await t.inject({ method: 'GET', url, headers: { cookie: enrollee.cookie } })).statusCode).toBe(403);
        expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
        const mentor = viewers[0]!;
        expect(
          (await t.inject({ method: 'GET', url: fakeOf(url, 2147483647), headers: { cookie: mentor.cookie } })).statusCode,
        ).toBe(404);
      }
      // a paying student's own id in the view-as address is their own page
      expect(await get(fakeOf(COUNT, student.id), student.cookie)).toBe(1);
    });

    it('each call costs a fixed number of queries, whatever the history', async () => {
      at('2026-03-10T12:00:00Z');
      const student = await c.enrolledStudent();
      const mentor = await t.userWithSession({ role: 'MENTOR', direction: null });
      const cost = async (url: string, cookie: string) => {
        const before = t.queryCount();
        await get(url, cookie);
        return t.queryCount() - before;
      };
      // one call at a time, so each count is that call's
      const costs = async () => {
        const own: number[] = [];
        const fake: number[] = [];
        for (const url of ALL) own.push(await cost(url, student.cookie));
        for (const url of ALL) fake.push(await cost(fakeOf(url, student.id), mentor.cookie));
        return { own, fake };
      };
      // both sessions read once: then they are kept in process (docs/architecture.md, "Caches")
      await get(ALL[0]!, student.cookie);
      await get(fakeOf(ALL[0]!, student.id), mentor.cookie);
      const empty = await costs();
      // three years of history: a submission on most days
      const history = Array.from({ length: 3 * 365 }, (_, i) => new Date(Date.UTC(2023, 2, 10 + i, 8 + (i % 12))).toISOString());
      await submitted(
        student.id,
        history.filter((_, i) => i % 7 !== 3),
      );
      await submitted(
        student.id,
        history.filter((_, i) => i % 3 === 0),
        'is-palindrome',
        true,
      );
      // and every instant try logged: three on most days
      await t.database.db
        .insertInto('task_attempts')
        .values(
          history
            .filter((_, i) => i % 5 !== 1)
            .flatMap((at) =>
              [0, 1, 2].map((i) => ({
                student_id: student.id,
                task_id: c.task('program-order').id,
                right: i === 2,
                created_at: at,
              })),
            ),
        )
        .execute();
      for (const slug of ['what-is-js', 'where-js-runs', 'const-keyword'])
        await answered(student.id, slug, '2026-03-01T10:00:00Z');
      const full = await costs();
      expect(full).toEqual(empty);
      // one query per call (the session is kept); the view-as twin reads the student too
      expect(empty.own).toEqual([1, 1, 1, 1]);
      expect(empty.fake).toEqual([2, 2, 2, 2]);
    });
  });
});
