import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Middleware } from '@reduxjs/toolkit';
import { createAcademyStore, notify } from '@academy/shared/api';
import { apiFetch, renderWithProviders, signedInUser, signInAs } from '@academy/shared/testing';
import StudentApp from '../../app';
import { dayInstant } from '@academy/shared/i18n';
import { addDays, localToday } from '../../lib/review-dates';
import { bookedWithOutcome, localAt, ownReviews, planSlot, reviewStudents } from './review-test-data';

function renderArea(route: string, language: 'ru' | 'en' = 'ru') {
  const raised: string[] = [];
  const record: Middleware = () => (next) => (action) => {
    if (notify.match(action)) raised.push(action.payload.message);
    return next(action);
  };
  const view = renderWithProviders(<StudentApp />, {
    route,
    path: '/user/*',
    language,
    store: createAcademyStore({ middleware: record }),
  });
  return { ...view, raised };
}

/** `d MMM yyyy HH:mm – HH:mm` of a local day's hour, as the list writes it (as every screen writes a date). */
const timeText = (day: string, hours: number, minutes: number) =>
  `${new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeZone: 'UTC' }).format(dayInstant(day))} ${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')} – ${String(hours + 1).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;

/**
 * A student with a review of every status in the default window (the first module's failed, missed,
 * cancelled and passed ones, the second module's waiting one with a conference) and a failed one
 * three weeks ahead, outside it. Leaves the student signed in.
 */
async function studentWithReviews(names?: { firstName: string; lastName: string }) {
  const { students, course } = await reviewStudents(1, names ? [names] : []);
  const student = students[0]!;
  const [first, second] = course.modules as [number, number];
  const soon = addDays(localToday(), 1);
  const later = addDays(localToday(), 2);
  const far = addDays(localToday(), 21);
  const slots = {
    far: await planSlot(first, localAt(far, 10, 7), 5),
    failed: await planSlot(first, localAt(soon, 9, 7), 5),
    missed: await planSlot(first, localAt(soon, 11, 7), 5),
    canceled: await planSlot(first, localAt(soon, 13, 7), 5),
    passed: await planSlot(first, localAt(soon, 15, 7), 5),
    missedAsync: await planSlot(second, localAt(later, 8, 7), 5),
    waited: await planSlot(second, localAt(later, 10, 7), 5, 'https://meet.example/async-review'),
  };
  await signInAs(student);
  const ids = {
    far: await bookedWithOutcome(slots.far, first, 'FAILED'),
    failed: await bookedWithOutcome(slots.failed, first, 'FAILED', {
      codeDebts: [{ taskId: course.codeTaskId, mentorComment: 'Счётчик должен начинаться с единицы' }],
      theoryDebts: ['Что такое лексическое окружение?', 'Когда замыкание удерживает память?'],
    }),
    missed: await bookedWithOutcome(slots.missed, first, 'MISSED'),
    canceled: await bookedWithOutcome(slots.canceled, first, 'CANCELED'),
    passed: await bookedWithOutcome(slots.passed, first, 'SUCCESS'),
    missedAsync: await bookedWithOutcome(slots.missedAsync, second, 'MISSED'),
    waited: await bookedWithOutcome(slots.waited, second, 'WAITED'),
  };
  return { student, course, soon, later, far, ids };
}

/** The table's row of the review at that time. */
const rowOf = (table: HTMLElement, time: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByRole('cell', { name: time }))!;

describe('the review list /user/review against the real server', () => {
  it('lists the default window with each status’s action, filters by status and keeps a date that is emptied', async () => {
    const { soon, later, far } = await studentWithReviews();
    const today = localToday();
    const { user } = renderArea('/user/review');
    expect(await screen.findByRole('heading', { level: 1, name: 'Групповое ревью' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Ваше ревью' });
    expect(within(section).getByLabelText('С')).toHaveValue(addDays(today, -14));
    expect(within(section).getByLabelText('По')).toHaveValue(addDays(today, 14));
    const table = await within(section).findByRole('table', { name: 'Ваше ревью' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Замыкания', timeText(soon, 9, 7), 'Не пройдено', '—', 'Подробнее'],
      ['Замыкания', timeText(soon, 11, 7), 'Пропущено', '—', 'Пропущено'],
      ['Замыкания', timeText(soon, 13, 7), 'Отменено', '—', 'Перезаписаться'],
      ['Замыкания', timeText(soon, 15, 7), 'Пройдено', '—', 'Пройдено'],
      ['Асинхронность', timeText(later, 8, 7), 'Пропущено', '—', 'Пропущено'],
      ['Асинхронность', timeText(later, 10, 7), 'Ожидается', 'Перейти в конференцию (откроется в новой вкладке)', 'Отказаться'],
    ]);
    // the conference: only while the review waits, in a new tab
    const conference = within(rowOf(table, timeText(later, 10, 7))).getByRole('link', { name: /Перейти в конференцию/ });
    expect(conference.getAttribute('href')).toMatch(/^\/meet\?linkCode=\w+$/);
    expect(conference).toHaveAttribute('target', '_blank');
    expect(conference).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(rowOf(table, timeText(soon, 9, 7))).getByRole('button', { name: 'Подробнее' })).toHaveAccessibleDescription(
      'Замыкания',
    );

    const status = within(section).getByRole('combobox', { name: 'Статус' });
    await user.selectOptions(status, 'Пройденные');
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(2));
    expect(within(section).getByRole('cell', { name: timeText(soon, 15, 7) })).toBeInTheDocument();
    await user.selectOptions(status, 'Будущие');
    await waitFor(() => expect(within(section).getByRole('cell', { name: timeText(later, 10, 7) })).toBeInTheDocument());
    expect(within(section).getAllByRole('row')).toHaveLength(2);
    await user.selectOptions(status, 'Не пройденные');
    await waitFor(() => expect(within(section).getByRole('cell', { name: timeText(soon, 9, 7) })).toBeInTheDocument());
    expect(within(section).getAllByRole('row')).toHaveLength(2);

    // widening the window finds the review three weeks ahead; an emptied date keeps the one before
    const to = within(section).getByLabelText('По');
    fireEvent.change(to, { target: { value: addDays(today, 30) } });
    expect(await within(section).findByRole('cell', { name: timeText(far, 10, 7) })).toBeInTheDocument();
    fireEvent.change(to, { target: { value: '' } });
    expect(to).toHaveValue(addDays(today, 30));
    expect(within(section).getByRole('cell', { name: timeText(far, 10, 7) })).toBeInTheDocument();

    // a window without reviews says how to find them
    fireEvent.change(within(section).getByLabelText('С'), { target: { value: addDays(today, 25) } });
    expect(await within(section).findByText('За эти дни ревью нет')).toBeInTheDocument();
    expect(within(section).getByText('Расширьте даты «С» и «По» или выберите другой статус.')).toBeInTheDocument();
  });

  it('details: a failed review’s code tasks and theory questions; a passed one’s empty lists', async () => {
    const { soon, course } = await studentWithReviews();
    const { user } = renderArea('/user/review');
    const table = await screen.findByRole('table', { name: 'Ваше ревью' });
    await user.click(within(rowOf(table, timeText(soon, 9, 7))).getByRole('button', { name: 'Подробнее' }));
    let dialog = await screen.findByRole('dialog', { name: 'Ревью модуля «Замыкания»' });
    const code = within(dialog).getByRole('region', { name: 'Задачи, которые нужно доделать' });
    const task = await within(code).findByRole('link', { name: 'Счётчик' });
    expect(task).toHaveAttribute('href', `/user/courses/${course.courseId}/1/1/2`);
    expect(await within(code).findByText('Курс с ревью · модуль 1, глава 1, задача 2')).toBeInTheDocument();
    expect(within(code).getByText('Счётчик должен начинаться с единицы')).toBeInTheDocument();
    const theory = within(dialog).getByRole('region', { name: 'Вопросы по теории' });
    expect((await within(theory).findAllByRole('listitem')).map((item) => item.textContent)).toEqual([
      'Что такое лексическое окружение?',
      'Когда замыкание удерживает память?',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));

    await user.click(within(rowOf(table, timeText(soon, 15, 7))).getByRole('button', { name: 'Пройдено' }));
    dialog = await screen.findByRole('dialog', { name: 'Ревью модуля «Замыкания»' });
    await waitFor(() => expect(within(dialog).getAllByText('Список пуст')).toHaveLength(2));

    // the task link leads to the task page
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await user.click(within(rowOf(table, timeText(soon, 9, 7))).getByRole('button', { name: 'Подробнее' }));
    dialog = await screen.findByRole('dialog', { name: 'Ревью модуля «Замыкания»' });
    await user.click(await within(dialog).findByRole('link', { name: 'Счётчик' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/user/courses/${course.courseId}/1/1/2`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Счётчик' })).toBeInTheDocument();
  });

  it('opting out and removing a missed review confirm first and delete; a refusal shows the server’s text', async () => {
    const { soon, later, ids } = await studentWithReviews();
    const { user, raised } = renderArea('/user/review');
    const table = await screen.findByRole('table', { name: 'Ваше ревью' });

    await user.click(within(rowOf(table, timeText(later, 10, 7))).getByRole('button', { name: 'Отказаться' }));
    let dialog = await screen.findByRole('dialog', { name: 'Отказаться от ревью?' });
    expect(
      within(dialog).getByText(
        `Вы откажетесь от ревью модуля «Асинхронность» (${timeText(later, 10, 7)}), и ваше место достанется другому студенту.`,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(rowOf(table, timeText(later, 10, 7))).getByRole('button', { name: 'Отказаться' }));
    dialog = await screen.findByRole('dialog', { name: 'Отказаться от ревью?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отказаться' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(table).queryByRole('cell', { name: timeText(later, 10, 7) })).not.toBeInTheDocument());
    expect(raised).toEqual(['reviews.rejected.WAITED']);

    await user.click(within(rowOf(table, timeText(soon, 11, 7))).getByRole('button', { name: 'Пропущено' }));
    dialog = await screen.findByRole('dialog', { name: 'Убрать пропущенное ревью?' });
    await user.click(within(dialog).getByRole('button', { name: 'Убрать' }));
    await waitFor(() => expect(within(table).queryByRole('cell', { name: timeText(soon, 11, 7) })).not.toBeInTheDocument());
    const left = await ownReviews(addDays(localToday(), -14), addDays(localToday(), 14));
    expect(left.map((r) => r.studentReviewId).sort()).toEqual([ids.failed, ids.canceled, ids.passed, ids.missedAsync].sort());

    // a cancelled review: re-review opens the module's sign-up
    await user.click(within(rowOf(table, timeText(soon, 13, 7))).getByRole('button', { name: 'Перезаписаться' }));
    dialog = await screen.findByRole('dialog', { name: 'Запись на ревью: Замыкания' });
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));

    // deleted meanwhile (in another tab): the modal says what the server says, and stays
    await apiFetch(`/api/student/review/${ids.missedAsync}`, { method: 'DELETE' });
    await user.click(within(rowOf(table, timeText(later, 8, 7))).getByRole('button', { name: 'Пропущено' }));
    dialog = await screen.findByRole('dialog', { name: 'Убрать пропущенное ревью?' });
    await user.click(within(dialog).getByRole('button', { name: 'Убрать' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Нет ревью ${ids.missedAsync}.`);
    expect(raised).toEqual(['reviews.rejected.WAITED', 'reviews.rejected.MISSED']);
  });

  it('staff see a student’s reviews read-only; a classmate does not; staff’s own page explains', async () => {
    const { student, soon } = await studentWithReviews({ firstName: 'Ревьюшка', lastName: 'Студентова' });
    await signedInUser({ role: 'MENTOR', direction: 'FE' });
    let view = renderArea(`/user/review?studentId=${student.id}`);
    const section = await screen.findByRole('region', { name: 'Ревью студента' });
    const table = await within(section).findByRole('table', { name: 'Ревью студента' });
    expect(within(rowOf(table, timeText(soon, 11, 7))).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf(table, timeText(soon, 13, 7))).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Отказаться' })).not.toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Разделы студента' });
    expect(within(tabs).getByRole('link', { name: 'Ревью' })).toHaveAttribute('href', `/user/review?studentId=${student.id}`);
    await view.user.click(within(rowOf(table, timeText(soon, 9, 7))).getByRole('button', { name: 'Подробнее' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ревью модуля «Замыкания»' });
    expect(await within(dialog).findByRole('link', { name: 'Счётчик' })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`\\?studentId=${student.id}$`)),
    );
    expect(await within(dialog).findByText('Что такое лексическое окружение?')).toBeInTheDocument();
    view.unmount();

    // staff on their own pages: no tab, and the page says where reviews are
    view = renderArea('/user/review');
    expect(await screen.findByText('Здесь студенты видят свои ревью')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'В кабинет сотрудника' })).toHaveAttribute('href', '/mentor/review/table');
    expect(
      within(screen.getByRole('navigation', { name: 'Разделы студента' })).queryByRole('link', { name: 'Ревью' }),
    ).toBeNull();
    view.unmount();

    // a classmate viewing the student's pages has no review list to see
    await signedInUser({ direction: 'FE' });
    renderArea(`/user/review?studentId=${student.id}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/user/statistic?studentId=${student.id}`));
    const classmateTabs = await screen.findByRole('navigation', { name: 'Разделы студента' });
    expect(within(classmateTabs).queryByRole('link', { name: 'Ревью' })).not.toBeInTheDocument();
  });

  it('reads well in English, and says when there is nothing yet', async () => {
    await signedInUser({ direction: 'FE' });
    renderArea('/user/review', 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Group review' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Your review' });
    expect(await within(section).findByText('No reviews for these dates')).toBeInTheDocument();
    expect(within(section).getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('All');
    expect(within(section).getByLabelText('From')).toHaveValue(addDays(localToday(), -14));
  });
});
