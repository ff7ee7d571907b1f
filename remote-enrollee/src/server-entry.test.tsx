import { screen } from '@testing-library/react';
import type { Profile } from '@academy/shared/contract';
import { hostFetch as callerFetch, serverThenLive as renderThenLive, signedInUser } from '@academy/shared/testing';
import EnrolleeApp from './app';
import { render } from './server-entry';

/** The host's fetch for a page the enrollee opened (a step's load records the visit). */
const hostFetch = callerFetch({ zoneid: 'UTC' });

/** The server's render of a step, then the live page from its state while every call fails. */
const serverThenLive = (path: string, profile: Profile) =>
  renderThenLive({
    load: () => import('./server-entry'),
    request: { url: path, language: 'ru', profile, fetch: hostFetch },
    app: <EnrolleeApp />,
    path: '/enrollee/*',
    live: async () =>
      expect(await screen.findByRole('heading', { level: 1, name: 'Добро пожаловать' }, { timeout: 5000 })).toBeInTheDocument(),
  });

describe("the enrollee remote's server entry", () => {
  it('renders a step with its heading and task; the live step starts from its state, asking for neither', async () => {
    const { profile } = await signedInUser({ role: 'STUDENT', paymentType: 'REGULAR', direction: 'FE' });
    const { rendered, calls } = await serverThenLive('/enrollee/1', profile);
    expect(rendered.html).toContain('Добро пожаловать');
    expect(rendered.html).toContain('aria-label="Шаги"');
    // the step (a lecture) was shown from the server's state: the live page's first call is its reading,
    // which it records as it opens (and after which it asks again)
    expect(calls[0]).toMatch(/^\/api\/enrollee\/directionTask\/\d+\/solve-lecture$/);
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
