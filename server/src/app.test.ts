import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { readRemotes } from './config';
import { createTestApp, testDatabases, type TestApp } from './testing/test-app';

describe.each(testDatabases())('the app on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, async (app) => {
      app.get('/api/__test__/boom', async () => {
        throw new Error('secret internal detail at /srv/app.ts:12');
      });
    });
  });
  afterAll(() => t.close());

  it('unknown routes under /api are 404 in the envelope', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/no/such/thing?x=1', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      data: null,
      error: { code: 404, text: 'Not found: GET /api/no/such/thing', key: 'routeNotFound' },
    });
    // in the reader's language, like every error
    const russian = await t.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(russian.json().error.text).toBe('Нет такого адреса: GET /api/no/such/thing');
  });

  it('unexpected errors are a 500 without stack or detail', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/__test__/boom', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      data: null,
      error: { code: 500, text: 'Internal server error.', key: 'internal' },
    });
  });

  it('reads the zoneId header and refuses an unknown zone', async () => {
    const good = await t.inject({ method: 'GET', url: '/api/health', headers: { zoneId: 'Europe/Moscow' } });
    expect(good.statusCode).toBe(200);
    const bad = await t.inject({
      method: 'GET',
      url: '/api/health',
      headers: { zoneId: 'Mars/Olympus', 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.text).toBe('Unknown time zone in the zoneId header: "Mars/Olympus"');
  });

  it('serves the remotes map, revalidated with its ETag', async () => {
    const response = await t.inject({ method: 'GET', url: '/config/remotes.json' });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json().student).toEqual({ entry: '/remotes/student/remoteEntry.js' });
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.inject({ method: 'GET', url: '/config/remotes.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends security headers', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a transaction holds the single PGlite connection: another request’s write is neither swallowed nor lost', async () => {
    const { db } = t.database;
    await sql`create table if not exists isolation_probe (label text primary key)`.execute(db);
    let releaseTransaction!: () => void;
    const transactionStarted = new Promise<void>((resolve) => {
      void db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into isolation_probe values ('inside')`.execute(trx);
          resolve();
          await new Promise<void>((release) => (releaseTransaction = release));
          throw new Error('roll back');
        })
        .catch(() => undefined);
    });
    await transactionStarted;
    // issued while the transaction is open, outside it
    const outside = sql`insert into isolation_probe values ('outside')`.execute(db);
    await new Promise((resolve) => setTimeout(resolve, 50));
    releaseTransaction();
    await outside;
    const rows = await sql<{ label: string }>`select label from isolation_probe order by label`.execute(db);
    expect(rows.rows.map((r) => r.label)).toEqual(['outside']);
  });
});

describe('static frontends', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-static-'));
    fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
    fs.writeFileSync(path.join(root, 'shell', 'dist', '123.abcdef12.js'), 'console.log(1)');
    fs.mkdirSync(path.join(root, 'remote-student', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(root, 'remote-student', 'dist', 'remoteEntry.js'), 'var academy_student;');
    fs.writeFileSync(path.join(root, 'remote-student', 'dist', 'mf-manifest.json'), '{"id":"academy_student"}');
    fs.writeFileSync(path.join(root, 'remote-student', 'dist', '__federation_expose_App.0a1b2c3d.js'), 'void 0;');
    t = await createTestApp('pglite', { staticRoot: root });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves the shell page for app routes, hashed chunks immutable, remote entries revalidated', async () => {
    const page = await t.inject({ method: 'GET', url: '/user/courses?studentId=3' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>shell</title>');
    const chunk = await t.inject({ method: 'GET', url: '/123.abcdef12.js' });
    expect(chunk.headers['cache-control']).toContain('immutable');
    const entry = await t.inject({ method: 'GET', url: '/remotes/student/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
  });

  it('a remote’s entry and manifest are revalidated (304 on their ETag), its hashed chunks cached for a year', async () => {
    for (const file of ['remoteEntry.js', 'mf-manifest.json']) {
      const first = await t.inject({ method: 'GET', url: `/remotes/student/${file}` });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.etag).toBeTruthy();
      const again = await t.inject({
        method: 'GET',
        url: `/remotes/student/${file}`,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
    const chunk = await t.inject({ method: 'GET', url: '/remotes/student/__federation_expose_App.0a1b2c3d.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a missing file is a 404, and /api stays JSON', async () => {
    expect((await t.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
    const api = await t.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.json().error.code).toBe(404);
  });
});

describe('a remote deployed to another origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      remotes: readRemotes({ REMOTE_PUBLIC_URL: 'https://cdn.example/public/mf-manifest.json' }),
    });
  });
  afterAll(() => t.close());

  it('the map names its manifest and the CSP lets its scripts, fetches and images in', async () => {
    const map = await t.inject({ method: 'GET', url: '/config/remotes.json' });
    expect(map.json().public).toEqual({ entry: 'https://cdn.example/public/mf-manifest.json' });
    const csp = String(map.headers['content-security-policy']);
    for (const directive of ['script-src', 'connect-src', 'img-src']) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*https://cdn\\.example`));
    }
  });
});

describe('remotes map configuration', () => {
  it('defaults to this server and accepts overrides per deployment', () => {
    expect(readRemotes({}).mentor.entry).toBe('/remotes/mentor/remoteEntry.js');
    const map = readRemotes({
      ACADEMY_REMOTES: '{"student":"https://cdn.example/student/remoteEntry.js"}',
      REMOTE_PUBLIC_URL: 'https://pub.example/remoteEntry.js',
    });
    expect(map.student.entry).toBe('https://cdn.example/student/remoteEntry.js');
    expect(map.public.entry).toBe('https://pub.example/remoteEntry.js');
    expect(() => readRemotes({ ACADEMY_REMOTES: '{nope' })).toThrow('ACADEMY_REMOTES must be a JSON object');
    expect(() => readRemotes({ ACADEMY_REMOTES: '{"teacher":"x"}' })).toThrow('unknown remote "teacher"');
  });
});
