import type { GeneralNotification } from '@academy/shared/contract';
import { createCourseApp, type CourseApp } from '../../testing/course-app';
import { testDatabases, type TestApp } from '../../testing/test-app';
import { sendAcademyNotice } from './academy';

const BELL = '/api/student/generalNotification';

/**
 * Issue 29 (item 21): a verdict notice stayed English after the reader switched to Russian. The academy's
 * notices keep their texts' keys and values and are written in the reader's language of the moment.
 */
describe.each(testDatabases())('the academy’s notices in the reader’s language on %s', (kind) => {
  let c: CourseApp;
  let t: TestApp;

  beforeAll(async () => {
    c = await createCourseApp(kind);
    t = c.t;
  });
  afterAll(() => t?.close());

  const bell = async (cookie: string) => {
    const reply = await t.inject({ method: 'GET', url: BELL, headers: { cookie } });
    expect(reply.statusCode).toBe(200);
    return reply.json().data as GeneralNotification[];
  };
  const choose = async (cookie: string, lang: 'ru' | 'en') => {
    const reply = await t.inject({
      method: 'POST',
      url: '/api/locale/select_lang',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `lang=${lang}`,
    });
    expect(reply.statusCode).toBe(200);
  };

  it('a verdict sent to an English reader reads Russian once they switch to Russian, and back', async () => {
    const student = await c.enrolledStudent();
    const mentor = await c.openEveryModule(student);
    await choose(student.cookie, 'en');
    const state = await c.stateId(student.cookie, 'todo-project');
    const sent = await c.sendForCheck(student.cookie, state, `https://github.com/student-${student.id}/todo`);
    expect((await c.giveVerdict(mentor.cookie, state, sent.json().data.answerId, true)).statusCode).toBe(200);
    const verdict = async () => (await bell(student.cookie)).find((n) => n.kind === 'MENTOR_VERDICT')!;
    expect(await verdict()).toMatchObject({ title: 'Your mentor accepted your work' });

    await choose(student.cookie, 'ru');
    const russian = await verdict();
    expect(russian.title).toBe('Ментор принял вашу работу');
    expect(russian.message).toContain('«Список дел»');
    expect(russian.message).not.toMatch(/mentor/i);

    await choose(student.cookie, 'en');
    expect((await verdict()).title).toBe('Your mentor accepted your work');
  });

  it('values stay escaped when written anew; a notice stored before the keys and a staff one stay as written', async () => {
    const student = await t.userWithSession();
    await sendAcademyNotice(
      t.database.db,
      {
        kind: 'COMMENT_ANSWER',
        userId: student.id,
        authorName: 'Мила <b>Ментор</b>',
        taskTitle: 'Замыкания',
        excerpt: '<img src=x onerror=alert(1)> посмотрите ещё раз',
        link: '/user/courses/1/1/1/1',
      },
      new Date(),
    );
    await t.database.db
      .insertInto('notifications')
      .values([
        {
          title: 'Старое уведомление',
          message: '<p>Как было</p>',
          audience: 'USER',
          user_id: student.id,
          kind: 'MENTOR_VERDICT',
        },
        { title: 'Объявление', message: '<p>От куратора</p>', audience: 'USER', user_id: student.id },
      ])
      .execute();

    await choose(student.cookie, 'en');
    const list = await bell(student.cookie);
    const answer = list.find((n) => n.kind === 'COMMENT_ANSWER')!;
    expect(answer.title).toBe('New reply to your comment');
    expect(answer.message).toContain('Мила &lt;b&gt;Ментор&lt;/b&gt; replied');
    expect(answer.message).not.toContain('<img');
    expect(list.find((n) => n.title === 'Старое уведомление')?.message).toBe('<p>Как было</p>');
    expect(list.find((n) => n.title === 'Объявление')?.message).toBe('<p>От куратора</p>');
  });
});
