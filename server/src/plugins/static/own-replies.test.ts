import type { FastifyRequest } from 'fastify';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app';
import { createOwnReplies } from './own-replies';

// docs/architecture.md, "Server rendering": a page's render asks the API as the caller, GETs and the
// POSTs that only read (`readsOnly`), never a change
describe.each(testDatabases())('a server render’s own calls on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const pageRequest = (cookie: string) => ({ method: 'GET', headers: { cookie } }) as unknown as FastifyRequest;
  const search = { startTime: '01.01.2026', endTime: '31.12.2026', reviewStatus: null };

  it('asks a read whose filter is a body (the student’s reviews) with the reader’s zone', async () => {
    const student = await t.userWithSession({ role: 'PAY_STUDENT' });
    const fetch = createOwnReplies(t.app).callerFetch(pageRequest(student.cookie), false, 'Europe/Moscow');
    const response = await fetch('http://academy/api/student/review/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(search),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: [], error: null });
  });

  it('refuses every other POST, a read without the reader’s zone, and a body larger than a filter', async () => {
    const student = await t.userWithSession({ role: 'PAY_STUDENT' });
    const replies = createOwnReplies(t.app);
    const post = (fetch: typeof globalThis.fetch, url: string, body: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const zoned = replies.callerFetch(pageRequest(student.cookie), true, 'UTC');
    // a change (a report) is never made by a render, even for a page the student opened
    const report = JSON.stringify({ date: '01.12.2026', hours: 1, text: 'x' });
    expect((await post(zoned, 'http://academy/api/student/report', report)).status).toBe(405);
    expect((await zoned('http://academy/api/student/review/1', { method: 'DELETE' })).status).toBe(405);
    // no zone known for the reader: the browser asks itself
    const unzoned = replies.callerFetch(pageRequest(student.cookie), true, null);
    expect((await post(unzoned, 'http://academy/api/student/review/', JSON.stringify(search))).status).toBe(405);
    const padded = JSON.stringify({ ...search, padding: 'x'.repeat(5000) });
    expect((await post(zoned, 'http://academy/api/student/review/', padded)).status).toBe(413);
  });

  it('flags fixed POST addresses only', () => {
    expect([...t.app.readOnlyPosts]).toEqual(['/api/student/review/', '/api/fake/protect/student/review']);
  });
});
