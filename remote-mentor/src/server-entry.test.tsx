import { screen } from '@testing-library/react';
import type { Profile } from '@academy/shared/contract';
import {
  createTestUser,
  hostFetch as callerFetch,
  serverThenLive as renderThenLive,
  signedInUser,
} from '@academy/shared/testing';
import MentorApp from './app';
import routeChunks from './routes/route-chunks.json';
import { STAFF_SCREENS } from './routes/staff-screens';
import { render } from './server-entry';

const hostFetch = callerFetch();
const zone = 'Europe/Moscow';

/**
 * The server's render of a staff page, then the live page started from its state while every call
 * fails: `live` finds what the live page shows from that state alone. Returns the calls it made.
 */
const serverThenLive = (path: string, profile: Profile, live: () => Promise<unknown>) =>
  renderThenLive({
    load: () => import('./server-entry'),
    request: { url: path, language: 'ru', timeZone: zone, profile, fetch: hostFetch },
    app: <MentorApp />,
    path: `/${path.split('/')[1]}/*`,
    live,
  });

describe("the staff remote's server entry", () => {
  it("renders a curator's students; the live list starts from its state with no call for it", async () => {
    await createTestUser({ firstName: 'Серафима', lastName: 'Докучаева' });
    const { profile } = await signedInUser({ role: 'CURATOR', firstName: 'Ирина', direction: null });
    const { rendered, calls } = await serverThenLive('/curator/students/all', profile, () =>
      screen.findByText('Докучаева Серафима', {}, { timeout: 5000 }),
    );
    expect(rendered.html).toContain('Докучаева Серафима');
    expect(rendered.html).toContain('staff-home-title');
    expect(rendered.html).not.toContain('staff-home__skeleton');
    expect(calls.filter((path) => path.startsWith('/api/fake/protect/user/students'))).toEqual([]);
  });

  it("renders the administrator's users and the mentor's queue with their data; the live pages show it at once", async () => {
    const admin = await signedInUser({ role: 'ADMIN' });
    // other suites add users meanwhile: the live page shows the users the server's page showed
    let shown = '';
    const { rendered: users } = await serverThenLive('/admin/users/', admin.profile, async () => {
      shown = (await screen.findByText(/Найден[оа]? \d+ пользовател/, {}, { timeout: 5000 })).textContent!;
    });
    expect(users.html).toContain('admin-row');
    expect(users.html).toContain(shown);
    // times in the browser's zone, from its cookie
    expect(users.html).toMatch(/г\., \d\d:\d\d/);
    const mentor = await signedInUser({ role: 'MENTOR' });
    // the queue asks again as it opens (it is always fresh), but shows the server's rows meanwhile
    const { rendered: queue } = await serverThenLive('/mentor/review/table', mentor.profile, () =>
      screen.findByRole('heading', { level: 1, name: 'Очередь проверки' }, { timeout: 5000 }),
    );
    expect(queue.html).toContain('queue-title');
    expect(queue.html).not.toContain('queue__skeleton');
  });

  it("renders the chief mentor's planning from today in the reader's zone; the live page asks for nothing", async () => {
    const { profile } = await signedInUser({ role: 'CHIEF_MENTOR' });
    // the live page counts today in the browser's zone: the reader's here, so both show the same period
    const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const { rendered, calls } = await renderThenLive({
      load: () => import('./server-entry'),
      request: { url: '/chief/review/planning', language: 'ru', timeZone: here, profile, fetch: hostFetch },
      app: <MentorApp />,
      path: '/chief/*',
      live: () => screen.findByRole('heading', { level: 1, name: 'Планирование ревью' }, { timeout: 5000 }),
    });
    expect(rendered.html).toContain('Планирование ревью');
    expect(rendered.html).toMatch(/planning__(count|empty)/);
    expect(rendered.html).not.toContain('planning__skeleton');
    expect(calls.filter((path) => path.startsWith('/api/chief/review'))).toEqual([]);
    // a first visit (no zone yet): the skeleton, today would be the server's
    expect(await render({ url: '/chief/review/planning', language: 'ru', profile, fetch: hostFetch, timeZone: null })).toBeNull();
  });

  it('names each page chunk by a staff screen', () => {
    expect(Object.keys(routeChunks).every((path) => STAFF_SCREENS.some((screen) => screen.path === path))).toBe(true);
  });

  it('renders nothing without the browser’s time zone, for a query, another screen or a role the screen is not for', async () => {
    const { profile } = await signedInUser({ role: 'MENTOR' });
    const request = { language: 'ru' as const, timeZone: zone, profile, fetch: hostFetch };
    expect(await render({ ...request, url: '/mentor/review/table', timeZone: null })).toBeNull();
    expect(await render({ ...request, url: '/mentor/review/table?page=2' })).toBeNull();
    expect(await render({ ...request, url: '/mentor/comments/moderation' })).toBeNull();
    expect(await render({ ...request, url: '/admin/users/' })).toBeNull();
    expect(await render({ ...request, url: '/mentor/review/table', profile: null })).toBeNull();
  });
});
