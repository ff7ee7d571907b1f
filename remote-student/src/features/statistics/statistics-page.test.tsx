import { screen, waitFor, within } from '@testing-library/react';
import { apiData, apiFetch, renderWithProviders, signedInUser } from '@academy/shared/testing';
import StudentApp from '../../app';

const renderArea = (route: string, language: 'ru' | 'en' = 'ru') =>
  renderWithProviders(<StudentApp />, { route, path: '/user/*', language });

/** Noon of the day `daysAgo` days before today, in the browser's zone (the zone the page's calls send). */
const daysAgo = (days: number) => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days, 12);
};
/** How the page writes a day: `3 марта 2026`. */
const longDate = (date: Date) =>
  `${new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long' }).format(date)} ${date.getFullYear()}`;

/** A student of FE enrolled in the practice course, who read the first lecture and solved the first chapter today. */
async function activeStudent(): Promise<{ id: number; courseId: number }> {
  const student = await signedInUser({ direction: 'FE', firstName: 'Сергей', lastName: 'Серийный' });
  const courses = await apiData<Array<{ id: number; name: string }>>('/api/student/course/all-views');
  const courseId = courses.find((c) => c.name === 'Практикум: JavaScript')!.id;
  await apiFetch(`/api/student/course/enroll/${courseId}`, { method: 'POST' });
  const task = async (position: number) => {
    const id = await apiData<number>(
      `/api/user/courseTask/getIdByChapterIdAndPosition/${position}?chapterId=${await firstChapter(courseId)}`,
    );
    return apiData<number>(`/api/student/task/${id}/studentCourseTaskInfoId`);
  };
  await apiFetch(`/api/student/taskInfo/${await task(1)}/solve-lecture`);
  const post = (state: number, kind: string, body: object) =>
    apiFetch(`/api/student/taskInfo/${state}/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ taskType: kind, ...body }),
    });
  expect((await (await post(await task(2), 'theory', { answerIds: [2] })).json()).data.solved).toBe(true);
  expect((await (await post(await task(3), 'word', { answer: 'const' })).json()).data.solved).toBe(true);
  // backdated answers: yesterday 2, the day before 1, ten days ago 15 (the busiest day)
  const added = await apiFetch('/__test__/activity', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      studentId: student.id,
      entries: [
        { at: daysAgo(1).toISOString(), count: 2 },
        { at: daysAgo(2).toISOString(), count: 1 },
        { at: daysAgo(10).toISOString(), count: 15 },
      ],
    }),
  });
  expect(added.ok).toBe(true);
  return { id: student.id, courseId };
}

async function firstChapter(courseId: number): Promise<number> {
  const modules = await apiData<Array<{ chapterViewDtos: Array<{ chapterId: number }> }>>(
    `/api/student/course/views/${courseId}`,
  );
  return modules[0]!.chapterViewDtos[0]!.chapterId;
}

/** A figure of the page: the region its heading names. */
const figure = (name: string) => screen.findByRole('region', { name });

describe('statistics page against the real server', () => {
  it('shows the streaks, the topics with their names, the current course and the heat map with its tooltips', async () => {
    const { courseId } = await activeStudent();
    const { user } = renderArea('/user/statistic');
    expect(await screen.findByRole('heading', { level: 1, name: 'Статистика' })).toBeInTheDocument();
    const current = await figure('Дней без перерыва');
    expect(await within(current).findByText('3')).toBeInTheDocument();
    expect(within(current).getByText('дня')).toBeInTheDocument();
    expect(within(await figure('Максимум дней без перерыва')).getByText('3')).toBeInTheDocument();
    expect(within(await figure('Максимум дней без перерыва')).getByText('Это ваш рекорд — так держать!')).toBeInTheDocument();

    const topics = await figure('Освоено тем');
    expect(await within(topics).findByText('1')).toBeInTheDocument();
    await user.click(within(topics).getByRole('button', { name: 'Подробнее об освоенных темах' }));
    const dialog = await screen.findByRole('dialog', { name: 'Освоенные темы' });
    expect(await within(dialog).findByRole('listitem')).toHaveTextContent('Первые шаги');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const course = await figure('Текущий курс');
    expect(await within(course).findByRole('heading', { name: 'Практикум: JavaScript' })).toBeInTheDocument();
    expect(within(course).getByRole('link', { name: 'Перейти к курсу' })).toHaveAttribute('href', `/user/courses/${courseId}`);

    const map = await screen.findByRole('img', {
      name: `Активность за год: 21 ответ, больше всего 15 — ${longDate(daysAgo(10))}`,
    });
    expect(map).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Ответы по месяцам' });
    expect(within(table).getAllByRole('row').length).toBeGreaterThanOrEqual(13);
    // the keyboard picks a day: today first, then a day back with the arrow up
    await user.click(screen.getByRole('group', { name: 'Календарь активности: стрелками выберите день' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent(`${longDate(daysAgo(0))}: 3 ответа`);
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('tooltip')).toHaveTextContent(`${longDate(daysAgo(1))}: 2 ответа`);
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tooltip')).toHaveTextContent(`${longDate(daysAgo(8))}: нет ответов`);
    expect(screen.getByText(`${longDate(daysAgo(8))}: нет ответов`, { selector: '[aria-live]' })).toBeInTheDocument();
  });

  it('a student with no activity gets a friendly empty state, not a grid of zeros', async () => {
    await signedInUser({ direction: 'FE' });
    const { user } = renderArea('/user/statistic');
    expect(await screen.findByText('Здесь появится ваша активность')).toBeInTheDocument();
    expect(screen.getByText('Решите первую задачу — и календарь начнёт заполняться.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти к курсам' })).toHaveAttribute('href', '/user/courses');
    expect(screen.queryByRole('img', { name: /Активность за год/ })).not.toBeInTheDocument();
    const current = await figure('Дней без перерыва');
    expect(await within(current).findByText('Решите задачу сегодня — и начнётся новая серия.')).toBeInTheDocument();
    expect(await screen.findByText('Вы ещё не начали ни одного курса.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Выбрать курс' })).toHaveAttribute('href', '/user/courses');
    await user.click(await screen.findByRole('button', { name: 'Подробнее об освоенных темах' }));
    expect(
      await within(screen.getByRole('dialog')).findByText(
        'Пока ни одна тема не освоена: решите все задачи главы, и она появится здесь.',
      ),
    ).toBeInTheDocument();
  });

  it('speaks English with English plurals', async () => {
    await activeStudent();
    renderArea('/user/statistic', 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics' })).toBeInTheDocument();
    const current = await figure('Current streak');
    expect(await within(current).findByText('days')).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: /^Activity over the past year: 21 answers; most on .+ \(15\)$/ }),
    ).toBeInTheDocument();
    expect(within(await figure('Topics mastered')).getByText('topic')).toBeInTheDocument();
  });

  it('a mentor sees the student’s statistics in view-as-student mode; links keep the student', async () => {
    const student = await activeStudent();
    await apiFetch('/token', { method: 'DELETE' });
    await signedInUser({ role: 'MENTOR', direction: null });
    renderArea(`/user/statistic?studentId=${student.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Статистика студента' })).toBeInTheDocument();
    expect(await screen.findByText('Серийный Сергей', { selector: 'strong' })).toBeInTheDocument();
    expect(await within(await figure('Дней без перерыва')).findByText('3')).toBeInTheDocument();
    expect(screen.queryByText('Занимайтесь каждый день, чтобы серия не прервалась.')).not.toBeInTheDocument();
    expect(await within(await figure('Освоено тем')).findByText('1')).toBeInTheDocument();
    const course = await figure('Текущий курс');
    await waitFor(() =>
      expect(within(course).getByRole('link', { name: 'Перейти к курсу' })).toHaveAttribute(
        'href',
        `/user/courses/${student.courseId}?studentId=${student.id}`,
      ),
    );
    expect(await screen.findByRole('img', { name: /^Активность за год: 21 ответ/ })).toBeInTheDocument();
  });
});
