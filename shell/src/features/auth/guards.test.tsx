import { screen, waitFor } from '@testing-library/react';
import { signedInUser } from '@academy/shared/testing';
import { renderShell } from '../../test-utils';
import { PROFILE_RETRY_MS } from './guards';

/** Makes the next `count` loads of the profile fail as a dropped connection; every other call goes through. */
function failProfileLoads(count: number): jest.SpyInstance {
  const realFetch = globalThis.fetch;
  let left = count;
  return jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (left > 0 && url.endsWith('/api/user/profile')) {
      left -= 1;
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    return realFetch(input, init);
  });
}

// Spec 2 §4: a failed load of the principal only logs; the user is never left on a dead end.
describe('a failed profile load', () => {
  // the log is what is tested: kept out of the test output
  beforeEach(() => jest.mocked(console.error).mockImplementation(() => undefined));

  it('is logged, shows a notice over the skeleton, and the page opens when a retry succeeds', async () => {
    await signedInUser({ role: 'MENTOR' });
    failProfileLoads(1);
    const { user, location } = renderShell('/mentor/review/table');
    expect(await screen.findByText('Не удалось загрузить ваш профиль. Пробуем снова…')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(
      'The profile could not be loaded',
      expect.objectContaining({ status: 'FETCH_ERROR' }),
    );
    expect(screen.queryByRole('heading', { name: 'Произошла ошибка' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Повторить сейчас' }));
    expect(await screen.findByRole('button', { name: /Меню профиля/ })).toBeInTheDocument();
    expect(screen.queryByText('Не удалось загрузить ваш профиль. Пробуем снова…')).not.toBeInTheDocument();
    expect(location()).toBe('/mentor/review/table');
  });

  it('is retried by itself', async () => {
    await signedInUser({ role: 'CURATOR' });
    failProfileLoads(1);
    const { location } = renderShell('/');
    expect(await screen.findByText('Не удалось загрузить ваш профиль. Пробуем снова…')).toBeInTheDocument();
    // the next load, PROFILE_RETRY_MS later, lets the root redirect through
    await waitFor(() => expect(location()).toBe('/curator/students/all'), { timeout: PROFILE_RETRY_MS + 3_000 });
  }, 15_000);

  it('a refresh that fails keeps the last known profile and the page', async () => {
    await signedInUser({ role: 'MENTOR' });
    const { store } = renderShell('/mentor/review/table');
    await screen.findByRole('button', { name: /Меню профиля/ });
    failProfileLoads(1);
    const { api } = await import('@academy/shared/api');
    store.dispatch(api.util.invalidateTags([{ type: 'Profile', id: 'ME' }]));
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(
        'The profile could not be loaded',
        expect.objectContaining({ status: 'FETCH_ERROR' }),
      ),
    );
    expect(screen.getByRole('button', { name: /Меню профиля/ })).toBeInTheDocument();
    expect(screen.queryByText('Не удалось загрузить ваш профиль. Пробуем снова…')).not.toBeInTheDocument();
  });
});
