import { screen, within } from '@testing-library/react';
import { renderArea, studentWithOpenCourse } from './task-test-area';

// Issue 32, "feedback that teaches": the test course's word task gives two hints (fixtures/content/practice);
// the server sends one more after each wrong answer, and the page shows them under the verdict.
const HINT_1 = 'Это ключевое слово объявления переменной.';
const HINT_2 = 'Переназначить такую переменную нельзя, а var и let можно.';

const hintsBlock = () => screen.queryByRole('region', { name: /^Подсказк/ });
const shownHints = () =>
  within(screen.getByRole('region', { name: /^Подсказк/ }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('hints after wrong answers', () => {
  it('none before a wrong answer; each wrong answer shows one more, numbered, without a reload; they stay once solved', async () => {
    const { courseId } = await studentWithOpenCourse();
    const view = renderArea(`/user/courses/${courseId}/1/1/3`);
    const { user } = view;
    const field = async () => screen.findByRole('textbox', { name: 'Ваш ответ' });
    const answer = async (text: string) => {
      await user.clear(await field());
      await user.type(await field(), text);
      await user.click(screen.getByRole('button', { name: 'Проверить' }));
    };
    await screen.findByRole('heading', { level: 1, name: 'Неизменяемая переменная' });
    await field();
    expect(hintsBlock()).not.toBeInTheDocument();

    await answer('let');
    expect(await screen.findByRole('heading', { level: 2, name: 'Подсказка' })).toBeInTheDocument();
    expect(shownHints()).toEqual([HINT_1]);
    expect(within(hintsBlock()!).getByRole('list').tagName).toBe('OL');

    await answer('var');
    expect(await screen.findByRole('heading', { level: 2, name: 'Подсказки' })).toBeInTheDocument();
    expect(shownHints()).toEqual([HINT_1, HINT_2]);

    await answer('const');
    expect(await screen.findByText('Правильное решение')).toBeInTheDocument();
    expect(shownHints()).toEqual([HINT_1, HINT_2]);
    view.unmount();

    // opened again: the server still sends what was unlocked
    renderArea(`/user/courses/${courseId}/1/1/3`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Подсказки' })).toBeInTheDocument();
    expect(shownHints()).toEqual([HINT_1, HINT_2]);
  });

  it('a task without hints in its file shows none after a wrong answer', async () => {
    const { courseId } = await studentWithOpenCourse();
    const { user } = renderArea(`/user/courses/${courseId}/1/1/2`);
    await user.click(await screen.findByRole('radio', { name: 'Только в браузере' }));
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    expect(await screen.findByText('Неверное решение, проверьте ещё раз')).toBeInTheDocument();
    expect(hintsBlock()).not.toBeInTheDocument();
  });
});
