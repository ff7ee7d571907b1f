import { screen, waitFor } from '@testing-library/react';
import { sessionApi } from '@academy/shared/api';
import { signedInUser } from '@academy/shared/testing';
import { renderShell } from '../../test-utils';

describe('global error alert (spec 1 §8) against the real server', () => {
  it('staff see the server text of a failed load (under 60 characters) as an alert', async () => {
    await signedInUser({ role: 'MENTOR' });
    const { store } = renderShell('/mentor/review/table');
    await screen.findByRole('button', { name: /Меню профиля/ });
    await store.dispatch(sessionApi.endpoints.getProfileById.initiate(987654));
    expect(await screen.findByText('There is no user with id 987654')).toBeInTheDocument();
  });

  it('paying students never see it', async () => {
    await signedInUser({ role: 'PAY_STUDENT', direction: 'JAVA' });
    const { store } = renderShell('/user/courses');
    await screen.findByRole('button', { name: /Меню профиля/ });
    const result = await store.dispatch(sessionApi.endpoints.getProfileById.initiate(987654));
    expect(result.error).toMatchObject({ status: 404 });
    await waitFor(() => expect(screen.queryByText(/There is no student with id 987654/)).not.toBeInTheDocument());
    expect((store.getState() as unknown as { toasts: unknown[] }).toasts).toEqual([]);
  });
});
