import { screen, waitFor, within } from '@testing-library/react';
import type { Middleware } from '@reduxjs/toolkit';
import { createAcademyStore, notify } from '@academy/shared/api';
import { apiData, apiFetch, createTestUser, renderWithProviders, signedInUser } from '@academy/shared/testing';
import MentorApp from '../../app';

/** The staff area at a path, with a store that records the notices the page raises. */
function renderAt(route: string, area = 'admin') {
  const raised: string[] = [];
  const record: Middleware = () => (next) => (action) => {
    if (notify.match(action)) raised.push(action.payload.message);
    return next(action);
  };
  const store = createAcademyStore({ middleware: record });
  const view = renderWithProviders(<MentorApp />, { route, path: `/${area}/*`, store });
  return { ...view, raised };
}

/** The table's row of a user (found by the search box). */
async function rowOf(name: string): Promise<HTMLElement> {
  const cell = await screen.findByText(name, {}, { timeout: 5000 });
  return cell.closest('tr')!;
}

describe('the administrator’s users screen against the real server', () => {
  it('an administrator lands on it, finds a student, changes role, payment and mentor, restricts, blocks; the log says who did what', async () => {
    const tag = Date.now() % 100000;
    const me = await signedInUser({ role: 'ADMIN', direction: null, firstName: 'Ада', lastName: `Админова${tag}` });
    await createTestUser({ role: 'MENTOR', direction: 'FE', firstName: 'Инна', lastName: `Наставница${tag}` });
    const student = await createTestUser({
      firstName: 'Пётр',
      lastName: `Учеников${tag}`,
      paymentType: 'REGULAR',
      direction: 'JAVA',
    });
    const { user, raised } = renderAt('/admin/users/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Пользователи' })).toBeInTheDocument();
    // the menu: the staff home moved beside the screen
    const menu = screen.getByRole('navigation', { name: 'Разделы кабинета' });
    expect(within(menu).getByRole('link', { name: 'Пользователи' })).toHaveAttribute('href', '/admin/users');
    expect(within(menu).getByRole('link', { name: 'Кабинет сотрудника' })).toHaveAttribute('href', '/admin/students');

    await user.type(screen.getByRole('searchbox', { name: 'Поиск' }), `Учеников${tag}`);
    expect(await screen.findByText('Найден 1 пользователь')).toBeInTheDocument();
    const row = await rowOf(`Пётр Учеников${tag}`);
    expect(within(row).getByText(student.email)).toBeInTheDocument();
    expect(within(row).getByText('Студент')).toBeInTheDocument();
    expect(within(row).getByText('Java-разработчик')).toBeInTheDocument();
    expect(within(row).getByText('Обычная оплата')).toBeInTheDocument();
    expect(within(row).getByText('Активен')).toBeInTheDocument();
    expect(within(row).getByText('нет данных')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: `Изменить: Пётр Учеников${tag}` }));
    const panel = await screen.findByRole('dialog', { name: `Пётр Учеников${tag}` });

    // role: learners' roles only
    const role = within(panel).getByRole('combobox', { name: 'Новая роль' });
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Студент', 'Абитуриент']);
    // nothing to save until another value is chosen
    const saveRole = within(within(panel).getByRole('form', { name: 'Новая роль' })).getByRole('button', { name: 'Сохранить' });
    expect(saveRole).toBeDisabled();
    await user.selectOptions(role, 'Абитуриент');
    expect(saveRole).toBeEnabled();
    await user.selectOptions(role, 'Студент');
    expect(saveRole).toBeDisabled();
    await user.selectOptions(role, 'Абитуриент');
    await user.click(saveRole);
    await waitFor(() => expect(raised).toContain('admin.saved.role'));

    const payment = within(panel).getByRole('combobox', { name: 'Новый тип оплаты' });
    await user.selectOptions(payment, 'Отложенная оплата');
    await user.click(
      within(within(panel).getByRole('form', { name: 'Новый тип оплаты' })).getByRole('button', { name: 'Сохранить' }),
    );
    await waitFor(() => expect(raised).toContain('admin.saved.payment'));

    const mentor = within(panel).getByRole('combobox', { name: 'Ментор студента' });
    await waitFor(() => expect(within(mentor).getByRole('option', { name: `Инна Наставница${tag}` })).toBeInTheDocument());
    await user.selectOptions(mentor, `Инна Наставница${tag}`);
    await user.click(
      within(within(panel).getByRole('form', { name: 'Ментор студента' })).getByRole('button', { name: 'Сохранить' }),
    );
    await waitFor(() => expect(raised).toContain('admin.saved.mentor'));

    // a reason: the choice says what it means for the user; only the ones that fit are offered
    const reason = within(panel).getByRole('combobox', { name: 'Причина' });
    expect(
      within(reason)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Выберите причину…', 'Нужно сменить пароль', 'Отчислен', 'Оплата просрочена', 'Ждёт набора в поток']);
    expect(within(panel).getByRole('button', { name: 'Ограничить' })).toBeDisabled();
    await user.selectOptions(reason, 'Ждёт набора в поток');
    expect(within(panel).getByRole('button', { name: 'Ограничить' })).toBeEnabled();
    expect(within(panel).getByText(/зачислен и ждёт набора в поток/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Ограничить' }));
    await waitFor(() => expect(raised).toContain('admin.saved.reasonSet'));
    expect(await within(panel).findByText('Ждёт набора в поток', { selector: '.admin-panel__reason' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Снять ограничение' }));
    await waitFor(() => expect(raised).toContain('admin.saved.reasonLifted'));
    expect(await within(panel).findByText('Доступ не ограничен.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Потребовать смену пароля' }));
    await waitFor(() => expect(raised).toContain('admin.saved.passwordRequired'));

    // blocking asks first, saying the sessions end
    await user.click(within(panel).getByRole('button', { name: 'Заблокировать…' }));
    expect(within(panel).getByText(/Все его сеансы на всех устройствах завершатся сразу/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Да, заблокировать' }));
    await waitFor(() => expect(raised).toContain('admin.saved.blocked'));
    expect(await within(panel).findByRole('button', { name: 'Разблокировать' })).toBeInTheDocument();

    // the log: newest first, who and what
    const log = within(panel).getByRole('list', { name: 'Журнал изменений' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(7));
    const entries = within(log)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(entries[0]).toContain('Заблокирован');
    expect(entries[1]).toContain('Доступ ограничен: Нужно сменить пароль');
    expect(entries[2]).toContain('Ограничение снято: Ждёт набора в поток');
    expect(entries[4]).toContain(`Ментор: нет → Инна Наставница${tag}`);
    expect(entries[5]).toContain('Оплата: Обычная оплата → Отложенная оплата');
    expect(entries[6]).toContain('Роль: Студент → Абитуриент');
    for (const entry of entries) expect(entry).toContain(`изменил(а): Ада Админова${tag}`);

    // the table follows
    await user.click(within(panel).getByRole('button', { name: 'Закрыть' }));
    const changed = await rowOf(`Пётр Учеников${tag}`);
    await waitFor(() => expect(within(changed).getByText('Заблокирован')).toBeInTheDocument());
    expect(within(changed).getByText('Абитуриент')).toBeInTheDocument();
    expect(within(changed).getByText(`Инна Наставница${tag}`)).toBeInTheDocument();
    expect(within(changed).getByText('Нужно сменить пароль')).toBeInTheDocument();

    // the server agrees
    const saved = await apiData<{ role: string; blocked: boolean; mentor: { lastName: string } }>(
      `/api/admin/users/${student.id}`,
    );
    expect(saved).toMatchObject({ role: 'STUDENT', blocked: true, mentor: { lastName: `Наставница${tag}` } });

    // one's own panel: no role, block or restriction to change
    await user.clear(screen.getByRole('searchbox', { name: 'Поиск' }));
    await user.type(screen.getByRole('searchbox', { name: 'Поиск' }), `Админова${tag}`);
    const own = await rowOf(`Ада Админова${tag}`);
    await user.click(within(own).getByRole('button', { name: /^Изменить/ }));
    const mine = await screen.findByRole('dialog', { name: `Ада Админова${tag}` });
    expect(within(mine).getByText(/Это вы/)).toBeInTheDocument();
    expect(within(mine).getByRole('combobox', { name: 'Новая роль' })).toBeDisabled();
    expect(within(mine).queryByRole('button', { name: /Заблокировать/ })).not.toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Потребовать смену пароля' })).not.toBeInTheDocument();
    expect(me.profile.role.name).toBe('ADMIN');
  });

  it('filters narrow the list; nothing found says so', async () => {
    const tag = Date.now() % 100000;
    await signedInUser({ role: 'ADMIN', direction: null });
    await createTestUser({ firstName: 'Анна', lastName: `Фильтрова${tag}`, direction: 'GO', paymentType: 'TRIAL' });
    await createTestUser({ firstName: 'Вера', lastName: `Фильтрова${tag}`, role: 'CURATOR', direction: null, blocked: true });
    const { user } = renderAt('/admin/users/');
    await user.type(await screen.findByRole('searchbox', { name: 'Поиск' }), `Фильтрова${tag}`);
    expect(await screen.findByText('Найдено 2 пользователя')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Блокировка' }), 'Заблокированы');
    expect(await screen.findByText('Найден 1 пользователь')).toBeInTheDocument();
    expect(screen.getByText(`Вера Фильтрова${tag}`)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Роль' }), 'Студент');
    expect(await screen.findByText('Пользователей по такому запросу нет. Измените поиск или фильтры.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await user.type(screen.getByRole('searchbox', { name: 'Поиск' }), `Фильтрова${tag}`);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Оплата' }), 'Пробный доступ');
    expect(await screen.findByText('Найден 1 пользователь')).toBeInTheDocument();
    expect(screen.getByText(`Анна Фильтрова${tag}`)).toBeInTheDocument();
  });

  it('an invitation: the form checks itself, the link is shown to copy and said to be e-mailed, the pending one can be revoked', async () => {
    const tag = Date.now() % 100000;
    await signedInUser({ role: 'ADMIN', direction: null });
    const email = `invited-${tag}@example.org`;
    const { user, raised } = renderAt('/admin/users/');
    const form = await screen.findByRole('region', { name: 'Пригласить учащегося' });

    await user.click(within(form).getByRole('button', { name: 'Пригласить' }));
    expect(await within(form).findByText('Введите e-mail.')).toBeInTheDocument();
    expect(within(form).getByText('Выберите направление.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), email);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Кого приглашаем' }), 'Студент');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Направление' }), 'Go-разработчик');
    await user.click(within(form).getByRole('button', { name: 'Пригласить' }));

    expect(await within(form).findByText(new RegExp(`Приглашение отправлено на ${email}\\.`))).toBeInTheDocument();
    const link = within(form).getByRole('textbox', { name: 'Ссылка для регистрации' }) as HTMLInputElement;
    expect(link.value).toMatch(/\/registration\/[\w-]{20,}$/);
    const copied = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(form).getByRole('button', { name: 'Скопировать' }));
    expect(await within(form).findByRole('button', { name: 'Скопировано' })).toBeInTheDocument();
    expect(copied).toHaveBeenCalledWith(link.value);
    expect(raised).toContain('admin.invite.sent');
    // the link works: its e-mail is the invited one
    const hash = link.value.split('/').pop()!;
    const info = await apiFetch('/api/registration/token_info', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hash }),
    });
    expect(((await info.json()) as { data: { email: string } }).data.email).toBe(email);

    // pending, then revoked: gone from the list and from the recent changes' newest entry
    // the list of pending invitations comes with the refetch the invitation started
    const pending = await screen.findByRole('list', { name: 'Ждут регистрации' });
    const revoke = await within(pending).findByRole('button', { name: `Отозвать приглашение для ${email}` });
    const recent = await screen.findByRole('list', { name: 'Последние изменения' });
    await waitFor(() =>
      expect(within(recent).getAllByRole('listitem')[0]!.textContent).toContain(`Приглашение для ${email} (Студент)`),
    );
    await user.click(revoke);
    await waitFor(() => expect(raised).toContain('admin.invite.revoked'));
    await waitFor(() => expect(within(pending).queryByText(email)).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(recent).getAllByRole('listitem')[0]!.textContent).toContain(`Приглашение для ${email} отозвано`),
    );
  });

  it('another staff role gets its area’s not-found page at the screen’s path, and no menu link to it', async () => {
    await signedInUser({ role: 'CHIEF_MENTOR', direction: null });
    renderAt('/chief/users', 'chief');
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    const menu = screen.queryByRole('navigation', { name: 'Разделы кабинета' });
    if (menu) expect(within(menu).queryByRole('link', { name: 'Пользователи' })).not.toBeInTheDocument();
  });
});
