import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { RemotesMap } from '@academy/shared/contract';
import { createServerEntries } from './server-entries';

// docs/architecture.md, "Server rendering": an app's server entry is loaded from where the remotes map
// says the remote is deployed: a folder of this server, or another host (fetched, then revalidated).

const entryCode = (label: string) => `exports.version = '${label}'; exports.render = async () => null;`;
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('server entries', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-entries-'));
  const files = new Map<string, { body: string; etag: string }>();
  const asked: Array<{ url: string; ifNoneMatch: string | undefined }> = [];
  const host = http.createServer((request, response) => {
    asked.push({ url: request.url ?? '', ifNoneMatch: request.headers['if-none-match'] });
    const file = files.get(request.url ?? '');
    if (!file) return void response.writeHead(404).end();
    if (request.headers['if-none-match'] === file.etag) return void response.writeHead(304).end();
    response.writeHead(200, { etag: file.etag }).end(file.body);
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(host.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => host.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('loads a remote of this server from its folder, the versioned path included, and again once replaced', async () => {
    const folder = path.join(root, 'remote-public', 'dist', 'v7', 'server');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'entry.cjs'), entryCode('one'));
    fs.writeFileSync(path.join(folder, 'entry.css'), '.a{}');
    const remotes = { public: { entry: '/remotes/public/v7/remoteEntry.js' } } as RemotesMap;
    const entries = createServerEntries(root, remotes, pino({ level: 'silent' }));
    const first = entries.remote('public');
    expect(first?.entry.version).toBe('one');
    expect(first?.css).toBe('.a{}');
    fs.writeFileSync(path.join(folder, 'entry.cjs'), entryCode('two'));
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(folder, 'entry.cjs'), later, later);
    const second = entries.remote('public');
    expect(second?.entry.version).toBe('two');
    expect(second?.id).not.toBe(first?.id);
    // a remote with no server entry renders nothing on the server
    expect(entries.remote('mentor')).toBeNull();
  });

  it('fetches a remote deployed to another host, beside its remoteEntry.js, and revalidates it by its ETag', async () => {
    files.set('/student/server/entry.cjs', { body: entryCode('cdn-1'), etag: '"c1"' });
    files.set('/student/server/entry.css', { body: '.b{}', etag: '"s1"' });
    const remotes = { student: { entry: `${base}/student/remoteEntry.js` } } as RemotesMap;
    const entries = createServerEntries(root, remotes, pino({ level: 'silent' }));
    // the first request starts the fetch and gets no entry yet (the skeleton), the next ones have it
    expect(entries.remote('student')).toBeNull();
    await until(() => entries.remote('student') !== null);
    const loaded = entries.remote('student');
    expect(loaded?.entry.version).toBe('cdn-1');
    expect(loaded?.css).toBe('.b{}');
    expect(asked.map((call) => call.url).sort()).toEqual(['/student/server/entry.cjs', '/student/server/entry.css']);
    // a new build on the host is picked up after the revalidation interval, asked with the ETags it has
    files.set('/student/server/entry.cjs', { body: entryCode('cdn-2'), etag: '"c2"' });
    const now = Date.now;
    Date.now = () => now() + 11_000;
    try {
      entries.remote('student');
      await until(() => entries.remote('student')?.entry.version === 'cdn-2');
    } finally {
      Date.now = now;
    }
    expect(entries.remote('student')?.entry.version).toBe('cdn-2');
    expect(entries.remote('student')?.css).toBe('.b{}');
    expect(
      asked
        .filter((call) => call.ifNoneMatch)
        .map((call) => call.ifNoneMatch)
        .sort(),
    ).toEqual(['"c1"', '"s1"']);
  });
});
