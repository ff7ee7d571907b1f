import type {
  GeneralNotification,
  MentorQueuePage,
  MentorReviewSlot,
  ModuleView,
  PendingCommentsPage,
  StudentReview,
  StudentTask,
  TaskComment,
} from '@academy/shared/contract';
import { createTestApp, testDatabases, type TestApp } from '../testing/test-app';
import { DEMO_PASSWORD, seedDemo } from './seed';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo data of `npm start` that staff work on and students share: comments, notifications, the
 * mentor queue and reviews. One seeded database per kind; these checks only read (seeding again, and
 * the student's own data: seed.test.ts).
 */
describe.each(testDatabases())('the demo’s shared and staff data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemo(t.database.db);
  }, 180_000);
  afterAll(() => t?.close());

  const signIn = (email: string) => t.signIn({ email, password: DEMO_PASSWORD });
  const headers = (cookie: string) => ({ cookie, zoneid: 'Europe/Moscow' });

  it('comments: a thread with a mentor’s answer and likes, the newcomer’s waiting one', async () => {
    const lecture = await t.database.db
      .selectFrom('course_tasks')
      .select('id')
      .where('slug', '=', 'what-is-js')
      .executeTakeFirstOrThrow();
    const student = await signIn('student@demo.academy');
    const thread = await t.inject({ method: 'GET', url: `/api/user/comment/task/${lecture.id}`, headers: { cookie: student } });
    const comments: TaskComment[] = thread.json().data;
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ likes: 2, user: { firstName: 'Степан' } });
    expect(comments[0]!.dependentComments.map((a) => a.user.firstName)).toEqual(['Михаил', 'Степан']);

    const curator = await signIn('curator@demo.academy');
    const pending = await t.inject({ method: 'GET', url: '/api/comment/moderation', headers: { cookie: curator } });
    const page: PendingCommentsPage = pending.json().data;
    expect(page.items.map((c) => c.student.firstName)).toEqual(['Надежда']);
    expect(page.items[0]!.taskPath).toMatch(/^\/user\/courses\/\d+\/1\/1\/1\?studentId=\d+$/);
  });

  it('the demo student’s bell: a welcome, an important notice open for a week, a comment-answer notice', async () => {
    const cookie = await signIn('student@demo.academy');
    const reply = await t.inject({ method: 'GET', url: '/api/student/generalNotification', headers: { cookie } });
    const bell: GeneralNotification[] = reply.json().data;
    expect(bell.map((n) => n.kind).sort()).toEqual(['COMMENT_ANSWER', 'STAFF', 'STAFF']);
    const important = bell.find((n) => n.important)!;
    const days = (Date.parse(important.endTime!) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    expect(bell.find((n) => n.kind === 'COMMENT_ANSWER')!.link).toMatch(/^\/user\/courses\/\d+\/\d+\/\d+\/\d+$/);
    const staff = await signIn('admin@demo.academy');
    // the students' important notice is theirs: it never opens over a staff page (issue 29)
    const staffBell = await t.inject({ method: 'GET', url: '/api/student/generalNotification', headers: { cookie: staff } });
    expect((staffBell.json().data as GeneralNotification[]).some((n) => n.important)).toBe(false);
    const list = await t.inject({ method: 'GET', url: '/api/staff/notifications', headers: { cookie: staff } });
    expect(list.json().data.items.map((n: { author: { name: string } }) => n.author.name)).toEqual([
      'Анна Админова',
      'Анна Админова',
    ]);
  });

  it('the demo mentor’s queue: the demo students’ answers, one overdue; they open as the student', async () => {
    const mentor = await signIn('mentor@demo.academy');
    const reply = await t.inject({ method: 'GET', url: '/api/mentor/queue', headers: { cookie: mentor } });
    const queue = reply.json().data as MentorQueuePage;
    expect(queue.entries.map((e) => [e.student.lastName, e.promiseState, e.studentMentor?.lastName])).toEqual([
      ['Студентов', 'red', 'Менторов'],
      ['Новикова', 'ok', 'Менторов'],
    ]);
    expect(queue).toMatchObject({ total: 2, overdue: 1 });

    const first = queue.entries[0]!;
    const view = await t.inject({
      method: 'GET',
      url: `/api/fake/user/task/${first.task.id}/mentorCheckTask?studentId=${first.student.id}`,
      headers: { cookie: mentor },
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().data as StudentTask).toMatchObject({
      pending: true,
      answerId: first.answerId,
      verdictExpectedBy: first.promisedBy,
    });
  });

  it('reviews: planned slots for three weeks, the student’s passed and failed reviews, the modules open as they should', async () => {
    // the reviewing mentor sees the coming weeks' slots with their conference
    const mentor = await signIn('mentor@demo.academy');
    const slots = (await t.inject({ method: 'GET', url: '/api/mentor/review/slots', headers: headers(mentor) })).json()
      .data as MentorReviewSlot[];
    expect(slots.length).toBeGreaterThanOrEqual(20);
    const last = Math.max(...slots.map((s) => new Date(s.startsAt).getTime()));
    expect(last).toBeGreaterThan(Date.now() + 14 * DAY);
    expect(last).toBeLessThan(Date.now() + 22 * DAY);
    expect(new Set(slots.map((s) => s.modulePosition))).toEqual(new Set([1, 2, 3]));
    expect(slots.every((s) => s.conferenceUrl?.startsWith('https://') && s.mentorName === 'Михаил Менторов')).toBe(true);
    expect(slots.some((s) => s.bookings.length === 1)).toBe(true);

    // the demo student: the first module passed, the second failed with two debts of each kind
    const student = await signIn('student@demo.academy');
    const reviews = (await t.post('/api/student/review/', {}, student)).json().data as StudentReview[];
    expect(reviews.map((r) => r.status)).toEqual(['SUCCESS', 'FAILED']);
    const failed = reviews[1]!.studentReviewId;
    const debts = async (path: string) =>
      (await t.inject({ method: 'GET', url: `/api/student/review/${failed}/debt/${path}`, headers: headers(student) })).json()
        .data as unknown[];
    expect(await debts('code')).toHaveLength(2);
    expect(await debts('theory')).toHaveLength(2);

    const course = await t.database.db
      .selectFrom('courses')
      .select('id')
      .where('slug', '=', 'js-basics')
      .executeTakeFirstOrThrow();
    const views = (
      await t.inject({ method: 'GET', url: `/api/student/course/views/${course.id}`, headers: headers(student) })
    ).json().data as ModuleView[];
    expect(views.map((m) => m.blocked)).toEqual([false, false, true]);
    // each module ends with its review step; the first one is done
    for (const module of views) expect(module.chapterViewDtos.at(-1)!.taskViews.at(-1)!.type).toBe('review_step');
    expect(views[0]!.chapterViewDtos.at(-1)!.taskViews.at(-1)!.solved).toBe(true);
    expect(views[0]!.solvedTaskAmount).toBe(views[0]!.allTaskAmount);
  });
});
