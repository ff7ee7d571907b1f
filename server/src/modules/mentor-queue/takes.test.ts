import type { LightMyRequestResponse } from 'fastify';
import type { MentorQueueEntry, MentorQueueMentor, MentorQueuePage, RoleName } from '@academy/shared/contract';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { addWaitingAnswer } from '../../testing/factory-routes';
import { testDatabases, type TestApp } from '../../testing/test-app';

const QUEUE = '/api/mentor/queue';
const MINUTE = 60_000;

// Taking answers, their expiry, the verdict's rule and the chief mentor's reassignments (docs/courses.md, "Mentor queue").
describe.each(testDatabases())('taking answers of the mentor queue on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;
  const NOW = Date.parse('2026-05-04T08:00:00.000Z');

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
  });
  beforeEach(() => after(0));
  afterAll(() => t?.close());

  /** The app's clock `minutes` after the tests' now. */
  function after(minutes: number) {
    t.app.clock.now = () => new Date(NOW + minutes * MINUTE);
  }
  const mentorWithSession = (lastName: string, role: RoleName = 'MENTOR') =>
    t.userWithSession({ role, direction: null, firstName: 'Инна', lastName });
  const answerOf = async (mentorId?: number) => {
    const student = await t.createUser({ ...(mentorId ? { mentorId } : {}) });
    return { student, ...(await addWaitingAnswer(t.app, { studentId: student.id, minutesAgo: 30 })) };
  };
  const take = (answerId: number, cookie: string) =>
    t.inject({ method: 'POST', url: `${QUEUE}/${answerId}/take`, headers: { cookie } });
  const release = (answerId: number, cookie: string) =>
    t.inject({ method: 'DELETE', url: `${QUEUE}/${answerId}/take`, headers: { cookie } });
  const assign = (answerId: number, mentorId: number, cookie: string) =>
    t.post(`${QUEUE}/${answerId}/assign`, { mentorId }, cookie);
  const entryOf = (reply: LightMyRequestResponse) => {
    expect(reply.statusCode).toBe(200);
    return reply.json().data as MentorQueueEntry;
  };
  const queueOf = async (cookie: string, query = '?pageSize=100') => {
    const reply = await t.inject({ method: 'GET', url: `${QUEUE}${query}`, headers: { cookie } });
    expect(reply.statusCode).toBe(200);
    return reply.json().data as MentorQueuePage;
  };
  const verdict = (sent: { studentTaskId: number; answerId: number }, cookie: string) =>
    t.post(
      `/api/fake/protect/user/taskInfo/${sent.studentTaskId}/answer/${sent.answerId}/mentorAnswer`,
      { mentorComment: '<p>Хорошо</p>', right: true },
      cookie,
    );
  const error = (reply: LightMyRequestResponse) => reply.json().error as { key: string; text: string };

  it('a mentor takes an answer: the queue shows who has it and until when; a second mentor is refused by name', async () => {
    const first = await mentorWithSession('Первая');
    const second = await mentorWithSession('Вторая');
    const sent = await answerOf();
    const taken = entryOf(await take(sent.answerId, first.cookie));
    expect(taken).toMatchObject({
      takenBy: { id: first.id, firstName: 'Инна', lastName: 'Первая' },
      takenUntil: new Date(NOW + 60 * MINUTE).toISOString(),
      takenByMe: true,
    });
    const seen = (await queueOf(second.cookie)).entries.find((e) => e.answerId === sent.answerId)!;
    expect(seen).toMatchObject({ takenBy: { id: first.id }, takenByMe: false });

    const refused = await take(sent.answerId, second.cookie);
    expect(refused.statusCode).toBe(409);
    expect(error(refused)).toMatchObject({
      key: 'queueTakenByOther',
      text: 'Этот ответ уже проверяет Инна Первая (взят до 04.05.2026 09:00). Выберите другой.',
    });
    // taking it again extends one's own take
    after(10);
    expect(entryOf(await take(sent.answerId, first.cookie)).takenUntil).toBe(new Date(NOW + 70 * MINUTE).toISOString());
  });

  it('twenty mentors taking one answer at once: exactly one wins', async () => {
    const mentors = await Promise.all(Array.from({ length: 20 }, (_, i) => mentorWithSession(`Ментор${i}`)));
    const sent = await answerOf();
    const replies = await Promise.all(mentors.map((m) => take(sent.answerId, m.cookie)));
    const winners = replies.flatMap((reply, i) => (reply.statusCode === 200 ? [mentors[i]!] : []));
    expect(winners).toHaveLength(1);
    const losers = replies.filter((reply) => reply.statusCode !== 200);
    expect(losers.map((r) => r.statusCode)).toEqual(Array(19).fill(409));
    const winner = `Инна Ментор${mentors.indexOf(winners[0]!)}`;
    for (const reply of losers) expect(error(reply).text).toContain(`${winner} (взят до`);
    const seen = (await queueOf(winners[0]!.cookie)).entries.find((e) => e.answerId === sent.answerId)!;
    expect(seen).toMatchObject({ takenBy: { id: winners[0]!.id }, takenByMe: true });
  });

  it('a take not judged in time runs out and the answer returns to the queue', async () => {
    const first = await mentorWithSession('Первая');
    const second = await mentorWithSession('Вторая');
    const sent = await answerOf();
    entryOf(await take(sent.answerId, first.cookie));
    after(59);
    expect((await take(sent.answerId, second.cookie)).statusCode).toBe(409);
    after(60);
    const back = (await queueOf(second.cookie)).entries.find((e) => e.answerId === sent.answerId)!;
    expect(back).toMatchObject({ takenBy: null, takenUntil: null });
    expect(entryOf(await take(sent.answerId, second.cookie))).toMatchObject({ takenBy: { id: second.id }, takenByMe: true });
    // the first mentor's old take is gone: they are refused now
    expect((await take(sent.answerId, first.cookie)).statusCode).toBe(409);
  });

  it('the take lasts ACADEMY_QUEUE_TAKE_MINUTES', async () => {
    const mentor = await mentorWithSession('Быстрая');
    const sent = await answerOf();
    const before = t.app.config.mentorQueue.takeMinutes;
    t.app.config.mentorQueue.takeMinutes = 15;
    try {
      expect(entryOf(await take(sent.answerId, mentor.cookie)).takenUntil).toBe(new Date(NOW + 15 * MINUTE).toISOString());
    } finally {
      t.app.config.mentorQueue.takeMinutes = before;
    }
  });

  it('a mentor releases their own take; another’s they cannot', async () => {
    const first = await mentorWithSession('Первая');
    const second = await mentorWithSession('Вторая');
    const sent = await answerOf();
    entryOf(await take(sent.answerId, first.cookie));
    const refused = await release(sent.answerId, second.cookie);
    expect(refused.statusCode).toBe(409);
    expect(error(refused)).toMatchObject({ key: 'queueReleaseNotYours', text: expect.stringContaining('Инна Первая') });
    expect(entryOf(await release(sent.answerId, first.cookie))).toMatchObject({ takenBy: null, takenByMe: false });
    // releasing what nobody holds changes nothing
    expect(entryOf(await release(sent.answerId, first.cookie))).toMatchObject({ takenBy: null });
    expect(entryOf(await take(sent.answerId, second.cookie)).takenBy?.id).toBe(second.id);
  });

  it('the verdict: refused to others while a take lasts, the taker’s lands; a free answer is taken by the verdict', async () => {
    const taker = await mentorWithSession('Берущая');
    const other = await mentorWithSession('Другая', 'CHIEF_MENTOR');
    const sent = await answerOf();
    entryOf(await take(sent.answerId, taker.cookie));
    const refused = await verdict(sent, other.cookie);
    expect(refused.statusCode).toBe(409);
    expect(error(refused)).toMatchObject({ key: 'queueVerdictTaken', text: expect.stringContaining('Инна Берущая') });
    expect((await verdict(sent, taker.cookie)).statusCode).toBe(200);
    // judged: out of every queue, no longer takeable
    expect((await queueOf(other.cookie)).entries.map((e) => e.answerId)).not.toContain(sent.answerId);
    expect((await take(sent.answerId, taker.cookie)).statusCode).toBe(404);

    // a free answer: the verdict takes it, so a take at the same moment cannot also win
    const free = await answerOf();
    const [judged, taken] = await Promise.all([verdict(free, taker.cookie), take(free.answerId, other.cookie)]);
    if (judged.statusCode === 200) expect([404, 409]).toContain(taken.statusCode);
    else expect([judged.statusCode, taken.statusCode]).toEqual([409, 200]);
    // an expired take no longer stands in the way
    const late = await answerOf();
    entryOf(await take(late.answerId, taker.cookie));
    after(61);
    expect((await verdict(late, other.cookie)).statusCode).toBe(200);
  });

  it('the chief mentor gives an answer to another mentor: it leaves the first mentor’s queue and their take ends', async () => {
    const chief = await mentorWithSession('Главная', 'CHIEF_MENTOR');
    const own = await mentorWithSession('Своя');
    const helper = await mentorWithSession('Помощница');
    const sent = await answerOf(own.id);
    entryOf(await take(sent.answerId, own.cookie));

    const mentors = (await t.inject({ method: 'GET', url: `${QUEUE}/mentors`, headers: { cookie: chief.cookie } })).json()
      .data as MentorQueueMentor[];
    expect(mentors).toContainEqual({ id: own.id, firstName: 'Инна', lastName: 'Своя', role: 'MENTOR', waiting: 1 });
    expect(mentors).toContainEqual(expect.objectContaining({ id: chief.id, role: 'CHIEF_MENTOR' }));

    const given = entryOf(await assign(sent.answerId, helper.id, chief.cookie));
    expect(given).toMatchObject({
      assignedTo: { id: helper.id, lastName: 'Помощница' },
      studentMentor: { id: own.id },
      takenBy: null,
    });
    expect((await queueOf(own.cookie)).entries.map((e) => e.answerId)).not.toContain(sent.answerId);
    expect((await queueOf(helper.cookie)).entries.map((e) => e.answerId)).toContain(sent.answerId);
    expect((await queueOf(chief.cookie, `?mentorId=${helper.id}`)).entries.map((e) => e.answerId)).toEqual([sent.answerId]);
    expect((await take(sent.answerId, own.cookie)).statusCode).toBe(404);

    // given to the mentor who holds it, the take stays
    entryOf(await take(sent.answerId, helper.cookie));
    expect(entryOf(await assign(sent.answerId, helper.id, chief.cookie)).takenBy?.id).toBe(helper.id);

    // only to an active mentor or chief mentor, only a waiting answer
    const student = await t.createUser();
    const blocked = await t.createUser({ role: 'MENTOR', blocked: true });
    for (const mentorId of [student.id, blocked.id, 2147483000]) {
      const reply = await assign(sent.answerId, mentorId, chief.cookie);
      expect(reply.statusCode).toBe(400);
      expect(error(reply).key).toBe('queueNotMentor');
    }
    expect((await assign(2147483000, helper.id, chief.cookie)).statusCode).toBe(404);
    expect((await t.post(`${QUEUE}/${sent.answerId}/assign`, { mentorId: helper.id, extra: 1 }, chief.cookie)).statusCode).toBe(
      400,
    );
  });
});
