import { act, fireEvent, screen, within } from '@testing-library/react';
import type { StudentTask } from '@academy/shared/contract';
import { renderWithProviders } from '@academy/shared/testing';
import { OrderingBody } from './ordering-body';

const items = [
  { id: 11, itemText: 'Браузер загружает страницу' },
  { id: 12, itemText: 'Движок разбирает код' },
  { id: 13, itemText: 'Движок выполняет код' },
];

const task = (over: Partial<StudentTask> = {}): StudentTask =>
  ({
    courseTaskId: 5,
    studentTaskId: 50,
    type: 'ordering',
    title: 'Порядок',
    description: '',
    solved: false,
    lastActionIsRight: false,
    lastActionIsWrong: false,
    taskItems: items,
    answeredItems: [],
    ...over,
  }) as StudentTask;

function renderBody(over: Partial<StudentTask> = {}, locked = false, draft?: unknown, language: 'ru' | 'en' = 'ru') {
  const onSubmit = jest.fn();
  const onAnswerChange = jest.fn();
  const props = { moduleId: 1, available: true, readOnly: locked, busy: false, error: null, onCancel: jest.fn() };
  const view = renderWithProviders(
    <OrderingBody
      {...props}
      task={task(over)}
      locked={locked}
      onSubmit={onSubmit}
      onAnswerChange={onAnswerChange}
      draft={draft}
    />,
    { language },
  );
  return { ...view, onSubmit, onAnswerChange };
}

/** the items' texts as the list shows them, top to bottom */
const shown = () =>
  screen.getAllByRole('listitem').map((card) => items.find((item) => card.textContent?.includes(item.itemText))?.itemText);
const handle = (item: string) => screen.getByRole('button', { name: `Перетащить «${item}»` });
const check = () => screen.getByRole('button', { name: 'Проверить' });

/** jsdom lays nothing out: each card of the list gets a row of its own, 50 px apart, for dnd-kit to measure */
function layOutCards() {
  return jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const index = screen.queryAllByRole('listitem').findIndex((card) => card.contains(this));
    const top = index < 0 ? 0 : index * 50;
    const height = index < 0 ? 0 : 40;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + height, width: 300, height, toJSON: () => ({}) } as DOMRect;
  });
}

describe('ordering by dragging (issue 32)', () => {
  it('starts unanswered: the list as given, the check waiting, the draft as before', () => {
    const { onAnswerChange } = renderBody();
    expect(shown()).toEqual(items.map((i) => i.itemText));
    expect(check()).toBeDisabled();
    expect(onAnswerChange).toHaveBeenLastCalledWith({ answerItemDtos: [] }, true);
  });

  it('moves an item with the up and down buttons; the answer is every place, in the same shape', async () => {
    const { user, onSubmit, onAnswerChange } = renderBody();
    await user.click(screen.getByRole('button', { name: 'Переместить «Движок выполняет код» выше' }));
    expect(shown()).toEqual(['Браузер загружает страницу', 'Движок выполняет код', 'Движок разбирает код']);
    // the first item cannot go higher, the last lower
    expect(screen.getByRole('button', { name: 'Переместить «Браузер загружает страницу» выше' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Переместить «Движок разбирает код» ниже' })).toBeDisabled();
    const placed = {
      answerItemDtos: [
        { id: 11, position: 1 },
        { id: 12, position: 3 },
        { id: 13, position: 2 },
      ],
    };
    expect(onAnswerChange).toHaveBeenLastCalledWith(placed, false);
    await user.click(check());
    expect(onSubmit).toHaveBeenCalledWith(placed);
  });

  it('keeps the order as given with its own button (it may be right already)', async () => {
    const { user, onSubmit } = renderBody();
    await user.click(screen.getByRole('button', { name: 'Оставить этот порядок' }));
    expect(screen.queryByRole('button', { name: 'Оставить этот порядок' })).not.toBeInTheDocument();
    await user.click(check());
    expect(onSubmit).toHaveBeenCalledWith({
      answerItemDtos: items.map((item, index) => ({ id: item.id, position: index + 1 })),
    });
  });

  it('drags with the keyboard: Space picks up, ArrowDown moves, Space drops; Escape cancels', async () => {
    const layout = layOutCards();
    try {
      const { onSubmit } = renderBody();
      const key = async (code: string) => {
        fireEvent.keyDown(handle('Браузер загружает страницу'), { code, key: code === 'Space' ? ' ' : code });
        // the sensor listens for the next keys a moment after the pickup
        await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      };
      act(() => handle('Браузер загружает страницу').focus());
      await key('Space');
      expect(handle('Браузер загружает страницу')).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByText('Взят пункт «Браузер загружает страницу», место 1 из 3.')).toBeInTheDocument();
      await key('ArrowDown');
      expect(screen.getByText('Пункт «Браузер загружает страницу»: место 2 из 3.')).toBeInTheDocument();
      await key('Space');
      expect(shown()).toEqual(['Движок разбирает код', 'Браузер загружает страницу', 'Движок выполняет код']);
      expect(screen.getByText('Пункт «Браузер загружает страницу» поставлен на место 2 из 3.')).toBeInTheDocument();
      // the moved item keeps the focus: the next key moves it again
      expect(handle('Браузер загружает страницу')).toHaveFocus();

      await key('Space');
      await key('ArrowDown');
      await key('Escape');
      expect(
        screen.getByText('Перемещение отменено: пункт «Браузер загружает страницу» остался на месте 2.'),
      ).toBeInTheDocument();
      expect(shown()).toEqual(['Движок разбирает код', 'Браузер загружает страницу', 'Движок выполняет код']);

      fireEvent.click(check());
      expect(onSubmit).toHaveBeenCalledWith({
        answerItemDtos: [
          { id: 11, position: 2 },
          { id: 12, position: 1 },
          { id: 13, position: 3 },
        ],
      });
    } finally {
      layout.mockRestore();
    }
  });

  it('speaks English on an English page', async () => {
    const layout = layOutCards();
    try {
      renderBody({}, false, undefined, 'en');
      const grip = await screen.findByRole('button', { name: 'Drag “Движок разбирает код”' });
      expect(grip).toHaveAccessibleDescription(/^To pick up an item, press Space or Enter/);
      fireEvent.keyDown(grip, { code: 'Space', key: ' ' });
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(screen.getByText('Picked up “Движок разбирает код”, position 2 of 3.')).toBeInTheDocument();
      fireEvent.keyDown(grip, { code: 'Escape', key: 'Escape' });
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(screen.getByText('Move cancelled: “Движок разбирает код” stays at position 2.')).toBeInTheDocument();
    } finally {
      layout.mockRestore();
    }
  });

  it('starts from the graded answer, each item marked beside it', () => {
    const graded = {
      lastActionIsWrong: true,
      answeredItems: [
        { id: 12, position: 1, isRight: false },
        { id: 11, position: 2, isRight: false },
        { id: 13, position: 3, isRight: true },
      ],
    };
    renderBody(graded);
    expect(shown()).toEqual(['Движок разбирает код', 'Браузер загружает страницу', 'Движок выполняет код']);
    expect(handle('Движок выполняет код')).toHaveAccessibleDescription(/^верно/);
    expect(handle('Движок разбирает код')).toHaveAccessibleDescription(/^неверно/);
    const last = screen.getAllByRole('listitem')[2]!;
    expect(within(last).getByText('верно')).toBeInTheDocument();
    expect(screen.getByText('Неверно 2 из 3 ответов: исправьте отмеченные.')).toBeInTheDocument();
  });

  it('a draft gives the order to start from', () => {
    renderBody({}, false, { answerItemDtos: [{ id: 13, position: 1 }] });
    // the placed item first, the rest as given
    expect(shown()).toEqual(['Движок выполняет код', 'Браузер загружает страницу', 'Движок разбирает код']);
  });

  it('a locked body shows the answer, nothing to drag or move', () => {
    renderBody(
      {
        solved: true,
        lastActionIsRight: true,
        answeredItems: [
          { id: 12, position: 1 },
          { id: 11, position: 2 },
          { id: 13, position: 3 },
        ],
      },
      true,
    );
    expect(shown()).toEqual(['Движок разбирает код', 'Браузер загружает страницу', 'Движок выполняет код']);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
