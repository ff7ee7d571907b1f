import { screen, waitFor } from '@testing-library/react';
import { apiFetch, createTestUser } from '@academy/shared/testing';
import { renderShell } from '../../test-utils';

/** The sign-in page loads lazily: wait for its form. */
async function openLogin(path = '/login') {
  const view = renderShell(path);
  await screen.findByRole('button', { name: 'Войти' });
  return view;
}

async function fillAndSubmit(user: ReturnType<typeof renderShell>['user'], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('E-mail'), email);
  if (password) await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Войти' }));
}

describe('sign-in page against the real server', () => {
  it('validates before calling the server: required e-mail in the right format, required password', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите e-mail')).toBeInTheDocument();
    expect(screen.getByText('Введите пароль')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Неверный формат e-mail')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a wrong password shows WrongLoginOrPassword and stays on the page', async () => {
    const account = await createTestUser();
    const { user, location } = await openLogin();
    await fillAndSubmit(user, account.email, 'definitely-wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный e-mail или пароль');
    expect(location()).toBe('/login');
  });

  it('too many attempts: the server’s text with the seconds to wait', async () => {
    const account = await createTestUser();
    // guesses from elsewhere use up the account's attempts (the test server allows 50 in its window)
    const guess = (i: number) =>
      apiFetch('/token/validate_user', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: account.email, password: `wrong-${i}` }),
      });
    let refused = false;
    for (let round = 0; round < 10 && !refused; round++) {
      const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => guess(round * 10 + i)));
      refused = replies.some((reply) => reply.status === 429);
    }
    expect(refused).toBe(true);
    const { user, location } = await openLogin();
    await fillAndSubmit(user, account.email, account.password);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Слишком много попыток входа\. Попробуйте снова через \d+ с\.$/);
    expect(location()).toBe('/login');
  }, 60_000);

  it('a blocked user is told so', async () => {
    const account = await createTestUser({ blocked: true });
    const { user } = await openLogin();
    await fillAndSubmit(user, account.email, account.password);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ваша учётная запись заблокирована');
  });

  it.each([
    ['PAY_STUDENT', '/user/courses'],
    ['MENTOR', '/mentor/review/table'],
    ['STUDENT', '/enrollee/1'],
    ['ADMIN', '/admin/users/'],
  ] as const)('a %s is sent to %s after signing in, not before 300 ms', async (role, target) => {
    const account = await createTestUser({ role });
    const { user, location } = await openLogin();
    await fillAndSubmit(user, account.email, account.password);
    expect(await screen.findByText('Вы вошли. Открываем вашу страницу…')).toBeInTheDocument();
    const shownAt = Date.now();
    await waitFor(() => expect(location()).toBe(target));
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(250);
    // the header of a signed-in user is there (NORMAL status)
    expect(await screen.findByRole('button', { name: /Меню профиля: Тест Тестов/ })).toBeInTheDocument();
  });

  it.each([
    ['forbidden', 'Доступ запрещён', 'status'],
    ['start', 'Регистрация завершена', 'status'],
    ['successRecovery', 'Пароль изменён', 'status'],
    ['logout', 'Вы вышли из Академии', 'status'],
    ['invalidRegToken', 'Ссылка для регистрации недействительна', 'alert'],
  ])('param=%s shows its notice', async (param, text, role) => {
    await openLogin(`/login?param=${param}`);
    expect(await screen.findByRole(role as 'status' | 'alert')).toHaveTextContent(text);
  });

  it('switches to English', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'EN' }));
    expect(screen.getByRole('heading', { name: 'Sign in to the Academy' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});
