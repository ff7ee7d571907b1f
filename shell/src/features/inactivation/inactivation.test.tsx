import { act, screen, waitFor, within } from '@testing-library/react';
import type { InactivationReason } from '@academy/shared/contract';
import { apiFetch, signedInUser } from '@academy/shared/testing';
import { renderShell } from '../../test-utils';

/** Sets or lifts a user's reason on the server, as an administrator would (test factory). */
async function setReason(userId: number, reason: InactivationReason | null): Promise<void> {
  const response = await apiFetch('/__test__/users/inactivation', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId, reason }),
  });
  expect(response.ok).toBe(true);
}

// Spec 2 §4; docs/accounts.md, "Inactivation": the page of the reason and role, on every navigation.
describe('inactivation routing against the real server', () => {
  it.each([
    ['PAY_STUDENT', 'EXPELLED', '/user/courses/1', '/user/inactive', 'Обучение остановлено'],
    ['PAY_STUDENT', 'PAYMENT_OVERDUE', '/user/statistic', '/user/inactive', 'Обучение ждёт оплаты'],
    ['PAY_STUDENT', 'WAITING_FOR_STREAM', '/user/report', '/user/inactive', 'Ваш поток скоро начнётся'],
    ['STUDENT', 'WAITING_FOR_STREAM', '/enrollee/1', '/enrollee/inactive', 'Вы зачислены: ждём начала потока'],
    ['STUDENT', 'PAYMENT_OVERDUE', '/enrollee/3', '/enrollee/inactive', 'Обучение ждёт оплаты'],
    ['MENTOR', 'EXPELLED', '/mentor/review/table', '/mentor/inactive', 'Доступ приостановлен'],
    ['CHIEF_MENTOR', 'EXPELLED', '/chief-mentor/anything', '/chief/inactive', 'Доступ приостановлен'],
  ] as const)('%s with %s at %s goes to %s', async (role, reason, from, to, title) => {
    await signedInUser({ role, inactivationReason: reason, direction: role === 'MENTOR' ? null : 'FE' });
    const { location } = renderShell(from);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(location()).toBe(to);
    expect(screen.getByRole('heading', { level: 2, name: 'Что делать' })).toBeInTheDocument();
    // the header keeps only what the server still allows: the profile menu (picture, password, exit)
    expect(screen.getByRole('button', { name: /Меню профиля/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Помощь' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Уведомления/ })).not.toBeInTheDocument();
  });

  it('/ sends an inactive user straight to the page; the contacts, legal pages and the password page stay open', async () => {
    await signedInUser({ role: 'PAY_STUDENT', inactivationReason: 'PAYMENT_OVERDUE' });
    const { location, user, router } = renderShell('/');
    await screen.findByRole('heading', { level: 1, name: 'Обучение ждёт оплаты' });
    expect(location()).toBe('/user/inactive');
    expect(screen.getByRole('link', { name: 'Контакты Академии' })).toHaveAttribute('href', '/user/contacts');

    // the footer's links are the area's legal pages, which the reason leaves open
    const footer = screen.getByRole('navigation', { name: 'Информация об Академии' });
    expect(within(footer).getByRole('link', { name: 'Реквизиты' })).toHaveAttribute('href', '/user/legal_entity');
    expect(within(footer).getByRole('link', { name: 'Публичная оферта' })).toHaveAttribute('href', '/user/public_offer');
    // issue 29: the privacy policy too, as on the landing page; the page names itself in the tab
    expect(within(footer).getByRole('link', { name: 'Политика конфиденциальности' })).toHaveAttribute(
      'href',
      '/user/privacy_policy',
    );
    expect(document.title).toBe('Обучение ждёт оплаты — Академия');
    // the public remote is not served in jest: the legal page's own fallback shows (and warns), not a redirect
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await user.click(within(footer).getByRole('link', { name: 'Контакты' }));
    expect(location()).toBe('/user/contacts');
    expect(await screen.findByText('Не удалось загрузить страницу. Обновите её.')).toBeInTheDocument();
    expect(location()).toBe('/user/contacts');

    act(() => void router.navigate('/user/password'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Смена пароля' })).toBeInTheDocument();
    expect(location()).toBe('/user/password');

    act(() => void router.navigate('/user/courses'));
    await waitFor(() => expect(location()).toBe('/user/inactive'));
  });

  it('the inactive page signs out', async () => {
    await signedInUser({ role: 'STUDENT', paymentType: 'UNTIL_PAID', inactivationReason: 'WAITING_FOR_STREAM' });
    const { location, user } = renderShell('/enrollee/1');
    await screen.findByRole('heading', { level: 1, name: 'Вы зачислены: ждём начала потока' });
    await user.click(screen.getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(location()).toBe('/login?param=logout'));
    // the page leaves first, then ends the session
    await waitFor(async () => expect((await apiFetch('/api/user/profile')).status).toBe(401));
  });

  it('a reason lifted meanwhile: "Check again" opens the academy; a reason kept says so', async () => {
    const account = await signedInUser({ role: 'CURATOR', inactivationReason: 'EXPELLED', direction: null });
    const { location, user } = renderShell('/curator/students/all');
    await screen.findByRole('heading', { level: 1, name: 'Доступ приостановлен' });
    // staff have no legal pages under their area: the public contacts page
    expect(screen.getByRole('link', { name: 'Контакты Академии' })).toHaveAttribute('href', '/contacts');
    await user.click(screen.getByRole('button', { name: 'Проверить снова' }));
    expect(await screen.findByText(/Доступ пока не восстановлен/)).toBeInTheDocument();

    await setReason(account.id, null);
    await user.click(screen.getByRole('button', { name: 'Проверить снова' }));
    await waitFor(() => expect(location()).toBe('/curator/students/all'));
    expect(await screen.findByRole('button', { name: 'Помощь' })).toBeInTheDocument();
  });

  it('a reason set while the user is on a page: the next refused call opens the reason’s page, without signing out', async () => {
    const account = await signedInUser({ role: 'MENTOR', direction: null });
    const { location, store } = renderShell('/mentor/review/table');
    await screen.findByRole('button', { name: 'Помощь' });
    await setReason(account.id, 'EXPELLED');
    const { quoteApi } = await import('@academy/shared/api');
    await act(async () => {
      const result = await store.dispatch(quoteApi.endpoints.getQuote.initiate(undefined, { forceRefetch: true }));
      expect(result.error).toMatchObject({ status: 403, key: 'accountInactive' });
    });
    await waitFor(() => expect(location()).toBe('/mentor/inactive'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Доступ приостановлен' })).toBeInTheDocument();
    expect((await apiFetch('/api/user/profile')).status).toBe(200);
  });

  it('an active user at an inactive page goes to their landing page', async () => {
    await signedInUser({ role: 'PAY_STUDENT' });
    const { location } = renderShell('/user/inactive');
    await waitFor(() => expect(location()).toBe('/user/courses'));
  });

  it('a required password change: the page in the shell, and after the change the landing page', async () => {
    const account = await signedInUser({ role: 'PAY_STUDENT', mustChangePassword: true });
    const { location, user } = renderShell('/user/review');
    expect(await screen.findByText('Чтобы продолжить работу, смените пароль.')).toBeInTheDocument();
    expect(location()).toBe('/user/password');
    await user.type(screen.getByLabelText('Текущий пароль'), account.password);
    await user.type(screen.getByLabelText('Новый пароль'), 'changed-1');
    await user.type(screen.getByLabelText('Повторите новый пароль'), 'changed-1');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    await waitFor(() => expect(location()).toBe('/user/courses'));
  });
});
