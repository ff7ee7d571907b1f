import { createTestApp, type TestApp } from '../testing/test-app';

// Overload sheds (issue 33): past the bound of API requests in progress, a new one is answered at once
// with 503, Retry-After and the catalogue's text; once the others are answered, requests are served again.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The status of a request once it is the expected one (the bound is compared every 20 ms), or the last. */
async function statusOnceItIs(t: TestApp, expected: number, headers: Record<string, string> = {}) {
  for (let i = 0; ; i++) {
    const response = await t.inject({ method: 'GET', url: '/api/no/such/thing', headers });
    if (response.statusCode === expected || i === 150) return response;
    await sleep(20);
  }
}

describe('shedding overload', () => {
  let t: TestApp;
  let release: () => void = () => undefined;
  let held = new Promise<void>((resolve) => (release = resolve));
  beforeAll(async () => {
    t = await createTestApp('pglite', { maxInFlight: 3 }, async (app) => {
      app.get('/api/__test__/slow', async () => {
        await held;
        return { success: true, data: 'done', error: null };
      });
    });
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After past the bound, and serves again once the queue is gone', async () => {
    const slow = Array.from({ length: 4 }, () => t.inject({ method: 'GET', url: '/api/__test__/slow' }));
    const shed = await statusOnceItIs(t, 503, { 'accept-language': 'en' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('2');
    expect(shed.json()).toEqual({
      success: false,
      data: null,
      error: { code: 503, text: 'The server is overloaded right now. Try again in a few seconds.', key: 'overloaded' },
    });
    release();
    for (const response of await Promise.all(slow)) expect(response.statusCode).toBe(200);
    expect((await statusOnceItIs(t, 404)).statusCode).toBe(404);
  });

  it('a request the client gave up on is counted out', async () => {
    held = new Promise<void>((resolve) => (release = resolve));
    const controllers = Array.from({ length: 4 }, () => new AbortController());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const requests = controllers.map((controller) =>
      fetch(`http://127.0.0.1:${port}/api/__test__/slow`, { signal: controller.signal }).catch(() => null),
    );
    expect((await statusOnceItIs(t, 503)).statusCode).toBe(503);
    for (const controller of controllers) controller.abort();
    await Promise.all(requests);
    expect((await statusOnceItIs(t, 404)).statusCode).toBe(404);
    release();
  });
});

describe('the bound of requests in progress', () => {
  it('is about 150 ms of waiting at each database’s pace: 128 on PGlite, 256 on PostgreSQL, else as set', async () => {
    const { loadConfig } = await import('../config');
    expect(loadConfig({}).maxInFlight).toBe(128);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/academy' }).maxInFlight).toBe(256);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/academy', ACADEMY_MAX_IN_FLIGHT: '64' }).maxInFlight).toBe(64);
  });
});
