import { formatReportDate, type Report } from '@academy/shared/contract';
import { ACADEMY_ZONE } from '../plugins/zone';
import { dayInZone } from '../plugins/zone';
import { createTestApp, testDatabases } from '../testing/test-app';
import { DEMO_PASSWORD, seedDemo } from './seed';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('demo reports on %s', (kind) => {
  it('the last weeks of the demo student and the newcomer, yesterday included; seeding again adds none', async () => {
    const t = await createTestApp(kind);
    try {
      await seedDemo(t.database.db);
      const count = async () => (await t.database.db.selectFrom('reports').select('id').execute()).length;
      const seeded = await count();
      await seedDemo(t.database.db);
      expect(await count()).toBe(seeded);

      const day = (daysAgo: number) => formatReportDate(dayInZone(new Date(Date.now() - daysAgo * DAY), ACADEMY_ZONE));
      const cookie = await t.signIn({ email: 'student@demo.academy', password: DEMO_PASSWORD });
      const headers = { cookie, zoneid: ACADEMY_ZONE };
      const reply = await t.inject({
        method: 'GET',
        url: `/api/student/report?onlySelf=false&startDate=${day(20)}&endDate=${day(0)}`,
        headers,
      });
      const reports: Report[] = reply.json().data.entities;
      const names = new Set(reports.map((r) => r.firstName));
      expect([...names].sort()).toEqual(['Надежда', 'Степан']);
      const own = reports.filter((r) => r.firstName === 'Степан');
      expect(own.length).toBeGreaterThanOrEqual(10);
      expect(own.some((r) => r.reportDate === day(1))).toBe(true);
      expect(own.some((r) => r.reportDate === day(0))).toBe(false);
      expect(own.some((r) => r.text.length > 100)).toBe(true);

      const profile = await t.inject({ method: 'GET', url: '/api/user/profile', headers });
      expect(profile.json().data).toMatchObject({ isViewReport: true, requireCreateReport: false });
    } finally {
      await t.close();
    }
  }, 60_000);
});
