import { act, screen, waitFor, within } from '@testing-library/react';
import { apiFetch, signedInUser } from '@academy/shared/testing';
import { renderShell } from './test-utils';

describe('shell routing against the real server', () => {
  it.each(['/user/courses', '/admin/users/'])('a visitor at %s goes to /login', async (path) => {
    const { location } = renderShell(path);
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('/ sends a signed-in user to the page of their role', async () => {
    await signedInUser({ role: 'CURATOR' });
    const { location } = renderShell('/');
    await waitFor(() => expect(location()).toBe('/curator/students/all'));
  });

  it('a route the role may not open goes to /login?param=forbidden', async () => {
    await signedInUser({ role: 'PAY_STUDENT' });
    const { location } = renderShell('/admin/users/');
    await waitFor(() => expect(location()).toBe('/login?param=forbidden'));
    expect(await screen.findByText(/Доступ запрещён/)).toBeInTheDocument();
  });

  it('an enrollee may not open /user pages', async () => {
    await signedInUser({ role: 'STUDENT', paymentType: 'REGULAR' });
    const { location } = renderShell('/user/courses');
    await waitFor(() => expect(location()).toBe('/login?param=forbidden'));
  });

  it('the header shows help, the bell and the profile menu in NORMAL status; exit signs out', async () => {
    await signedInUser({ role: 'MENTOR', firstName: 'Мира' });
    const { user, location } = renderShell('/mentor/review/table');
    const menu = await screen.findByRole('button', { name: /Меню профиля: Мира/ });
    expect(screen.getByRole('button', { name: 'Помощь' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Уведомления/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Помощь' }));
    const help = await screen.findByRole('dialog', { name: 'Помощь' });
    await user.keyboard('{Escape}');
    expect(help).not.toBeInTheDocument();

    // a page chosen in the menu opens with the menu closed
    await user.click(menu);
    await user.click(await screen.findByRole('link', { name: 'Сменить пароль' }));
    await waitFor(() => expect(location()).toBe('/mentor/edit/password'));
    expect(screen.queryByRole('link', { name: 'Сменить пароль' })).not.toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await user.click(menu);
    await user.click(await screen.findByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(location()).toBe('/login?param=logout'));
    expect(await screen.findByText('Вы вышли из Академии. До встречи!')).toBeInTheDocument();
    const after = await apiFetch('/api/user/profile');
    expect(after.status).toBe(401);
  });

  it('in FAKE mode (staff with studentId) the header has no menus', async () => {
    const student = await signedInUser();
    await signedInUser({ role: 'MENTOR' });
    renderShell(`/user/courses?studentId=${student.id}`);
    // the frame renders (the remote itself is not served in jest, so its fallback shows)
    expect(await screen.findByRole('heading', { name: 'Раздел временно недоступен' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Помощь' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Меню профиля/ })).not.toBeInTheDocument();
  });

  it('an unreachable remote shows a fallback inside the shell while the header keeps working', async () => {
    await signedInUser({ role: 'PAY_STUDENT' });
    const { user } = renderShell('/user/courses');
    expect(await screen.findByRole('heading', { name: 'Раздел временно недоступен' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Уведомления/ }));
    const panel = await screen.findByRole('region', { name: 'Уведомления' });
    expect(await within(panel).findByRole('heading', { name: 'Уведомления' })).toBeInTheDocument();
  });

  it('a 401 from any call signs the user out and opens /login', async () => {
    await signedInUser({ role: 'MENTOR' });
    const { location, store } = renderShell('/mentor/review/table');
    await screen.findByRole('button', { name: /Меню профиля/ });
    // the session ends on the server (another tab signed out)
    await apiFetch('/token', { method: 'DELETE' });
    const { quoteApi } = await import('@academy/shared/api');
    // the call is the test's own, not a user's: React sees the sign-out it causes inside act
    await act(async () => {
      await store.dispatch(quoteApi.endpoints.getQuote.initiate(undefined, { forceRefetch: true }));
    });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Войти' })).toBeInTheDocument();
  });

  it('an unknown path shows the 404 page with a link to the main page', async () => {
    renderShell('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вернуться на главную' })).toHaveAttribute('href', '/');
  });

  it.each(['/user/courses', '/user/courses/1/1/1/1', '/user/'])(
    'a required password change sends %s to the role’s password page',
    async (path) => {
      await signedInUser({ role: 'PAY_STUDENT', direction: 'FE', mustChangePassword: true });
      const { location } = renderShell(path);
      await waitFor(() => expect(location()).toBe('/user/password'));
    },
  );
});
