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
import TaskVerdict from './task-verdict';

const api = apiData;

/** A store that records the notices the panel raises (the shell shows them as toasts). */
function storeWithNotices() {
  const raised: string[] = [];
  const record: Middleware = () => (next) => (action) => {
    if (notify.match(action)) raised.push(action.payload.message);
    return next(action);
  };
  return { store: createAcademyStore({ middleware: record }), raised };
}

/** A task as the panel receives it, with only what a test cares about set. */
const aTask = (fields: Partial<StudentTask>): StudentTask => ({
  courseTaskId: 1,
  studentTaskId: 1,
  type: 'mentorCheckTask',
  title: 'A task',
  description: '',
  taskPoints: 1,
  solved: false,
  lastActionIsRight: false,
  lastActionIsWrong: false,
  ...fields,
});

/** A student who sent a link for the JavaScript course's project; the mentor signed in afterwards. */
async function pendingProject() {
  const student = await createTestUser({ direction: 'FE', paymentType: 'REGULAR' });
  await signedInUser({ role: 'MENTOR', direction: 'FE' });
  const courseId = await openCourseFor(student.id, 'Практикум: JavaScript');
  const heading = await api<{ taskHeadingDtos: Array<{ courseTaskId: number }> }>(
    `/api/fake/user/course/${courseId}/taskHeading?modulePosition=3&chapterPosition=2&studentId=${student.id}`,
  );
  const courseTaskId = heading.taskHeadingDtos[0]!.courseTaskId;
  await signInAs(student);
  const own = await api<StudentTask>(`/api/student/task/${courseTaskId}/mentorCheckTask`);
  await apiFetch(`/api/student/taskInfo/${own.studentTaskId}/mentorCheckTask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answer: `https://github.com/s${student.id}/todo` }),
  });
  await signedInUser({ role: 'MENTOR', direction: 'FE' });
  const load = () => api<StudentTask>(`/api/fake/user/task/${courseTaskId}/mentorCheckTask?studentId=${student.id}`);
  return { student, courseId, courseTaskId, load };
}

describe('the mentor’s verdict panel against the real server', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the comment as a local draft, marks the answer correct in the dialog, and clears the draft', async () => {
    const { student, load } = await pendingProject();
    const draftKey = `/user/courses/1/3/2/1?studentId=${student.id}`;
    const { store, raised } = storeWithNotices();
    const task = await load();
    expect(task.pending).toBe(true);
    const view = renderWithProviders(<TaskVerdict task={task} studentId={student.id} draftKey={draftKey} />, { store });
    expect(screen.getByText('Ответ ждёт вашей проверки.')).toBeInTheDocument();
    const comment = screen.getByRole('textbox', { name: 'Комментарий для студента' });
    await view.user.click(comment);
    await view.user.keyboard('Хорошая работа');
    await waitFor(() => expect(window.localStorage.getItem(`academy:mentor-draft:${draftKey}`)).toContain('Хорошая работа'));
    view.unmount();

    // the draft survives a reload of the page
    const { user } = renderWithProviders(<TaskVerdict task={task} studentId={student.id} draftKey={draftKey} />, { store });
    expect(screen.getByRole('textbox', { name: 'Комментарий для студента' })).toHaveTextContent('Хорошая работа');
    await user.click(screen.getByRole('button', { name: 'Оценить решение' }));
    const dialog = screen.getByRole('dialog', { name: 'Результат проверки' });
    const right = within(dialog).getByRole('checkbox', { name: 'Решение верное' });
    expect(right).not.toBeChecked(); // default: incorrect
    await user.click(right);
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить результат' }));
    await waitFor(() => expect(raised).toContain('mentor.saved'));
    expect(window.localStorage.getItem(`academy:mentor-draft:${draftKey}`)).toBeNull();

    const checked = await load();
    expect(checked).toMatchObject({ pending: false, solved: true, lastActionIsRight: true });
    expect(checked.result).toEqual({ mentorComment: 'Хорошая работа', right: true });
  });

  it('when the last action was already right the checkbox is disabled; a failed save shows the save error', async () => {
    const { student, load } = await pendingProject();
    const task = await load();
    await api(`/api/fake/protect/user/taskInfo/${task.studentTaskId}/answer/${task.answerId}/mentorAnswer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mentorComment: 'ok', right: true }),
    });
    const accepted = await load();
    const { store, raised } = storeWithNotices();
    const { user } = renderWithProviders(<TaskVerdict task={accepted} studentId={student.id} draftKey="k" />, { store });
    expect(screen.getByText('Последняя проверка: решение принято.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Оценить решение' }));
    expect(screen.getByRole('checkbox', { name: 'Решение верное' })).toBeDisabled();
    expect(screen.getByText('Решение уже принято: его можно только вернуть на доработку.')).toBeInTheDocument();

    // the student's answer is gone (cancelled elsewhere): saving fails with the spec's message
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    const gone = { ...accepted, answerId: 2147483000 };
    const utils = renderWithProviders(<TaskVerdict task={gone} studentId={student.id} draftKey="k2" />, { store });
    const [, secondPanel] = screen.getAllByRole('region', { name: 'Проверка ментора' });
    await utils.user.click(within(secondPanel!).getByRole('button', { name: 'Оценить решение' }));
    await utils.user.click(screen.getByRole('button', { name: 'Сохранить результат' }));
    await waitFor(() => expect(raised).toContain('mentor.saveError'));
  });

  it('a verdict on an answer another mentor took from the queue is refused, naming them', async () => {
    const { student, load } = await pendingProject();
    const task = await load();
    await signedInUser({ role: 'MENTOR', firstName: 'Инна', lastName: `Взявшая${student.id}` });
    expect((await apiFetch(`/api/mentor/queue/${task.answerId}/take`, { method: 'POST' })).status).toBe(200);
    await signedInUser({ role: 'MENTOR', direction: 'FE' });
    const { store, raised } = storeWithNotices();
    const { user } = renderWithProviders(<TaskVerdict task={task} studentId={student.id} draftKey="k4" />, { store });
    await user.click(screen.getByRole('button', { name: 'Оценить решение' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить результат' }));
    await waitFor(() =>
      expect(raised.some((text) => text.startsWith(`Этот ответ проверяет Инна Взявшая${student.id}`))).toBe(true),
    );
    expect(raised).not.toContain('mentor.saved');
  });

  it('shows no verdict controls before the student sends an answer', async () => {
    const student = await createTestUser({ direction: 'FE' });
    await signedInUser({ role: 'MENTOR', direction: 'FE' });
    const task = aTask({ answerId: null, pending: false });
    renderWithProviders(<TaskVerdict task={task} studentId={student.id} draftKey="k3" />);
    expect(screen.getByText('Студент ещё не отправил ответ на проверку.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Оценить решение' })).not.toBeInTheDocument();
  });

  it('shows the reference solution of a code task when asked', async () => {
    const student = await createTestUser({ direction: 'FE' });
    await signedInUser({ role: 'MENTOR', direction: 'FE' });
    const courses = await api<Array<{ id: number; name: string }>>(`/api/fake/user/course/all-views?studentId=${student.id}`);
    const courseId = courses.find((c) => c.name === 'Практикум: JavaScript')!.id;
    const heading = await api<{ taskHeadingDtos: Array<{ courseTaskId: number; taskType: string }> }>(
      `/api/fake/user/course/${courseId}/taskHeading?modulePosition=2&chapterPosition=1&studentId=${student.id}`,
    );
    const sum = heading.taskHeadingDtos.find((h) => h.taskType === 'code')!;
    const code = aTask({ type: 'code', courseTaskId: sum.courseTaskId });
    const { user } = renderWithProviders(<TaskVerdict task={code} studentId={student.id} draftKey="k4" />);
    await user.click(screen.getByRole('button', { name: 'Показать эталонное решение' }));
    expect(await screen.findByRole('group', { name: 'Эталонное решение' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Скрыть эталонное решение' })).toHaveAttribute('aria-expanded', 'true');
  });
});
