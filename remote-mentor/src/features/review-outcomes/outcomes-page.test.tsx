import { screen, waitFor, within } from '@testing-library/react';
import type { Middleware } from '@reduxjs/toolkit';
import { createAcademyStore, notify } from '@academy/shared/api';
import type {
  CodeDebt,
  MentorReviewSlot,
  ModuleView,
  ReviewPlanningOptions,
  ReviewSlot,
  ReviewSlotInput,
  TheoryDebt,
} from '@academy/shared/contract';
import {
  apiData,
  apiFetch,
  createTestUser,
  renderWithProviders,
  signedInUser,
  signInAs,
  type TestUser,
} from '@academy/shared/testing';
import MentorApp from '../../app';
import { clockIn } from '@academy/shared/i18n';
import { slotTimeRange } from '../../components/review-slot';

function renderSessions(area: string) {
  const raised: string[] = [];
  const record: Middleware = () => (next) => (action) => {
    if (notify.match(action)) raised.push(action.payload.message);
    return next(action);
  };
  const store = createAcademyStore({ middleware: record });
  const view = renderWithProviders(<MentorApp />, { route: `/${area}/review/sessions`, path: `/${area}/*`, store });
  return { ...view, raised };
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** An FE student enrolled in the review fixture course (not signed in). */
async function enrolledStudent(firstName: string, lastName: string): Promise<TestUser> {
  const student = await createTestUser({ firstName, lastName, direction: 'FE' });
  const enrolment = await apiFetch('/__test__/enrolments', json({ studentId: student.id, course: 'review' }));
  expect(enrolment.status).toBe(200);
  return student;
}

async function book(student: TestUser, slotId: number, moduleId: number): Promise<void> {
  await signInAs(student);
  const booking = await apiFetch(`/api/student/review/register/${slotId}?moduleId=${moduleId}`, { method: 'POST' });
  expect(booking.status).toBe(200);
}

/** A student's row in a slot's card, by name. */
function row(card: HTMLElement, name: string): HTMLElement {
  return within(card).getByText(name).closest('li')!;
}

describe('the reviewing mentor’s screen against the real server', () => {
  it('records passed, failed with a code debt and a theory question, and missed, once each review has started', async () => {
    const tag = Date.now() % 100000;
    const mentor = await createTestUser({ role: 'MENTOR', firstName: 'Инна', lastName: `Ревьюева${tag}` });
    const passed = await enrolledStudent('Пётр', `Прошедший${tag}`);
    const failed = await enrolledStudent('Фаина', `Непрошедшая${tag}`);
    const missed = await enrolledStudent('Марк', `Пропустивший${tag}`);
    const later = await enrolledStudent('Лев', `Будущий${tag}`);

    // the chief mentor plans two slots of the module with this mentor: the day after, and in a few seconds
    await signedInUser({ role: 'CHIEF_MENTOR' });
    const options = await apiData<ReviewPlanningOptions>('/api/chief/review/options');
    const module = options.modules.find((m) => m.courseName === 'Курс с ревью' && m.modulePosition === 1)!;
    const plan = async (startsAt: Date) => {
      const input: ReviewSlotInput = {
        moduleId: module.moduleId,
        startsAt: startsAt.toISOString(),
        capacity: 5,
        mentorId: mentor.id,
        conferenceUrl: null,
      };
      return apiData<ReviewSlot>('/api/chief/review/slots', json(input));
    };
    const tomorrow = await plan(new Date(Date.now() + 26 * 60 * 60 * 1000));
    const soon = await plan(new Date(Date.now() + 4000));
    for (const student of [passed, failed, missed]) await book(student, soon.id, module.moduleId);
    await book(later, tomorrow.id, module.moduleId);

    await signInAs(mentor);
    const { user, raised } = renderSessions('mentor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Мои ревью' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Мои ревью' })).toHaveAttribute('href', '/mentor/review/sessions');

    // before its start a review's outcomes wait, and say until when
    const upcoming = await screen.findByRole('article', { name: `${slotTimeRange(tomorrow.startsAt)}, Модуль 1. Замыкания` });
    const waiting = row(upcoming, `Лев Будущий${tag}`);
    expect(within(waiting).getByRole('button', { name: 'Прошёл' })).toBeDisabled();
    expect(within(waiting).getByRole('button', { name: 'Не прошёл' })).toHaveAccessibleDescription(
      `Результат можно отметить, когда ревью начнётся, в ${clockIn(new Date(tomorrow.startsAt))}.`,
    );

    // the slot starting now opens its outcomes by itself
    const card = screen.getByRole('article', { name: `${slotTimeRange(soon.startsAt)}, Модуль 1. Замыкания` });
    const passedRow = row(card, `Пётр Прошедший${tag}`);
    await waitFor(() => expect(within(passedRow).getByRole('button', { name: 'Прошёл' })).toBeEnabled(), { timeout: 10_000 });

    // passed, after a confirmation (it cannot be changed either): cancelling records nothing
    await user.click(within(passedRow).getByRole('button', { name: 'Прошёл' }));
    const sure = await screen.findByRole('dialog', { name: 'Студент прошёл ревью?' });
    expect(within(sure).getByText(new RegExp(`Пётр Прошедший${tag} будет отмечен как прошедший`))).toBeInTheDocument();
    await user.click(within(sure).getByRole('button', { name: 'Отмена' }));
    expect(within(passedRow).getByRole('button', { name: 'Прошёл' })).toBeEnabled();
    await user.click(within(passedRow).getByRole('button', { name: 'Прошёл' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Студент прошёл ревью?' })).getByRole('button', { name: 'Да, прошёл' }),
    );
    await waitFor(() => expect(within(passedRow).queryByRole('button', { name: 'Прошёл' })).not.toBeInTheDocument());
    expect(within(passedRow).getByText('Прошёл', { selector: '.chip' })).toBeInTheDocument();
    expect(raised).toContain('outcome.savedSuccess');

    // failed: at least one debt; rows added and removed from the keyboard's point of view
    const failedRow = row(card, `Фаина Непрошедшая${tag}`);
    await user.click(within(failedRow).getByRole('button', { name: 'Не прошёл' }));
    const dialog = await screen.findByRole('dialog', { name: `Ревью не пройдено: Фаина Непрошедшая${tag}` });
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить: не прошёл' }));
    expect(await within(dialog).findByText(/Добавьте хотя бы одну задачу или вопрос/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Добавить задачу' }));
    const task = within(dialog).getByRole('combobox', { name: 'Задача 1' });
    expect(task).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить: не прошёл' }));
    expect(await within(dialog).findByText('Выберите задачу.')).toBeInTheDocument();
    expect(within(dialog).getByText('Напишите, что исправить в задаче.')).toBeInTheDocument();
    await user.selectOptions(task, '1.2. Счётчик');
    await user.type(within(dialog).getByRole('textbox', { name: 'Комментарий к задаче 1' }), 'Счётчик должен начинаться с 1');
    await user.click(within(dialog).getByRole('button', { name: 'Добавить вопрос' }));
    expect(within(dialog).getByRole('textbox', { name: 'Вопрос 1' })).toHaveFocus();
    await user.keyboard('Что такое лексическое окружение?');
    await user.click(within(dialog).getByRole('button', { name: 'Добавить вопрос' }));
    await user.click(within(dialog).getByRole('button', { name: 'Убрать вопрос 2' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Вопрос 2' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Добавить вопрос' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить: не прошёл' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(failedRow).getByText('Не прошёл', { selector: '.chip' })).toBeInTheDocument());
    expect(raised).toContain('outcome.savedFailed');

    // missed, after a confirmation
    const missedRow = row(card, `Марк Пропустивший${tag}`);
    await user.click(within(missedRow).getByRole('button', { name: 'Не пришёл' }));
    const confirm = await screen.findByRole('dialog', { name: 'Студент не пришёл?' });
    expect(within(confirm).getByText(new RegExp(`Марк Пропустивший${tag} будет отмечен`))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Да, не пришёл' }));
    await waitFor(() => expect(within(missedRow).getByText('Не пришёл', { selector: '.chip' })).toBeInTheDocument());
    expect(raised).toContain('outcome.savedMissed');
    // the students who held their review still take their seats (issue 29: "Места 0/5" with three listed)
    await waitFor(() => expect(card).toHaveTextContent('Места3/5'));

    // what the students see: the debts, and the review step done only for the one who passed
    const slots = await apiData<MentorReviewSlot[]>('/api/mentor/review/slots');
    const bookings = slots.find((slot) => slot.id === soon.id)!.bookings;
    const failedReview = bookings.find((b) => b.studentId === failed.id)!.studentReviewId;
    const code = await apiData<CodeDebt[]>(`/api/fake/protect/student/review/${failedReview}/debt/code?studentId=${failed.id}`);
    expect(code).toEqual([expect.objectContaining({ debt: 'Счётчик', mentorComment: 'Счётчик должен начинаться с 1' })]);
    const theory = await apiData<TheoryDebt[]>(
      `/api/fake/protect/student/review/${failedReview}/debt/theory?studentId=${failed.id}`,
    );
    expect(theory).toEqual([{ value: 'Что такое лексическое окружение?' }]);
    const modulesOf = (studentId: number) =>
      apiData<ModuleView[]>(`/api/fake/user/course/views/${module.courseId}?studentId=${studentId}`);
    // a passed review completes the module's review step (the module's other tasks still wait); a failed one does not
    expect((await modulesOf(passed.id))[0]!.solvedTaskAmount).toBe(1);
    expect((await modulesOf(failed.id))[0]!.solvedTaskAmount).toBe(0);
  }, 30_000);

  it('a mentor without reviews sees an empty state; a curator has no such screen', async () => {
    await signedInUser({ role: 'MENTOR' });
    const view = renderSessions('mentor');
    expect(await screen.findByText(/Ближайших ревью нет/)).toBeInTheDocument();
    view.unmount();

    await signedInUser({ role: 'CURATOR' });
    renderSessions('curator');
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Мои ревью' })).not.toBeInTheDocument();
  });
});
