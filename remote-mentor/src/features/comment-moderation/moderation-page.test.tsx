import { screen, waitFor, within } from '@testing-library/react';
import type { Middleware } from '@reduxjs/toolkit';
import { createAcademyStore, notify } from '@academy/shared/api';
import type { ModuleView, TaskComment } from '@academy/shared/contract';
import { apiData, createTestUser, openCourseFor, renderWithProviders, signedInUser, signInAs } from '@academy/shared/testing';
import MentorApp from '../../app';

/**
 * A new FE student of the practice course, every module opened by a mentor, who writes comments
 * (they wait for moderation).
 */
async function studentWithComments(lastName: string, texts: string[]) {
  const student = await createTestUser({ direction: 'FE', firstName: 'Мария', lastName });
  await signedInUser({ role: 'MENTOR', direction: 'FE' });
  const courseId = await openCourseFor(student.id, 'Практикум: JavaScript');
  await signInAs(student);
  // a task of the second module: no thread another test counts
  const modules = await apiData<ModuleView[]>(`/api/student/course/views/${courseId}`);
  const taskId = modules.find((m) => m.position === 2)!.chapterViewDtos[0]!.taskViews[0]!.taskId;
  const comments: TaskComment[] = [];
  for (const text of texts) {
    comments.push(
      await apiData<TaskComment>(`/api/user/comment/task/${taskId}`, { method: 'POST', body: new URLSearchParams({ text }) }),
    );
  }
  return { student, courseId, taskId, comments };
}

describe('the comment moderation screen against the real server', () => {
  it('lists the waiting comments oldest first with the student, the task (view-as link) and the text; approve and delete', async () => {
    const surname = `Ожидающая${Date.now() % 100000}`;
    const { student, courseId, taskId } = await studentWithComments(surname, [
      'Первая строка\nвторая <b>строка</b>',
      'Удалите меня',
    ]);
    await signedInUser({ role: 'CURATOR', direction: null });
    const { user } = renderWithProviders(<MentorApp />, { route: '/curator/comments/moderation', path: '/curator/*' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Модерация комментариев' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Модерация комментариев' })).toHaveAttribute('aria-current', 'page');

    const items = await screen.findAllByRole('article', { name: `Мария ${surname}` });
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText(/Первая строка/)).toHaveTextContent('Первая строка\nвторая <b>строка</b>', {
      normalizeWhitespace: false,
    });
    expect(within(second).getByText('Удалите меня')).toBeInTheDocument();
    expect(within(first).getByText('FE')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Задача «Функции в JavaScript»' })).toHaveAttribute(
      'href',
      `/user/courses/${courseId}/2/1/1?studentId=${student.id}`,
    );

    await user.click(within(first).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() => expect(screen.getAllByRole('article', { name: `Мария ${surname}` })).toHaveLength(1));
    const left = screen.getByRole('article', { name: `Мария ${surname}` });
    await user.click(within(left).getByRole('button', { name: 'Удалить' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить комментарий?' });
    expect(dialog).toHaveTextContent(`Комментарий студента Мария ${surname}`);
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: `Мария ${surname}` })).not.toBeInTheDocument());

    // a classmate now sees the approved comment, and not the deleted one
    await signedInUser({ direction: 'FE' });
    const thread = await apiData<TaskComment[]>(`/api/user/comment/task/${taskId}`);
    const mine = thread.filter((c) => c.user.id === student.id).map((c) => c.text);
    expect(mine).toEqual(['Первая строка\nвторая <b>строка</b>']);
  });

  it('an answer under a waiting comment is approved only after it: the refusal says so', async () => {
    const surname = `Отвечающая${Date.now() % 100000}`;
    const { comments } = await studentWithComments(surname, ['Вопрос ждёт']);
    const answer = await apiData<TaskComment>(`/api/user/comment/${comments[0]!.id}/answer`, {
      method: 'POST',
      body: new URLSearchParams({ text: 'Ответ ждёт' }),
    });
    expect(answer.preModerate).toBe(true);
    await signedInUser({ role: 'CURATOR', direction: null });
    const raised: string[] = [];
    const record: Middleware = () => (next) => (action) => {
      if (notify.match(action)) raised.push(action.payload.message);
      return next(action);
    };
    const { user } = renderWithProviders(<MentorApp />, {
      route: '/curator/comments/moderation',
      path: '/curator/*',
      store: createAcademyStore({ middleware: record }),
    });
    const items = await screen.findAllByRole('article', { name: `Мария ${surname}` });
    const answerItem = items.find((item) => within(item).queryByText('Ответ ждёт'))!;
    expect(within(answerItem).getByText('Ответ на комментарий')).toBeInTheDocument();

    await user.click(within(answerItem).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() =>
      expect(raised).toContain('Это ответ на комментарий, который ждёт модерации: сначала одобрите комментарий.'),
    );
    expect(screen.getAllByRole('article', { name: `Мария ${surname}` })).toHaveLength(2);

    // the comment first, then its answer
    const question = screen
      .getAllByRole('article', { name: `Мария ${surname}` })
      .find((item) => within(item).queryByText('Вопрос ждёт'))!;
    await user.click(within(question).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() => expect(screen.getAllByRole('article', { name: `Мария ${surname}` })).toHaveLength(1));
    await user.click(within(screen.getByRole('article', { name: `Мария ${surname}` })).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: `Мария ${surname}` })).not.toBeInTheDocument());
  });

  it('is for staff who moderate: a manager gets the not-found page and no menu entry', async () => {
    await signedInUser({ role: 'MANAGER' });
    renderWithProviders(<MentorApp />, { route: '/manager/comments/moderation', path: '/manager/*' });
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Модерация комментариев' })).not.toBeInTheDocument();
  });
});
