import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';

// The security review of daily reports (docs/courses.md, "Daily reports"): each test here failed before its fix.
// What held (another's report, hours and date bounds, zones, the window, onlySelf) is in reports.test.ts.
describe.each(testDatabases())('daily reports attacked on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.app.clock.now = () => new Date('2026-03-10T12:00:00Z');
  });
  afterAll(() => t?.close());

  const write = (cookie: string, text: string) =>
    t.inject({
      method: 'POST',
      url: '/api/student/report',
      headers: { cookie },
      payload: { id: null, text, countHours: 1, reportDate: '10.03.2026' },
    });

  it('a zone the request names cannot date a report tomorrow: days are the account’s stored zone’s, else the academy’s', async () => {
    // 12:00 UTC on 10 March: the 10th in Moscow (the academy's zone), already the 11th on Kiritimati (+14)
    const student = await t.userWithSession({ paymentType: 'UNTIL_PAID', direction: 'FE' });
    const tomorrow = (zone: string) =>
      t.inject({
        method: 'POST',
        url: '/api/student/report',
        headers: { cookie: student.cookie, zoneid: zone },
        payload: { id: null, text: 'Завтрашний', countHours: 1, reportDate: '11.03.2026' },
      });
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Auckland']) {
      const reply = await tomorrow(zone);
      expect([zone, reply.statusCode, reply.json().error?.key]).toEqual([zone, 400, 'report.badDate']);
    }
    // the zone stored with the account (its sign-in's) decides: there it is the 11th
    await t.database.db.updateTable('users').set({ time_zone: 'Pacific/Kiritimati' }).where('id', '=', student.id).execute();
    expect((await tomorrow('Europe/Moscow')).statusCode).toBe(200);
  });

  it('a text of invisible characters is no text; bidi controls are taken out, as in comments', async () => {
    const writer = await t.userWithSession({ isViewReport: true, direction: 'FE' });
    for (const blank of ['\u200B\u200B\u200B', '\u2060\u202E\u3164', ' \u200D \u00A0 ']) {
      const reply = await write(writer.cookie, blank);
      expect([JSON.stringify(blank), reply.statusCode, reply.json().error?.key]).toEqual([
        JSON.stringify(blank),
        400,
        'report.textRequired',
      ]);
    }
    // a classmate reads the text as written, not reversed by an override the writer slipped in
    const reply = await write(writer.cookie, 'Сделал \u202Eмодуль 3\u202C до конца');
    expect(reply.statusCode).toBe(200);
    const classmate = await t.userWithSession({ isViewReport: true, direction: 'FE' });
    const list = await t.inject({
      method: 'GET',
      url: '/api/student/report?onlySelf=false&startDate=10.03.2026&endDate=10.03.2026',
      headers: { cookie: classmate.cookie },
    });
    const texts = (list.json().data.entities as Array<{ studentId: number; text: string }>)
      .filter((r) => r.studentId === writer.id)
      .map((r) => r.text);
    expect(texts).toEqual(['Сделал модуль 3 до конца']);
  });
});
