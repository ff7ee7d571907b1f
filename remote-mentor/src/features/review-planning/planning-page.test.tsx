import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Middleware } from '@reduxjs/toolkit';
import { createAcademyStore, notify } from '@academy/shared/api';
import type { GeneralNotification, ReviewPlanningOptions, ReviewSlot } from '@academy/shared/contract';
import { apiData, apiFetch, createTestUser, renderWithProviders, signedInUser, signInAs } from '@academy/shared/testing';
import MentorApp from '../../app';
import { dayOf, shiftDay } from '../../components/review-slot';

/** A store that records the notices the page raises (the shell shows them as toasts). */
function storeWithNotices() {
  const raised: string[] = [];
  const record: Middleware = () => (next) => (action) => {
    if (notify.match(action)) raised.push(action.payload.message);
    return next(action);
  };
  return { store: createAcademyStore({ middleware: record }), raised };
}

function renderPlanning(area = 'chief') {
  const { store, raised } = storeWithNotices();
  const view = renderWithProviders(<MentorApp />, { route: `/${area}/review/planning`, path: `/${area}/*`, store });
  return { ...view, raised };
}

/** The period shows one day: the planned slot's. */
async function showDay(day: string) {
  fireEvent.change(await screen.findByLabelText('По'), { target: { value: day } });
  fireEvent.change(screen.getByLabelText('С'), { target: { value: day } });
}

/** A planned slot's card, by its time and module. */
function slotCard(time: string, module: string): Promise<HTMLElement> {
  return screen.findByRole('article', { name: `${time}, ${module}` });
}

/** An FE student enrolled in the review fixture course, booked on the slot. */
async function bookedStudent(firstName: string, lastName: string, slotId: number, moduleId: number) {
  const student = await createTestUser({ firstName, lastName, direction: 'FE' });
  await apiFetch('/__test__/enrolments', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ studentId: student.id, course: 'review' }),
  });
  await signInAs(student);
  const booking = await apiFetch(`/api/student/review/register/${slotId}?moduleId=${moduleId}`, { method: 'POST' });
  expect(booking.status).toBe(200);
  return student;
}

describe('the review planning screen against the real server', () => {
  it('a chief mentor lands on it, plans a slot, sees its booking, moves it and cancels it; the student hears of both', async () => {
    const tag = Date.now() % 100000;
    await createTestUser({ role: 'MENTOR', firstName: 'Ревьюер', lastName: `Планов${tag}` });
    const chief = await signedInUser({ role: 'CHIEF_MENTOR' });
    const day = shiftDay(dayOf(new Date()), 200 + (tag % 100));
    const { user, raised, unmount } = renderPlanning();

    expect(await screen.findByRole('heading', { level: 1, name: 'Планирование ревью' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Разделы кабинета' });
    expect(within(menu).getByRole('link', { name: 'Планирование ревью' })).toHaveAttribute('href', '/chief/review/planning');
    expect(within(menu).getByRole('link', { name: 'Мои ревью' })).toHaveAttribute('href', '/chief/review/sessions');
    expect(within(menu).getByRole('link', { name: 'Кабинет сотрудника' })).toHaveAttribute('href', '/chief/students');

    // plan: the form checks first, then the slot appears in its day
    await user.click(screen.getAllByRole('button', { name: 'Запланировать ревью' })[0]!);
    const form = await screen.findByRole('dialog', { name: 'Новое ревью' });
    await user.click(await within(form).findByRole('button', { name: 'Запланировать' }));
    expect(await within(form).findByText('Выберите курс.')).toBeInTheDocument();
    expect(within(form).getByText('Выберите дату.')).toBeInTheDocument();
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Курс' }), 'Курс с ревью');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Модуль' }), 'Модуль 1. Замыкания');
    fireEvent.change(within(form).getByLabelText('Дата'), { target: { value: day } });
    fireEvent.change(within(form).getByLabelText('Начало'), { target: { value: '10:00' } });
    const seats = within(form).getByRole('spinbutton', { name: 'Мест' });
    await user.clear(seats);
    await user.type(seats, '3');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Ментор ревью' }), `Ревьюер Планов${tag}`);
    await user.type(within(form).getByRole('textbox', { name: 'Ссылка на конференцию (необязательно)' }), 'ftp://meet');
    await user.click(within(form).getByRole('button', { name: 'Запланировать' }));
    expect(await within(form).findByText('Ссылка должна начинаться с http:// или https://.')).toBeInTheDocument();
    const link = within(form).getByRole('textbox', { name: 'Ссылка на конференцию (необязательно)' });
    await user.clear(link);
    await user.type(link, `https://meet.example/review-${tag}`);
    await user.click(within(form).getByRole('button', { name: 'Запланировать' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(raised).toContain('planning.planned');

    await showDay(day);
    const card = await slotCard('10:00 – 11:00', 'Модуль 1. Замыкания');
    expect(within(card).getByText('Курс с ревью')).toBeInTheDocument();
    expect(within(card).getByText(`Ревьюер Планов${tag}`)).toBeInTheDocument();
    expect(within(card).getByText('0/3')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: `https://meet.example/review-${tag}` })).toHaveAttribute('target', '_blank');
    expect(within(card).getByText('Пока никто не записался.')).toBeInTheDocument();
    unmount();

    // a student books the slot
    const options = await apiData<ReviewPlanningOptions>('/api/chief/review/options');
    const moduleId = options.modules.find((m) => m.courseName === 'Курс с ревью' && m.modulePosition === 1)!.moduleId;
    const slot = (await apiData<ReviewSlot[]>(`/api/chief/review/slots?from=${day}&to=${day}`)).find(
      (s) => s.conferenceUrl === `https://meet.example/review-${tag}`,
    )!;
    const student = await bookedStudent('Ксения', `Записанная${tag}`, slot.id, moduleId);
    await signInAs(chief);

    const view = renderPlanning();
    await showDay(day);
    const booked = await slotCard('10:00 – 11:00', 'Модуль 1. Замыкания');
    expect(within(booked).getByText('1/3')).toBeInTheDocument();
    expect(within(booked).getByText(`Ксения Записанная${tag}`)).toBeInTheDocument();
    expect(within(booked).getByText('Ждёт ревью')).toBeInTheDocument();

    // move: the same form, filled in; a module change with students booked is the server's refusal, on its field
    await view.user.click(
      within(booked).getByRole('button', { name: 'Перенести или изменить ревью 10:00 – 11:00, Модуль 1. Замыкания' }),
    );
    const edit = await screen.findByRole('dialog', { name: 'Перенос или изменение ревью' });
    expect(within(edit).getByRole('combobox', { name: 'Курс' })).toHaveDisplayValue('Курс с ревью');
    expect(within(edit).getByLabelText('Дата')).toHaveValue(day);
    expect(within(edit).getByLabelText('Начало')).toHaveValue('10:00');
    expect(within(edit).getByText(/1 студент записан на это ревью/)).toBeInTheDocument();
    await view.user.selectOptions(within(edit).getByRole('combobox', { name: 'Модуль' }), 'Модуль 2. Асинхронность');
    await view.user.click(within(edit).getByRole('button', { name: 'Сохранить' }));
    expect(await within(edit).findByText(/модуль изменить нельзя/)).toBeInTheDocument();
    expect(within(edit).getByRole('combobox', { name: 'Модуль' })).toHaveAttribute('aria-invalid', 'true');
    await view.user.selectOptions(within(edit).getByRole('combobox', { name: 'Модуль' }), 'Модуль 1. Замыкания');
    fireEvent.change(within(edit).getByLabelText('Начало'), { target: { value: '11:30' } });
    await view.user.click(within(edit).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.raised).toContain('planning.saved');
    const moved = await slotCard('11:30 – 12:30', 'Модуль 1. Замыкания');
    expect(within(moved).getByText(`Ксения Записанная${tag}`)).toBeInTheDocument();

    // cancel: asks first, naming what happens to the booked students
    await view.user.click(within(moved).getByRole('button', { name: 'Отменить ревью 11:30 – 12:30, Модуль 1. Замыкания' }));
    const confirm = await screen.findByRole('dialog', { name: 'Отменить ревью?' });
    expect(within(confirm).getByText(/Ревью «Модуль 1\. Замыкания» .* в 11:30 будет отменено\./)).toBeInTheDocument();
    expect(
      within(confirm).getByText('1 записавшийся студент получит уведомление, его запись будет отменена.'),
    ).toBeInTheDocument();
    await view.user.click(within(confirm).getByRole('button', { name: 'Отменить ревью' }));
    await waitFor(() => expect(within(moved).getByText('Отменено', { selector: '.chip' })).toBeInTheDocument());
    expect(within(moved).getByText('Запись отменена')).toBeInTheDocument();
    expect(within(moved).queryByRole('button')).not.toBeInTheDocument();
    expect(view.raised).toContain('planning.canceled');
    view.unmount();

    await signInAs(student);
    const bell = await apiData<GeneralNotification[]>('/api/student/generalNotification');
    expect(bell.map((n) => n.title)).toEqual(expect.arrayContaining(['Ревью перенесено', 'Ревью отменено']));
  });

  it('an administrator plans at /admin/review/planning; an empty period says so', async () => {
    await signedInUser({ role: 'ADMIN' });
    const { user } = renderPlanning('admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Планирование ревью' })).toBeInTheDocument();
    const empty = shiftDay(dayOf(new Date()), 365);
    await showDay(empty);
    expect(await screen.findByText(/ревью не запланированы\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Неделя назад/ }));
    expect(screen.getByLabelText('С')).toHaveValue(shiftDay(empty, -7));
  });

  it('a mentor has no planning screen; the chief mentor’s staff home moved beside it', async () => {
    await signedInUser({ role: 'MENTOR' });
    const view = renderWithProviders(<MentorApp />, { route: '/mentor/review/planning', path: '/mentor/*' });
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Планирование ревью' })).not.toBeInTheDocument();
    view.unmount();

    await signedInUser({ role: 'CHIEF_MENTOR' });
    renderWithProviders(<MentorApp />, { route: '/chief/students', path: '/chief/*' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Кабинет сотрудника' })).toBeInTheDocument();
    await screen.findByRole('searchbox', { name: 'Поиск студента' });
  });
});
