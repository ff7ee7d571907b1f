import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { PaymentType } from '@academy/shared/contract';
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
const api = apiData;

/**
 * A student of their own, enrolled in the JavaScript course with every module opened by a mentor,
 * and signed in (the test cookie jar then holds the student's session).
 */
async function studentWithOpenCourse(paymentType: PaymentType = 'REGULAR') {
  const student = await createTestUser({ direction: 'FE', paymentType });
  const mentor = await signedInUser({ role: 'MENTOR', direction: 'FE' });
  const courseId = await openCourseFor(student.id, 'Практикум: JavaScript');
  await signInAs(student);
  return { courseId, student, mentor };
}

const check = () => screen.getByRole('button', { name: 'Проверить' });
async function wrongThenRight(user: UserEvent, answerWrong: () => Promise<void>, answerRight: () => Promise<void>) {
  // the body loads with its kind's chunk, after the task's heading
  expect(await screen.findByRole('button', { name: 'Проверить' })).toBeDisabled();
  await answerWrong();
  await user.click(check());
  expect(await screen.findByText('Неверное решение, проверьте ещё раз')).toBeInTheDocument();
  await answerRight();
  await user.click(check());
  expect(await screen.findByText('Правильное решение')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Проверить' })).not.toBeInTheDocument();
}

/** the items of an ordering task as the list shows them (its handles are named by them) */
const shownOrder = () =>
  screen
    .getAllByRole('button', { name: /^Перетащить «/ })
    .map((handle) => handle.getAttribute('aria-label')!.replace(/^Перетащить «|»$/g, ''));

/** sorts an ordering task's list with the "up" buttons (a list already in that order is kept as it is) */
async function arrange(user: UserEvent, wanted: string[]) {
  for (const [i, item] of wanted.entries())
    for (let at = shownOrder().indexOf(item); at > i; at -= 1)
      await user.click(screen.getByRole('button', { name: `Переместить «${item}» выше` }));
  const keep = screen.queryByRole('button', { name: 'Оставить этот порядок' });
  if (keep) await user.click(keep);
  expect(shownOrder()).toEqual(wanted);
}

describe('every task kind against the real server: wrong, then right', () => {
  it('word', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { user } = renderArea(`/user/courses/${courseId}/1/1/3`);
    const field = () => screen.getByRole('textbox', { name: 'Ваш ответ' });
    await screen.findByRole('heading', { level: 1, name: 'Неизменяемая переменная' });
    await wrongThenRight(
      user,
      () => user.type(field(), 'let'),
      async () => {
        await user.clear(field());
        await user.type(field(), 'const');
      },
    );
    expect(screen.getByRole('textbox', { name: 'Ваш ответ' })).toBeDisabled();
  });

  it('ordering: the list sorted with its up and down buttons (issue 32: dragging is the other way)', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { user } = renderArea(`/user/courses/${courseId}/1/2/3`);
    await screen.findByRole('heading', { level: 1, name: 'Порядок выполнения программы' });
    const order = [
      'Браузер загружает HTML-страницу',
      'Браузер встречает тег script и загружает файл',
      'Движок разбирает код',
      'Движок выполняет код',
    ];
    await wrongThenRight(
      user,
      () => arrange(user, [order[1]!, order[0]!, order[2]!, order[3]!]),
      () => arrange(user, order),
    );
  });

  it('association', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { user } = renderArea(`/user/courses/${courseId}/2/1/3`);
    await screen.findByRole('heading', { level: 1, name: 'Термины о функциях' });
    const pick = (term: string, definition: string) =>
      user.selectOptions(screen.getByRole('combobox', { name: `Определение для «${term}»` }), definition);
    const param = 'Имя в объявлении функции, под которым она получает значение';
    const arg = 'Значение, переданное функции при вызове';
    await wrongThenRight(
      user,
      async () => {
        await pick('Параметр', arg);
        await pick('Аргумент', param);
        await pick('return', 'Возвращает значение из функции и завершает её');
      },
      async () => {
        await pick('Параметр', param);
        await pick('Аргумент', arg);
      },
    );
  });

  it('multi-test: one answer per question', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { user } = renderArea(`/user/courses/${courseId}/2/2/1`);
    await screen.findByRole('heading', { level: 1, name: 'Проверим себя' });
    // a graded question's group is named with its mark ("… неверно"): found by its question
    const question = (name: string) => within(screen.getByRole('group', { name: (group) => group.startsWith(name) }));
    await wrongThenRight(
      user,
      async () => {
        await user.click(question('Что вернёт функция без return?').getByRole('radio', { name: 'null' }));
        expect(check()).toBeDisabled();
        await user.click(question('Как называется функция, переданная в другую функцию?').getByRole('radio', { name: 'Колбэк' }));
      },
      () => user.click(question('Что вернёт функция без return?').getByRole('radio', { name: 'undefined' })),
    );
  });

  it('multi-test: when the wrong tries are used up, the server’s 423 text replaces the wrong-solution text', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { user } = renderArea(`/user/courses/${courseId}/2/2/1`);
    await screen.findByRole('heading', { level: 1, name: 'Проверим себя' });
    // a graded question's group is named with its mark ("… неверно"): found by its question
    const question = (name: string) => within(screen.getByRole('group', { name: (group) => group.startsWith(name) }));
    for (let i = 0; i < 3; i += 1) {
      await user.click(question('Что вернёт функция без return?').getByRole('radio', { name: 'null' }));
      await user.click(question('Как называется функция, переданная в другую функцию?').getByRole('radio', { name: 'Геттер' }));
      await user.click(check());
      expect(await screen.findByText('Неверное решение, проверьте ещё раз')).toBeInTheDocument();
    }
    await user.click(question('Что вернёт функция без return?').getByRole('radio', { name: 'undefined' }));
    await user.click(question('Как называется функция, переданная в другую функцию?').getByRole('radio', { name: 'Колбэк' }));
    await user.click(check());
    expect(await screen.findByText(/Вы использовали 3 попытки: тест снова откроется через 10 мин/)).toBeInTheDocument();
    expect(screen.queryByText('Неверное решение, проверьте ещё раз')).not.toBeInTheDocument();
  });

  it('multi-answer: choices per question', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { user } = renderArea(`/user/courses/${courseId}/3/1/2`);
    await screen.findByRole('heading', { level: 1, name: 'Что делает метод' });
    const tick = (question: string, answer: string) =>
      user.click(
        within(screen.getByRole('group', { name: (group) => group.startsWith(question) })).getByRole('checkbox', {
          name: answer,
        }),
      );
    await wrongThenRight(
      user,
      async () => {
        await tick('map', 'Изменяет исходный массив');
        await tick('push', 'Изменяет исходный массив');
        await tick('reduce', 'Возвращает одно значение');
        await tick('sort', 'Изменяет исходный массив');
      },
      async () => {
        await tick('map', 'Изменяет исходный массив');
        await tick('map', 'Возвращает новый массив');
      },
    );
  });

  it('multi-input: every field filled', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { user } = renderArea(`/user/courses/${courseId}/3/1/3`);
    await screen.findByRole('heading', { level: 1, name: 'Угадайте результат' });
    const field = (question: string) => screen.getByRole('textbox', { name: question });
    await wrongThenRight(
      user,
      async () => {
        await user.type(field('[1, 2, 3].length'), '3');
        await user.type(field("['a', 'b'].join('-')"), 'ab');
        expect(check()).toBeDisabled();
        await user.type(field('[3, 1, 2].indexOf(1)'), '1');
      },
      async () => {
        await user.clear(field("['a', 'b'].join('-')"));
        await user.type(field("['a', 'b'].join('-')"), 'a-b');
      },
    );
  });
});

describe('mentor check, availability, the comment prompt and answering for a student', () => {
  it('a mentor-check answer: a refused link shows the server text, then pending with cancel, then the verdict', async () => {
    const { courseId, student } = await studentWithOpenCourse();
    const { user, unmount } = renderArea(`/user/courses/${courseId}/3/2/1`);
    await screen.findByRole('heading', { level: 1, name: 'Список дел' });
    const field = await screen.findByRole('textbox', { name: 'Ваш ответ' });
    const send = () => screen.getByRole('button', { name: 'Отправить ментору' });
    expect(send()).toBeDisabled();
    await user.type(field, 'ftp://example.org/todo');
    await user.click(send());
    expect(await screen.findByText('Ответ должен быть ссылкой, начинающейся с http:// или https://.')).toBeInTheDocument();
    expect(send()).toBeDisabled();
    await user.clear(field);
    const link = `https://github.com/student-${student.id}/todo`;
    await user.type(field, link);
    await user.click(send());
    expect(await screen.findByText('Решение отправлено и ждёт проверки ментором.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Отменить отправку' }));
    await waitFor(() => expect(screen.queryByText('Решение отправлено и ждёт проверки ментором.')).not.toBeInTheDocument());
    // issue 29: the cancelled answer stays in the editor, to be sent again as it is or changed
    expect(screen.getByRole('textbox', { name: 'Ваш ответ' })).toHaveValue(link);
    await user.click(send());
    const task = await screen.findByText('Решение отправлено и ждёт проверки ментором.');
    expect(task).toBeInTheDocument();
    // when the verdict is expected: the promise (docs/courses.md, "Mentor queue"), in the reader's zone
    const waiting = await api<{ verdictExpectedBy: string }>(
      `/api/student/task/${await taskId(courseId, 3, 2, 1)}/mentorCheckTask`,
    );
    const by = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(
      new Date(waiting.verdictExpectedBy),
    );
    expect(screen.getByText(`Вердикт ожидается до ${by}.`)).toBeInTheDocument();
    unmount();

    // a mentor gives the verdict; the student sees it with the (sanitized) comment
    const info = await api<{ studentTaskId: number; answerId: number }>(
      `/api/student/task/${await taskId(courseId, 3, 2, 1)}/mentorCheckTask`,
    );
    await signedInUser({ role: 'MENTOR', direction: 'FE' });
    await apiFetch(`/api/fake/protect/user/taskInfo/${info.studentTaskId}/answer/${info.answerId}/mentorAnswer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mentorComment: '<p>Отлично, <strong>принято</strong></p><script>alert(1)</script>', right: true }),
    });
    await signInAs(student);
    renderArea(`/user/courses/${courseId}/3/2/1`);
    expect(await screen.findByText('Ментор принял решение')).toBeInTheDocument();
    expect(screen.getByText('принято').tagName).toBe('STRONG');
    expect(screen.queryByText('alert(1)')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отправить ментору' })).not.toBeInTheDocument();
  });

  it('a waiting answer past its promised verdict says the check is late, in the reader’s language', async () => {
    const student = await createTestUser({ direction: 'FE', paymentType: 'REGULAR' });
    const sent = await apiFetch('/__test__/waiting-answers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ studentId: student.id, minutesAgo: 25 * 60 }),
    });
    const { path } = (await sent.json()) as { path: string };
    await signInAs(student);
    renderWithProviders(<StudentApp />, { route: path.replace(/\?.*$/, ''), path: '/user/*', language: 'en' });
    // the mentor-check body is a chunk of its own: its first load in a cold test process may take seconds
    expect(
      await screen.findByText('Your solution has been sent and is waiting for your mentor to check it.', undefined, {
        timeout: 15_000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^The check is taking longer than expected \(the result was due by /)).toBeInTheDocument();
  });

  it('a trial student sees code tasks as not available and gets no check button', async () => {
    const { courseId } = await studentWithOpenCourse('TRIAL');
    renderArea(`/user/courses/${courseId}/2/1/2`);
    expect(
      await screen.findByText(
        'Задачи с кодом, проверка ментором и ревью модулей входят в полную программу: пробный доступ открывает остальные задачи.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Проверить' })).not.toBeInTheDocument();
  });

  it('after a right answer, a student with few points is invited to comment, once per course', async () => {
    const { courseId } = await studentWithOpenCourse();
    window.sessionStorage.clear(); // earlier tests of this file solved tasks of the same course
    const { user } = renderArea(`/user/courses/${courseId}/1/1/3`);
    await user.type(await screen.findByRole('textbox', { name: 'Ваш ответ' }), 'const');
    await user.click(check());
    const dialog = await screen.findByRole('dialog', { name: 'Поделитесь опытом' });
    expect(within(dialog).getByText(/напишите пару слов в комментариях/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Понятно' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // shown once per course and browser session
    await user.click(screen.getByRole('button', { name: 'Решить заново' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Ваш ответ' })).toBeEnabled());
    // the answer stays after a reset (issue 29): sent again as it is
    expect(screen.getByRole('textbox', { name: 'Ваш ответ' })).toHaveValue('const');
    await user.click(check());
    expect(await screen.findByText('Правильное решение')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('an administrator answers for a student on the student’s page; a mentor only looks', async () => {
    const { courseId, student } = await studentWithOpenCourse();
    await signedInUser({ role: 'ADMIN' });
    const { user, unmount } = renderArea(`/user/courses/${courseId}/1/1/3?studentId=${student.id}`);
    expect(await screen.findByText('Вы отвечаете за студента: ответ засчитается ему.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Ваш ответ' }), 'const');
    await user.click(check());
    expect(await screen.findByText('Правильное решение')).toBeInTheDocument();
    unmount();

    await signedInUser({ role: 'MENTOR', direction: 'FE' });
    renderArea(`/user/courses/${courseId}/1/1/2?studentId=${student.id}`);
    expect(await screen.findByText('Это страница студента: ответы показаны только для просмотра.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Проверить' })).not.toBeInTheDocument();
  });

  it('a mentor on a student’s mentor-check task: the page keeps working when the mentor remote cannot load', async () => {
    const { courseId, student } = await studentWithOpenCourse();
    await signedInUser({ role: 'MENTOR', direction: 'FE' });
    // jest serves no remotes: the failed piece is logged on purpose, by React and by the piece's boundary
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderArea(`/user/courses/${courseId}/3/2/1?studentId=${student.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Список дел' })).toBeInTheDocument();
    expect(await screen.findByText(/Инструменты ментора сейчас недоступны/)).toBeInTheDocument();
    const unavailable = expect.objectContaining({
      name: 'RemoteUnavailableError',
      message: 'The mentor area could not be loaded',
    });
    // that error and nothing else
    expect(error.mock.calls).toEqual([[expect.any(String), unavailable, expect.any(String), expect.any(String)]]);
    expect(warn.mock.calls).toEqual([['A federated piece failed', unavailable, expect.any(String)]]);
    error.mockRestore();
    warn.mockRestore();
  });
});

async function taskId(courseId: number, m: number, c: number, n: number): Promise<number> {
  const heading = await api<{ taskHeadingDtos: Array<{ courseTaskId: number }> }>(
    `/api/student/course/${courseId}/taskHeading?modulePosition=${m}&chapterPosition=${c}`,
  );
  return heading.taskHeadingDtos[n - 1]!.courseTaskId;
}
