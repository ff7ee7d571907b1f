import { screen, waitFor, within } from '@testing-library/react';
import { apiFetch, openCourseFor, renderWithProviders, signedInUser, signInAs } from '@academy/shared/testing';
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

/**
 * The loading pieces in the module card of the element: for staff, the render that lists the enrolled
 * modules already shows each module's staff piece loading (a skeleton, hidden from assistive technology).
 */
function piecesLoadingIn(element: HTMLElement): number {
  return element.closest('li.module')!.querySelectorAll('.skeleton').length;
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
    // the additional courses come with their own request: their section may still show its skeleton
    const additional = screen.getByRole('region', { name: 'Дополнительные курсы' });
    expect(await within(additional).findByRole('link', { name: 'Дополнительный практикум' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/user\/courses\/additional\/\d+$/),
    );
  });

  it('an enrolled course says where to go on; a finished one and one not joined do not', async () => {
    const student = await signedInUser({ direction: 'FE' });
    await apiFetch('/token', { method: 'DELETE' });
    await signedInUser({ role: 'ADMIN', direction: null });
    const courseId = await openCourseFor(student.id, 'Практикум: JavaScript');
    await apiFetch('/token', { method: 'DELETE' });
    await signInAs(student);
    renderArea('/user/courses');
    const regular = await screen.findByRole('region', { name: 'Основные курсы' });
    await listsLoaded();
    const practice = card(regular, 'Практикум: JavaScript');
    const next = await within(practice).findByRole('link', { name: /^Продолжить: / });
    expect(next).toHaveAttribute('href', `/user/courses/${courseId}/1/1/1`);
    expect(within(card(regular, 'Курс с полным прохождением')).queryByRole('link', { name: /^Продолжить/ })).toBeNull();
  });

  it('a finished course says “Пройден”, not “Вы учитесь”', async () => {
    const student = await signedInUser({ direction: 'FE' });
    await apiFetch('/token', { method: 'DELETE' });
    await signedInUser({ role: 'ADMIN', direction: null });
    const courseId = await openCourseFor(student.id, 'Практикум: JavaScript');
    const finished = await apiFetch(`/api/fake/protect/course/${courseId}/finish/${student.id}`, { method: 'POST' });
    expect(finished.ok).toBe(true);
    await apiFetch('/token', { method: 'DELETE' });
    await signInAs(student);
    renderArea('/user/courses');
    const regular = await screen.findByRole('region', { name: 'Основные курсы' });
    await listsLoaded();
    const practice = card(regular, 'Практикум: JavaScript');
    expect(await within(practice).findByText('100%')).toBeInTheDocument();
    expect(within(practice).getByText('Пройден')).toBeInTheDocument();
    expect(within(practice).queryByText('Вы учитесь')).not.toBeInTheDocument();
    expect(within(practice).queryByRole('link', { name: /^Продолжить/ })).toBeNull();
  });

  it('a direction without courses gets an empty state', async () => {
    await signedInUser({ direction: 'GO' });
    renderArea('/user/courses');
    expect(
      await screen.findByText('Для вашего направления пока нет курсов. Мы сообщим, когда они появятся.'),
    ).toBeInTheDocument();
    // the additional courses come with their own request: their section may still show its skeleton
    expect(await screen.findByText('Дополнительных курсов пока нет.')).toBeInTheDocument();
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
    // issue 32: where the student goes on, the course's first task left to do
    expect(screen.getByRole('link', { name: 'Продолжить: Что такое JavaScript' })).toHaveAttribute(
      'href',
      `/user/courses/${courseId}/1/1/1`,
    );
    expect(student.profile.role.name).toBe('PAY_STUDENT');
    // the staff's pieces are never loaded for the student
    expect(piecesLoadingIn(screen.getByRole('link', { name: 'Первые шаги' }))).toBe(0);
    expect(screen.queryByText(/Действия сотрудника с курсом сейчас недоступны/)).not.toBeInTheDocument();
  });

  it('an unknown course shows a clear message to staff; a paying student goes to the forbidden notice', async () => {
    await signedInUser({ role: 'MENTOR', direction: null });
    const { unmount } = renderArea('/user/courses/999999');
    expect(await screen.findByText('Курс не найден или недоступен.')).toBeInTheDocument();
    unmount();
    // spec 2 §4: a course outside the student's list: the enrolment check, then the forbidden redirect
    await signedInUser();
    renderArea('/user/courses/999999');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/courses?param=forbidden'));
  });

  it('a mentor sees the student’s course page in FAKE mode: their progress, links keep studentId, no enrol button', async () => {
    const student = await signedInUser({ direction: 'FE', firstName: 'Олег', lastName: 'Учеников' });
    const courseId = await courseIdByName('Практикум: JavaScript');
    await apiFetch(`/api/student/course/enroll/${courseId}`, { method: 'POST' });
    await apiFetch('/token', { method: 'DELETE' });
    await signedInUser({ role: 'MENTOR' });
    // the staff's course actions come from remote-mentor, which jest does not serve: their failed
    // pieces (the course's and each module's) are logged on purpose, by React and by the pieces' boundary
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderArea(`/user/courses/${courseId}?studentId=${student.id}`);
    expect(await screen.findByText('Учеников Олег', { selector: 'strong' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Первые шаги' })).toHaveAttribute(
      'href',
      `/user/courses/${courseId}/1/1/1?studentId=${student.id}`,
    );
    expect(screen.queryByRole('button', { name: 'Записаться на курс' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Все курсы' })).toHaveAttribute('href', `/user/courses?studentId=${student.id}`);
    // the page asked remote-mentor for them and, without it, keeps working and says so once
    expect(
      await screen.findByText('Действия сотрудника с курсом сейчас недоступны: откройте страницу позже.'),
    ).toBeInTheDocument();
    const unavailable = expect.objectContaining({
      name: 'RemoteUnavailableError',
      message: 'The mentor area could not be loaded',
    });
    // the course's piece and the three modules' pieces failed, and nothing else
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(4));
    expect(warn.mock.calls).toEqual(Array(4).fill(['A federated piece failed', unavailable, expect.any(String)]));
    expect(error.mock.calls).toEqual(Array(4).fill([expect.any(String), unavailable, expect.any(String), expect.any(String)]));
    error.mockRestore();
    warn.mockRestore();
  });

  it('a classmate viewing a student’s course page never loads the staff’s pieces', async () => {
    const student = await signedInUser({ direction: 'FE' });
    const courseId = await courseIdByName('Практикум: JavaScript');
    await apiFetch(`/api/student/course/enroll/${courseId}`, { method: 'POST' });
    await apiFetch('/token', { method: 'DELETE' });
    await signedInUser({ direction: 'FE' });
    const warn = jest.spyOn(console, 'warn');
    renderArea(`/user/courses/${courseId}?studentId=${student.id}`);
    const chapter = await screen.findByRole('link', { name: 'Первые шаги' });
    expect(chapter).toHaveAttribute('href', `/user/courses/${courseId}/1/1/1?studentId=${student.id}`);
    expect(piecesLoadingIn(chapter)).toBe(0);
    expect(await screen.findByText('Тимофей Тестов')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Действия сотрудника/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Действия сотрудника с курсом сейчас недоступны/)).not.toBeInTheDocument();
    expect(warn).not.toHaveBeenCalledWith('A federated piece failed', expect.anything(), expect.anything());
    warn.mockRestore();
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
