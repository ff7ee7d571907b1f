import { screen } from '@testing-library/react';
import { apiHydrated, createAcademyStore, sessionApi, type ServerApiState } from '@academy/shared/api';
import type { Profile, ServerRendered } from '@academy/shared/contract';
import { apiFetch, renderWithProviders, signedInUser } from '@academy/shared/testing';
import EnrolleeApp from './app';
import { render } from './server-entry';

// react-dom/server's static render schedules with Node's setImmediate, which jsdom's globals lack
Object.assign(globalThis, { setImmediate: globalThis.setImmediate ?? ((run: () => void) => setTimeout(run, 0)) });

/** The host's fetch as the server gives it for a page the enrollee opened (a step's load records the visit). */
const hostFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  return apiFetch(`${url.pathname}${url.search}`, { headers: { zoneid: 'UTC' } });
};

/** The server's render of a step, then the live page from its state while every call fails. */
async function serverThenLive(path: string, profile: Profile) {
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
    throw new Error('offline');
  });
  try {
    const view = renderWithProviders(<EnrolleeApp />, { route: path, path: '/enrollee/*', store });
    expect(await screen.findByRole('heading', { level: 1, name: 'Добро пожаловать' }, { timeout: 5000 })).toBeInTheDocument();
    view.unmount();
    return { rendered: rendered as unknown as ServerRendered, calls };
  } finally {
    spy.mockRestore();
  }
}

describe("the enrollee remote's server entry", () => {
  it('renders a step with its heading and task; the live step starts from its state, asking for neither', async () => {
    const { profile } = await signedInUser({ role: 'STUDENT', paymentType: 'REGULAR', direction: 'FE' });
    const { rendered, calls } = await serverThenLive('/enrollee/1', profile);
    expect(rendered.html).toContain('Добро пожаловать');
    expect(rendered.html).toContain('aria-label="Шаги"');
    // the step (a lecture) was shown from the server's state: the live page's first call is its reading,
    // which it records as it opens (and after which it asks again)
    expect(calls[0]).toBe('/api/enrollee/directionTask/1/solve-lecture');
  });

  it('renders nothing for another page, a query, a step the lesson has not, or a user the area is not for', async () => {
    const { profile } = await signedInUser({ role: 'STUDENT', paymentType: 'REGULAR', direction: 'FE' });
    const request = { language: 'ru' as const, profile, fetch: hostFetch };
    expect(await render({ ...request, url: '/enrollee/password' })).toBeNull();
    expect(await render({ ...request, url: '/enrollee/1?x=1' })).toBeNull();
    expect(await render({ ...request, url: '/enrollee/0' })).toBeNull();
    expect(await render({ ...request, url: '/enrollee/999' })).toBeNull();
    expect(await render({ ...request, url: '/enrollee/1', profile: null })).toBeNull();
    const student = await signedInUser({ direction: 'FE' });
    expect(await render({ ...request, url: '/enrollee/1', profile: student.profile })).toBeNull();
  });
});
