import { act, fireEvent, screen, within } from '@testing-library/react';
import type { StudentTask } from '@academy/shared/contract';
import { renderWithProviders } from '@academy/shared/testing';
import { dropDefinition } from '../dnd/match-drop';
import { AssociationBody } from './association-body';

const PARAM = 'Имя в объявлении функции, под которым она получает значение';
const ARG = 'Значение, переданное функции при вызове';
const RETURN = 'Возвращает значение из функции и завершает её';

const task = (over: Partial<StudentTask> = {}): StudentTask =>
  ({
    courseTaskId: 6,
    studentTaskId: 60,
    type: 'association',
    title: 'Термины',
    description: '',
    solved: false,
    lastActionIsRight: false,
    lastActionIsWrong: false,
    terms: [
      { termId: 1, text: 'Параметр' },
      { termId: 2, text: 'Аргумент' },
      { termId: 3, text: 'return' },
    ],
    definitions: [
      { definitionId: 31, text: ARG },
      { definitionId: 32, text: RETURN },
      { definitionId: 33, text: PARAM },
    ],
    studentAssociationResults: [],
    ...over,
  }) as StudentTask;

function renderBody(over: Partial<StudentTask> = {}, locked = false) {
  const onSubmit = jest.fn();
  const onAnswerChange = jest.fn();
  const props = { moduleId: 1, available: true, readOnly: locked, busy: false, error: null, onCancel: jest.fn() };
  const view = renderWithProviders(
    <AssociationBody {...props} task={task(over)} locked={locked} onSubmit={onSubmit} onAnswerChange={onAnswerChange} />,
  );
  return { ...view, onSubmit, onAnswerChange };
}

const select = (term: string) => screen.getByRole('combobox', { name: `Определение для «${term}»` });
const pool = () => within(screen.getByRole('list', { name: 'Определения' }));
const TERMS = ['Параметр', 'Аргумент', 'return'];
/** a term's answer: its drop zone, with the chip dropped there and its select */
const zone = (term: string) => within(screen.getAllByRole('definition')[TERMS.indexOf(term)]!);

/**
 * jsdom lays nothing out: the pool on top (y 0-90), then each term's zone, 100 px apart; a chip is where
 * its zone or the pool is.
 */
function layOut() {
  return jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const zones = screen.queryAllByRole('definition');
    const pool = screen.queryByRole('list', { name: 'Определения' });
    // a term's row holds one zone's answer (a dd), a chip is in one
    const inZone = zones.findIndex(
      (dd) => dd.contains(this) || (this.contains(dd) && zones.filter((other) => this.contains(other)).length === 1),
    );
    const inPool = pool !== null && (pool.contains(this) || (this.contains(pool) && !zones.some((dd) => this.contains(dd))));
    const top = inZone >= 0 ? 100 * (inZone + 1) : inPool ? 0 : -1000;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 90, width: 300, height: 90, toJSON: () => ({}) } as DOMRect;
  });
}

/** a mouse drag of a chip to a point (the zones' rows are 100 px apart: the pool at 50, the terms at 150, 250, …) */
async function drag(chip: HTMLElement, y: number) {
  fireEvent.mouseDown(chip, { button: 0, clientX: 10, clientY: 10 });
  fireEvent.mouseMove(document, { clientX: 12, clientY: 20 });
  await act(async () => undefined);
  fireEvent.mouseMove(document, { clientX: 12, clientY: y });
  await act(async () => undefined);
  fireEvent.mouseUp(document, { clientX: 12, clientY: y });
  await act(async () => undefined);
}

describe('association: the selects and dragging (issue 32)', () => {
  it('each select sets its term’s answer as before; a chosen definition leaves the pool for the term’s zone', async () => {
    const { user, onSubmit, onAnswerChange } = renderBody();
    expect(onAnswerChange).toHaveBeenLastCalledWith({ studentAnswers: [] }, true);
    expect(pool().getAllByRole('listitem')).toHaveLength(3);
    await user.selectOptions(select('Параметр'), PARAM);
    expect(
      pool()
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([ARG, RETURN]);
    expect(zone('Параметр').getByText(PARAM, { selector: '.match-chip' })).toBeInTheDocument();
    await user.selectOptions(select('Аргумент'), ARG);
    expect(screen.getByRole('button', { name: 'Проверить' })).toBeDisabled();
    await user.selectOptions(select('return'), RETURN);
    expect(screen.getByText('Все определения расставлены.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    expect(onSubmit).toHaveBeenCalledWith({
      studentAnswers: [
        { termId: 1, definitionId: 33 },
        { termId: 2, definitionId: 31 },
        { termId: 3, definitionId: 32 },
      ],
    });
  });

  it('drags a chip from the pool onto a term, then on to another term, then back', async () => {
    const layout = layOut();
    try {
      const { onAnswerChange } = renderBody();
      await drag(pool().getByText(ARG), 250);
      expect(select('Аргумент')).toHaveDisplayValue(ARG);
      expect(onAnswerChange).toHaveBeenLastCalledWith({ studentAnswers: [{ termId: 2, definitionId: 31 }] }, false);
      await drag(zone('Аргумент').getByText(ARG, { selector: '.match-chip' }), 150);
      expect(select('Параметр')).toHaveDisplayValue(ARG);
      expect(select('Аргумент')).toHaveDisplayValue('Выберите…');
      await drag(zone('Параметр').getByText(ARG, { selector: '.match-chip' }), 50);
      expect(select('Параметр')).toHaveDisplayValue('Выберите…');
      expect(pool().getAllByRole('listitem')).toHaveLength(3);
    } finally {
      layout.mockRestore();
    }
  });

  it('marks each term of a graded answer beside its select', () => {
    renderBody({
      lastActionIsWrong: true,
      studentAssociationResults: [
        { termId: 1, definitionId: 31, isRight: false },
        { termId: 2, definitionId: 33, isRight: false },
        { termId: 3, definitionId: 32, isRight: true },
      ],
    });
    expect(select('Параметр')).toHaveAccessibleDescription('неверно');
    expect(select('return')).toHaveAccessibleDescription('верно');
    expect(screen.getByText('Неверно 2 из 3 ответов: исправьте отмеченные.')).toBeInTheDocument();
  });

  it('a locked body shows the answer: no pool, nothing to drag', () => {
    renderBody(
      {
        solved: true,
        lastActionIsRight: true,
        studentAssociationResults: [
          { termId: 1, definitionId: 33, isRight: true },
          { termId: 2, definitionId: 31, isRight: true },
          { termId: 3, definitionId: 32, isRight: true },
        ],
      },
      true,
    );
    expect(screen.queryByRole('list', { name: 'Определения' })).not.toBeInTheDocument();
    expect(zone('Параметр').getByText(PARAM, { selector: '.match-chip' })).not.toHaveClass('match-chip--draggable');
    expect(select('Параметр')).toBeDisabled();
  });
});

describe('a dropped definition', () => {
  it('sets the term; leaves any other term; a chip from a term swaps; back in the pool the term has none', () => {
    expect(dropDefinition({}, 31, null, 2)).toEqual({ 2: 31 });
    // chosen for another term already (a select may do that): it moves
    expect(dropDefinition({ 1: 31, 3: 32 }, 31, null, 2)).toEqual({ 2: 31, 3: 32 });
    // from term 1 onto term 2, which had 33: they swap
    expect(dropDefinition({ 1: 31, 2: 33 }, 31, 1, 2)).toEqual({ 1: 33, 2: 31 });
    expect(dropDefinition({ 1: 31, 2: 33 }, 31, 1, null)).toEqual({ 2: 33 });
    const same = { 1: 31 };
    expect(dropDefinition(same, 31, 1, 1)).toBe(same);
  });
});
