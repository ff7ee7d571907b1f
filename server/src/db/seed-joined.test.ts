import { createTestApp, type TestApp } from '../testing/test-app';
import { DEMO_PASSWORD, seedDemo } from './seed';

/**
 * Issue 29 (item 15): the forced yesterday's-report dialog could not be seen on a fresh install, as
 * every demo account had joined "today". They joined weeks ago, and one demo student owes the report.
 */
describe('the demo accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await seedDemo(t.database.db);
  }, 300_000);
  afterAll(() => t?.close());

  const profileOf = async (email: string) => {
    const cookie = await t.signIn({ email, password: DEMO_PASSWORD });
    return (await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie, zoneid: 'Europe/Moscow' } })).json()
      .data;
  };

  it('joined weeks ago; reporter@demo.academy owes yesterday’s report, the demo student does not', async () => {
    const users = await t.database.db.selectFrom('users').select(['email', 'created_at']).execute();
    for (const user of users) expect(Date.now() - new Date(user.created_at).getTime()).toBeGreaterThan(14 * 24 * 3600_000);
    expect((await profileOf('reporter@demo.academy')).requireCreateReport).toBe(true);
    expect((await profileOf('student@demo.academy')).requireCreateReport).toBe(false);
  }, 120_000);
});
