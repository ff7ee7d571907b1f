// Checks through nginx: the headers it passes on cannot be forged, its body limit is the instances', and
// the built frontends' cache headers reach the browser.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { agent, request, signIn } from './http.mjs';
import { root } from './options.mjs';
import { check } from './report.mjs';

/** What nginx passes on is what the instances decide by: the client cannot forge it. */
export async function proxyHeaders(nginxUrl) {
  const student = await signIn(nginxUrl, 'student@demo.academy');
  const bell = await request(nginxUrl, { path: '/api/student/generalNotification', cookie: student.cookie });
  const noticeId = bell.json?.data?.[0]?.id;
  const markRead = (headers) =>
    new Promise((resolve) => {
      const body = JSON.stringify({ sgnId: noticeId });
      const req = http.request(
        `${nginxUrl}/api/student/generalNotification`,
        {
          method: 'POST',
          agent,
          headers: {
            zoneid: 'UTC',
            cookie: student.cookie,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...headers,
          },
        },
        (res) => (res.resume(), res.on('end', () => resolve(res.statusCode))),
      );
      req.on('error', () => resolve(0));
      req.end(body);
    });
  const sameOrigin = await markRead({ origin: nginxUrl, 'sec-fetch-site': 'same-origin' });
  const forgedHost = await markRead({ origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' });
  check(
    sameOrigin === 200 && forgedHost === 403,
    `CSRF through nginx: nginx's own origin accepted (${sameOrigin}), a forged X-Forwarded-Host does not make another origin ours (${forgedHost})`,
  );

  const forgedProto = await request(nginxUrl, {
    method: 'POST',
    path: '/token',
    body: { username: 'newcomer@demo.academy', password: 'demo123' },
    headers: { 'x-forwarded-proto': 'https' },
  });
  const secure = [].concat(forgedProto.headers['set-cookie'] ?? []).some((c) => /academy_session=.*;\s*Secure/i.test(c));
  check(
    forgedProto.status === 200 && !secure,
    `a client's X-Forwarded-Proto is replaced: plain http gives no Secure cookie (${forgedProto.status})`,
  );

  const account = `forger-${process.pid}@demo.academy`;
  const statuses = [];
  for (let i = 0; i < 6; i += 1) {
    const response = await request(nginxUrl, {
      method: 'POST',
      path: '/token',
      body: { username: account, password: 'wrong-password' },
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
    });
    statuses.push(response.status);
  }
  check(statuses[5] === 429, `a forged X-Forwarded-For does not dodge the limit: ${statuses.join(', ')}`);

  // the same limit as the instances' (1 MB of JSON): over it, nginx answers with the academy's envelope
  const over = await request(nginxUrl, {
    method: 'POST',
    path: '/token',
    body: { username: 'x'.repeat(1536 * 1024), password: 'x' },
  });
  const under = await request(nginxUrl, {
    method: 'POST',
    path: '/token',
    body: { username: 'x'.repeat(1000 * 1000), password: 'x' },
  });
  check(
    over.status === 413 && over.json?.error?.key === 'tooLarge' && under.status === 400 && under.json?.success === false,
    `body limits: 1.5 MB of JSON refused by nginx with the envelope (${over.status} ${over.json?.error?.key}), ` +
      `1 MB reaches an instance and gets its readable 400 (${under.status})`,
  );
}

export async function cacheHeaders(nginxUrl) {
  const shell = path.join(root, 'shell', 'dist');
  if (!fs.existsSync(path.join(shell, 'index.html'))) {
    console.log('(cache headers through nginx not checked: the frontends are not built; `npm run build`)');
    return;
  }
  // as a browser asks: the instances send the brotli file the build made
  const headers = { 'accept-encoding': 'br, gzip' };
  const page = await request(nginxUrl, { path: '/login', headers });
  const chunk = fs.readdirSync(shell).find((name) => /\.[0-9a-f]{8,}\.js$/.test(name));
  const hashed = chunk ? await request(nginxUrl, { path: `/${chunk}`, headers }) : null;
  const entry = await request(nginxUrl, { path: '/remotes/student/remoteEntry.js', headers });
  check(
    /no-cache/.test(page.headers['cache-control'] ?? '') &&
      /no-cache/.test(entry.headers['cache-control'] ?? '') &&
      page.status === 200 &&
      entry.status === 200 &&
      (!hashed || /max-age=31536000/.test(hashed.headers['cache-control'] ?? '')),
    `cache headers through nginx: page ${page.headers['cache-control']}, remoteEntry.js ${entry.headers['cache-control']}, ` +
      `hashed chunk ${hashed ? `${hashed.headers['cache-control']} (${hashed.headers['content-encoding'] ?? 'not compressed'})` : '(none)'}`,
  );
}
