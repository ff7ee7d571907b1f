import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { renderArea, studentWithOpenCourse } from './task-test-area';

// Issue 32, "Feedback that teaches": after a wrong answer each item of it is marked right or wrong (never
// the right answer), the form says how many are wrong, and an item's mark goes once the student changes it.

async function answerWrong(user: UserEvent, answer: () => Promise<void>) {
  // the body loads with its kind's chunk, after the task's heading
  await screen.findByRole('button', { name: 'Проверить' });
  await answer();
  await user.click(screen.getByRole('button', { name: 'Проверить' }));
  expect(await screen.findByText('Неверное решение, проверьте ещё раз')).toBeInTheDocument();
}

const summary = (count: number, total: number) => `Неверно ${count} из ${total} ответов: исправьте отмеченные.`;

describe('a wrong answer marks its items', () => {
  it('ordering: each place right or wrong, again when reopened; a moved item loses its mark', async () => {
    const { courseId } = await studentWithOpenCourse();
    const view = renderArea(`/user/courses/${courseId}/1/2/3`);
    // the mark describes the item's drag handle (before dnd-kit's instructions)
    const handle = (item: string) => screen.getByRole('button', { name: `Перетащить «${item}»` });
    const order = [
      'Браузер загружает HTML-страницу',
      'Браузер встречает тег script и загружает файл',
      'Движок разбирает код',
      'Движок выполняет код',
    ];
    const shown = () =>
      screen
        .getAllByRole('button', { name: /^Перетащить «/ })
        .map((button) => button.getAttribute('aria-label')!.replace(/^Перетащить «|»$/g, ''));
    await answerWrong(view.user, async () => {
      const wanted = [order[1]!, order[0]!, order[2]!, order[3]!];
      for (const [i, item] of wanted.entries())
        for (let at = shown().indexOf(item); at > i; at -= 1)
          await view.user.click(screen.getByRole('button', { name: `Переместить «${item}» выше` }));
      expect(shown()).toEqual(wanted);
    });
    expect(handle(order[0]!)).toHaveAccessibleDescription(/^неверно /);
    expect(handle(order[1]!)).toHaveAccessibleDescription(/^неверно /);
    expect(handle(order[2]!)).toHaveAccessibleDescription(/^верно /);
    expect(handle(order[3]!)).toHaveAccessibleDescription(/^верно /);
    expect(screen.getByText(summary(2, 4))).toBeInTheDocument();
    view.unmount();

    // the page opened again starts from the answer as sent, with its marks
    const { user } = renderArea(`/user/courses/${courseId}/1/2/3`);
    expect(await screen.findByText(summary(2, 4))).toBeInTheDocument();
    expect(shown()).toEqual([order[1], order[0], order[2], order[3]]);
    expect(handle(order[0]!)).toHaveAccessibleDescription(/^неверно /);
    // a moved item is a new answer: the two items that changed places lose their marks, the rest keep theirs
    await user.click(screen.getByRole('button', { name: `Переместить «${order[3]!}» выше` }));
    expect(handle(order[3]!)).not.toHaveAccessibleDescription(/верно/);
    expect(handle(order[2]!)).not.toHaveAccessibleDescription(/верно/);
    expect(handle(order[1]!)).toHaveAccessibleDescription(/^неверно /);
    expect(screen.getByText(summary(2, 4))).toBeInTheDocument();
  });

  it('association: each pair', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { user } = renderArea(`/user/courses/${courseId}/2/1/3`);
    const definition = (term: string) => screen.getByRole('combobox', { name: `Определение для «${term}»` });
    await answerWrong(user, async () => {
      await user.selectOptions(definition('Параметр'), 'Значение, переданное функции при вызове');
      await user.selectOptions(definition('Аргумент'), 'Имя в объявлении функции, под которым она получает значение');
      await user.selectOptions(definition('return'), 'Возвращает значение из функции и завершает её');
    });
    expect(definition('Параметр')).toHaveAccessibleDescription('неверно');
    expect(definition('Аргумент')).toHaveAccessibleDescription('неверно');
    expect(definition('return')).toHaveAccessibleDescription('верно');
    expect(screen.getByText(summary(2, 3))).toBeInTheDocument();
  });

  it('multi-test: each question, in its group’s name; another choice loses the mark', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { user } = renderArea(`/user/courses/${courseId}/2/2/1`);
    const returnless = 'Что вернёт функция без return?';
    const callback = 'Как называется функция, переданная в другую функцию?';
    await answerWrong(user, async () => {
      await user.click(within(await screen.findByRole('group', { name: returnless })).getByRole('radio', { name: 'null' }));
      await user.click(within(screen.getByRole('group', { name: callback })).getByRole('radio', { name: 'Колбэк' }));
    });
    const wrong = screen.getByRole('group', { name: `${returnless} неверно` });
    expect(screen.getByRole('group', { name: `${callback} верно` })).toBeInTheDocument();
    expect(screen.getByText('Неверно 1 из 2 ответов: исправьте отмеченные.')).toBeInTheDocument();
    await user.click(within(wrong).getByRole('radio', { name: '0' }));
    expect(screen.getByRole('group', { name: returnless })).toBeInTheDocument();
    expect(screen.queryByText(/исправьте отмеченные/)).not.toBeInTheDocument();
  });

  it('multi-answer: each question', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { user } = renderArea(`/user/courses/${courseId}/3/1/2`);
    const tick = async (question: string, answer: string) =>
      user.click(within(await screen.findByRole('group', { name: question })).getByRole('checkbox', { name: answer }));
    await answerWrong(user, async () => {
      await tick('map', 'Изменяет исходный массив');
      await tick('push', 'Изменяет исходный массив');
      await tick('reduce', 'Возвращает одно значение');
      await tick('sort', 'Изменяет исходный массив');
    });
    expect(screen.getByRole('group', { name: 'map неверно' })).toBeInTheDocument();
    for (const right of ['push', 'reduce', 'sort'])
      expect(screen.getByRole('group', { name: `${right} верно` })).toBeInTheDocument();
    expect(screen.getByText('Неверно 1 из 4 ответов: исправьте отмеченные.')).toBeInTheDocument();
  });

  it('multi-input and gapping: each field', async () => {
    const { courseId } = await studentWithOpenCourse();
    const view = renderArea(`/user/courses/${courseId}/3/1/3`);
    const field = (question: string) => screen.getByRole('textbox', { name: question });
    await answerWrong(view.user, async () => {
      await view.user.type(field('[1, 2, 3].length'), '3');
      await view.user.type(field("['a', 'b'].join('-')"), 'ab');
      await view.user.type(field('[3, 1, 2].indexOf(1)'), '1');
    });
    expect(field('[1, 2, 3].length')).toHaveAccessibleDescription('верно');
    expect(field("['a', 'b'].join('-')")).toHaveAccessibleDescription('неверно');
    expect(screen.getByText('Неверно 1 из 3 ответов: исправьте отмеченные.')).toBeInTheDocument();
    await view.user.type(field("['a', 'b'].join('-')"), 'c');
    expect(field("['a', 'b'].join('-')")).toHaveAccessibleDescription('');
    view.unmount();

    const { user } = renderArea(`/user/courses/${courseId}/1/2/2`);
    const gap = (n: number) => screen.getByRole('textbox', { name: `Пропуск ${n}` });
    await answerWrong(user, async () => {
      await user.type(gap(1), 'const');
      await user.type(gap(2), 'var');
      await user.type(gap(3), 'typeof');
    });
    expect(gap(1)).toHaveAccessibleDescription('верно');
    expect(gap(2)).toHaveAccessibleDescription('неверно');
    expect(screen.getByText(summary(1, 3))).toBeInTheDocument();
  });
});
