import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, signedInUser, testApiUrl } from '@academy/shared/testing';
import StudentApp from '../../app';

const api = (path: string, init?: RequestInit) =>
  fetch(`${testApiUrl()}${path}`, init).then((r) => r.json() as Promise<{ data: never }>);

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
    expect(rows.map((r) => r.getAttribute('aria-label')?.split('.')[0])).toEqual(['Верное решение', 'Неверное решение']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Результат' }), 'FAILED');
    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('button')).toHaveLength(1));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Результат' }), 'ALL');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Сортировка' }), 'OLD');
    await waitFor(() =>
      expect(within(screen.getByRole('list')).getAllByRole('button')[0]).toHaveAccessibleName(/^Неверное решение/),
    );
    expect(screen.getByRole('link', { name: '← Вернуться к задаче' })).toHaveAttribute('href', `/user/courses/${algo}/2/1/1`);
  });
});
