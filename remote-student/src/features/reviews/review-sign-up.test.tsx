import { screen, waitFor, within } from '@testing-library/react';
import type { Middleware } from '@reduxjs/toolkit';
import { createAcademyStore, notify } from '@academy/shared/api';
import type { StudentTask } from '@academy/shared/contract';
import {
  apiData,
  apiFetch,
  createTestUser,
  openCourseFor,
  renderWithProviders,
  signedInUser,
  signInAs,
} from '@academy/shared/testing';
import StudentApp from '../../app';
import { ReviewSignUpDialog } from '../../components/review-sign-up/review-sign-up-dialog';
import { addDays, localToday, monthOf, sameMonth, slotRange } from '../../lib/review-dates';
import ReviewStepBody from '../../task-kinds/bodies/review-step-body';
import { bookedWithOutcome, bookSlot, localAt, ownReviews, planSlot, reviewStudents } from './review-test-data';

/** Renders the student area with a store that records the notices raised (the shell shows them as toasts). */
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

const fullDate = (day: string) =>
  new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.parse(`${day}T00:00:00Z`),
  );
const weekdayDate = (day: string) =>
  new Intl.DateTimeFormat('ru-RU', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    Date.parse(`${day}T00:00:00Z`),
  );
const monthCaption = (day: string) => {
  const name = new Intl.DateTimeFormat('ru-RU', { month: 'long', timeZone: 'UTC' }).format(Date.parse(`${day}T00:00:00Z`));
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${day.slice(0, 4)}`;
};

/** Two days ahead, and a neighbour in the same month (the calendar shows one month at a time). */
function reviewDays() {
  let day = addDays(localToday(), 2);
  // the neighbour is the next day, in the same month: never tomorrow, where other suites on the shared
  // server plan slots of the same module (on the 28th of a 30-day month it used to be the day before)
  if (!sameMonth(monthOf(addDays(day, 1)), monthOf(day))) day = addDays(day, 2);
  return { day, neighbour: addDays(day, 1) };
}

/** Brings the calendar to the day's month (it opens at the month of the first free day of anyone's slots). */
async function showMonthOf(dialog: HTMLElement, day: string, user: ReturnType<typeof renderArea>['user']) {
  const caption = monthCaption(day);
  if (within(dialog).queryByText(caption)) return;
  // the calendar holds this month and the next
  const towards = within(dialog).queryByText(monthCaption(localToday())) ? 'Следующий месяц' : 'Предыдущий месяц';
  await user.click(within(dialog).getByRole('button', { name: towards }));
  expect(await within(dialog).findByText(caption)).toBeInTheDocument();
}

describe('the review step and its sign-up against the real server', () => {
  it('books a free slot of a day with free slots, shows the booking, and cancels back to the calendar', async () => {
    const { students, course } = await reviewStudents(3);
    const [me, rival, third] = students as [(typeof students)[0], (typeof students)[0], (typeof students)[0]];
    const module = course.modules[0]!;
    const { day, neighbour } = reviewDays();
    const chosen = localAt(day, 10, 7);
    await planSlot(module, chosen, 2, 'https://meet.example/review-room');
    await planSlot(module, localAt(day, 12, 7), 1);
    const full = await planSlot(module, localAt(day, 14, 7), 1);
    const fullDay = await planSlot(module, localAt(neighbour, 9, 37), 1);
    await signInAs(rival);
    await bookSlot(full, module);
    await signInAs(third);
    await bookSlot(fullDay, module);
    await signInAs(me);

    const { user, raised } = renderArea(`/user/courses/${course.courseId}/1/1/3`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ревью модуля «Замыкания»' })).toBeInTheDocument();
    const step = await screen.findByRole('region', { name: 'Ревью модуля' });
    expect(await within(step).findByText('Вы ещё не записаны на ревью модуля.')).toBeInTheDocument();
    // a review step is passed at the review: it has no reset
    expect(screen.queryByRole('button', { name: 'Решить заново' })).not.toBeInTheDocument();

    await user.click(within(step).getByRole('button', { name: 'Записаться на ревью' }));
    const dialog = await screen.findByRole('dialog', { name: 'Запись на ревью' });
    expect(await within(dialog).findByRole('heading', { name: 'Шаг 1 из 2. Выберите день' })).toBeInTheDocument();
    await showMonthOf(dialog, day, user);
    const grid = within(dialog).getByRole('table', { name: monthCaption(day) });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс']);
    // only days with a free slot can be chosen: the neighbour has only a full one
    expect(within(grid).getByRole('button', { name: fullDate(neighbour) })).toBeDisabled();
    const dayButton = within(grid).getByRole('button', { name: fullDate(day) });
    expect(dayButton).toBeEnabled();
    // and look so: a coming day without a free slot is drawn faded, as the days gone are (spec 2 §2.6)
    expect(within(grid).getByRole('button', { name: fullDate(neighbour) })).toHaveClass('review-calendar__day--unavailable');
    expect(dayButton).not.toHaveClass('review-calendar__day--unavailable');
    // days already gone cannot be chosen
    if (sameMonth(monthOf(addDays(localToday(), -1)), monthOf(day)))
      expect(within(grid).getByRole('button', { name: fullDate(addDays(localToday(), -1)) })).toBeDisabled();

    // the keyboard chooses a day as the pointer does
    dayButton.focus();
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('heading', { name: 'Шаг 2 из 2. Выберите время' })).toBeInTheDocument();
    const times = within(dialog).getByRole('group', { name: `Время ревью — ${weekdayDate(day)}` });
    const fullSlot = within(times).getByRole('radio', { name: slotRange(localAt(day, 14, 7).toISOString()) });
    expect(fullSlot).toBeDisabled();
    expect(fullSlot).toHaveAccessibleDescription('мест нет');
    expect(within(times).getByRole('radio', { name: '12:07 – 13:07' })).toBeEnabled();
    const signUp = within(dialog).getByRole('button', { name: 'Записаться' });
    expect(signUp).toBeDisabled();
    await user.click(within(times).getByRole('radio', { name: '10:07 – 11:07' }));
    await user.click(signUp);

    expect(await within(dialog).findByRole('heading', { name: 'Вы записаны на ревью' })).toBeInTheDocument();
    expect(raised).toEqual(['review.signedUp']);
    expect(
      within(dialog).getByText(`${weekdayDate(day)}, 10:07 – 11:07. Чтобы выбрать другое время, сначала отмените запись.`),
    ).toBeInTheDocument();
    const booked = within(dialog).getByRole('radio', { name: '10:07 – 11:07' });
    expect(booked).toBeChecked();
    expect(booked).toHaveAccessibleDescription('вы записаны');
    // signed up: every other slot is disabled, and cancelling is the only option
    expect(within(dialog).getByRole('radio', { name: '12:07 – 13:07' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Записаться' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Другой день' })).not.toBeInTheDocument();
    const [review] = (await ownReviews(day, day)).filter((r) => r.status === 'WAITED');
    expect(review).toMatchObject({ moduleId: module, reviewTime: chosen.toISOString() });

    // the step's state follows: the day and the time; the conference only from 15 minutes before it
    // (lib/review-dates.test.ts), and the button manages the booking
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    expect(await within(step).findByText(`Вы записаны на ревью: ${weekdayDate(day)}, 10:07 – 11:07`)).toBeInTheDocument();
    expect(within(step).queryByRole('link', { name: /Перейти в конференцию/ })).not.toBeInTheDocument();
    expect(within(step).getByText('Ссылка на конференцию появится здесь за 15 минут до начала.')).toBeInTheDocument();
    expect(within(step).queryByRole('button', { name: 'Записаться на ревью' })).not.toBeInTheDocument();

    await user.click(within(step).getByRole('button', { name: 'Перенести или отменить запись' }));
    const again = await screen.findByRole('dialog', { name: 'Запись на ревью' });
    await user.click(await within(again).findByRole('button', { name: 'Отменить запись' }));
    expect(await within(again).findByRole('heading', { name: 'Шаг 1 из 2. Выберите день' })).toBeInTheDocument();
    expect(raised).toEqual(['review.signedUp', 'review.checkedOut']);
    expect((await ownReviews(day, day)).filter((r) => r.status === 'WAITED')).toEqual([]);
    await user.click(within(again).getByRole('button', { name: 'Закрыть' }));
    expect(await within(step).findByText('Вы ещё не записаны на ревью модуля.')).toBeInTheDocument();
  });

  it('a slot taken meanwhile: the server’s text as a notification, and the slot shows full', async () => {
    const { students, course } = await reviewStudents(2);
    const [me, rival] = students as [(typeof students)[0], (typeof students)[0]];
    const module = course.modules[0]!;
    const { day } = reviewDays();
    const last = await planSlot(module, localAt(day, 16, 37), 1);
    await signInAs(me);
    const { user, raised } = renderArea(`/user/courses/${course.courseId}/1/1/3`);
    await user.click(await screen.findByRole('button', { name: 'Записаться на ревью' }));
    const dialog = await screen.findByRole('dialog', { name: 'Запись на ревью' });
    await within(dialog).findByRole('heading', { name: 'Шаг 1 из 2. Выберите день' });
    await showMonthOf(dialog, day, user);
    await user.click(within(dialog).getByRole('button', { name: fullDate(day) }));
    await user.click(await within(dialog).findByRole('radio', { name: '16:37 – 17:37' }));

    // another student takes the last seat while this one decides
    await signInAs(rival);
    await bookSlot(last, module);
    await signInAs(me);
    await user.click(within(dialog).getByRole('button', { name: 'Записаться' }));
    await waitFor(() => expect(raised).toEqual(['На это время мест больше нет: выберите другое.']));
    const slot = await within(dialog).findByRole('radio', { name: '16:37 – 17:37' });
    await waitFor(() => expect(slot).toBeDisabled());
    expect(slot).toHaveAccessibleDescription('мест нет');
    expect(within(dialog).getByRole('button', { name: 'Записаться' })).toBeDisabled();
  });

  it('without planned slots, the dialog says so and who plans them', async () => {
    const me = await signedInUser({ direction: 'FE' });
    await signedInUser({ role: 'MENTOR', direction: 'FE' });
    // a module nobody plans reviews for
    const practice = await openCourseFor(me.id, 'Практикум: JavaScript');
    const [first] = await apiData<Array<{ moduleId: number }>>(`/api/fake/user/course/views/${practice}?studentId=${me.id}`);
    await signInAs(me);
    renderWithProviders(<ReviewSignUpDialog moduleId={first!.moduleId} moduleName="Основы" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Запись на ревью: Основы' });
    expect(await within(dialog).findByRole('heading', { name: 'Времени для ревью пока нет' })).toBeInTheDocument();
    expect(
      within(dialog).getByText('Главный ментор ещё не запланировал ревью этого модуля. Загляните сюда позже.'),
    ).toBeInTheDocument();
  });

  it('a failed review shows on the step with what it left to redo; the student signs up again there', async () => {
    const { students, course } = await reviewStudents(1);
    const module = course.modules[0]!;
    const failedAt = await planSlot(module, localAt(addDays(localToday(), 1), 9, 7), 5);
    await signInAs(students[0]!);
    await bookedWithOutcome(failedAt, module, 'FAILED', {
      codeDebts: [{ taskId: course.codeTaskId, mentorComment: 'Счётчик должен начинаться с единицы' }],
      theoryDebts: ['Что такое лексическое окружение?'],
    });
    renderArea(`/user/courses/${course.courseId}/1/1/3`);
    const step = await screen.findByRole('region', { name: 'Ревью модуля' });
    expect(
      await within(step).findByText(/^Ревью .+ не пройдено\. Доделайте отмеченное ниже и запишитесь снова\.$/),
    ).toBeInTheDocument();
    expect(await within(step).findByRole('link', { name: 'Счётчик' })).toHaveAttribute(
      'href',
      `/user/courses/${course.courseId}/1/1/2`,
    );
    expect(within(step).getByText(/Счётчик должен начинаться с единицы/)).toBeInTheDocument();
    expect(within(step).getByText('Что такое лексическое окружение?')).toBeInTheDocument();
    expect(within(step).queryByText('Вы ещё не записаны на ревью модуля.')).not.toBeInTheDocument();
    expect(within(step).getByRole('button', { name: 'Записаться на ревью' })).toBeEnabled();
  });
});

describe('the review step’s body', () => {
  it('on a step not available: the not-available wording on a disabled button', async () => {
    const { students, course } = await reviewStudents(1);
    await signInAs(students[0]!);
    const heading = await apiData<{ taskHeadingDtos: Array<{ courseTaskId: number; taskType: string }> }>(
      `/api/student/course/${course.courseId}/taskHeading?modulePosition=1&chapterPosition=1`,
    );
    const step = heading.taskHeadingDtos.find((task) => task.taskType === 'review_step')!;
    const task = await apiData<StudentTask>(`/api/student/task/${step.courseTaskId}/reviewStep`);
    renderWithProviders(
      <ReviewStepBody
        task={task}
        moduleId={course.modules[0]!}
        available={false}
        locked={false}
        readOnly={false}
        busy={false}
        error={null}
        onSubmit={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Ревью пока недоступно' })).toBeDisabled();
    expect(screen.getByText('Записаться на ревью можно, когда вы учитесь на курсе и модуль открыт.')).toBeInTheDocument();
    expect(await screen.findByText('Вы ещё не записаны на ревью модуля.')).toBeInTheDocument();
  });

  it('a trial student: the step is not available, with the trial notice (the server refuses the booking too)', async () => {
    const student = await createTestUser({ direction: 'FE', paymentType: 'TRIAL' });
    await signedInUser({ role: 'MENTOR', direction: 'FE' });
    const courseId = await openCourseFor(student.id, 'Курс с ревью');
    await signInAs(student);
    renderArea(`/user/courses/${courseId}/1/1/3`);
    expect(
      await screen.findByText(
        'Задачи с кодом, проверка ментором и ревью модулей входят в полную программу: пробный доступ открывает остальные задачи.',
      ),
    ).toBeInTheDocument();
    const step = await screen.findByRole('region', { name: 'Ревью модуля' });
    expect(await within(step).findByRole('button', { name: 'Ревью пока недоступно' })).toBeDisabled();
  });

  it('a passed step says so, and its button is disabled', async () => {
    const { students, course } = await reviewStudents(1);
    const student = students[0]!;
    // the mentor marks the module done (as a passed review does for its review step)
    const done = await apiFetch(`/api/fake/protect/course/${course.courseId}/module/${course.modules[0]}/done/${student.id}`, {
      method: 'POST',
    });
    expect(done.ok).toBe(true);
    await signInAs(student);
    renderArea(`/user/courses/${course.courseId}/1/1/3`);
    const step = await screen.findByRole('region', { name: 'Ревью модуля' });
    expect(await within(step).findByText('Ревью модуля пройдено')).toBeInTheDocument();
    expect(within(step).getByRole('button', { name: 'Записаться на ревью' })).toBeDisabled();
  });

  it('staff viewing a student see the booking without the button', async () => {
    const { students, course } = await reviewStudents(1, [{ firstName: 'Лев', lastName: 'Записанный' }]);
    const student = students[0]!;
    const module = course.modules[0]!;
    const { day } = reviewDays();
    const slot = await planSlot(module, localAt(day, 18, 7), 3);
    await signInAs(student);
    await bookSlot(slot, module);
    await signedInUser({ role: 'MENTOR', direction: 'FE' });
    renderArea(`/user/courses/${course.courseId}/1/1/3?studentId=${student.id}`);
    const step = await screen.findByRole('region', { name: 'Ревью модуля' });
    expect(await within(step).findByText(`Студент записан на ревью: ${weekdayDate(day)}, 18:07 – 19:07`)).toBeInTheDocument();
    expect(within(step).queryByRole('button')).not.toBeInTheDocument();
  });
});
