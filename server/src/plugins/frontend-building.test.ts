import Fastify, { type FastifyInstance } from 'fastify';
import { holdPagesWhileBuilding } from './frontend-building';

// `npm start` serves while it builds the frontends: pages wait (503, a page that reloads itself and
// names what is built) until every frontend is built; the API answers at once.
describe('pages while the frontends are being built', () => {
  let app: FastifyInstance;
  let tell: ReturnType<typeof holdPagesWhileBuilding>;
  beforeEach(async () => {
    app = Fastify();
    tell = holdPagesWhileBuilding(app, ['shell', 'remote-student']);
    app.get('/login', async () => 'the sign-in page');
    app.get('/remotes/student/remoteEntry.js', async () => 'entry');
    app.get('/api/health', async () => ({ ok: true }));
    await app.ready();
  });
  afterEach(() => app.close());

  it('answers 503 "being built" for pages and frontend files until all are built', async () => {
    for (const url of ['/login', '/remotes/student/remoteEntry.js']) {
      const reply = await app.inject({ url });
      expect(reply.statusCode).toBe(503);
      expect(reply.headers['retry-after']).toBe('2');
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.body).toContain('The academy is being built');
      expect(reply.body).toContain('<li>shell: being built…</li>');
    }

    tell({ built: 'shell' });
    const partly = await app.inject({ url: '/login' });
    expect(partly.statusCode).toBe(503);
    expect(partly.body).toContain('<li>shell: built</li>');
    expect(partly.body).toContain('<li>remote-student: being built…</li>');

    tell({ built: 'remote-student' });
    tell({ allBuilt: true });
    const ready = await app.inject({ url: '/login' });
    expect(ready.statusCode).toBe(200);
    expect(ready.body).toBe('the sign-in page');
  });

  it('serves the API meanwhile', async () => {
    const reply = await app.inject({ url: '/api/health' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ ok: true });
  });
});
