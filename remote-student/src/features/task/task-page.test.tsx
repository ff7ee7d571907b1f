import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const renderArea = (route: string) => renderWithProviders(<StudentApp />, { route, path: '/user/*' });

async function enrolledInJsCourse(): Promise<number> {
  await signedInUser({ direction: 'FE' });
  const { data } = (await (await apiFetch('/api/student/course/all-views')).json()) as {
    data: Array<{ id: number; name: string }>;
  };
  const courseId = data.find((c) => c.name === 'Практикум: JavaScript')!.id;
  await apiFetch(`/api/student/course/enroll/${courseId}`, { method: 'POST' });
  return courseId;
}

// issue 32: the points a right answer earned, and a solved task saying so when it is reopened (the test task gives 2)
const POINTS_EARNED = '+2 балла';
const SOLVED_BEFORE = 'Задача решена: 2 балла получено.';

describe('task page against the real server', () => {
  it('a theory task: submit is disabled until a choice, a wrong answer shows the wrong banner, a right one locks the inputs', async () => {
    const courseId = await enrolledInJsCourse();
    const { user } = renderArea(`/user/courses/${courseId}/1/1/2`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Где выполняется JavaScript' })).toBeInTheDocument();
    const check = await screen.findByRole('button', { name: 'Проверить' });
    expect(check).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Только в браузере' }));
    await user.click(check);
    expect(await screen.findByText('Неверное решение, проверьте ещё раз')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'В браузере и на сервере (Node.js)' }));
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    expect(await screen.findByText('Правильное решение')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'В браузере и на сервере (Node.js)' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Проверить' })).not.toBeInTheDocument();
    const icons = screen.getByRole('navigation', { name: 'Задачи главы' });
    await waitFor(() =>
      expect(within(icons).getByRole('img', { name: 'Где выполняется JavaScript. Тест: решено' })).toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Следующий шаг' })).toHaveAttribute('href', `/user/courses/${courseId}/1/1/3`);
  });

  it('a lecture is counted when opened; the next step crosses to the next chapter', async () => {
    const courseId = await enrolledInJsCourse();
    renderArea(`/user/courses/${courseId}/1/1/1`);
    expect(await screen.findByText('Лекция прочитана и засчитана.')).toBeInTheDocument();
    renderArea(`/user/courses/${courseId}/1/1/3`);
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: 'Следующий шаг' }).at(-1)).toHaveAttribute(
        'href',
        `/user/courses/${courseId}/1/2/1`,
      ),
    );
  });

  it('a gapping task: every gap must be filled; wrong gaps are marked', async () => {
    const courseId = await enrolledInJsCourse();
    const { user } = renderArea(`/user/courses/${courseId}/1/2/2`);
    await screen.findByRole('heading', { level: 1, name: 'Объявление переменных' });
    await user.type(screen.getByRole('textbox', { name: 'Пропуск 1' }), 'const');
    expect(screen.getByRole('button', { name: 'Проверить' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Пропуск 2' }), 'var');
    await user.type(screen.getByRole('textbox', { name: 'Пропуск 3' }), 'typeof');
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    expect(await screen.findByText('Неверное решение, проверьте ещё раз')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Пропуск 2' })).toHaveClass('gap--wrong');
    // issue 29: a reset clears the result, not the text: the answer stays to be corrected
    await user.click(screen.getByRole('button', { name: 'Решить заново' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Пропуск 2' })).not.toHaveClass('gap--wrong'));
    expect(screen.getByRole('textbox', { name: 'Пропуск 1' })).toHaveValue('const');
    expect(screen.getByRole('textbox', { name: 'Пропуск 2' })).toHaveValue('var');
    expect(screen.queryByText('Неверное решение, проверьте ещё раз')).not.toBeInTheDocument();
  });

  it('a solved task reopened shows no right-solution banner (spec 1 §2) but that it is solved; the answer on this visit did, with its points', async () => {
    const courseId = await enrolledInJsCourse();
    const { user, unmount } = renderArea(`/user/courses/${courseId}/1/1/2`);
    await screen.findByRole('heading', { level: 1, name: 'Где выполняется JavaScript' });
    await user.click(screen.getByRole('radio', { name: 'В браузере и на сервере (Node.js)' }));
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    expect(await screen.findByText('Правильное решение')).toBeInTheDocument();
    expect(screen.getByText(POINTS_EARNED)).toBeInTheDocument();
    // to the next task and back on the same page: a new visit
    await user.click(screen.getByRole('link', { name: 'Следующий шаг' }));
    await screen.findByRole('heading', { level: 1, name: 'Неизменяемая переменная' });
    await user.click(screen.getByRole('link', { name: /^Где выполняется JavaScript/ }));
    await screen.findByRole('heading', { level: 1, name: 'Где выполняется JavaScript' });
    expect(screen.getByRole('radio', { name: 'В браузере и на сервере (Node.js)' })).toBeDisabled();
    expect(screen.queryByText('Правильное решение')).not.toBeInTheDocument();
    expect(screen.getByText(SOLVED_BEFORE)).toBeInTheDocument();
    unmount();

    // opened again later
    renderArea(`/user/courses/${courseId}/1/1/2`);
    await screen.findByRole('heading', { level: 1, name: 'Где выполняется JavaScript' });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'В браузере и на сервере (Node.js)' })).toBeDisabled());
    expect(screen.queryByText('Правильное решение')).not.toBeInTheDocument();
    expect(screen.getByText(SOLVED_BEFORE)).toBeInTheDocument();
  });

  it('offers the solution history only for kinds that keep solutions, also while the next task loads', async () => {
    const student = await createTestUser({ direction: 'FE' });
    await signedInUser({ role: 'MENTOR', direction: 'FE' });
    const courseId = await openCourseFor(student.id, 'Практикум: JavaScript');
    await signInAs(student);
    renderArea(`/user/courses/${courseId}/2/1/2`);
    await screen.findByRole('heading', { level: 1, name: 'Функция суммы' });
    expect(screen.getByRole('link', { name: 'История решений' })).toHaveAttribute(
      'href',
      `/user/courses/${courseId}/2/1/2/solutions`,
    );
    // to the lecture before it: the code task's link must not stay under the lecture's address
    fireEvent.click(screen.getByRole('link', { name: /^Функции в JavaScript/ }));
    expect(screen.queryByRole('link', { name: 'История решений' })).not.toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Функции в JavaScript' });
    expect(screen.queryByRole('link', { name: 'История решений' })).not.toBeInTheDocument();
    expect(await apiData<unknown>(`/api/student/course/${courseId}/is-enrolling`)).toBe(true);
  });

  it('a task in a blocked module sends the student back to the course page, which says why', async () => {
    const courseId = await enrolledInJsCourse();
    renderArea(`/user/courses/${courseId}/3/1/1`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/user/courses/${courseId}`));
    expect(await screen.findByText('Задача откроется, когда будет пройден предыдущий модуль.')).toBeInTheDocument();
  });
});
