import { screen, waitFor, within } from '@testing-library/react';
import { apiFetch, renderWithProviders, signedInUser } from '@academy/shared/testing';
import StudentApp from '../../app';

/** The card (list item) holding the course's link. */
function card(region: HTMLElement, name: string): HTMLElement {
  const found = within(region)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('link', { name }));
  if (!found) throw new Error(`no card for ${name}`);
  return found;
}

const renderArea = (route: string) => renderWithProviders(<StudentApp />, { route, path: '/user/*' });

/** Both course lists have loaded (an FE student sees a course in each): nothing updates after the test. */
async function listsLoaded(): Promise<void> {
  await screen.findByRole('link', { name: 'Практикум: JavaScript' });
  await screen.findByRole('link', { name: 'Дополнительный практикум' });
}

async function courseIdByName(name: string): Promise<number> {
  const response = await apiFetch('/api/student/course/all-views');
  const { data } = (await response.json()) as { data: Array<{ id: number; name: string }> };
  return data.find((c) => c.name === name)!.id;
}

describe('course list against the real server', () => {
  it('shows the direction’s courses with progress, the additional section and the full-pass warning', async () => {
    await signedInUser({ direction: 'FE' });
    renderArea('/user/courses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Курсы' })).toBeInTheDocument();
    const regular = await screen.findByRole('region', { name: 'Основные курсы' });
    await within(regular).findByRole('link', { name: 'Практикум: JavaScript' });
    const js = card(regular, 'Практикум: JavaScript');
    expect(within(js).getByRole('progressbar', { name: 'Прогресс: 0%' })).toHaveAttribute('aria-valuenow', '0');
    expect(within(js).getByText('Не начат')).toBeInTheDocument();
    const algorithms = card(regular, 'Курс с полным прохождением');
    expect(within(algorithms).getByText('Этот курс нужно пройти полностью')).toBeInTheDocument();
    const additional = screen.getByRole('region', { name: 'Дополнительные курсы' });
    expect(within(additional).getByRole('link', { name: 'Дополнительный практикум' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/user\/courses\/additional\/\d+$/),
    );
  });

  it('a direction without courses gets an empty state', async () => {
    await signedInUser({ direction: 'GO' });
    renderArea('/user/courses');
    expect(
      await screen.findByText('Для вашего направления пока нет курсов. Мы сообщим, когда они появятся.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Дополнительных курсов пока нет.')).toBeInTheDocument();
  });

  it('shows the forbidden notice after a forbidden redirect', async () => {
    await signedInUser({ direction: 'FE' });
    renderArea('/user/courses?param=forbidden');
    expect(await screen.findByRole('alert')).toHaveTextContent('Доступ запрещён');
    await listsLoaded();
  });
});

describe('course page against the real server', () => {
  it('a student not enrolled sees the course, plain chapter names and the enrol button; enrolling opens 1/1/1', async () => {
    await signedInUser({ direction: 'FE' });
    const courseId = await courseIdByName('Практикум: JavaScript');
    const { user } = renderArea(`/user/courses/${courseId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Практикум: JavaScript' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Модуль 1. Знакомство с JavaScript' })).toBeInTheDocument();
    expect(screen.getByText('Первые шаги')).not.toHaveAttribute('href');
    expect(screen.queryByRole('link', { name: 'Первые шаги' })).not.toBeInTheDocument();
    expect(await screen.findByText('Тимофей Тестов')).toBeInTheDocument();
    expect(screen.getByText('3 модуля · 6 глав · 16 задач · 58 баллов')).toBeInTheDocument();
    const tasks = screen.getByRole('list', { name: 'Задачи главы: Первые шаги' });
    expect(
      within(tasks)
        .getAllByRole('img')
        .map((icon) => icon.getAttribute('aria-label')),
    ).toEqual([
      'Что такое JavaScript. Лекция: не решено',
      'Где выполняется JavaScript. Тест: не решено',
      'Неизменяемая переменная. Контрольное слово: не решено',
    ]);
    await user.click(screen.getByRole('button', { name: 'Записаться на курс' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/user/courses/${courseId}/1/1/1`));
  });

  it('an enrolled student gets chapter links in open modules and plain text in blocked ones', async () => {
    const student = await signedInUser({ direction: 'FE' });
    const courseId = await courseIdByName('Практикум: JavaScript');
    await apiFetch(`/api/student/course/enroll/${courseId}`, { method: 'POST' });
    renderArea(`/user/courses/${courseId}`);
    expect(await screen.findByRole('link', { name: 'Первые шаги' })).toHaveAttribute('href', `/user/courses/${courseId}/1/1/1`);
    expect(screen.getByRole('link', { name: 'Типы данных' })).toHaveAttribute('href', `/user/courses/${courseId}/1/2/1`);
    expect(screen.queryByRole('link', { name: 'Объявление функций' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Модуль закрыт: сначала пройдите предыдущий')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Записаться на курс' })).not.toBeInTheDocument();
    expect(student.profile.role.name).toBe('PAY_STUDENT');
  });

  it('an unknown course shows a clear message', async () => {
    await signedInUser();
    renderArea('/user/courses/999999');
    expect(await screen.findByText('Курс не найден или недоступен.')).toBeInTheDocument();
  });

  it('a mentor sees the student’s course page in FAKE mode: their progress, links keep studentId, no enrol button', async () => {
    const student = await signedInUser({ direction: 'FE', firstName: 'Олег', lastName: 'Учеников' });
    const courseId = await courseIdByName('Практикум: JavaScript');
    await apiFetch(`/api/student/course/enroll/${courseId}`, { method: 'POST' });
    await apiFetch('/token', { method: 'DELETE' });
    await signedInUser({ role: 'MENTOR' });
    renderArea(`/user/courses/${courseId}?studentId=${student.id}`);
    expect(await screen.findByText('Олег Учеников')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Первые шаги' })).toHaveAttribute(
      'href',
      `/user/courses/${courseId}/1/1/1?studentId=${student.id}`,
    );
    expect(screen.queryByRole('button', { name: 'Записаться на курс' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Все курсы' })).toHaveAttribute('href', `/user/courses?studentId=${student.id}`);
  });

  it('a paying student of another direction is sent to the forbidden notice without being signed out', async () => {
    const other = await signedInUser({ direction: 'JAVA' });
    await apiFetch('/token', { method: 'DELETE' });
    await signedInUser({ direction: 'FE' });
    const { unmount } = renderArea(`/user/courses?studentId=${other.id}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/courses?param=forbidden'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Доступ запрещён');
    await listsLoaded();
    // the refused view-as-student calls may still answer: nothing on screen depends on them any more
    unmount();
    expect((await apiFetch('/api/user/profile')).status).toBe(200);
  });
});
