import { screen, waitFor, within } from '@testing-library/react';
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
import { Terminal } from '@academy/shared/task-kinds';

const renderArea = (route: string) => renderWithProviders(<StudentApp />, { route, path: '/user/*' });

/** A student of their own with every module of the JavaScript course opened by a mentor, signed in. */
async function studentWithOpenCourse() {
  const student = await createTestUser({ direction: 'FE' });
  await signedInUser({ role: 'MENTOR', direction: 'FE' });
  const courseId = await openCourseFor(student.id, 'Практикум: JavaScript');
  await signInAs(student);
  return courseId;
}

/** Sends solutions of the code task at 2/1/2 (sum) one after another. */
async function submitSums(courseId: number, solutions: string[]) {
  const heading = await apiData<{ taskHeadingDtos: Array<{ courseTaskId: number }> }>(
    `/api/student/course/${courseId}/taskHeading?modulePosition=2&chapterPosition=1`,
  );
  const code = await apiData<{ studentTaskId: number }>(`/api/student/task/${heading.taskHeadingDtos[1]!.courseTaskId}/code`);
  for (const solution of solutions)
    await apiFetch(`/api/student/taskInfo/${code.studentTaskId}/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ taskType: 'code', solution }),
    });
}

const api = (path: string, init?: RequestInit) => apiFetch(path, init).then((r) => r.json() as Promise<{ data: never }>);

describe('solution history against the real server', () => {
  it('lists the code submissions, filters by result, orders by date, and links back to the task', async () => {
    await signedInUser({ direction: 'FE' });
    const { data: courses } = await api('/api/student/course/all-views');
    const courseId = (courses as Array<{ id: number; name: string }>).find((c) => c.name === 'Практикум: JavaScript')!.id;
    await api(`/api/student/course/enroll/${courseId}`, { method: 'POST' });
    // the full-pass fixture course has a short first module: solve it, and its code task (2/1/1) opens
    const { data: algorithms } = await api('/api/student/course/all-views');
    const algo = (algorithms as Array<{ id: number; name: string }>).find((c) => c.name === 'Курс с полным прохождением')!.id;
    await api(`/api/student/course/enroll/${algo}`, { method: 'POST' });
    const { data: heading } = await api(`/api/student/course/${algo}/taskHeading?modulePosition=1&chapterPosition=1`);
    expect((heading as { taskHeadingDtos: unknown[] }).taskHeadingDtos).toHaveLength(2);
    const dtos = (heading as { taskHeadingDtos: Array<{ courseTaskId: number }> }).taskHeadingDtos;
    const lectureInfo = (await api(`/api/student/task/${dtos[0]!.courseTaskId}/studentCourseTaskInfoId`)).data as number;
    await api(`/api/student/taskInfo/${lectureInfo}/solve-lecture`);
    const quiz = (await api(`/api/student/task/${dtos[1]!.courseTaskId}/theory`)).data as {
      studentTaskId: number;
      probablyAnswers: Array<{ id: number; text: string }>;
    };
    const right = quiz.probablyAnswers.find((a) => a.text === 'O(n)')!.id;
    await api(`/api/student/taskInfo/${quiz.studentTaskId}/theory`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ taskType: 'theory', answerIds: [right] }),
    });
    const { data: codeHeading } = await api(`/api/student/course/${algo}/taskHeading?modulePosition=2&chapterPosition=1`);
    const codeTaskId = (codeHeading as { taskHeadingDtos: Array<{ courseTaskId: number }> }).taskHeadingDtos[0]!.courseTaskId;
    const code = (await api(`/api/student/task/${codeTaskId}/code`)).data as { studentTaskId: number };
    const submit = (solution: string) =>
      api(`/api/student/taskInfo/${code.studentTaskId}/code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ taskType: 'code', solution }),
      });
    await submit('function indexOf() { return -1 }');
    await submit('function indexOf(a, v) { return a.indexOf(v) }');

    const { user } = renderWithProviders(<StudentApp />, { route: `/user/courses/${algo}/2/1/1/solutions`, path: '/user/*' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Решения' })).toBeInTheDocument();
    const list = await screen.findByRole('list');
    const rows = within(list).getAllByRole('button');
    // each row's name starts with what it shows (the result, the date), then what it does
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAccessibleName(/^Верное решение .+: открыть решение$/);
    expect(rows[1]).toHaveAccessibleName(/^Неверное решение .+: открыть решение$/);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Результат' }), 'FAILED');
    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('button')).toHaveLength(1));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Результат' }), 'ALL');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Сортировка' }), 'OLD');
    await waitFor(() =>
      expect(within(screen.getByRole('list')).getAllByRole('button')[0]).toHaveAccessibleName(/^Неверное решение/),
    );
    expect(screen.getByRole('link', { name: '← Вернуться к задаче' })).toHaveAttribute('href', `/user/courses/${algo}/2/1/1`);
  });

  it('shows 20 solutions, then more on demand from the keyboard; a hidden test shows only passed or failed', async () => {
    const courseId = await studentWithOpenCourse();
    await submitSums(courseId, [
      ...Array.from({ length: 21 }, (_, i) => `function sum(a, b) { throw new Error('got ' + a + ' ' + b + ' #${i}') }`),
      'function sum(a, b) { return a + b }',
    ]);
    const { user } = renderArea(`/user/courses/${courseId}/2/1/2/solutions`);
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('button')).toHaveLength(20);
    const more = screen.getByRole('button', { name: 'Показать ещё' });
    more.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('button')).toHaveLength(22));
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    // focus goes on to the first solution of the new page
    expect(within(screen.getByRole('list')).getAllByRole('button')[20]).toHaveFocus();

    await user.click(within(screen.getByRole('list')).getAllByRole('button')[1]!);
    const terminal = await screen.findByRole('region', { name: 'Результат проверки' });
    expect(terminal).toHaveTextContent('sum(1, 2) возвращает 3: не пройден — Error: got 1 2 #20');
    expect(terminal).toHaveTextContent('Скрытый тест 3: не пройден');
    // the hidden test's call and values never reach the page
    expect(terminal).not.toHaveTextContent('0.25');
    expect(terminal).not.toHaveTextContent('0.75');
  });

  it('a paying student who is not enrolled in the course is sent to the course list as forbidden', async () => {
    await signedInUser({ direction: 'FE' });
    const courses = await apiData<Array<{ id: number; name: string }>>('/api/student/course/all-views');
    const courseId = courses.find((c) => c.name === 'Практикум: JavaScript')!.id;
    renderArea(`/user/courses/${courseId}/2/1/2/solutions`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/courses?param=forbidden'));
  });

  it('an enrolled student whose module is still closed goes to the course page', async () => {
    await signedInUser({ direction: 'FE' });
    const courses = await apiData<Array<{ id: number; name: string }>>('/api/student/course/all-views');
    const courseId = courses.find((c) => c.name === 'Практикум: JavaScript')!.id;
    await apiFetch(`/api/student/course/enroll/${courseId}`, { method: 'POST' });
    renderArea(`/user/courses/${courseId}/2/1/2/solutions`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/user/courses/${courseId}$`)));
  });

  it('a classmate is sent away without asking (a 403 would sign them out); staff see an empty history of an unopened task', async () => {
    const student = await createTestUser({ direction: 'FE' });
    await signedInUser({ role: 'MENTOR', direction: 'FE' });
    const courseId = await openCourseFor(student.id, 'Практикум: JavaScript');
    // the student has never opened the code task at 2/1/2: a view-as read does not open it either
    renderArea(`/user/courses/${courseId}/2/1/2/solutions?studentId=${student.id}`);
    expect(await screen.findByText('Решений пока нет.')).toBeInTheDocument();

    await signedInUser({ direction: 'FE' });
    const { store } = renderArea(`/user/courses/${courseId}/2/1/2/solutions?studentId=${student.id}`);
    await waitFor(() => expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent('/user/courses?param=forbidden'));
    const asked = Object.keys(store.getState().api.queries).filter((key) => key.startsWith('getStudentTaskInfoId'));
    expect(asked).toEqual([]);
  });

  it('a lecture keeps no solutions: its history address leads back to the lecture', async () => {
    const courseId = await studentWithOpenCourse();
    renderArea(`/user/courses/${courseId}/2/1/1/solutions`);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/user/courses/${courseId}/2/1/1$`)),
    );
  });
});

describe('the check terminal', () => {
  it('marks a truncated output, and shows a hidden test only by its number and result', () => {
    renderWithProviders(
      <Terminal
        outcomes={[
          { name: 'sum(1, 2)', passed: false, expected: 3, actual: 'xxx', truncated: true },
          { name: 'Hidden test 2', passed: true, hidden: true, expected: undefined, actual: undefined },
        ]}
      />,
    );
    const lines = within(screen.getByRole('region', { name: 'Результат проверки' })).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('✘ sum(1, 2): не пройден — ожидалось 3, получено xxx [вывод обрезан]');
    expect(lines[1]).toHaveTextContent(/^✔ Скрытый тест 2: пройден$/);
  });
});
