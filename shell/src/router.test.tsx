import { act, render, screen, waitFor } from '@testing-library/react';
import { createShell } from './app';
import { renderShell } from './test-utils';

/** A profile the page carries that the pages cannot read (no role): a render error in the guards. */
function unreadableInlineProfile() {
  document.body.insertAdjacentHTML(
    'beforeend',
    '<script type="application/json" id="academy-profile">{"id":7,"email":"a@example.com"}</script>',
  );
}

/** Whether a promise has settled, checked without waiting for it. */
function tracked(promise: Promise<void>) {
  const state = { settled: false };
  void promise.then(() => {
    state.settled = true;
  });
  return state;
}

describe('the shell’s router', () => {
  it('shows the error page for a page that throws, and the next navigation leaves it', async () => {
    unreadableInlineProfile();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderShell('/user/courses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Произошла ошибка' })).toBeInTheDocument();
    expect(screen.getByText('Что-то пошло не так')).toBeInTheDocument();

    act(() => void router.navigate('/login'));
    expect(await screen.findByRole('button', { name: 'Войти' })).toBeInTheDocument();
    expect(router.location()).toBe('/login');
    expect(screen.queryByRole('heading', { name: 'Произошла ошибка' })).not.toBeInTheDocument();
  });

  it('a navigation asked for before the first render is made at once after it, and resolves when its page is there', async () => {
    const shell = createShell({ kind: 'memory', path: '/no/such/page' });
    const early = tracked(shell.router.navigate('/login?param=logout'));
    await Promise.resolve();
    expect(early.settled).toBe(false);
    render(<shell.App />);
    // well before the navigation's 10 s limit: it resolved on the commit of its page
    await waitFor(() => expect(early.settled).toBe(true), { timeout: 2000 });
    expect(shell.router.location()).toBe('/login?param=logout');
    expect(await screen.findByRole('button', { name: 'Войти' })).toBeInTheDocument();

    let later = { settled: false };
    act(() => {
      later = tracked(shell.router.navigate('/no/such/page'));
    });
    await waitFor(() => expect(later.settled).toBe(true), { timeout: 2000 });
    expect(shell.router.location()).toBe('/no/such/page');
  });
});
