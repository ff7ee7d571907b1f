import { act, screen, waitFor } from '@testing-library/react';
import { api, sessionApi } from '@academy/shared/api';
import { signedInUser } from '@academy/shared/testing';
import { renderShell } from '../../test-utils';

describe('global error alert (spec 1 §8) against the real server', () => {
  it('staff see the server text of a failed load (under 60 characters) as an alert', async () => {
    await signedInUser({ role: 'MENTOR' });
    const { store } = renderShell('/mentor/review/table');
    await screen.findByRole('button', { name: /Меню профиля/ });
    // jest serves no remotes: the page has settled once the area's fallback shows
    expect(await screen.findByRole('heading', { name: 'Раздел временно недоступен' })).toBeInTheDocument();
    // a failed load of the test's own, not a user's: React sees the alert it causes inside act
    await act(async () => {
      await store.dispatch(sessionApi.endpoints.getProfileById.initiate(987654));
    });
    // the server's text, in the mentor's language (Russian by default)
    expect(await screen.findByText('Нет пользователя с id 987654.')).toBeInTheDocument();
  });

  it('paying students never see it', async () => {
    await signedInUser({ role: 'PAY_STUDENT', direction: 'JAVA' });
    const { store } = renderShell('/user/courses');
    await screen.findByRole('button', { name: /Меню профиля/ });
    expect(await screen.findByRole('heading', { name: 'Раздел временно недоступен' })).toBeInTheDocument();
    const result = await act(() => store.dispatch(sessionApi.endpoints.getProfileById.initiate(987654)));
    expect(result.error).toMatchObject({ status: 404 });
    await waitFor(() => expect(screen.queryByText(/нет студента с id 987654/)).not.toBeInTheDocument());
    // no alert at all, not only none with this text
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('visitors never see it: a public page shows its own error (no second, raw toast)', async () => {
    // the invitation page's load, as remote-public makes it: a bad link answers 400 with a server text
    const invitation = api.injectEndpoints({
      endpoints: (build) => ({
        invitationProbe: build.query<unknown, string>({
          query: (hash) => ({ url: '/api/registration/token_info', method: 'POST', body: { hash } }),
        }),
      }),
    });
    const { store } = renderShell('/login');
    expect(await screen.findByRole('button', { name: 'Войти' })).toBeInTheDocument();
    const result = await act(() => store.dispatch(invitation.endpoints.invitationProbe.initiate('not-a-real-link')));
    expect(result.error).toMatchObject({ status: 400 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
