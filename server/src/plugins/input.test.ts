import { createTestApp, testDatabases, type TestApp } from '../testing/test-app';

// Input no database can store is a readable 400, never a 500: on every route, signed in or not.
describe.each(testDatabases())('unusable input on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    cookie = (await t.userWithSession({ role: 'MENTOR' })).cookie;
  });
  afterAll(() => t?.close());

  const expectRefused = (response: { statusCode: number; json(): { error: { key: string; text: string } } }) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ key: 'invalidRequest', text: expect.stringMatching(/\S/) });
  };

  it('infinite ids in addresses and queries', async () => {
    for (const id of ['Infinity', '-Infinity', '1e309']) {
      expectRefused(await t.inject({ method: 'GET', url: `/api/student/course/views/${id}`, headers: { cookie } }));
      expectRefused(
        await t.inject({
          method: 'GET',
          url: `/api/user/courseTask/getIdByChapterIdAndPosition/1?chapterId=${id}`,
          headers: { cookie },
        }),
      );
    }
  });

  it('a NUL character or a lone surrogate half in any text', async () => {
    expectRefused(await t.post('/token', { username: 'a\u0000@x.org', password: 'x' }));
    expectRefused(await t.post('/api/recovery-password/send-recovery-link/ru', { email: 'a\u0000@x.org' }));
    expectRefused(await t.inject({ method: 'GET', url: '/api/meet/link?linkCode=%00' }));
    expectRefused(await t.inject({ method: 'GET', url: '/api/fake/protect/user/students?query=a%00b', headers: { cookie } }));
    expectRefused(await t.post('/token', { username: 'a\ud800@x.org', password: 'x' }));
    expectRefused(await t.post('/token', { ['us\u0000er']: 'x' }));
    // a well-formed pair of halves (an emoji) is ordinary text
    expect((await t.post('/token/validate_user', { username: '😀@x.org', password: 'x' })).statusCode).toBe(200);
  });

  it('an address that is not valid percent-encoding', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/student/course/views/%ff', headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, data: null, error: { code: 400, key: 'invalidRequest' } });
  });

  it('the server stays up', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
