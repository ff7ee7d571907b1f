import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatReportDate, type Report } from '@academy/shared/contract';
import { todayIn } from '@academy/shared/i18n';
import { apiData, apiFetch, renderWithProviders, signedInUser } from '@academy/shared/testing';
import StudentApp from '../../app';
import { dayBefore, monthWindows, windowIndexOf } from './report-dates';

const localToday = () => todayIn();

const renderArea = (route: string, language: 'ru' | 'en' = 'ru') =>
  renderWithProviders(<StudentApp />, { route, path: '/user/*', language });

/** The zone the page's own calls send (the browser's), so "today" is the same for the test and the page. */
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Writes a report as the signed-in user, as the page would. */
async function writeReport(day: string, countHours: number, text: string): Promise<number> {
  const response = await apiFetch('/api/student/report', {
    method: 'POST',
    headers: { 'content-type': 'application/json', zoneId: zone },
    body: JSON.stringify({ id: null, text, countHours, reportDate: formatReportDate(day) }),
  });
  const body = (await response.json()) as { success: boolean; data: { id: number } };
  expect(body.success).toBe(true);
  return body.data.id;
}

/** How the page writes a day: `22 ноября 2026 г.`. */
const longDay = (day: string, locale = 'ru-RU') =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.parse(`${day}T00:00:00Z`),
  );

const signOut = () => apiFetch('/token', { method: 'DELETE' });

describe('the daily reports page against the real server', () => {
  it('sends a user without isViewReport to the statistics page', async () => {
    await signedInUser({ paymentType: 'UNTIL_PAID' });
    renderArea('/user/report');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/statistic'));
    expect(screen.queryByRole('heading', { name: 'Все отчёты' })).not.toBeInTheDocument();
  });

  it('opens for a curator without isViewReport, as the API does: the tab, and every student’s reports', async () => {
    const today = localToday();
    await signedInUser({ firstName: 'Ада', lastName: 'Отчётова', isViewReport: true, direction: 'GO' });
    await writeReport(today, 3, 'Каналы и горутины');
    await signOut();
    await signedInUser({ role: 'CURATOR', direction: null });
    const { user } = renderArea('/user/report');
    expect(await screen.findByRole('heading', { name: 'Все отчёты' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Разделы студента' });
    expect(within(tabs).getByRole('link', { name: 'Отчёты' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('checkbox', { name: 'Только мои отчёты' }));
    expect(await screen.findByRole('article', { name: `Отчёт: Ада Отчётова, ${longDay(today)}` })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/user/report');
  });

  it('adds, lists, edits and deletes one’s own report', async () => {
    await signedInUser({ firstName: 'Олег', lastName: 'Отчётов', isViewReport: true, direction: 'JAVA' });
    const today = localToday();
    const { user } = renderArea('/user/report');
    expect(await screen.findByRole('heading', { level: 1, name: 'Все отчёты' })).toBeInTheDocument();
    expect(await screen.findByText('За эти дни отчётов нет')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Добавить отчёт' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Новый отчёт' });
    expect(await within(dialog).findByLabelText('Дата')).toHaveValue(today);
    await user.type(within(dialog).getByLabelText('Сколько часов вы учились'), '3');
    await user.type(within(dialog).getByLabelText('Что сделано'), 'Разобрал замыкания');
    await user.click(within(dialog).getByRole('button', { name: 'Отправить отчёт' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const card = await screen.findByRole('article', { name: `Отчёт: Олег Отчётов, ${longDay(today)}` });
    expect(within(card).getByText('3 часа')).toBeInTheDocument();
    expect(within(card).getByText('Разобрал замыкания')).toBeInTheDocument();
    const [saved] = await apiData<{ entities: Report[] }>(
      `/api/student/report?onlySelf=true&startDate=${formatReportDate(today)}&endDate=${formatReportDate(today)}`,
    ).then((list) => list.entities);
    expect(saved).toMatchObject({ countHours: 3, text: 'Разобрал замыкания', reportDate: formatReportDate(today) });

    await user.click(within(card).getByRole('button', { name: `Действия с отчётом за ${longDay(today)}` }));
    await user.click(within(card).getByRole('button', { name: 'Изменить' }));
    const edit = await screen.findByRole('dialog', { name: 'Изменить отчёт' });
    const hours = within(edit).getByLabelText('Сколько часов вы учились');
    expect(hours).toHaveValue(3);
    await user.clear(hours);
    await user.type(hours, '5');
    await user.click(within(edit).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(card).findByText('5 часов')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: `Действия с отчётом за ${longDay(today)}` }));
    await user.click(within(card).getByRole('button', { name: 'Удалить' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить отчёт?' });
    await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('За эти дни отчётов нет')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('fades a text over 100 characters; Show opens the whole report and Hide closes it', async () => {
    await signedInUser({ firstName: 'Дарья', lastName: 'Длинная', isViewReport: true, direction: 'JAVA' });
    const today = localToday();
    const text = `${'Прочитала главу про промисы и async/await, '.repeat(3)}решила четыре задачи.`;
    expect(text.length).toBeGreaterThan(100);
    await writeReport(today, 2.5, text);
    const { user } = renderArea('/user/report');
    const card = await screen.findByRole('article', { name: `Отчёт: Дарья Длинная, ${longDay(today)}` });
    expect(within(card).queryByText(text)).not.toBeInTheDocument();
    expect(within(card).getByText(`${text.slice(0, 100)}…`)).toBeInTheDocument();
    expect(within(card).getByText('2,5 часа')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Показать' }));
    const details = await screen.findByRole('dialog', { name: 'Отчёт' });
    expect(within(details).getByText(text)).toBeInTheDocument();
    expect(within(details).getByText('Дарья Длинная')).toBeInTheDocument();
    expect(within(details).getByText(`${longDay(today)} · 2,5 часа`)).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Скрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a classmate’s reports when only-own is off; the search finds them; turning the flag off clears the search', async () => {
    const today = localToday();
    await signedInUser({ firstName: 'Глеб', lastName: 'Соседов', isViewReport: true, direction: 'MQA' });
    await writeReport(today, 4, 'Тесты модуля 2');
    await signOut();
    await signedInUser({ firstName: 'Мила', lastName: 'Своя', isViewReport: true, direction: 'MQA' });
    await writeReport(today, 1, 'Повторила модуль 1');
    const { user } = renderArea('/user/report');
    const own = `Отчёт: Мила Своя, ${longDay(today)}`;
    const classmate = `Отчёт: Глеб Соседов, ${longDay(today)}`;
    expect(await screen.findByRole('article', { name: own })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: classmate })).not.toBeInTheDocument();
    const mine = screen.getByRole('article', { name: own });
    expect(within(mine).getByRole('button', { name: /Действия с отчётом/ })).toBeInTheDocument();

    const search = screen.getByRole('searchbox', { name: 'Поиск' });
    expect(search).toHaveAttribute('placeholder', 'Введите имя студента или номер модуля');
    await user.type(search, 'Своя');
    // let the search's debounce fire inside act before the flag clears the query
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    await user.click(screen.getByRole('checkbox', { name: 'Только мои отчёты' }));
    expect(search).toHaveValue('');
    const theirs = await screen.findByRole('article', { name: classmate });
    // only the author has the menu
    expect(within(theirs).queryByRole('button', { name: /Действия с отчётом/ })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: own })).toBeInTheDocument();

    await user.type(search, 'Соседов');
    await waitFor(() => expect(screen.queryByRole('article', { name: own })).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: classmate })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: own })).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'модуля 2');
    await waitFor(() => expect(screen.queryByRole('article', { name: own })).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: classmate })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: own })).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'никого-такого-нет');
    expect(await screen.findByText('Ничего не нашлось')).toBeInTheDocument();
  });

  it('starts at this month’s current window, disables the future, and moves through windows and months', async () => {
    await signedInUser({ firstName: 'Вера', lastName: 'Календарёва', isViewReport: true, direction: 'GO' });
    const today = localToday();
    const [year, month, day] = today.split('-').map(Number) as [number, number, number];
    const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
    const pad = (n: number) => String(n).padStart(2, '0');
    const lastOfPrevious = monthWindows(previous).at(-1)!.to;
    const previousDay = `${previous.year}-${pad(previous.month)}-${pad(lastOfPrevious)}`;
    await writeReport(previousDay, 6, 'Итоги прошлого месяца');
    const { user } = renderArea('/user/report');

    const monthName = (y: number, m: number) => {
      const name = new Intl.DateTimeFormat('ru-RU', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, 1));
      return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${y}`;
    };
    expect(await screen.findByText(monthName(year, month))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Следующий месяц' })).toBeDisabled();
    const strip = screen.getByRole('group', { name: 'Дни месяца' });
    const buttons = within(strip).getAllByRole('button');
    expect(buttons).toHaveLength(6);
    const current = windowIndexOf({ year, month }, day);
    buttons.forEach((button, index) => {
      expect(button).toHaveAttribute('aria-pressed', String(index === current));
      if (index > current) expect(button).toBeDisabled();
      else expect(button).toBeEnabled();
    });
    expect(await screen.findByText('За эти дни отчётов нет')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Предыдущий месяц' }));
    expect(await screen.findByText(monthName(previous.year, previous.month))).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: `Отчёт: Вера Календарёва, ${longDay(previousDay)}` });
    expect(within(card).getByText('6 часов')).toBeInTheDocument();
    const previousButtons = within(strip).getAllByRole('button');
    expect(previousButtons.at(-1)).toHaveAttribute('aria-pressed', 'true');
    previousButtons.forEach((button) => expect(button).toBeEnabled());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Следующий месяц' })).toBeEnabled());

    await user.click(previousButtons[0]!);
    expect(previousButtons[0]).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('За эти дни отчётов нет')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Следующий месяц' }));
    expect(await screen.findByText(monthName(year, month))).toBeInTheDocument();
    expect(within(strip).getAllByRole('button')[current]).toHaveAttribute('aria-pressed', 'true');
  });

  it('explains each rule of the form, and a refused save loses nothing, not even to a remount', async () => {
    await signedInUser({ isViewReport: true, direction: 'JAVA' });
    const today = localToday();
    await writeReport(today, 1, 'Утренний отчёт');
    let view = renderArea('/user/report');
    await view.user.click((await screen.findAllByRole('button', { name: 'Добавить отчёт' }))[0]!);
    let dialog = await screen.findByRole('dialog', { name: 'Новый отчёт' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Отправить отчёт' }));
    expect(await within(dialog).findByText('Укажите, сколько времени заняла учёба')).toBeInTheDocument();
    expect(within(dialog).getByText('Напишите, что сделано')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Сколько часов вы учились')).toHaveAccessibleDescription(
      'Укажите, сколько времени заняла учёба',
    );

    const hours = within(dialog).getByLabelText('Сколько часов вы учились');
    await view.user.type(hours, '25');
    const text = within(dialog).getByLabelText('Что сделано');
    await view.user.click(text);
    await view.user.paste('я'.repeat(201));
    await view.user.tab();
    expect(await within(dialog).findByText('В сутках не больше 24 часов')).toBeInTheDocument();
    expect(within(dialog).getByText('Отчёт слишком длинный: не больше 200 символов')).toBeInTheDocument();
    expect(within(dialog).getByText('201 из 200 символов')).toBeInTheDocument();

    await view.user.clear(hours);
    await view.user.type(hours, '-2');
    await view.user.tab();
    expect(await within(dialog).findByText('Время не может быть отрицательным')).toBeInTheDocument();

    const date = within(dialog).getByLabelText('Дата');
    fireEvent.change(date, { target: { value: '2017-12-31' } });
    fireEvent.blur(date);
    expect(await within(dialog).findByText('Выберите день с 01.01.2018 по сегодня')).toBeInTheDocument();

    // a valid report for a day that already has one: the server refuses with its own text
    fireEvent.change(date, { target: { value: today } });
    await view.user.clear(hours);
    await view.user.type(hours, '2');
    await view.user.clear(text);
    await view.user.type(text, 'Вечерний отчёт');
    await view.user.click(within(dialog).getByRole('button', { name: 'Отправить отчёт' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Отчёт за ${formatReportDate(today)} уже есть`);
    view.unmount();

    // a reload: the draft is back
    view = renderArea('/user/report');
    await view.user.click((await screen.findAllByRole('button', { name: 'Добавить отчёт' }))[0]!);
    dialog = await screen.findByRole('dialog', { name: 'Новый отчёт' });
    expect(await within(dialog).findByLabelText('Сколько часов вы учились')).toHaveValue(2);
    expect(within(dialog).getByLabelText('Что сделано')).toHaveValue('Вечерний отчёт');
    const yesterday = dayBefore(today);
    fireEvent.change(within(dialog).getByLabelText('Дата'), { target: { value: yesterday } });
    await view.user.click(within(dialog).getByRole('button', { name: 'Отправить отчёт' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    view.unmount();

    // saved: the next new report starts empty
    view = renderArea('/user/report');
    await view.user.click((await screen.findAllByRole('button', { name: 'Добавить отчёт' }))[0]!);
    dialog = await screen.findByRole('dialog', { name: 'Новый отчёт' });
    expect(within(dialog).getByLabelText('Сколько часов вы учились')).toHaveValue(null);
    expect(within(dialog).getByLabelText('Что сделано')).toHaveValue('');
    const list = await apiData<{ entities: Report[] }>(
      `/api/student/report?onlySelf=true&startDate=${formatReportDate(yesterday)}&endDate=${formatReportDate(today)}`,
    );
    expect(list.entities.map((r) => r.text)).toEqual(['Вечерний отчёт', 'Утренний отчёт']);
  });

  it('reads well in English', async () => {
    await signedInUser({ firstName: 'Anna', lastName: 'Reporter', isViewReport: true, direction: 'JAVA' });
    const today = localToday();
    await writeReport(today, 1, 'Closures');
    renderArea('/user/report', 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'All reports' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: `Report: Anna Reporter, ${longDay(today, 'en-GB')}` });
    expect(within(card).getByText('1 hour')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Only my reports' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
  });
});

describe('the yesterday’s report modal against the real server', () => {
  it('cannot be closed; writing yesterday’s report removes it', async () => {
    await signedInUser({ paymentType: 'UNTIL_PAID', createdDaysAgo: 3 });
    const { user } = renderArea('/user/courses');
    const dialog = await screen.findByRole('dialog', { name: 'Отчёт за вчера' });
    const yesterday = dayBefore(localToday());
    // the form arrives with its own chunk (a skeleton first)
    expect(await within(dialog).findByText(`Отчёт за ${longDay(yesterday)}`)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Дата')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Закрыть' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await user.click(document.body);
    expect(screen.getByRole('dialog', { name: 'Отчёт за вчера' })).toBeInTheDocument();
    // the focus stays in the dialog
    const hours = within(dialog).getByLabelText('Сколько часов вы учились');
    expect(hours).toHaveFocus();
    const text = within(dialog).getByLabelText('Что сделано');
    const send = within(dialog).getByRole('button', { name: 'Отправить отчёт' });
    await user.tab();
    expect(text).toHaveFocus();
    await user.tab();
    expect(send).toHaveFocus();
    await user.tab();
    expect(hours).toHaveFocus();
    await user.tab({ shift: true });
    expect(send).toHaveFocus();

    await user.type(hours, '2');
    await user.type(text, 'Задачи на массивы');
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const profile = await apiData<{ requireCreateReport: boolean }>('/api/user/profile');
    expect(profile.requireCreateReport).toBe(false);
  });

  it('is not asked of someone who joined today, nor shown to staff viewing a student who owes one', async () => {
    const student = await signedInUser({ paymentType: 'UNTIL_PAID', createdDaysAgo: 3 });
    expect((await apiData<{ requireCreateReport: boolean }>('/api/user/profile')).requireCreateReport).toBe(true);
    await signOut();
    await signedInUser({ paymentType: 'UNTIL_PAID' });
    const view = renderArea('/user/courses');
    expect(await screen.findByRole('region', { name: 'Основные курсы' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    view.unmount();
    await signOut();
    await signedInUser({ role: 'MENTOR' });
    renderArea(`/user/courses?studentId=${student.id}`);
    expect(await screen.findByText('Страница студента')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Основные курсы' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
