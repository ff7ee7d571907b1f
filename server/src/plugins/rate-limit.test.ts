import { createQueryId, type KyselyPlugin } from 'kysely';
import { createTestApp, testDatabases, type TestApp } from '../testing/test-app';
import { createRateLimiter } from './rate-limit';

describe.each(testDatabases())('the rate limiter on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  /** A limiter whose statements are recorded as SQL text. */
  const recordingLimiter = () => {
    const statements: string[] = [];
    const { db } = t.database;
    const recorder: KyselyPlugin = {
      transformQuery: (args) => {
        statements.push(db.getExecutor().compileQuery(args.node, createQueryId()).sql);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    return { limiter: createRateLimiter(db.withPlugin(recorder)), statements };
  };
  it('a reservation is one statement; without an address limit, others sprayed from the address do not count', async () => {
    const address = '10.30.0.1';
    const event = 'spray-test';
    await t.database.db
      .insertInto('rate_events')
      .values(Array.from({ length: 20 }, (_, i) => ({ kind: event, subject: `victim-${i}`, address, created_at: new Date() })))
      .execute();
    const { limiter, statements } = recordingLimiter();
    const limits = { perSubject: 10, perPair: 2, windowMinutes: 15 };
    expect((await limiter.reserve(event, 'target', address, limits)).ok).toBe(true);
    // one statement, one round trip: the locks, the count and the insert are rate_reserve's (migration 0035)
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^select \* from rate_reserve\(/);
    // the pair limit still holds, for that address only
    expect((await limiter.reserve(event, 'target', address, limits)).ok).toBe(true);
    expect((await limiter.reserve(event, 'target', address, limits)).ok).toBe(false);
    expect((await limiter.reserve(event, 'target', '10.30.0.2', limits)).ok).toBe(true);
  });

  it("with an address limit the address's rows of every subject count", async () => {
    const address = '10.31.0.1';
    const event = 'address-test';
    const { limiter, statements } = recordingLimiter();
    const limits = { perSubject: 10, perAddress: 3, windowMinutes: 15 };
    for (let i = 0; i < 3; i++) expect((await limiter.reserve(event, `subject-${i}`, address, limits)).ok).toBe(true);
    expect(statements).toHaveLength(3);
    expect((await limiter.reserve(event, 'subject-9', address, limits)).ok).toBe(false);
    expect((await limiter.reserve(event, 'subject-9', '10.31.0.2', limits)).ok).toBe(true);
  });

  it('a parallel burst from one address: exactly its limit reserved, the rest told how long to wait', async () => {
    const limiter = createRateLimiter(t.database.db);
    const limits = { perSubject: 10, perAddress: 5, windowMinutes: 15 };
    const replies = await Promise.all(
      Array.from({ length: 24 }, (_, i) => limiter.reserve('burst-test', `subject-${i}`, '10.32.0.1', limits)),
    );
    expect(replies.filter((reply) => reply.ok)).toHaveLength(5);
    for (const reply of replies) {
      if (!reply.ok) expect(reply.retryAfterSeconds).toBeGreaterThan(14 * 60);
    }
    // a reservation taken back no longer counts: one more fits
    const kept = replies.find((reply) => reply.ok);
    if (kept?.ok) await kept.release();
    expect((await limiter.reserve('burst-test', 'subject-99', '10.32.0.1', limits)).ok).toBe(true);
    expect((await limiter.reserve('burst-test', 'subject-98', '10.32.0.1', limits)).ok).toBe(false);
  });
});
