import { act, screen, waitFor } from '@testing-library/react';
import { setApiBaseUrl } from '@academy/shared/api';
import { apiData, apiFetch, signedInUser, signInAs, testApiUrl } from '@academy/shared/testing';
import { memoryOutbox, outbox, setOutboxStorage } from './answer-outbox';
import { renderArea, studentWithOpenCourse } from './task-test-area';
import { DRAFT_SAVE_DELAY_MS } from './use-task-draft';

// Issue 29, "No lost work": the answer on the page is the student's data. It is kept as a server-side
// draft (a reload, another device), through a reset, a cancelled sending and a verdict "needs changes",
// and an answer sent without a network waits in the browser's queue and is sent once when it is back.

// the task page and its bodies are chunks loaded on first use: a cold test process on a busy machine takes seconds
const answerField = () => screen.findByRole('textbox', { name: 'Ваш ответ' }, { timeout: 15_000 });
const waitingText = 'Нет связи с сервером: ответ будет отправлен, как только она появится.';
const savedDraft = () => screen.findByText(/^Черновик сохранён в \d\d:\d\d$/, undefined, { timeout: 6000 });

beforeEach(() => setOutboxStorage(memoryOutbox()));

describe('no lost work on the task page', () => {
  it('a draft is saved as the student types, shown with its time, and restored on the next visit', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { user: before, unmount: leave } = renderArea(`/user/courses/${courseId}/1/1/3`);
    await before.type(await answerField(), 'con');
    expect(await savedDraft()).toBeInTheDocument();
    leave();

    // a reload (or another device): the draft is back, with its time
    renderArea(`/user/courses/${courseId}/1/1/3`);
    expect(await answerField()).toHaveValue('con');
    expect(screen.getByText(/^Черновик сохранён в \d\d:\d\d$/)).toBeInTheDocument();
  });

  it('opening a task, hiding the tab and leaving it save nothing: another tab’s later draft stays the newest', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { unmount: leave } = renderArea(`/user/courses/${courseId}/1/1/3`);
    await answerField();
    // longer than the pause that saves a typed answer, then the tab hidden, then the page left
    await act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 300)));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
    leave();
    const task = await apiData<{ studentTaskId: number }>(`/api/student/task/${await taskId(courseId, 1, 1, 3)}/word`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await apiData(`/api/student/taskInfo/${task.studentTaskId}/draft`)).toBeNull();
  });

  it('"Решить заново" after a wrong answer clears the verdict, not the answer', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { user } = renderArea(`/user/courses/${courseId}/1/1/3`);
    await user.type(await answerField(), 'let');
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    expect(await screen.findByText('Неверное решение, проверьте ещё раз')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Решить заново' }));
    await waitFor(() => expect(screen.queryByText('Неверное решение, проверьте ещё раз')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Ваш ответ' })).toHaveValue('let');
  });

  it('a verdict "needs changes" leaves the sent answer in the field, under the mentor’s comment', async () => {
    const { courseId, student } = await studentWithOpenCourse();
    const { user: before, unmount: leave } = renderArea(`/user/courses/${courseId}/3/2/1`);
    await screen.findByRole('heading', { level: 1, name: 'Список дел' });
    await screen.findByRole('textbox', { name: 'Ваш ответ' });
    const link = `https://github.com/student-${student.id}/todo`;
    await before.type(screen.getByRole('textbox', { name: 'Ваш ответ' }), link);
    await before.click(screen.getByRole('button', { name: 'Отправить ментору' }));
    expect(await screen.findByText('Решение отправлено и ждёт проверки ментором.')).toBeInTheDocument();
    leave();

    const id = await taskId(courseId, 3, 2, 1);
    const sent = await apiData<{ studentTaskId: number; answerId: number }>(`/api/student/task/${id}/mentorCheckTask`);
    await signedInUser({ role: 'MENTOR', direction: 'FE' });
    await apiFetch(`/api/fake/protect/user/taskInfo/${sent.studentTaskId}/answer/${sent.answerId}/mentorAnswer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mentorComment: '<p>Добавьте удаление задач</p>', right: false }),
    });
    await signInAs(student);
    const { user } = renderArea(`/user/courses/${courseId}/3/2/1`);
    expect(await screen.findByText('Добавьте удаление задач')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Ваш ответ' });
    expect(field).toHaveValue(link);
    expect(field).not.toHaveAttribute('readonly');
    await user.type(field, '-v2');
    await user.click(screen.getByRole('button', { name: 'Отправить ментору' }));
    expect(await screen.findByText('Решение отправлено и ждёт проверки ментором.')).toBeInTheDocument();
  });

  it('an answer sent without a network waits in the queue as "will be sent", and is sent once when it is back', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { user } = renderArea(`/user/courses/${courseId}/1/1/3`);
    await user.type(await answerField(), 'const');
    // the network goes: every request fails on the way, as in a browser offline
    setApiBaseUrl('http://127.0.0.1:9');
    try {
      await user.click(screen.getByRole('button', { name: 'Проверить' }));
      expect(await screen.findByText(waitingText)).toBeInTheDocument();
      expect(await outbox().all()).toHaveLength(1);
    } finally {
      setApiBaseUrl(testApiUrl());
    }
    // back: one `online` event or two, the answer goes once
    act(() => {
      window.dispatchEvent(new Event('online'));
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText(waitingText)).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Ваш ответ' })).toBeDisabled());
    expect(screen.getByRole('textbox', { name: 'Ваш ответ' })).toHaveValue('const');
    expect(await outbox().all()).toHaveLength(0);
    expect(await apiData<{ solved: boolean }>(`/api/student/task/${await taskId(courseId, 1, 1, 3)}/word`)).toMatchObject({
      solved: true,
    });
  });

  it('two tabs: the later save is not lost silently; the student is asked which answer to keep', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { user: userA } = renderArea(`/user/courses/${courseId}/1/1/3`);
    const { user: userB } = renderArea(`/user/courses/${courseId}/1/1/3`);
    const fields = async () => screen.findAllByRole('textbox', { name: 'Ваш ответ' });
    await waitFor(async () => expect(await fields()).toHaveLength(2), { timeout: 15_000 });
    const [fieldA, fieldB] = await fields();
    await userA.type(fieldA!, 'from A');
    expect(await savedDraft()).toBeInTheDocument();
    await userB.type(fieldB!, 'from B');
    expect(
      await screen.findByText(/^Этот ответ изменили в другой вкладке или на другом устройстве/, undefined, { timeout: 6000 }),
    ).toBeInTheDocument();
    await userB.click(screen.getByRole('button', { name: 'Оставить этот' }));
    await waitFor(() => expect(screen.queryByText(/^Этот ответ изменили/)).not.toBeInTheDocument());
    // the second tab's answer is kept (after a reload too: the e2e journey no-lost-work.spec.ts checks that)
    expect(screen.getAllByRole('textbox', { name: 'Ваш ответ' })[1]).toHaveValue('from B');
  });
});

async function taskId(courseId: number, m: number, c: number, n: number): Promise<number> {
  const heading = await apiData<{ taskHeadingDtos: Array<{ courseTaskId: number }> }>(
    `/api/student/course/${courseId}/taskHeading?modulePosition=${m}&chapterPosition=${c}`,
  );
  return heading.taskHeadingDtos[n - 1]!.courseTaskId;
}
