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
  const countOf = (statements: string[]) => {
    const count = statements.find((text) => text.includes('count(*)') && text.includes('"rate_events"'));
    if (!count) throw new Error(`no count among ${statements.join('\n')}`);
    return count;
  };

  it("without an address limit only the subject's rows are read: an address spraying many subjects costs nothing", async () => {
    const address = '10.30.0.1';
    const event = 'spray-test';
    await t.database.db
      .insertInto('rate_events')
      .values(Array.from({ length: 20 }, (_, i) => ({ kind: event, subject: `victim-${i}`, address, created_at: new Date() })))
      .execute();
    const { limiter, statements } = recordingLimiter();
    const limits = { perSubject: 10, perPair: 2, windowMinutes: 15 };
    expect((await limiter.reserve(event, 'target', address, limits)).ok).toBe(true);
    const count = countOf(statements);
    // the address appears only with the subject (the pair), never on its own
    expect(count).not.toMatch(/ or /i);
    expect(count.match(/address" = \$\d+|address = \$\d+/g)).toHaveLength(2);
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
    expect(countOf(statements)).toMatch(/ or /i);
    expect((await limiter.reserve(event, 'subject-9', address, limits)).ok).toBe(false);
    expect((await limiter.reserve(event, 'subject-9', '10.31.0.2', limits)).ok).toBe(true);
  });
});
