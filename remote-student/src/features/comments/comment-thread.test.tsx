import { screen, waitFor, within } from '@testing-library/react';
import type { Middleware } from '@reduxjs/toolkit';
import { createAcademyStore, notify } from '@academy/shared/api';
import type { TaskComment, TaskHeading } from '@academy/shared/contract';
import {
  apiData,
  apiFetch,
  createTestUser,
  renderWithProviders,
  signedInUser,
  signInAs,
  type TestUser,
} from '@academy/shared/testing';
import StudentApp from '../../app';

const COURSE = 'Практикум: JavaScript';
const renderArea = (route: string) => renderWithProviders(<StudentApp />, { route, path: '/user/*' });
const writeCall = (text: string): RequestInit => ({ method: 'POST', body: new URLSearchParams({ text }) });

async function courseId(): Promise<number> {
  const courses = await apiData<Array<{ id: number; name: string }>>('/api/student/course/all-views');
  return courses.find((c) => c.name === COURSE)!.id;
}

/** The course task at a place of the course (module, chapter, task positions), as the signed-in student sees it. */
async function taskAt(course: number, m: number, c: number, n: number): Promise<number> {
  const heading = await apiData<TaskHeading>(
    `/api/student/course/${course}/taskHeading?modulePosition=${m}&chapterPosition=${c}`,
  );
  return heading.taskHeadingDtos[n - 1]!.courseTaskId;
}

/** Approves a comment as a curator, then signs the given user back in. */
async function approveAs(commentId: number, back: TestUser): Promise<void> {
  await signedInUser({ role: 'CURATOR', direction: null });
  const response = await apiFetch(`/api/comment/moderation/${commentId}`, { method: 'PUT' });
  expect(response.status).toBe(200);
  await signInAs(back);
}

/**
 * A signed-in FE student enrolled in the practice course. `trusted`: one of their comments is approved
 * already (on a thread no test counts), so the next ones are published at once.
 */
async function enrolledStudent(input: { firstName?: string; lastName?: string; trusted?: boolean } = {}) {
  const user = await createTestUser({ direction: 'FE', firstName: input.firstName, lastName: input.lastName });
  await signInAs(user);
  const course = await courseId();
  await apiFetch(`/api/student/course/enroll/${course}`, { method: 'POST' });
  if (input.trusted) {
    const first = await apiData<TaskComment>(`/api/user/comment/task/${await taskAt(course, 1, 2, 3)}`, writeCall('Привет всем'));
    await approveAs(first.id, user);
  }
  return { user, course };
}

describe('the comment thread under a task, against the real server', () => {
  it('a new student writes: the comment waits for moderation, marked so; markup is shown as text, links and faces drawn', async () => {
    const { course } = await enrolledStudent({ firstName: 'Нина', lastName: 'Новикова' });
    const { user } = renderArea(`/user/courses/${course}/1/1/1`);
    const thread = await screen.findByRole('region', { name: 'Комментарии' });
    expect(await within(thread).findByText('Комментариев пока нет — будьте первым!')).toBeInTheDocument();
    const field = within(thread).getByRole('textbox', { name: 'Ваш комментарий к задаче' });
    const send = within(thread).getByRole('button', { name: 'Отправить' });
    expect(send).toBeDisabled();
    await user.type(field, '   ');
    expect(send).toBeDisabled();

    const payload =
      '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script> javascript:alert(1) :) см. https://example.org/a_(b).';
    await user.clear(field);
    await user.click(field);
    await user.paste(payload);
    await user.click(send);

    const region = await screen.findByRole('region', { name: '1 комментарий' });
    const comment = await within(region).findByRole('article', { name: 'Нина Новикова' });
    expect(within(comment).getByText('Ждёт модерации')).toBeInTheDocument();
    expect(within(region).getByText('Комментарий отправлен на модерацию: другие увидят его после проверки.')).toBeInTheDocument();
    expect(field).toHaveValue('');
    // the markup is text: no element was made of it, nothing ran
    expect(comment).toHaveTextContent('<img src=x onerror="window.__xss=1"><script>window.__xss=2</script> javascript:alert(1)');
    expect(within(comment).getAllByRole('img')).toEqual([within(comment).getByRole('img', { name: 'улыбка' })]);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    // only the http(s) address is a link, without the sentence's full stop; the face is a picture
    const links = within(comment).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.org/a_(b)');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(within(comment).getByRole('img', { name: 'улыбка' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml,/),
    );
    // one's own waiting comment: no answers to it yet, but it can be changed within five minutes
    expect(within(comment).queryByRole('button', { name: 'Ответить' })).not.toBeInTheDocument();
    expect(within(comment).getByRole('button', { name: 'Изменить' })).toBeInTheDocument();
  });

  it('a classmate answers and likes; the author is told; Ctrl+Enter sends', async () => {
    const author = await enrolledStudent({ firstName: 'Анна', lastName: 'Автор', trusted: true });
    const taskId = await taskAt(author.course, 1, 1, 2);
    const question = await apiData<TaskComment>(`/api/user/comment/task/${taskId}`, writeCall('Почему так?'));
    expect(question.preModerate).toBe(false);

    const classmate = await enrolledStudent({ firstName: 'Борис', lastName: 'Второй', trusted: true });
    const { user } = renderArea(`/user/courses/${classmate.course}/1/1/2`);
    const region = await screen.findByRole('region', { name: '1 комментарий' });
    const comment = within(region).getByRole('article', { name: 'Анна Автор' });
    expect(within(comment).getByText('Почему так?')).toBeInTheDocument();
    // not the classmate's: no edit, no delete
    expect(within(comment).queryByRole('button', { name: 'Изменить' })).not.toBeInTheDocument();

    const like = within(comment).getByRole('button', { name: 'Нравится: 0 отметок' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(like);
    await waitFor(() =>
      expect(within(comment).getByRole('button', { name: 'Нравится: 1 отметка' })).toHaveAttribute('aria-pressed', 'true'),
    );
    await waitFor(() =>
      expect(within(comment).getByRole('button', { name: 'Нравится: 1 отметка' })).toHaveAttribute(
        'title',
        'Понравилось: Борис Второй',
      ),
    );

    await user.click(within(comment).getByRole('button', { name: 'Ответить' }));
    const answerField = within(region).getByRole('textbox', { name: 'Ответ пользователю Анна Автор' });
    expect(answerField).toHaveFocus();
    await user.type(answerField, 'Потому что const{Control>}{Enter}{/Control}');
    const answers = await within(region).findByRole('list', { name: 'Ответы на комментарий пользователя Анна' });
    expect(within(answers).getByRole('article', { name: 'Борис Второй' })).toHaveTextContent('Потому что const');
    expect(await screen.findByRole('region', { name: '2 комментария' })).toBeInTheDocument();

    // the author's bell has the answer, leading to the task page
    await signInAs(author.user);
    const bell = await apiData<Array<{ title: string; message: string }>>('/api/student/generalNotification');
    expect(bell.find((n) => n.title === 'Новый ответ на ваш комментарий')?.message).toContain('Борис Второй');
  });

  it('the author edits within five minutes; after them the server refuses and the page says why', async () => {
    const { course } = await enrolledStudent({ firstName: 'Ева', lastName: 'Правкина', trusted: true });
    const { user } = renderArea(`/user/courses/${course}/1/1/3`);
    const field = await screen.findByRole('textbox', { name: 'Ваш комментарий к задаче' });
    await user.type(field, 'Черновик');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    const comment = await screen.findByRole('article', { name: 'Ева Правкина' });

    await user.click(within(comment).getByRole('button', { name: 'Изменить' }));
    const editor = within(comment).getByRole('textbox', { name: 'Текст комментария' });
    expect(editor).toHaveFocus();
    await user.clear(editor);
    await user.type(editor, 'Исправлено');
    await user.click(within(comment).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(within(comment).queryByRole('textbox')).not.toBeInTheDocument());
    // the new text at once, never the old one in between
    expect(within(comment).getByText('Исправлено')).toBeInTheDocument();
    expect(within(comment).getByText('изменён')).toBeInTheDocument();

    // six minutes later (the comment is made older on the server: the clock of the shared test server stays)
    const [written] = await apiData<TaskComment[]>(`/api/user/comment/task/${await taskAt(course, 1, 1, 3)}`);
    const aged = await apiFetch('/__test__/comments/age', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ commentId: written!.id, minutes: 6 }),
    });
    expect(aged.status).toBe(200);
    await user.click(within(comment).getByRole('button', { name: 'Изменить' }));
    const late = within(comment).getByRole('textbox', { name: 'Текст комментария' });
    await user.type(late, '!');
    await user.click(within(comment).getByRole('button', { name: 'Сохранить' }));
    expect(
      await within(comment).findByText('Комментарий можно изменить или удалить только в течение 5 минут после публикации.'),
    ).toBeInTheDocument();
    await user.click(within(comment).getByRole('button', { name: 'Отмена' }));
    expect(within(comment).getByText('Исправлено')).toBeInTheDocument();
  });

  it('the author deletes their comment after confirming', async () => {
    const { course } = await enrolledStudent({ firstName: 'Дина', lastName: 'Удалова', trusted: true });
    const { user } = renderArea(`/user/courses/${course}/1/2/1`);
    const field = await screen.findByRole('textbox', { name: 'Ваш комментарий к задаче' });
    await user.type(field, 'Уберу');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    const comment = await screen.findByRole('article', { name: 'Дина Удалова' });
    await user.click(within(comment).getByRole('button', { name: 'Удалить' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить комментарий?' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Комментариев пока нет — будьте первым!')).toBeInTheDocument();
  });

  it('view-as-student: staff read the thread without writing, and approve or delete the comments awaiting moderation', async () => {
    const { user: newcomer, course } = await enrolledStudent({ firstName: 'Пётр', lastName: 'Ждущий' });
    const taskId = await taskAt(course, 1, 2, 2);
    const first = await apiData<TaskComment>(`/api/user/comment/task/${taskId}`, writeCall('Одобрите меня'));
    await apiData<TaskComment>(`/api/user/comment/task/${taskId}`, writeCall('А меня удалите'));
    expect(first.preModerate).toBe(true);

    await signedInUser({ role: 'CURATOR', direction: null });
    const { user } = renderArea(`/user/courses/${course}/1/2/2?studentId=${newcomer.id}`);
    const region = await screen.findByRole('region', { name: '2 комментария' });
    expect(within(region).queryByRole('textbox')).not.toBeInTheDocument();
    const [approveMe, deleteMe] = within(region).getAllByRole('article', { name: 'Пётр Ждущий' });
    expect(within(approveMe!).queryByRole('button', { name: /Нравится/ })).not.toBeInTheDocument();
    expect(within(approveMe!).queryByRole('button', { name: 'Ответить' })).not.toBeInTheDocument();

    await user.click(within(approveMe!).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() => expect(within(approveMe!).queryByText('Ждёт модерации')).not.toBeInTheDocument());
    expect(within(approveMe!).queryByRole('button', { name: 'Одобрить' })).not.toBeInTheDocument();

    await user.click(within(deleteMe!).getByRole('button', { name: 'Удалить' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Удалить комментарий?' })).getByRole('button', { name: 'Удалить' }),
    );
    expect(await screen.findByRole('region', { name: '1 комментарий' })).toBeInTheDocument();
    expect(screen.queryByText('А меня удалите')).not.toBeInTheDocument();

    // the student's classmates now see the approved one
    await enrolledStudent({ trusted: true });
    const thread = await apiData<TaskComment[]>(`/api/user/comment/task/${taskId}`);
    expect(thread.map((c) => c.text)).toEqual(['Одобрите меня']);
  });

  it('view-as-student: an answer under a waiting comment is approved after it, the refusal says why', async () => {
    const { user: newcomer, course } = await enrolledStudent({ firstName: 'Фёдор', lastName: 'Ждущий' });
    const taskId = await taskAt(course, 1, 2, 1);
    const question = await apiData<TaskComment>(`/api/user/comment/task/${taskId}`, writeCall('Вопрос на модерации'));
    await apiData<TaskComment>(`/api/user/comment/${question.id}/answer`, writeCall('Уточнение на модерации'));

    await signedInUser({ role: 'CURATOR', direction: null });
    const raised: string[] = [];
    const record: Middleware = () => (next) => (action) => {
      if (notify.match(action)) raised.push(action.payload.message);
      return next(action);
    };
    const { user } = renderWithProviders(<StudentApp />, {
      route: `/user/courses/${course}/1/2/1?studentId=${newcomer.id}`,
      path: '/user/*',
      store: createAcademyStore({ middleware: record }),
    });
    const answers = await screen.findByRole('list', { name: 'Ответы на комментарий пользователя Фёдор' });
    const answer = within(answers).getByRole('article', { name: 'Фёдор Ждущий' });
    await user.click(within(answer).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() =>
      expect(raised).toContain('Это ответ на комментарий, который ждёт модерации: сначала одобрите комментарий.'),
    );
    expect(within(answer).getByText('Ждёт модерации')).toBeInTheDocument();
  });

  it('the prompt after a right answer leads to the comment field', async () => {
    const { course } = await enrolledStudent();
    window.sessionStorage.clear();
    const { user } = renderArea(`/user/courses/${course}/1/1/2`);
    await user.click(await screen.findByRole('radio', { name: 'В браузере и на сервере (Node.js)' }));
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    const prompt = await screen.findByRole('dialog', { name: 'Поделитесь опытом' });
    await user.click(within(prompt).getByRole('button', { name: 'Написать комментарий' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Ваш комментарий к задаче' })).toHaveFocus());
  });
});
