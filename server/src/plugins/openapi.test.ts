import { createTestApp, type TestApp } from '../testing/test-app';

interface Operation {
  summary?: string;
  responses?: Record<string, { content?: unknown }>;
}

// The API describes itself: every route has a schema (a summary, and a reply schema for JSON calls).
describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('lists every route with a summary, and a reply schema for every JSON call', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(document.openapi).toMatch(/^3\./);
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(80);
    // test-only factory routes and the documentation itself are not the academy's API
    const api = operations.filter(({ route }) => !/\/__test__\/|\/api\/docs/.test(route));
    const withoutSummary = api.filter(({ operation }) => !operation.summary).map(({ route }) => route);
    expect(withoutSummary).toEqual([]);
    // pictures, avatars and the mailbox page are not JSON; everything else declares what it answers
    const binary = /picture\.svg|\/image|\/dev\/mailbox|direction-pic/;
    const withoutReply = api
      .filter(({ route, operation }) => !binary.test(route) && !operation.responses?.['200']?.content)
      .map(({ route }) => route);
    expect(withoutReply).toEqual([]);
  });

  it('is browsable in development at /api/docs', async () => {
    const page = await t.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
