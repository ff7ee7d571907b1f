// Requests to an instance or to nginx, on one keep-alive agent (destroyed when the run ends).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One request; resolves with status (0: no answer), parsed body, headers, start and end (ms). */
export function request(base, { method = 'GET', path: url, cookie, body, id, headers: extraHeaders = {} }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = {
      zoneid: 'UTC',
      ...(cookie ? { cookie } : {}),
      ...(id !== undefined ? { 'x-load-id': String(id) } : {}),
      ...extraHeaders,
    };
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    const req = http.request(`${base}${url}`, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        let json = null;
        try {
          json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          // not JSON (an nginx error page)
        }
        resolve({ status: res.statusCode, json, headers: res.headers, started, ended: performance.now() });
      });
      res.on('error', () => resolve({ status: 0, json: null, headers: {}, started, ended: performance.now() }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', (error) =>
      resolve({ status: 0, error: error.message, json: null, headers: {}, started, ended: performance.now() }),
    );
    if (payload) req.write(payload);
    req.end();
  });
}

export const cookieOf = (response) =>
  []
    .concat(response.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .filter((c) => c.startsWith('academy_session='))
    .join('; ');

export async function signIn(base, username, password = 'demo123') {
  const response = await request(base, { method: 'POST', path: '/token', body: { username, password, rememberMe: true } });
  return { status: response.status, cookie: response.status === 200 ? cookieOf(response) : null, json: response.json };
}
