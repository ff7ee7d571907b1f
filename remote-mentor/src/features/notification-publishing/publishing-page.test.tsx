import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Middleware } from '@reduxjs/toolkit';
import { createAcademyStore, notify } from '@academy/shared/api';
import type { GeneralNotification } from '@academy/shared/contract';
import { apiData, apiFetch, createTestUser, renderWithProviders, signedInUser, signInAs } from '@academy/shared/testing';
import MentorApp from '../../app';

/** A store that records the notices the page raises (the shell shows them as toasts). */
function storeWithNotices() {
  const raised: string[] = [];
  const record: Middleware = () => (next) => (action) => {
    if (notify.match(action)) raised.push(action.payload.message);
    return next(action);
  };
  return { store: createAcademyStore({ middleware: record }), raised };
}

function renderPage(area: string) {
  const { store, raised } = storeWithNotices();
  const view = renderWithProviders(<MentorApp />, { route: `/${area}/notifications`, path: `/${area}/*`, store });
  return { ...view, raised };
}

/** `yyyy-MM-ddTHH:mm` of a moment `days` from now, as a datetime-local input holds it. */
function localInput(days: number): string {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The sent list's card of a notification, by its title. */
async function sentItem(title: string) {
  const heading = await screen.findByRole('heading', { name: title, level: 3 });
  return heading.closest('li')!;
}

describe('the publishing screen against the real server', () => {
  it('an administrator publishes an important notification to one student; it reaches the bell; the list counts readers', async () => {
    const surname = `Получателева${Date.now() % 100000}`;
    const student = await createTestUser({ firstName: 'Ксения', lastName: surname, direction: 'FE' });
    const admin = await signedInUser({ role: 'ADMIN' });
    const { user, raised, unmount } = renderPage('admin');
    expect(await screen.findByRole('heading', { name: 'Уведомления', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Уведомления' })).toHaveAttribute('href', '/admin/notifications');

    const title = `Перенос ревью ${surname}`;
    await user.type(screen.getByRole('textbox', { name: 'Заголовок' }), title);
    await user.click(screen.getByRole('textbox', { name: 'Текст уведомления' }));
    await user.keyboard('Ревью переносится на пятницу');
    await user.click(screen.getByRole('checkbox', { name: 'Важное уведомление' }));
    const endTime = localInput(3);
    fireEvent.change(screen.getByLabelText('Показывать до'), { target: { value: endTime } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Кому отправить' }), 'Одному студенту');
    await user.type(screen.getByRole('searchbox', { name: 'Найти студента' }), surname);
    await user.click(await screen.findByRole('button', { name: new RegExp(`Ксения ${surname}`) }));
    expect(screen.getByText(`Ксения ${surname}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));

    const item = await sentItem(title);
    expect(within(item).getByText(`Студент: Ксения ${surname}`)).toBeInTheDocument();
    expect(within(item).getByText('Важное')).toBeInTheDocument();
    expect(within(item).getByText('пока никто из 1')).toBeInTheDocument();
    expect(raised).toContain('publishing.published');
    // a fresh form for the next one
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Заголовок' })).toHaveValue(''));

    await signInAs(student);
    const bell = await apiData<GeneralNotification[]>('/api/student/generalNotification');
    const received = bell.find((n) => n.title === title)!;
    expect(received).toMatchObject({ important: true, show: false, endTime: new Date(endTime).toISOString() });
    expect(received.message).toContain('Ревью переносится на пятницу');
    await apiFetch('/api/student/generalNotification', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `sgnId=${received.id}`,
    });

    unmount();
    await signInAs(admin);
    renderPage('admin');
    const readItem = await sentItem(title);
    expect(within(readItem).getByText('1 человек из 1')).toBeInTheDocument();
  });

  it('checks the form before sending, shows the server’s refusal, edits and withdraws', async () => {
    await signedInUser({ role: 'CURATOR' });
    const { user, raised } = renderPage('curator');
    const publish = await screen.findByRole('button', { name: 'Опубликовать' });

    await user.click(publish);
    expect(await screen.findByText('Напишите заголовок уведомления.')).toBeInTheDocument();
    expect(screen.getByText('Напишите текст уведомления.')).toBeInTheDocument();
    const titleField = screen.getByRole('textbox', { name: 'Заголовок' });
    expect(titleField).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('checkbox', { name: 'Важное уведомление' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Кому отправить' }), 'Пользователям с ролью');
    await user.click(publish);
    expect(await screen.findByText('У важного уведомления должно быть время окончания показа.')).toBeInTheDocument();
    expect(screen.getByText('Выберите роль получателей.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Показывать до'), { target: { value: localInput(-1) } });
    await user.click(publish);
    expect(await screen.findByText('Время окончания показа должно быть в будущем.')).toBeInTheDocument();

    const title = `Собрание руководителей ${Date.now() % 100000}`;
    await user.type(titleField, title);
    await user.click(screen.getByRole('textbox', { name: 'Текст уведомления' }));
    await user.keyboard('В четверг в 15:00');
    await user.click(screen.getByRole('checkbox', { name: 'Важное уведомление' }));
    fireEvent.change(screen.getByLabelText('Показывать до (необязательно)'), { target: { value: '' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Роль' }), 'Руководитель');
    await user.click(publish);
    const item = await sentItem(title);
    expect(within(item).getByText('Роль: руководитель')).toBeInTheDocument();

    // edit: loads into the form, saves, the list shows the change
    await user.click(within(item).getByRole('button', { name: `Изменить «${title}»` }));
    expect(await screen.findByRole('heading', { name: 'Изменение уведомления' })).toBeInTheDocument();
    const editedTitle = screen.getByRole('textbox', { name: 'Заголовок' });
    expect(editedTitle).toHaveValue(title);
    expect(editedTitle).toHaveFocus();
    await user.type(editedTitle, ' (перенесено)');
    await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    const edited = await sentItem(`${title} (перенесено)`);
    expect(raised).toContain('publishing.saved');
    expect(await screen.findByRole('heading', { name: 'Новое уведомление' })).toBeInTheDocument();

    // another curator withdraws it while this one edits: the server's refusal shows in the form
    await user.click(within(edited).getByRole('button', { name: `Изменить «${title} (перенесено)»` }));
    const id = (await apiData<{ items: Array<{ id: number; title: string }> }>('/api/staff/notifications?limit=100')).items.find(
      (n) => n.title === `${title} (перенесено)`,
    )!.id;
    await apiFetch(`/api/staff/notifications/${id}/withdraw`, { method: 'POST' });
    await user.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    expect(await screen.findByText('Уведомление отозвано: изменить его уже нельзя.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Отменить изменение' }));

    // withdrawing asks first; the withdrawn one stays in the list, marked, without actions
    const second = `Второе ${title}`;
    await user.type(screen.getByRole('textbox', { name: 'Заголовок' }), second);
    await user.click(screen.getByRole('textbox', { name: 'Текст уведомления' }));
    await user.keyboard('Текст');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Кому отправить' }), 'Пользователям с ролью');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Роль' }), 'Руководитель');
    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
    const withdrawing = await sentItem(second);
    await user.click(within(withdrawing).getByRole('button', { name: `Отозвать «${second}»` }));
    const dialog = await screen.findByRole('dialog', { name: 'Отозвать уведомление?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отозвать' }));
    await waitFor(() => expect(within(withdrawing).getByText('Отозвано', { selector: '.chip' })).toBeInTheDocument());
    expect(within(withdrawing).queryByRole('button', { name: /Отозвать/ })).not.toBeInTheDocument();
    expect(raised).toContain('publishing.withdrawDone');
  });

  it('a mentor has no publishing screen', async () => {
    await signedInUser({ role: 'MENTOR' });
    renderWithProviders(<MentorApp />, { route: '/mentor/notifications', path: '/mentor/*' });
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Уведомления' })).not.toBeInTheDocument();
  });
});
