import { screen } from '@testing-library/react';
import { apiHydrated, createAcademyStore, sessionApi, type ServerApiState } from '@academy/shared/api';
import type { Profile, ServerRendered } from '@academy/shared/contract';
import { apiFetch, createTestUser, renderWithProviders, signedInUser } from '@academy/shared/testing';
import MentorApp from './app';
import routeChunks from './routes/route-chunks.json';
import { STAFF_SCREENS } from './routes/staff-screens';
import { render } from './server-entry';

// react-dom/server's static render schedules with Node's setImmediate, which jsdom's globals lack
Object.assign(globalThis, { setImmediate: globalThis.setImmediate ?? ((run: () => void) => setTimeout(run, 0)) });

/** The host's fetch as the server gives it: the caller's own calls, answered by the (test) server. */
const hostFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  return apiFetch(`${url.pathname}${url.search}`);
};
const zone = 'Europe/Moscow';

/**
 * The server's render of a staff page, then the live page started from its state while every call
 * fails: `live` finds what the live page shows from that state alone. Returns the calls it made.
 */
async function serverThenLive(path: string, profile: Profile, live: () => Promise<unknown>) {
  let rendered: ServerRendered | null = null;
  await jest.isolateModulesAsync(async () => {
    const entry = await import('./server-entry');
    rendered = JSON.parse(
      JSON.stringify(await entry.render({ url: path, language: 'ru', timeZone: zone, profile, fetch: hostFetch })),
    ) as ServerRendered | null;
  });
  expect(rendered).not.toBeNull();
  const store = createAcademyStore();
  store.dispatch(sessionApi.util.upsertQueryEntries([{ endpointName: 'getProfile', arg: undefined, value: profile }]));
  store.dispatch(apiHydrated(rendered!.state as ServerApiState));
  const calls: string[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    throw new Error('offline');
  });
  try {
    const view = renderWithProviders(<MentorApp />, { route: path, path: `/${path.split('/')[1]}/*`, store });
    await live();
    view.unmount();
    return { rendered: rendered as unknown as ServerRendered, calls };
  } finally {
    spy.mockRestore();
  }
}

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
    const name = admin.profile.email.split('@')[0]!;
    const users = await serverThenLive('/admin/users/', admin.profile, () =>
      screen.findByText(new RegExp(name), {}, { timeout: 5000 }),
    );
    expect(users.rendered.html).toContain(name);
    // times in the browser's zone, from its cookie
    expect(users.rendered.html).toMatch(/г\., \d\d:\d\d/);
    const mentor = await signedInUser({ role: 'MENTOR' });
    // the queue asks again as it opens (it is always fresh), but shows the server's rows meanwhile
    const queue = await serverThenLive('/mentor/review/table', mentor.profile, () =>
      screen.findByRole('heading', { level: 1, name: 'Очередь проверки' }, { timeout: 5000 }),
    );
    expect(queue.rendered.html).toContain('queue-title');
    expect(queue.rendered.html).not.toContain('queue__skeleton');
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
