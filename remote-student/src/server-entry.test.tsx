import { screen } from '@testing-library/react';
import { apiHydrated, createAcademyStore, sessionApi, type ServerApiState } from '@academy/shared/api';
import type { Profile, ServerRendered } from '@academy/shared/contract';
import { apiFetch, renderWithProviders, signedInUser } from '@academy/shared/testing';
import StudentApp from './app';
import routeChunks from './routes/route-chunks.json';
import { STUDENT_PATHS } from './routes/paths';
import { render } from './server-entry';

// react-dom/server's static render schedules with Node's setImmediate, which jsdom's globals lack
Object.assign(globalThis, { setImmediate: globalThis.setImmediate ?? ((run: () => void) => setTimeout(run, 0)) });

/** The host's fetch as the server gives it: the caller's own calls, answered by the (test) server. */
const hostFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  return apiFetch(`${url.pathname}${url.search}`);
};

/**
 * A page the server rendered, then the live page started from the state it handed over: the same
 * content, and no call for what the server already asked (a route's data and its page's queries agree).
 */
async function serverThenLive(path: string, profile: Profile) {
  // the server's render in modules of its own (React, the store, the router), as in the server's process;
  // what it hands over travels as JSON
  let rendered: ServerRendered | null = null;
  await jest.isolateModulesAsync(async () => {
    const entry = await import('./server-entry');
    rendered = JSON.parse(
      JSON.stringify(await entry.render({ url: path, language: 'ru', profile, fetch: hostFetch })),
    ) as ServerRendered | null;
  });
  expect(rendered).not.toBeNull();
  const store = createAcademyStore();
  store.dispatch(sessionApi.util.upsertQueryEntries([{ endpointName: 'getProfile', arg: undefined, value: profile }]));
  store.dispatch(apiHydrated(rendered!.state as ServerApiState));
  const calls: string[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    throw new Error('no call expected');
  });
  try {
    renderWithProviders(<StudentApp />, { route: path, path: '/user/*', store });
    return { rendered: rendered as unknown as ServerRendered, calls };
  } finally {
    // the page's first render and its effects ran with the spy in place
    await new Promise((resolve) => setTimeout(resolve, 50));
    spy.mockRestore();
  }
}

describe("the student remote's server entry", () => {
  it('renders the course list with the student’s courses; the live list starts from its state with no call', async () => {
    const { profile } = await signedInUser({ direction: 'FE' });
    const { rendered, calls } = await serverThenLive('/user/courses', profile);
    expect(rendered.html).toContain('Практикум: JavaScript');
    expect(await screen.findByRole('link', { name: 'Практикум: JavaScript' })).toBeInTheDocument();
    expect(calls.filter((path) => path.startsWith('/api/student/course'))).toEqual([]);
  });

  it('renders the statistics with the student’s figures; the live page starts from its state with no call', async () => {
    const { profile } = await signedInUser({ direction: 'FE' });
    const { rendered, calls } = await serverThenLive('/user/statistic', profile);
    expect(rendered.html).toContain('stats-figures');
    expect(rendered.html).not.toContain('aria-busy="true"');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(calls.filter((path) => path.startsWith('/api/student/'))).toEqual([]);
  });

  it('names each page chunk by an address of the routes', () => {
    expect(Object.keys(routeChunks).every((path) => (Object.values(STUDENT_PATHS) as string[]).includes(path))).toBe(true);
  });

  it('renders nothing for a page it does not render, a query, or a user the area is not for', async () => {
    const { profile } = await signedInUser({ direction: 'FE' });
    const request = { language: 'ru' as const, profile, fetch: hostFetch };
    expect(await render({ ...request, url: '/user/password' })).toBeNull();
    expect(await render({ ...request, url: '/user/courses?studentId=1' })).toBeNull();
    expect(await render({ ...request, url: '/user/courses/0' })).toBeNull();
    expect(await render({ ...request, url: '/user/courses', profile: null })).toBeNull();
    // a call the server refuses (a course the student may not see): nothing, not an error page
    expect(await render({ ...request, url: '/user/courses/987654' })).toBeNull();
  });
});
