import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import zlib from 'node:zlib';
import { readRemotes, type AppConfig } from './config';
import { openedByUser, scriptSafeJson } from './plugins/static';
import crypto from 'node:crypto';
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
  afterAll(() => t?.close());

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

  it("a visitor's error texts follow the interface's language cookie before the browser's language", async () => {
    const textFor = async (browser: string, cookie: string) =>
      (
        await t.inject({
          method: 'GET',
          url: '/api/no/such/thing',
          headers: { 'accept-language': browser },
          cookies: { academy_lang: cookie },
        })
      ).json().error.text;
    expect(await textFor('ru-RU', 'en')).toBe('Not found: GET /api/no/such/thing');
    expect(await textFor('en', 'ru')).toBe('Нет такого адреса: GET /api/no/such/thing');
    // anything else in the cookie is ignored: the browser's language decides
    expect(await textFor('en', 'de')).toBe('Not found: GET /api/no/such/thing');
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
    // JSON has no inline script to allow: an API reply's policy is fixed, without the boot script's hash
    expect(response.headers['content-security-policy']).not.toContain('sha256-');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
    // the API's headers are helmet's, read once: the same set a page gets, but for the page's script hash
    const page = await t.inject({ method: 'GET', url: '/user/courses' });
    const helmetNames = Object.keys(page.headers).filter((name) => name in response.headers && name !== 'content-type');
    expect(helmetNames).toEqual(
      expect.arrayContaining(['strict-transport-security', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy']),
    );
    for (const name of [
      'strict-transport-security',
      'x-frame-options',
      'cross-origin-opener-policy',
      'referrer-policy',
      'x-dns-prefetch-control',
    ])
      expect([name, response.headers[name]]).toEqual([name, page.headers[name]]);
    const withoutScripts = (csp: unknown) => String(csp).replace(/script-src [^;]*;/, '');
    expect(withoutScripts(response.headers['content-security-policy'])).toBe(
      withoutScripts(page.headers['content-security-policy']),
    );
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
    fs.writeFileSync(path.join(root, 'shell', 'dist', 'picture.abcdef12.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // precompressed copies (the build writes .br and .gz beside each file over 1 KB): sent for their own file
    fs.writeFileSync(
      path.join(root, 'shell', 'dist', 'index.html.br'),
      zlib.brotliCompressSync('<!doctype html><title>shell</title>'),
    );
    fs.writeFileSync(path.join(root, 'shell', 'dist', '123.abcdef12.js.br'), zlib.brotliCompressSync('console.log(1)'));
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

  it("sends a page's scripts, styles and JSON without the headers only a document obeys; a page and an SVG keep them", async () => {
    const documentOnly = [
      'content-security-policy',
      'x-frame-options',
      'strict-transport-security',
      'cross-origin-opener-policy',
    ];
    for (const url of [
      '/123.abcdef12.js',
      '/remotes/student/remoteEntry.js',
      '/remotes/student/mf-manifest.json',
      '/picture.abcdef12.svg',
      '/user/courses',
    ]) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      // what a subresource obeys stays on every file
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      const isDocument = url.endsWith('.svg') || url === '/user/courses';
      for (const header of documentOnly)
        expect([url, header, response.headers[header] !== undefined]).toEqual([url, header, isDocument]);
    }
    // the same for a precompressed copy: a page opened as /index.html keeps them, its scripts do not
    const brotli = { 'accept-encoding': 'br' };
    const page = await t.inject({ method: 'GET', url: '/index.html', headers: brotli });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const script = await t.inject({ method: 'GET', url: '/123.abcdef12.js', headers: brotli });
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    // revalidated by its ETag; no Last-Modified on any file
    expect((await t.inject({ method: 'GET', url: '/123.abcdef12.js' })).headers['last-modified']).toBeUndefined();
    expect((await t.inject({ method: 'GET', url: '/remotes/student/remoteEntry.js' })).headers.etag).toBeTruthy();
  });

  it('a missing file is a 404, and /api stays JSON', async () => {
    expect((await t.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
    const api = await t.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.json().error.code).toBe(404);
  });
});

describe('the served page (issue 14: prerendered views, inlined remotes map, preload hints)', () => {
  let t: TestApp;
  let root: string;
  const dist = (...parts: string[]) => path.join(root, ...parts);
  const BOOT = '(()=>{document.documentElement.dataset.booted="1"})();';
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-page-'));
    fs.mkdirSync(dist('shell', 'dist'), { recursive: true });
    fs.mkdirSync(dist('remote-student', 'dist'), { recursive: true });
    // as html-webpack-plugin writes it: minified, attribute quotes dropped
    fs.writeFileSync(
      dist('shell', 'dist', 'index.html'),
      '<!doctype html><html lang=ru><head><title>shell</title><link rel=preload href=/config/remotes.json as=fetch crossorigin=anonymous></head>' +
        '<body><div id=root></div><script defer src=/main.js></script></body></html>',
    );
    // the apps' server entries as tooling/build-server-entry.mjs builds them: a CommonJS file and its CSS
    const entry = (app: string, code: string, css: string) => {
      fs.mkdirSync(dist(app, 'dist', 'server'), { recursive: true });
      fs.writeFileSync(dist(app, 'dist', 'server', 'entry.cjs'), `exports.version = 't';\n${code}`);
      fs.writeFileSync(dist(app, 'dist', 'server', 'entry.css'), css);
    };
    // the shell's boot script as its build compiles it
    fs.mkdirSync(dist('shell', 'dist', 'server'), { recursive: true });
    fs.writeFileSync(dist('shell', 'dist', 'server', 'boot-script.js'), `${BOOT}\n`);
    entry(
      'shell',
      `const titles = { ru: 'Вход — Академия', en: 'Sign in — Academy' };
      exports.render = async (r) => (r.url === '/login' ? { html: '<main>sign-in ' + r.language + '</main>', state: null, title: titles[r.language] } : null);
      exports.frame = async (r, inner) =>
        inner
          ? { html: '<header>' + (r.profile ? r.profile.id : 'visitor') + '</header>' + inner.html, state: r.profile ? { queries: { bell: 1 } } : null, title: inner.title }
          : { html: '<main>skeleton ' + r.language + '</main>', state: null };`,
      '.x{color:red}',
    );
    entry(
      'remote-public',
      `const titles = { ru: 'Обучение программированию — Академия', en: 'Learn <programming> — Academy' };
      exports.render = async (r) => (r.url === '/' ? { html: '<main>landing ' + r.language + '</main>', state: null, title: titles[r.language] } : null);`,
      '.public{color:green}',
    );
    // the student's: asks the API through the host's fetch, as the caller
    entry(
      'remote-student',
      `exports.render = async (r) => {
        if (r.profile.firstName === 'Throw') throw new Error('a component failed');
        if (r.profile.firstName === 'Decline' || r.url.includes('?') || r.url === '/user/statistic') return null;
        const reply = await r.fetch('http://academy.internal/api/student/course/all-views');
        if (!reply.ok) return null;
        const { data } = await reply.json();
        return { html: '<main>' + r.url + ' ' + r.language + ' for ' + r.profile.id + ': ' + data.length + '</main>', state: { queries: { list: data } } };
      };`,
      '.student{color:blue}',
    );
    fs.writeFileSync(
      dist('shell', 'dist', 'preload.json'),
      JSON.stringify({
        groups: {
          bootstrap: ['1.abcdef12.js'],
          login: ['login.abcdef12.js'],
          'i18n-en-common': ['en1.abcdef12.js'],
          'i18n-en-shell': ['en2.abcdef12.js'],
        },
        provided: { react: ['1.abcdef12.js'], formik: ['5.abcdef12.js', '6.abcdef12.js'], yup: ['14.abcdef12.js'] },
      }),
    );
    // the shared modules the remote consumes: the shell's copy where it provides one, else the remote's
    fs.writeFileSync(
      dist('remote-student', 'dist', 'preload.json'),
      JSON.stringify({
        // its English texts, and its own (unused) copy of the common ones
        groups: {
          './App': ['7.abcdef12.js'],
          'i18n-en-student': ['en3.abcdef12.js'],
          'i18n-en-common': ['en4.abcdef12.js'],
          'route-course': ['12.abcdef12.js', '9.abcdef12.js'],
          'route-task': ['13.abcdef12.js'],
        },
        // the addresses whose page is a chunk of its own
        routes: {
          'courses/:courseId': 'route-course',
          'courses/additional/:courseId': 'route-course',
          'courses/:courseId/:modulePosition/:chapterPosition/:taskPosition': 'route-task',
        },
        fallbacks: {
          './App': { react: ['8.abcdef12.js'], formik: ['10.abcdef12.js'], '@academy/shared/task-kinds': ['9.abcdef12.js'] },
          // a page's own: the shell's copy of yup, and formik once
          'route-task': { formik: ['10.abcdef12.js'], yup: ['15.abcdef12.js'] },
        },
      }),
    );
    const remotes = Object.fromEntries(
      (['student', 'mentor', 'enrollee', 'public'] as const).map((name) => [name, { entry: `/remotes/${name}/remoteEntry.js` }]),
    ) as AppConfig['remotes'];
    // a hostile value must stay data inside the page
    remotes.mentor = { entry: 'https://cdn.example/m/remoteEntry.js?</script><script>alert(1)</script>' };
    t = await createTestApp('pglite', { staticRoot: root, remotes });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  /** The scripts the page preloads after its first paint. */
  const preloaded = (html: string) =>
    JSON.parse(/<script type="application\/json" id="academy-preload">(.*?)<\/script>/.exec(html)?.[1] ?? '[]') as string[];

  it('sends /login prerendered in the language of the cookie, with the critical CSS, the app started at the first interaction', async () => {
    const russian = await t.inject({ method: 'GET', url: '/login' });
    expect(russian.body).toContain('<html lang="ru" data-boot="interaction"');
    expect(russian.body).toContain('<div id="prerendered"><main>sign-in ru</main></div><div id="root"></div>');
    expect(russian.body).toContain('<style>.x{color:red}');
    // the entry is not run by the page: the inline script starts it, then asks for the chunks (e2e:
    // sign-in.spec.ts sees no script fetched before)
    expect(russian.body).not.toContain('src=/main.js');
    expect(russian.body).not.toContain('href="/main.js"');
    expect(preloaded(russian.body)).toEqual(['/1.abcdef12.js', '/login.abcdef12.js']);
    expect(russian.body).not.toContain('/config/remotes.json');
    // a visitor with a session cookie gets the app at once (a signed-in one is sent on to their page)
    const withSession = await t.inject({ method: 'GET', url: '/login', cookies: { academy_session: 'any' } });
    expect(withSession.body).not.toContain('data-boot="interaction"');
    expect(withSession.body).toContain('<script defer src=/main.js></script>');
    expect(withSession.body).toContain('<link rel="preload" as="script" href="/main.js" />');
    expect(preloaded(withSession.body)).toEqual(['/1.abcdef12.js', '/login.abcdef12.js']);
    const withNotice = await t.inject({ method: 'GET', url: '/login?param=logout' });
    expect(withNotice.body).toContain('<main>sign-in ru</main>');
    expect(withNotice.body).not.toContain('data-boot="interaction"');
    expect(withNotice.body).toContain('<script defer src=/main.js></script>');
    const english = await t.inject({ method: 'GET', url: '/login', cookies: { academy_lang: 'en' } });
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).toContain('<main>sign-in en</main>');
    expect(english.headers.vary).toContain('cookie');
    // issue 29: the page's own title in the tab before the app starts, in the page's language
    expect(russian.body).toContain('<title>Вход — Академия</title>');
    expect(english.body).toContain('<title>Sign in — Academy</title>');
    // as a browser asks for / (@fastify/static refuses the bare directory without an accepted encoding)
    const landing = await t.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip' },
      cookies: { academy_lang: 'en' },
    });
    expect(zlib.gunzipSync(landing.rawPayload).toString('utf8')).toContain('<title>Learn &lt;programming&gt; — Academy</title>');
    // a page the server does not prerender keeps the template's title (the app names it)
    expect((await t.inject({ method: 'GET', url: '/privacy_policy' })).body).toContain('<title>shell</title>');
    // the English texts are chunks of their own: asked for with the rest, for an English page only
    expect(preloaded(english.body)).toEqual(['/1.abcdef12.js', '/login.abcdef12.js', '/en1.abcdef12.js', '/en2.abcdef12.js']);
    // a course's and a task's address: their page's chunk group too (the remote's `routes`), after the area's
    const hintsFor = async (url: string) =>
      preloaded((await t.inject({ method: 'GET', url, cookies: { academy_session: 'any' } })).body);
    const area = ['/1.abcdef12.js', '/remotes/student/remoteEntry.js', '/remotes/student/7.abcdef12.js'];
    const consumed = ['/5.abcdef12.js', '/6.abcdef12.js', '/remotes/student/9.abcdef12.js'];
    expect(await hintsFor('/user/courses/4')).toEqual([
      ...area,
      '/remotes/student/12.abcdef12.js',
      '/remotes/student/9.abcdef12.js',
      ...consumed.slice(0, 2),
    ]);
    expect(await hintsFor('/user/courses/additional/4')).toEqual(await hintsFor('/user/courses/4'));
    // the shared modules the task's page consumes beyond the area's: loaded with the rest, not after it
    expect(await hintsFor('/user/courses/4/1/2/3')).toEqual([
      ...area,
      '/remotes/student/13.abcdef12.js',
      ...consumed,
      '/14.abcdef12.js',
    ]);
    // no page of its own: the area's code only
    expect(await hintsFor('/user/statistic')).toEqual([...area, ...consumed]);
    expect(await hintsFor('/user/courses/4/1')).toEqual([...area, ...consumed]);
  });

  it('prerenders the landing page for visitors only, and a signed-in area as its skeleton with its remote preloaded', async () => {
    expect((await t.inject({ method: 'GET', url: '/' })).body).toContain('<main>landing ru</main>');
    const visitor = await t.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    const landing = zlib.gunzipSync(visitor.rawPayload).toString('utf8');
    expect(landing).toContain('<main>landing ru</main>');
    expect(landing).toContain('data-boot="interaction"');
    expect((await t.inject({ method: 'GET', url: '/user/courses' })).body).not.toContain('id="prerendered"');
    const signedIn = await t.inject({ method: 'GET', url: '/user/courses', cookies: { academy_session: 'any' } });
    expect(signedIn.body).toContain('<main>skeleton ru</main>');
    expect(signedIn.body).not.toContain('data-boot="interaction"');
    expect(signedIn.body).toContain('<script defer src=/main.js></script>');
    expect(preloaded(signedIn.body)).toEqual([
      '/1.abcdef12.js',
      '/remotes/student/remoteEntry.js',
      '/remotes/student/7.abcdef12.js',
      '/5.abcdef12.js',
      '/6.abcdef12.js',
      '/remotes/student/9.abcdef12.js',
    ]);
    const english = await t.inject({
      method: 'GET',
      url: '/user/courses',
      cookies: { academy_session: 'any', academy_lang: 'en' },
    });
    expect(preloaded(english.body)).toEqual([
      '/1.abcdef12.js',
      '/en1.abcdef12.js',
      '/en2.abcdef12.js',
      '/remotes/student/remoteEntry.js',
      '/remotes/student/7.abcdef12.js',
      '/remotes/student/en3.abcdef12.js',
      '/5.abcdef12.js',
      '/6.abcdef12.js',
      '/remotes/student/9.abcdef12.js',
    ]);
    const redirected = await t.inject({
      method: 'GET',
      url: '/',
      cookies: { academy_session: 'any' },
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zlib.gunzipSync(redirected.rawPayload).toString('utf8')).not.toContain('id="prerendered"');
  });

  it('preloads an area the shell bundles itself instead of its remote; a shell without `provided` adds no shared copies', async () => {
    const file = dist('shell', 'dist', 'preload.json');
    const original = fs.readFileSync(file, 'utf8');
    const rewrite = (manifest: object) => {
      fs.writeFileSync(file, JSON.stringify(manifest));
      // a later modification time than the copy the server read (the reader compares it)
      const later = new Date(Date.now() + 5_000 + Math.random() * 1_000);
      fs.utimesSync(file, later, later);
    };
    const hints = async () =>
      preloaded((await t.inject({ method: 'GET', url: '/user/courses', cookies: { academy_session: 'any' } })).body);
    try {
      // the single-bundle build (bench/federation-cost.mjs) names its area's group `area-<remote>`
      rewrite({ groups: { bootstrap: ['1.abcdef12.js'], 'area-student': ['11.abcdef12.js'] } });
      expect(await hints()).toEqual(['/1.abcdef12.js', '/11.abcdef12.js']);
      // a shell built before `provided` existed: the remote's own copies would never be used
      rewrite({ groups: { bootstrap: ['1.abcdef12.js'] } });
      expect(await hints()).toEqual(['/1.abcdef12.js', '/remotes/student/remoteEntry.js', '/remotes/student/7.abcdef12.js']);
    } finally {
      rewrite(JSON.parse(original) as object);
    }
  });

  it("inlines a signed-in caller's own profile, escaped, into a page no shared cache keeps", async () => {
    const profileOf = (html: string) => /<script type="application\/json" id="academy-profile">(.*?)<\/script>/.exec(html)?.[1];
    const student = await t.userWithSession({ role: 'STUDENT', firstName: '</script><script>alert(1)</script>' });
    const page = await t.inject({ method: 'GET', url: '/user/courses', headers: { cookie: student.cookie } });
    const json = profileOf(page.body);
    expect(json).toBeDefined();
    expect(json).not.toMatch(/[<>]/);
    const own = (await t.inject({ method: 'GET', url: '/api/user/profile', headers: { cookie: student.cookie } })).json();
    expect(JSON.parse(json!)).toEqual(own.data);
    expect(page.headers['cache-control']).toBe('private, no-store');
    // no profile for a session that is not one, nor outside the signed-in areas (sign-in, landing)
    const stale = await t.inject({ method: 'GET', url: '/user/courses', cookies: { academy_session: 'any' } });
    expect(profileOf(stale.body)).toBeUndefined();
    expect(stale.headers['cache-control']).toBe('no-cache');
    const login = await t.inject({ method: 'GET', url: '/login', headers: { cookie: student.cookie } });
    expect(profileOf(login.body)).toBeUndefined();
  });

  it("renders a student's page with the area's own entry, as the caller, in the shell's frame; the skeleton when that fails", async () => {
    const stateOf = (html: string) => {
      const json = /<script type="application\/json" id="academy-state">(.*?)<\/script>/.exec(html)?.[1];
      return json === undefined ? undefined : (JSON.parse(json) as unknown[]);
    };
    const student = await t.userWithSession({ direction: 'FE' });
    const own = (
      await t.inject({ method: 'GET', url: '/api/student/course/all-views', headers: { cookie: student.cookie } })
    ).json().data;
    const list = await t.inject({ method: 'GET', url: '/user/courses', headers: { cookie: student.cookie } });
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.body).toContain(
      `<div id="prerendered" data-content=""><header>${student.id}</header><main>/user/courses ru for ${student.id}: ${own.length}</main></div><div id="root"></div>`,
    );
    // the CSS of both apps; the API state of both renders (the frame's first), which the shell's store starts from
    expect(list.body).toContain('<style>.x{color:red}.student{color:blue}');
    expect(stateOf(list.body)).toEqual([{ queries: { bell: 1 } }, { queries: { list: own } }]);
    const english = await t.inject({
      method: 'GET',
      url: '/user/courses/',
      headers: { cookie: `${student.cookie}; academy_lang=en` },
    });
    expect(english.body).toContain('<main>/user/courses/ en for');
    // an entry that fails or declines: the frame's skeleton, no state
    for (const firstName of ['Throw', 'Decline']) {
      const other = await t.userWithSession({ direction: 'FE', firstName });
      const page = await t.inject({ method: 'GET', url: '/user/courses', headers: { cookie: other.cookie } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="prerendered"><main>skeleton ru</main></div>');
      expect(page.body).not.toContain('.student{color:blue}');
      expect(stateOf(page.body)).toBeUndefined();
    }
    // the entry's calls are the caller's: an enrollee is refused the list, so the entry renders nothing
    const enrollee = await t.userWithSession({ role: 'STUDENT' });
    const refused = await t.inject({ method: 'GET', url: '/user/courses', headers: { cookie: enrollee.cookie } });
    expect(refused.statusCode).toBe(200);
    expect(refused.body).not.toContain('data-content');
    // a page the entry does not render: the skeleton; no session: no state
    const statistics = await t.inject({ method: 'GET', url: '/user/statistic', headers: { cookie: student.cookie } });
    expect(statistics.body).toContain('<div id="prerendered"><main>skeleton ru</main></div>');
    const stale = await t.inject({ method: 'GET', url: '/user/courses', cookies: { academy_session: 'any' } });
    expect(stateOf(stale.body)).toBeUndefined();
  });

  it('a redeployed entry renders at once, with no restart', async () => {
    const student = await t.userWithSession({ direction: 'FE' });
    const file = dist('remote-student', 'dist', 'server', 'entry.cjs');
    const original = fs.readFileSync(file, 'utf8');
    try {
      fs.writeFileSync(
        file,
        `exports.version = 't2'; exports.render = async (r) => ({ html: '<main>v2 ' + r.url + '</main>', state: null });`,
      );
      const later = new Date(Date.now() + 5_000);
      fs.utimesSync(file, later, later);
      const page = await t.inject({ method: 'GET', url: '/user/courses', headers: { cookie: student.cookie } });
      expect(page.body).toContain('<main>v2 /user/courses</main>');
    } finally {
      fs.writeFileSync(file, original);
      const latest = new Date(Date.now() + 10_000);
      fs.utimesSync(file, latest, latest);
    }
  });

  it('asks on behalf of the caller with zoneId only for a page the browser says they opened', () => {
    const request = (headers: Record<string, string>, method = 'GET') => ({ method, headers }) as unknown as FastifyRequest;
    const opened = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
    expect(openedByUser(request(opened))).toBe(true);
    expect(openedByUser(request({ ...opened, 'sec-fetch-site': 'none' }))).toBe(true);
    for (const other of [
      { ...opened, 'sec-fetch-site': 'cross-site' },
      { ...opened, 'sec-fetch-site': 'same-site' },
      { ...opened, 'sec-fetch-dest': 'image' },
      { ...opened, 'sec-purpose': 'prefetch' },
      {},
    ]) {
      expect(openedByUser(request(other))).toBe(false);
    }
    expect(openedByUser(request(opened, 'HEAD'))).toBe(false);
  });

  it('inlines the remotes map as inert, escaped JSON, and allows the one inline script by its hash only', async () => {
    const response = await t.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
    const json = /<script type="application\/json" id="academy-remotes">(.*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toMatch(/[<>]/);
    expect(JSON.parse(json!).mentor.entry).toBe('https://cdn.example/m/remoteEntry.js?</script><script>alert(1)</script>');
    expect(html).toContain(`<script>${BOOT}</script>`);
    const scriptSrc = /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1] ?? '';
    expect(scriptSrc).toContain(`'sha256-${crypto.createHash('sha256').update(BOOT).digest('base64')}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSafeJson({ text: '</script><!-- \u2028' })).not.toMatch(/[<>\u2028]/);
  });
});

describe('a remote deployed to another origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      remotes: readRemotes({ REMOTE_PUBLIC_URL: 'https://cdn.example/public/mf-manifest.json' }),
    });
  });
  afterAll(() => t?.close());

  it('the map names its manifest and the CSP lets its scripts, fetches and images in', async () => {
    const map = await t.inject({ method: 'GET', url: '/config/remotes.json' });
    expect(map.json().public).toEqual({ entry: 'https://cdn.example/public/mf-manifest.json' });
    const csp = String(map.headers['content-security-policy']);
    for (const directive of ['script-src', 'connect-src', 'img-src', 'style-src']) {
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
