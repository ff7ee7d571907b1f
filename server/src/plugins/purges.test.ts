import { createAuthRepository } from '../modules/auth/repository';
import type { DatabaseHandle } from '../db/database';
import { createTestApp, secondConnection, testDatabases, type TestApp } from '../testing/test-app';
import { createRateLimiter } from './rate-limit';

/**
 * The hourly purges run on every instance (docs/scaling.md, "Scaling"): two instances purging at the same
 * moment delete what has expired once between them, keep everything else, and neither fails.
 */
describe.each(testDatabases())('the purges of two instances on %s', (kind) => {
  let t: TestApp;
  let other: DatabaseHandle;
  beforeAll(async () => {
    t = await createTestApp(kind);
    other = await secondConnection(t.database);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('rate events: the old ones go, the window stays and still counts', async () => {
    const day = 24 * 3600_000;
    const old = new Date(Date.now() - 2 * day);
    await t.database.db
      .insertInto('rate_events')
      .values([
        ...Array.from({ length: 200 }, (_, i) => ({
          kind: 'purge-test',
          subject: `old-${i}`,
          address: '10.9.0.1',
          created_at: old,
        })),
        ...Array.from({ length: 3 }, () => ({
          kind: 'purge-test',
          subject: 'recent',
          address: '10.9.0.1',
          created_at: new Date(),
        })),
      ])
      .execute();
    const limiters = [createRateLimiter(t.database.db), createRateLimiter(other.db)];
    await Promise.all([...limiters, ...limiters].map((limiter) => limiter.purge()));

    const left = await t.database.db.selectFrom('rate_events').select('subject').where('kind', '=', 'purge-test').execute();
    expect(left.map((r) => r.subject)).toEqual(['recent', 'recent', 'recent']);
    const limits = { perSubject: 4, windowMinutes: 15 };
    expect((await limiters[1]!.reserve('purge-test', 'recent', '10.9.0.2', limits)).ok).toBe(true);
    expect((await limiters[0]!.reserve('purge-test', 'recent', '10.9.0.3', limits)).ok).toBe(false);
  });

  it('sessions and known devices: the expired ones go, a live session still works', async () => {
    const live = await t.userWithSession();
    const gone = await t.userWithSession();
    const past = new Date(Date.now() - 60_000);
    await t.database.db.updateTable('sessions').set({ expires_at: past }).where('user_id', '=', gone.id).execute();
    await t.database.db.updateTable('sign_in_devices').set({ expires_at: past }).where('user_id', '=', gone.id).execute();
    const repositories = [createAuthRepository(t.database.db), createAuthRepository(other.db)];
    await Promise.all([...repositories, ...repositories].map((repository) => repository.purgeExpired()));

    const sessionsOf = async (userId: number) =>
      (await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;
    expect(await sessionsOf(gone.id)).toBe(0);
    expect(await sessionsOf(live.id)).toBe(1);
    const devices = await t.database.db
      .selectFrom('sign_in_devices')
      .select('user_id')
      .where('user_id', 'in', [live.id, gone.id])
      .execute();
    expect(devices.map((d) => d.user_id)).toEqual([live.id]);
    expect((await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: live.cookie } })).statusCode).toBe(200);
  });
});
